# The full barrier at the exit of synchronize_qrcu() removed: the
# caller's free may then come before the loads that found the readers
# gone.  A compiler barrier stands in its place, as a label may not end
# a block.
/^out:$/,/^}$/{
s/^\tsmp_mb();$/\tbarrier();/
}
