/* cyclebreak: placeholder until the cycle-breaking work lands. */
#include "config.h"
#include "cyclebreak.h"
#include "util.h"

void cyclebreak_batch(FILE *out, struct cg *g, const struct opts *o)
{
	(void)out;
	(void)g;
	(void)o;
	util_die("--break-cycles is not implemented yet");
}
