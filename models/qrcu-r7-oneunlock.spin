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
			:: ctr[myidx] > 0 -> \
				ctr[myidx]++; \
				break \
			:: else -> myidx = 0 \
			fi \
		} \
	od

/* Reader 0, the one the assertion watches. */
proctype qrcu_reader()
{
	byte myidx;

	read_lock;
	readerprogress = 1;		/* in the critical section */
	readerprogress = 2;		/* leaving it */
	atomic { ctr[myidx]--; myidx = 0 }	/* qrcu_read_unlock() */
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
		:: ctr[b] > 0 -> ctr[b]++; held[b]++ \
		:: else -> idle++	/* counter drained: look again */ \
		fi }

proctype anon_readers()
{
end:	do
	:: atomic { idle > 0 -> idle--; got[idx]++ }
	:: try_inc(0)
	:: try_inc(1)
	:: atomic { held[0] > 0 -> held[0]--; ctr[0]-- }
	:: atomic { held[1] > 0 -> held[1]--; ctr[1]-- }
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
	:: atomic { sum <= 1 -> sum = 0 }; sum_unordered \
	:: else -> skip \
	fi; \
	if \
	:: atomic { sum > 1 -> sum = 0 }; \
		atomic { mutex == 0 -> mutex = 1 }; \
		atomic { ctr[!idx]++ }; \
		idx = !idx; \
		atomic { ctr[!idx]--; snap = ctr[!idx] }; \
		atomic { (ctr[!idx] == 0 || ctr[!idx] < snap) -> snap = 0 }; \
		mutex = 0 \
	:: atomic { sum <= 1 -> sum = 0 } \
	fi

/* Updater 0: is reader 0 inside before, and still inside after? */
proctype qrcu_updater()
{
	byte i;
	byte sum;
	byte snap;		/* the old counter just after the flip */
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

/* Updaters 1..N-1, counted like the anonymous readers.  An anonymous
 * updater is idle (uidle: about to begin the first sum), or has loaded
 * one counter of its first sum (first[SUMS*i + sum]: i is the
 * counter still to load, sum the capped value so far), or is between
 * its two sums (mid), or has loaded one counter of its second sum
 * (second[]), or waits for the mutex (waiting).  At most one holds the
 * mutex; step says how far it is through the slowpath. */
#define SUMS	3	/* values a capped sum takes: 0, 1, 2 */
byte uidle;
byte first[2 * SUMS];
byte mid;
byte second[2 * SUMS];
byte waiting;
byte step;		/* 0: no anonymous updater holds the mutex */
byte esnap;		/* ... an anonymous updater's, after its flip */

/* Load the other counter of the first sum, and decide as the
 * if-statements of synchronize_qrcu do: sum again, or the slowpath. */
#define end_first(k) \
	atomic { first[k] > 0 -> \
		first[k]--; \
		if \
		:: cap(k % SUMS + ctr[k / SUMS]) <= 1 -> mid++ \
		:: else -> waiting++ \
		fi }

/* The same for the second sum: done, or the slowpath. */
#define end_second(k) \
	atomic { second[k] > 0 -> \
		second[k]--; \
		if \
		:: cap(k % SUMS + ctr[k / SUMS]) <= 1 -> uidle++ \
		:: else -> waiting++ \
		fi }

proctype anon_updaters()
{
end:	do
	:: atomic { uidle > 0 -> uidle--; first[SUMS * 1 + cap(ctr[0])]++ }
	:: atomic { uidle > 0 -> uidle--; first[SUMS * 0 + cap(ctr[1])]++ }
	:: end_first(0)
	:: end_first(1)
	:: end_first(2)
	:: end_first(3)
	:: end_first(4)
	:: end_first(5)
	:: atomic { mid > 0 -> mid--; second[SUMS * 1 + cap(ctr[0])]++ }
	:: atomic { mid > 0 -> mid--; second[SUMS * 0 + cap(ctr[1])]++ }
	:: end_second(0)
	:: end_second(1)
	:: end_second(2)
	:: end_second(3)
	:: end_second(4)
	:: end_second(5)
	:: atomic { waiting > 0 && mutex == 0 -> assert(step == 0); waiting--; mutex = 1; step = 1 }
	:: atomic { step == 1 -> ctr[!idx]++; step = 2 }
	:: atomic { step == 2 -> idx = !idx; step = 3 }
	:: atomic { step == 3 -> assert(ctr[!idx] > 0); ctr[!idx]--; esnap = ctr[!idx]; step = 4 }
	:: atomic { step == 4 && (ctr[!idx] == 0 || ctr[!idx] < esnap) -> esnap = 0; step = 5 }
	:: atomic { step == 5 -> mutex = 0; step = 0; uidle++ }
	od
}

init {
	atomic {
		ctr[idx] = 1;
		ctr[!idx] = 0;
		run qrcu_reader();
		idle = N_QRCU_READERS - 1;
		run anon_readers();
		run qrcu_updater();
		uidle = N_QRCU_UPDATERS - 1;
		run anon_updaters()
	}
}
