/* spin_lock(m): wait until m is 0, then set it to 1, as one step. */
#define spin_lock(mutex) \
	do \
	:: 1 -> {	/* not atomic: test and set are two steps */ \
			if \
			:: mutex == 0 -> \
				mutex = 1; \
				break \
			:: else -> skip \
			fi \
		} \
	od

/* spin_unlock(m): a plain store; Promela's memory is sequentially consistent. */
#define spin_unlock(mutex) \
	mutex = 0
