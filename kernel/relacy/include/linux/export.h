/* <linux/export.h> for relacy: nothing to export from one program. */
#ifndef LKMM_LINUX_EXPORT_H
#define LKMM_LINUX_EXPORT_H

#define EXPORT_SYMBOL_GPL(sym)	static_assert(sizeof(&sym) != 0, #sym)

#endif
