/* tgprof entry point: parse the command line (cli.h), then either print
 * GNU gprof's reports with the engine (core/) or hand over to the browser
 * (tui/tui.h).  Neither library knows of this program. */
#include "config.h"
#include "cli.h"
#include "load.h"
#include "report.h"
#include "util.h"
#include "gmonsum.h"
#include "cyclebreak.h"
#include "tui.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int want_browser(const struct opts *o)
{
	if (o->mode == OPTS_MODE_TUI)
		return 1;
	if (o->mode == OPTS_MODE_TEXT || o->sum || o->file_info)
		return 0;
	return isatty(STDOUT_FILENO) && isatty(STDIN_FILENO);
}

static int run_text(const struct opts *o)
{
	struct load l;
	static char outbuf[1 << 20];

	/* Large reports: write in big blocks. */
	setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
	load_all(&l, o, NULL);
	if (o->break_cycles > 0)
		cyclebreak_batch(stdout, &l.g, o);
	if (o->sum)
		gmon_write_sum("gmon.sum", &l.prof, &l.st.abi, &l.g);
	report_all_load(stdout, &l, o);
	if (fflush(stdout) != 0 || ferror(stdout))
		util_die("error writing the report to standard output");
	load_free(&l);
	return 0;
}

int main(int argc, char **argv)
{
	struct opts o;
	const char *slash = strrchr(argv[0], '/');

	util_set_progname(slash ? slash + 1 : argv[0]);
	opts_parse(&o, argc, argv);
	if (o.help_keys)
		return tui_print_keys(stdout, o.help_keys == 2);
	if (want_browser(&o)) {
		int status = tui_main(&o);
		opts_free(&o);
		return status;
	}
	int status = run_text(&o);
	opts_free(&o);
	return status;
}
