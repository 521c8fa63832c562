# Four readers and rcutorture's default four fake writers beside the
# writer, on a fully preemptible kernel.  Statistics every 6 s, so a
# 30 s run prints several and the writer's progress can be followed;
# 6 s is longer than the 5 s pauses of rcutorture's stutter, so the
# writer runs in every interval.
rcutorture.torture_type=qrcu
rcutorture.nreaders=4
rcutorture.stat_interval=6
preempt=full
