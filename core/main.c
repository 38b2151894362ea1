/* tgprof entry point (placeholder until the command line lands). */
#include "config.h"
#include <stdio.h>
int main(void)
{
	fputs("tgprof: not built yet\n", stderr);
	return 2;
}
