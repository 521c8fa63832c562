/* An assertion that fails inside an atomic block, after its first step. */
byte x;
active proctype p()
{
	byte i;
	atomic {
		i = 0;
		do
		:: i < 2 -> i++
		:: i >= 2 -> assert(x == 1); break
		od
	}
}
