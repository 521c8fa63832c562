/* Reachability probes: run with -DPROBE=NAME, the search stops where
 * transition NAME is first taken; a probe that passes marks a dead one. */
mtype:probe = { dec_below, dec_bound_down, dec_bound_stay, inc_below, inc_at_bound,
	reader_enters, reader_retries, reader_unlocks,
	other_reads_idx, other_inc_ok, other_inc_fails, other_holds_two, other_unlocks_0, other_unlocks_1,
	updater_resums, updater_slowpath, updater_fastpath, updater_drains,
	env_locks, env_adds, env_flips, env_takes, env_drains, env_unlocks,
	init_one_reader, init_more_readers };
mtype:probe probe = PROBE;
bit retried;
#define reached(n)	assert(!(probe == n));
#define reached_if(n, c)	assert(!(probe == n && (c)));
/* QRCU for every number of readers and updaters.  One reader and one
 * updater are watched, exactly; the other readers are counted per
 * local state, each count stopping at a bound ("K or more"); the other
 * updaters are an environment that may run the slowpath whenever the
 * mutex is free. */

#ifndef K
#define K 2
#endif
#if K < 0
#error "K must be at least 0"
#endif

bit idx = 0;			/* qp->completed & 0x1 */
bit mutex = 0;			/* qp->mutex */
byte bias[2];			/* the counters' extra count, per side */
byte readerprogress;		/* watched reader: 0 not begun, 1 reading, 2 done */
byte rheld;			/* watched reader holds ctr[rheld - 1]; 0: none */
byte idle;			/* other readers that have not read idx yet */
byte got[2];			/* ... that read idx == b, not yet incremented */
byte held[2];			/* ... that hold ctr[b] */
byte step;			/* another updater's slowpath: 0 none, 1..5 */

/* A counter is never stored: it is what its holders and the extra
 * count add up to. */
#define ctr(b)	(held[b] + (rheld == (b) + 1) + bias[b])

/* Saturating counts: B stands for "B or more".  One more than B or
 * more is still B or more; one less may be B or more or exactly B - 1. */
#define inc(x, B)	reached_if(inc_below, (x) < (B)) reached_if(inc_at_bound, (x) >= (B)) x = ((x) < (B) -> (x) + 1 : (B))
#define dec(x, B) \
	if \
	:: (x) < (B) -> reached(dec_below) x-- \
	:: (x) == (B) -> reached(dec_bound_down) x = (B) - 1 \
	:: (x) == (B) -> reached(dec_bound_stay) skip \
	fi

/* The watched reader: qrcu_read_lock(), one critical section, unlock. */
proctype qrcu_reader()
{
	byte myidx;

	do
	:: 1 ->
		myidx = idx;
		atomic {
			if
			:: ctr(myidx) > 0 -> reached(reader_enters) rheld = myidx + 1; break
			:: else -> myidx = 0; retried = 1
			fi
		}
	od;
	reached_if(reader_retries, retried) 	readerprogress = 1;
	readerprogress = 2;
	atomic { reached(reader_unlocks) rheld = 0; myidx = 0 }
}

/* The other readers, each option one step of one of them. */
#define try_inc(b) \
	atomic { got[b] > 0 -> \
		dec(got[b], 1); \
		if \
		:: ctr(b) > 0 -> reached(other_inc_ok) inc(held[b], K) \
		:: else -> reached(other_inc_fails) inc(idle, 1) \
		fi; reached_if(other_holds_two, held[b] >= 2) skip }

proctype other_readers()
{
end:	do
	:: atomic { idle > 0 -> reached(other_reads_idx) dec(idle, 1); inc(got[idx], 1) }
	:: try_inc(0)
	:: try_inc(1)
	:: atomic { held[0] > 0 -> reached(other_unlocks_0) dec(held[0], K) }
	:: atomic { held[1] > 0 -> reached(other_unlocks_1) dec(held[1], K) }
	od
}

/* The slowpath's counter updates move the extra count.  The abstraction
 * needs each to find the extra count where the algorithm puts it: the
 * increment on a side that has none, the decrement on a side that has
 * one (otherwise it would take a reader's count, and the classes would
 * no longer add up to the counter). */
#define add_extra(b)	assert(bias[b] == 0); bias[b] = 1
#define take_extra(b)	assert(bias[b] == 1); bias[b] = 0

#define cap(x)	((x) < 2 -> (x) : 2)

#define sum_unordered \
	atomic { \
		do \
		:: 1 -> \
			sum = cap(ctr(0)); \
			i = 1; \
			break \
		:: 1 -> \
			sum = cap(ctr(1)); \
			i = 0; \
			break \
		od; \
	} \
	atomic { sum = cap(sum + ctr(i)); i = 0 }

#define synchronize_qrcu \
	sum_unordered; \
	if \
	:: atomic { sum <= 1 -> reached(updater_resums) sum = 0 }; sum_unordered \
	:: else -> skip \
	fi; \
	if \
	:: atomic { sum > 1 -> reached(updater_slowpath) sum = 0 }; \
		atomic { mutex == 0 -> mutex = 1 }; \
		atomic { add_extra(!idx) }; \
		idx = !idx; \
		atomic { take_extra(!idx) }; \
		atomic { ctr(!idx) == 0 -> reached(updater_drains) skip }; \
		mutex = 0 \
	:: atomic { sum <= 1 -> reached(updater_fastpath) sum = 0 } \
	fi

proctype qrcu_updater()
{
	byte i;
	byte sum;
	bit readerstart;

	do
	:: 1 ->
		readerstart = (readerprogress == 1);
		synchronize_qrcu;
		atomic {
			assert(!(readerstart && readerprogress == 1));
			readerstart = 0
		}
	od
}

/* The other updaters: their sums read and decide, and change nothing
 * shared, so only their slowpaths are seen.  Any of them may be the
 * one that takes the mutex, whenever it is free. */
proctype other_updaters()
{
end:	do
	:: atomic { mutex == 0 -> reached(env_locks) assert(step == 0); mutex = 1; step = 1 }
	:: atomic { step == 1 -> reached(env_adds) add_extra(!idx); step = 2 }
	:: atomic { step == 2 -> reached(env_flips) idx = !idx; step = 3 }
	:: atomic { step == 3 -> reached(env_takes) take_extra(!idx); step = 4 }
	:: atomic { step == 4 && ctr(!idx) == 0 -> reached(env_drains) step = 5 }
	:: atomic { step == 5 -> reached(env_unlocks) mutex = 0; step = 0 }
	od
}

init {
	atomic {
		bias[idx] = 1;
		if
		:: reached(init_one_reader) idle = 0
		:: reached(init_more_readers) idle = 1
		fi;
		run qrcu_reader();
		run other_readers();
		run qrcu_updater();
		run other_updaters()
	}
}
