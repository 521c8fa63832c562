rcutorture.torture_type=busted_qrcu
rcutorture.nreaders=4
rcutorture.stat_interval=15
