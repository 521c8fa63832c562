byte done;

proctype worker(byte id)
{
	assert(_pid == id + 1);	/* init is process 0 */
	done++
}

init {
	atomic { run worker(0); run worker(1) }
	_nr_pr == 1;		/* until init is the only one left */
	assert(done == 2)
}
