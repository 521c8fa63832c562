# The smp_rmb() between the two sums replaced by smp_wmb(), which
# orders nothing between loads.
s/^\t\tsmp_rmb(); \(\/\* Take the second sum after the first\. \*\/\)$/\t\tsmp_wmb(); \1/
