# The fastpath trusts its first sum: the second sum's test always holds.
/^\t\tsmp_rmb(); \/\* Take the second sum after the first\. \*\/$/{
n
s/^\t\tif (qrcu_torture_bug(qp, QRCU_BUG_ONESUM) ||$/\t\tif (1 ||/
}
