/* Reachability probes: run with -DPROBE=NAME, the search stops where
 * transition NAME is first taken; a probe that passes marks a dead one. */
mtype:probe = { reader_enters, reader_retries, reader_unlocks,
	anon_reads_idx, anon_inc_ok, anon_inc_fails, anon_unlocks_0, anon_unlocks_1,
	updater_resums, updater_slowpath, updater_fastpath,
	updater_locks, updater_adds, updater_flips, updater_takes, updater_drains, updater_unlocks };
mtype:probe probe = PROBE;
bit retried;
#define reached(n)	assert(!(probe == n));
#define reached_if(n, c)	assert(!(probe == n && (c)));
/* QRCU, reduced: the assertion watches one reader and one updater.
 * Readers 1..N-1 and updaters 1..N-1 run the same algorithm but carry
 * nothing for the assertion; by symmetry, any failure the full check
 * could find is also a failure of reader 0 seen by updater 0. */

#ifndef N_QRCU_READERS
#define N_QRCU_READERS 2
#endif
#ifndef N_QRCU_UPDATERS
#define N_QRCU_UPDATERS 2
#endif

bit idx = 0;			/* qp->completed & 0x1 */
byte ctr[2];			/* qp->ctr[0] and qp->ctr[1] */
byte readerprogress;		/* reader 0 only: 0 not begun, 1 reading, 2 done */
bit mutex = 0;			/* qp->mutex */

/* qrcu_read_lock(): join the current counter, or look again if it has
 * dropped to zero.  A macro, because both kinds of reader use it. */
#define read_lock \
	do \
	:: 1 -> \
		myidx = idx; \
		atomic { \
			if \
			:: ctr[myidx] > 0 -> reached(reader_enters) \
				ctr[myidx]++; \
				break \
			:: else -> myidx = 0; retried = 1 \
			fi \
		} \
	od

/* Reader 0, the one the assertion watches. */
proctype qrcu_reader()
{
	byte myidx;

	read_lock;
	reached_if(reader_retries, retried) 	readerprogress = 1;		/* in the critical section */
	readerprogress = 2;		/* leaving it */
	atomic { reached(reader_unlocks) ctr[myidx]--; myidx = 0 }	/* qrcu_read_unlock() */
}

/* Readers 1..N-1, counted instead of named: how many have not yet
 * read idx (idle), how many read idx == b and have yet to try the
 * increment (got[b]), how many hold ctr[b] (held[b]).  Each option is
 * one step of one anonymous reader, as in read_lock above. */
byte idle;
byte got[2];
byte held[2];

#define try_inc(b) \
	atomic { got[b] > 0 -> \
		got[b]--; \
		if \
		:: ctr[b] > 0 -> reached(anon_inc_ok) ctr[b]++; held[b]++ \
		:: else -> reached(anon_inc_fails) idle++	/* counter drained: look again */ \
		fi }

proctype anon_readers()
{
end:	do
	:: atomic { idle > 0 -> reached(anon_reads_idx) idle--; got[idx]++ }
	:: try_inc(0)
	:: try_inc(1)
	:: atomic { held[0] > 0 -> reached(anon_unlocks_0) held[0]--; ctr[0]-- }
	:: atomic { held[1] > 0 -> reached(anon_unlocks_1) held[1]--; ctr[1]-- }
	od
}

/* Only sum <= 1 matters, so a sum is kept capped at 2. */
#define cap(x)	((x) < 2 -> (x) : 2)

#define sum_unordered \
	atomic { \
		do \
		:: 1 -> \
			sum = cap(ctr[0]); \
			i = 1; \
			break \
		:: 1 -> \
			sum = cap(ctr[1]); \
			i = 0; \
			break \
		od; \
	} \
	atomic { sum = cap(sum + ctr[i]); i = 0 }

/* synchronize_qrcu(): the two sums, then the slowpath if needed. */
#define synchronize_qrcu \
	sum_unordered; \
	if \
	:: atomic { sum <= 1 -> reached(updater_resums) sum = 0 }; sum_unordered \
	:: else -> skip \
	fi; \
	if \
	:: atomic { sum > 1 -> reached(updater_slowpath) sum = 0 }; \
		atomic { mutex == 0 -> reached(updater_locks) mutex = 1 }; \
		atomic { reached(updater_adds) ctr[!idx]++ }; \
		atomic { reached(updater_flips) idx = !idx }; \
		atomic { reached(updater_takes) ctr[!idx]-- }; \
		atomic { ctr[!idx] == 0 -> reached(updater_drains) skip }; \
		atomic { reached(updater_unlocks) mutex = 0 } \
	:: atomic { sum <= 1 -> reached(updater_fastpath) sum = 0 } \
	fi

/* Updater 0: is reader 0 inside before, and still inside after? */
proctype qrcu_updater()
{
	byte i;
	byte sum;
	bit readerstart;	/* reader 0 was inside at the snapshot */

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

/* Updaters 1..N-1: the same grace periods, nothing checked. */
proctype anon_updater()
{
	byte i;
	byte sum;

	do
	:: 1 -> synchronize_qrcu
	od
}

init {
	byte i;

	atomic {
		ctr[idx] = 1;
		ctr[!idx] = 0;
		run qrcu_reader();
		idle = N_QRCU_READERS - 1;
		run anon_readers();
		run qrcu_updater();
		i = 1;
		do
		:: i < N_QRCU_UPDATERS ->
			run anon_updater();
			i++
		:: i >= N_QRCU_UPDATERS -> break
		od;
		i = 0
	}
}
