# rcuscale: one writer doing normal (not expedited) grace periods, 10 us
# apart, starting 1 s after the load; it stops after 100 measured ones.
rcuscale.nwriters=1
rcuscale.gp_exp=0
rcuscale.writer_holdoff=10
rcuscale.holdoff=1
# The second round of rcuscale runs adds this many reader kthreads,
# one per CPU, each looping over empty read-side critical sections;
# the second round of refscale runs has this many readers instead of one.
bench.readers=2
# refscale: 30 runs of 10000 lock/unlock pairs each, per reader.
refscale.loops=10000
refscale.nruns=30
# The flavors, in order, and refcnt (a bare shared atomic counter) as
# the read-side baseline.
bench.flavors=qrcu,srcu,rcu
bench.refscale=qrcu,srcu,rcu,refcnt
