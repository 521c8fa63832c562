# The full barrier at the entry of synchronize_qrcu() removed: the
# caller's unlinking store may then be seen after the counter loads.
/might_sleep();/,/Fastpath\./{
/^\tsmp_mb();$/d
}
