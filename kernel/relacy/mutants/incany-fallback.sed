# The kernel's incany flavour (busted_qrcu_incany, chapter 10):
# qrcu_read_lock() tries atomic_inc_not_zero() first and, only when
# the counter is zero, joins it with a void atomic_inc().
s/^\t\tif (qrcu_torture_bug(qp, QRCU_BUG_INCANY)) {$/\t\tif (1) {/
