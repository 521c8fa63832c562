byte b = 255;
short s = 32767;

active proctype wrap()
{
	b++;
	s++;
	assert(b == 0 && s == -32768)
}
