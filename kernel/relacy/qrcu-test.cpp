/*
 * qrcu-test.cpp - the grace-period guarantee of the series' qrcu.c,
 * checked by relacy.
 *
 * kernel/bin/relacy-check.sh extracts kernel/rcu/qrcu.c and
 * include/linux/qrcu.h from kernel/patches/0001-*.patch, makes the
 * mutants of qrcu.c, and writes variants.h, which includes the two files
 * once per variant (the series as it is, and each mutant), each time in
 * a namespace of its own.  This file is compiled with the shim headers
 * of kernel/relacy/include in front, so that the series' own functions
 * run on relacy's atomics, fences and mutex; one program holds them all.
 *
 * Each updater publishes a new version of its object and retires the
 * old one around each synchronize_qrcu(); each reader, inside
 * qrcu_read_lock() ... qrcu_read_unlock(), looks up every updater's
 * current version and reads it.  Three things must hold:
 *
 *  1. (as the Promela models) no reader that was inside its critical
 *     section when an updater began synchronize_qrcu() is still inside
 *     when the call returns;
 *  2. no reader reads a version after its updater has freed it;
 *  3. relacy finds no data race between a reader's plain read of a
 *     version and its updater's plain store that frees it: the free
 *     must happen after every read that might see that version.
 *
 * Usage: qrcu-test NAME VARIANT DATA READERS UPDATERS SCHEDULER ITERATIONS BOUND
 * NAME labels the output; VARIANT is series or a mutant's name; DATA is
 * plain or marked (the objects' accesses, below).
 * SCHEDULER is random (ITERATIONS of them, iteration I seeded with I),
 * bound (relacy's fair context-bound search, at most BOUND preemptions)
 * or, compiled with -DQRCU_TEST_FULL, full (fair full search).
 */
#include "lkmm-relacy.h"
/*
 * Every shim header, here at file scope: inside a variant's namespace
 * their guards keep them out, and all variants share one set.
 */
#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/export.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/rcuwait.h>
#include <linux/sched.h>

lkmm_counts lkmm_count;

/*
 * One variant of the series' code: its two files compiled in a
 * namespace of their own, reached through this table.
 */
struct qrcu_ops {
	const char *name;
	size_t size;
	void (*construct)(void *qp);
	void (*destruct)(void *qp);
	int (*init)(void *qp);
	int (*read_lock)(void *qp);
	void (*read_unlock)(void *qp, int idx);
	void (*synchronize)(void *qp);
	void (*cleanup)(void *qp);
};

#define MAX_VARIANTS 32
#define QRCU_STRUCT_MAX 1024	/* bytes: room for any variant's qrcu_struct */
static const qrcu_ops *variants[MAX_VARIANTS];
static int nr_variants;

static int add_variant(const qrcu_ops *ops)
{
	if (nr_variants == MAX_VARIANTS) {
		std::cerr << "qrcu-test: more than " << MAX_VARIANTS
			  << " variants; raise MAX_VARIANTS in qrcu-test.cpp\n";
		std::exit(2);
	}
	variants[nr_variants++] = ops;
	return 0;
}

/* relacy.hpp defines new as its own; placement new wants the real one. */
#pragma push_macro("new")
#undef new
#define QRCU_VARIANT(ns, vname)						\
static_assert(sizeof(ns::qrcu_struct) <= QRCU_STRUCT_MAX,		\
	      "raise QRCU_STRUCT_MAX in qrcu-test.cpp");		\
static const qrcu_ops ns##_ops = {					\
	vname, sizeof(ns::qrcu_struct),					\
	[](void *qp) { ::new (qp) ns::qrcu_struct(); },			\
	[](void *qp) { ((ns::qrcu_struct *)qp)->~qrcu_struct(); },	\
	[](void *qp) { return ns::init_qrcu_struct((ns::qrcu_struct *)qp); }, \
	[](void *qp) { return ns::qrcu_read_lock((ns::qrcu_struct *)qp); }, \
	[](void *qp, int idx) { ns::qrcu_read_unlock((ns::qrcu_struct *)qp, idx); }, \
	[](void *qp) { ns::synchronize_qrcu((ns::qrcu_struct *)qp); },	\
	[](void *qp) { ns::cleanup_qrcu_struct((ns::qrcu_struct *)qp); }, \
};									\
static int ns##_added = add_variant(&ns##_ops);

/* Made by kernel/bin/relacy-check.sh: one namespace per variant. */
#include "variants.h"
#pragma pop_macro("new")

#ifndef NR_GPS
#define NR_GPS 1	/* grace periods per updater */
#endif

