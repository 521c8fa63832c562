/* <linux/bug.h> for relacy: a warning is a failed check. */
#ifndef LKMM_LINUX_BUG_H
#define LKMM_LINUX_BUG_H
#include "../lkmm-relacy.h"

#define WARN_ON_ONCE(c)							\
({									\
	bool __warn = !!(c);						\
	RL_ASSERT(!__warn && "WARN_ON_ONCE");				\
	__warn;								\
})

#endif
