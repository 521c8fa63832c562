# Passed to every klitmus7 module by kernel/litmus-init.sh: each test
# runs nruns times over an array of size instances (40000 runs a test;
# the mutex test's two instances of its shape make half as many).
klitmus.size=5000
klitmus.nruns=4