enum { LIVE = 1, FREED = 2 };

/* Chosen by the command line, fixed for a whole search. */
static const qrcu_ops *ops;
static bool marked;

template <int R, int U>
struct qrcu_test : rl::test_suite<qrcu_test<R, U>, R + U> {
	alignas(64) unsigned char qp[QRCU_STRUCT_MAX];
	rl::atomic<int> cur[U];		/* current version */
	/*
	 * The objects.  Plain, so that relacy's race detector judges each
	 * free against every read of the version it frees; or, when
	 * "marked", relaxed atomics (READ_ONCE()/WRITE_ONCE() in the
	 * kernel), which never race: then only a reader that sees FREED
	 * fails.
	 */
	rl::var<int> version[U][NR_GPS + 1];
	rl::atomic<int> mversion[U][NR_GPS + 1];
	int progress[R];	/* 0 not begun, 1 inside, 2 done */

	qrcu_test()
	{
		ops->construct(qp);
	}

	~qrcu_test()
	{
		ops->destruct(qp);
	}

	int read_version(int u, int v)
	{
		if (marked)
			return mversion[u][v].load(rl::mo_relaxed, $);
		return version[u][v]($);
	}

	void write_version(int u, int v, int val)
	{
		if (marked)
			mversion[u][v].store(val, rl::mo_relaxed, $);
		else
			version[u][v]($) = val;
	}

	void before()
	{
		ops->init(qp);
		for (int u = 0; u < U; u++) {
			cur[u].store(0, rl::mo_relaxed, $);
			for (int g = 0; g <= NR_GPS; g++)
				write_version(u, g, LIVE);
		}
		for (int r = 0; r < R; r++)
			progress[r] = 0;
	}

	void reader(int r)
	{
		int idx = ops->read_lock(qp);

		if (idx)
			lkmm_count.readers_idx1++;
		progress[r] = 1;
		for (int u = 0; u < U; u++) {
			/* rcu_dereference(): an acquire load. */
			int v = cur[u].load(rl::mo_acquire, $);

			RL_ASSERT(read_version(u, v) == LIVE);
		}
		progress[r] = 2;
		ops->read_unlock(qp, idx);
	}

	void updater(int u)
	{
		for (int g = 0; g < NR_GPS; g++) {
			int before[R];

			for (int r = 0; r < R; r++)
				before[r] = progress[r];
			/* rcu_assign_pointer(): a release store. */
			cur[u].store(g + 1, rl::mo_release, $);
			lkmm_count.sync_calls++;
			ops->synchronize(qp);
			for (int r = 0; r < R; r++)
				RL_ASSERT(!(before[r] == 1 && progress[r] == 1));
			write_version(u, g, FREED);	/* the free */
		}
	}

	void thread(unsigned int id)
	{
		if (id < (unsigned int)U)
			updater(id);
		else
			reader(id - U);
	}

	void after()
	{
		/* cleanup_qrcu_struct() warns unless the domain is idle. */
		ops->cleanup(qp);
	}
};

/*
 * One relacy search of test T under scheduler S, reported as
 * rl::simulate() reports one (the test's name; "iterations:" and "total
 * time:" on success; the failure, "iteration:" and the history of the
 * failing iteration, replayed, otherwise).  rl::simulate() itself would
 * compile the test for all three schedulers.
 */
template <typename T, typename S>
static rl::test_result_e search(rl::test_params &p, std::ostream &log)
{
	/*
	 * relacy's own string stream: inside a test, relacy's operator new
	 * takes over, and a std::ostringstream made outside must not grow.
	 */
	rl::ostringstream state;
	auto start = std::chrono::steady_clock::now();

	std::ostream progress(nullptr);	/* relacy's percentages: dropped */

	p.output_stream = &log;
	p.progress_stream = &progress;
	rl::test_result_e res = rl::run_test<T, S>(p, state, false);
	long ms = (long)std::chrono::duration_cast<std::chrono::milliseconds>(
		std::chrono::steady_clock::now() - start).count();

	if (res == rl::test_result_success) {
		log << "iterations: " << p.stop_iteration << "\n";
		log << "total time: " << ms << "\n";
		return res;
	}
	/* Replay the failing iteration with its history. */
	rl::iteration_t stop = p.stop_iteration;
	rl::ostringstream again;
	p.initial_state = state.str();
	p.collect_history = true;
	rl::test_result_e res2 = rl::run_test<T, S>(p, again, true);
	if (res2 != res || p.stop_iteration != stop)
		log << "qrcu-test: the replay of the failing iteration differs: the test is not deterministic\n";
	p.test_result = res;
	p.stop_iteration = stop;
	log << "total time: " << ms << "\n";
	return res;
}

