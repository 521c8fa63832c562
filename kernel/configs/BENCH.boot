# rcuscale: one writer calling the flavour's synchronous grace period,
# starting as soon as the module is loaded (holdoff=0; the first
# bench.warmup grace periods of each run are not counted), writer_holdoff
# microseconds apart, once for each value of bench.holdoffs: 10 is below
# Tree SRCU's srcutree.exp_holdoff (25 us), so SRCU often finds its
# domain busy and takes the normal, tick-driven path; 50 is above it, so
# SRCU always finds it idle and expedites.  rcuscale stops after 100
# measured grace periods.
rcuscale.nwriters=1
rcuscale.holdoff=0
bench.holdoffs=10,50
bench.warmup=5
# The flavours whose normal grace period is measured, and those whose
# expedited one is (gp_exp=1; QRCU has no expedited grace period).
bench.gp=qrcu,srcu,rcu
bench.exp=srcu,rcu
# The normal grace periods are measured again with this many reader
# kthreads, one per CPU, each looping over empty read-side critical
# sections; the second round of refscale runs has this many readers
# instead of one.
bench.readers=2
# refscale: 30 runs of 10000 lock/unlock pairs each, per reader, for the
# flavours, refcnt (a bare shared atomic counter) and clock (one read
# of the clock that rcuscale times grace periods with: the floor).
refscale.loops=10000
refscale.nruns=30
bench.refscale=qrcu,srcu,rcu,refcnt,clock
