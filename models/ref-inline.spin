#ifndef N
#define N 3
#endif

byte a[N];

inline set(k, v) {
	a[k] = v
}

active proctype fill()
{
	byte i;
	do
	:: i < N -> set(i, i); i++
	:: else -> break
	od;
	assert(a[N - 1] == N - 1);
	set(N, 1)	/* one past the end */
}
