# The entry barrier weakened to smp_wmb(): it orders stores only, and
# what must be ordered is the unlinking store before the counter loads.
/might_sleep();/,/Fastpath\./{
s/^\tsmp_mb();$/\tsmp_wmb();/
}
