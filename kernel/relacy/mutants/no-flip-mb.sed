# The smp_mb__after_atomic() of the flip removed: the decrement of the
# old counter may then be seen before the increment of the new one.
/^\tsmp_mb__after_atomic();$/d
