/*
 * <linux/atomic.h> (and the smp_*() barriers of <asm/barrier.h>) for
 * relacy.  LKMM: atomic_read()/atomic_set() are marked loads and stores;
 * a void RMW (atomic_inc(), atomic_dec()) is unordered; a value-returning
 * RMW (atomic_dec_and_test(), a successful atomic_inc_not_zero()) is
 * fully ordered, as if an smp_mb() stood on each side of it.
 */
#ifndef LKMM_LINUX_ATOMIC_H
#define LKMM_LINUX_ATOMIC_H
#include "../lkmm-relacy.h"

typedef struct {
	rl::atomic<int> counter;
} atomic_t;

static inline int lkmm_atomic_read(const atomic_t *v, rl::debug_info_param info)
{
	return v->counter.load(rl::mo_relaxed, info);
}

static inline void lkmm_atomic_set(atomic_t *v, int i, rl::debug_info_param info)
{
	v->counter.store(i, rl::mo_relaxed, info);
}

static inline void lkmm_atomic_inc(atomic_t *v, rl::debug_info_param info)
{
	v->counter.fetch_add(1, rl::mo_relaxed, info);
}

static inline void lkmm_atomic_dec(atomic_t *v, rl::debug_info_param info)
{
	v->counter.fetch_sub(1, rl::mo_relaxed, info);
}

static inline bool lkmm_atomic_dec_and_test(atomic_t *v, rl::debug_info_param info)
{
	bool zero;

	lkmm_fence_mb(info);
	zero = v->counter.fetch_sub(1, rl::mo_relaxed, info) == 1;
	lkmm_fence_mb(info);
	return zero;
}

/* Fully ordered; no use in qrcu.c, but a mutant's. */
static inline int lkmm_atomic_inc_return(atomic_t *v, rl::debug_info_param info)
{
	int n;

	lkmm_fence_mb(info);
	n = v->counter.fetch_add(1, rl::mo_relaxed, info) + 1;
	lkmm_fence_mb(info);
	return n;
}

/*
 * Fully ordered when it increments; a failure (the counter was zero)
 * orders nothing, as in LKMM.  The full barrier before the increment
 * comes after the first load: that load only decides whether to try.
 */
static inline bool lkmm_atomic_inc_not_zero(atomic_t *v, rl::debug_info_param info)
{
	int c = v->counter.load(rl::mo_relaxed, info);

	for (;;) {
		if (c == 0)
			return false;
		lkmm_fence_mb(info);
		if (v->counter.compare_exchange_strong(c, c + 1, rl::mo_relaxed, info))
			break;
	}
	lkmm_fence_mb(info);
	return true;
}

#define ATOMIC_INIT(i)			{ (i) }
#define atomic_read(v)			lkmm_atomic_read((v), $)
#define atomic_set(v, i)		lkmm_atomic_set((v), (i), $)
#define atomic_inc(v)			lkmm_atomic_inc((v), $)
#define atomic_dec(v)			lkmm_atomic_dec((v), $)
#define atomic_inc_return(v)		lkmm_atomic_inc_return((v), $)
#define atomic_dec_and_test(v)		lkmm_atomic_dec_and_test((v), $)
#define atomic_inc_not_zero(v)		lkmm_atomic_inc_not_zero((v), $)

/* Barriers: smp_mb() a seq_cst fence, smp_rmb() an acquire fence. */
#define smp_mb()			lkmm_fence_mb($)
#define smp_rmb()			lkmm_fence_rmb($)
#define smp_wmb()			lkmm_fence_wmb($)
/* After a void RMW, makes it and what precedes it fully ordered. */
#define smp_mb__after_atomic()		lkmm_fence_mb($)
#define barrier()			do { } while (0)

#endif
