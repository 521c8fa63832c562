# As incany, but with a fully ordered increment (atomic_inc_return()),
# so that only the not-zero check is lost: the bug of chapter 9's
# Promela mutant, which needs two readers.
s/^\t\tif (likely(atomic_inc_not_zero(qp->ctr + idx)))$/\t\tif (atomic_inc_return(qp->ctr + idx))/