template <int R, int U>
static int run(const char *name, const char *sched, unsigned long iterations,
	       unsigned int bound)
{
	typedef qrcu_test<R, U> T;
	const unsigned int N = T::params::thread_count;
	rl::test_params p;
	std::ostream &log = std::cout;
	rl::test_result_e res;

	p.iteration_count = iterations;
	p.context_bound = bound;
	std::memset(&lkmm_count, 0, sizeof(lkmm_count));
	log << "qrcu_test<" << R << "," << U << ">\n";
	if (!std::strcmp(sched, "random")) {
		p.search_type = rl::random_scheduler_type;
		res = search<T, rl::random_scheduler<N> >(p, log);
	} else if (!std::strcmp(sched, "bound")) {
		p.search_type = rl::fair_context_bound_scheduler_type;
		res = search<T, rl::context_bound_scheduler<N> >(p, log);
#ifdef QRCU_TEST_FULL
	} else if (!std::strcmp(sched, "full")) {
		p.search_type = rl::fair_full_search_scheduler_type;
		res = search<T, rl::full_search_scheduler<N> >(p, log);
#endif
	} else {
		std::cerr << "qrcu-test: scheduler " << sched
			  << ": use random or bound (full needs -DQRCU_TEST_FULL)\n";
		return 2;
	}

	std::cout << "qrcu-relacy: " << name << " variant=" << ops->name
		  << " data=" << (marked ? "marked" : "plain")
		  << " readers=" << R
		  << " updaters=" << U << " gps=" << NR_GPS
		  << " scheduler=" << sched;
	if (p.search_type == rl::sched_bound)
		std::cout << " bound=" << bound;
	if (p.search_type == rl::sched_random)
		std::cout << " seed=iteration";
	std::cout << " result=" << rl::test_result_str(res)
		  << " iterations=" << p.stop_iteration << "\n";
	/*
	 * What the series' code did, summed over the iterations: the
	 * fastpath is a synchronize_qrcu() that took no mutex, the early
	 * exit a slowpath that stored no new ->completed.
	 */
	const lkmm_counts &c = lkmm_count;
	std::cout << "qrcu-relacy: " << name << " paths: sync=" << c.sync_calls
		  << " fast=" << c.sync_calls - c.mutex_locks
		  << " slow=" << c.mutex_locks
		  << " early=" << c.mutex_locks - c.write_onces
		  << " flips=" << c.write_onces
		  << " sleeps=" << c.sleeps << " wakeups=" << c.wakeups
		  << " retries=" << c.retries
		  << " readers-on-1=" << c.readers_idx1 << "\n";
	return res == rl::test_result_success ? 0 : 1;
}

template <int R, int U>
static int run_config(int r, int u, const char *name, const char *sched,
		      unsigned long it, unsigned int bound)
{
	if (r != R || u != U)
		return -1;
	return run<R, U>(name, sched, it, bound);
}

int main(int argc, char **argv)
{
	if (argc != 9) {
		std::cerr << "usage: qrcu-test NAME VARIANT plain|marked READERS UPDATERS random|bound|full ITERATIONS BOUND\n";
		return 2;
	}
	const char *name = argv[1];
	for (int i = 0; i < nr_variants; i++)
		if (!std::strcmp(variants[i]->name, argv[2]))
			ops = variants[i];
	if (!ops) {
		std::cerr << "qrcu-test: no variant " << argv[2] << " was compiled in:";
		for (int i = 0; i < nr_variants; i++)
			std::cerr << " " << variants[i]->name;
		std::cerr << "\n";
		return 2;
	}
	marked = !std::strcmp(argv[3], "marked");
	int r = std::atoi(argv[4]), u = std::atoi(argv[5]);
	const char *sched = argv[6];
	unsigned long it = std::strtoul(argv[7], 0, 10);
	unsigned int bound = (unsigned int)std::strtoul(argv[8], 0, 10);
	int rc;

	/* The configurations compiled in; each costs compile time. */
	if ((rc = run_config<1, 1>(r, u, name, sched, it, bound)) >= 0 ||
	    (rc = run_config<1, 2>(r, u, name, sched, it, bound)) >= 0 ||
	    (rc = run_config<2, 2>(r, u, name, sched, it, bound)) >= 0)
		return rc;
	std::cerr << "qrcu-test: " << r << " readers and " << u
		  << " updaters: not compiled in; add a run_config<> to main() in kernel/relacy/qrcu-test.cpp\n";
	return 2;
}
