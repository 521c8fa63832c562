mtype = { ping, pong };
chan c = [1] of { mtype };

active proctype sender()
{
	c ! ping;
	c ! pong
}

active proctype receiver()
{
	mtype m;
	c ? m;
	assert(m == ping);
	c ? m;
	assert(m == pong)
}
