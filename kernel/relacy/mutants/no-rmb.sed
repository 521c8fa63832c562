# The smp_rmb() between the fastpath's two sums removed.
/^\t\tsmp_rmb(); \/\* Take the second sum after the first\. \*\/$/d
