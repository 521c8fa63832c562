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

/* Readers 1..N-1: the same, without the marks nobody reads now. */
proctype anon_reader()
{
	byte myidx;

	read_lock;
	atomic { ctr[myidx]--; myidx = 0 }
}

#define sum_unordered \
	atomic { \
		do \
		:: 1 -> \
			sum = ctr[0]; \
			i = 1; \
			break \
		:: 1 -> \
			sum = ctr[1]; \
			i = 0; \
			break \
		od; \
	} \
	atomic { sum = sum + ctr[i]; i = 0 }

/* synchronize_qrcu(): the two sums, then the slowpath if needed. */
#define synchronize_qrcu \
	sum_unordered; \
	if \
	:: sum <= 1 -> sum_unordered \
	:: else -> skip \
	fi; \
	if \
	:: atomic { sum > 1 -> sum = 0 }; \
		atomic { mutex == 0 -> mutex = 1 }; \
		atomic { ctr[!idx]++ }; \
		idx = !idx; \
		atomic { ctr[!idx]-- }; \
		ctr[!idx] == 0; \
		mutex = 0 \
	:: atomic { sum <= 1 -> sum = 0 } \
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
		i = 1;
		do
		:: i < N_QRCU_READERS ->
			run anon_reader();
			i++
		:: i >= N_QRCU_READERS -> break
		od;
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
