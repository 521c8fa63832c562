# The exit barrier weakened to smp_rmb(): in LKMM it orders the counter
# loads before later loads, not before the caller's store that frees.
/^out:$/,/^}$/{
s/^\tsmp_mb();$/\tsmp_rmb();/
}
