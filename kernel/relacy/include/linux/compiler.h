/* <linux/compiler.h> for relacy: marked accesses and annotations. */
#ifndef LKMM_LINUX_COMPILER_H
#define LKMM_LINUX_COMPILER_H
#include "../lkmm-relacy.h"

/* READ_ONCE(): a relaxed load.  Only lkmm_ulong is read this way. */
static inline unsigned long lkmm_read_once(const lkmm_ulong &x,
					   rl::debug_info_param info)
{
	return x.val.load(rl::mo_relaxed, info);
}

/*
 * WRITE_ONCE(): a relaxed store, which also writes the plain shadow.
 * qrcu.c stores this way only in the flip, so these are counted.
 */
static inline void lkmm_write_once(lkmm_ulong &x, unsigned long v,
				   rl::debug_info_param info)
{
	lkmm_count.write_onces++;
	x.shadow(info) = 0;
	x.val.store(v, rl::mo_relaxed, info);
}

#define READ_ONCE(x)		lkmm_read_once((x), $)
#define WRITE_ONCE(x, v)	lkmm_write_once((x), (v), $)
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define __acquires(x)
#define __releases(x)

#endif
