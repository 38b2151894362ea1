/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tgprof entry point: parse the command line (cli.h), then either print
 * GNU gprof's reports with the engine (core/) or hand over to the browser
 * (tui/tui.h).  Neither library knows of this program. */
#include "config.h"
#include "cli.h"
#include "load.h"
#include "objects.h"
#include "report.h"
#include "asmreport.h"
#include "util.h"
#include "gmonsum.h"
#include "cyclebreak.h"
#include "tui.h"
#include "comparerun.h"
#include "edit.h"
#include "session.h"
#include "export.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int want_browser(const struct cli *cl)
{
	const struct opts *o = &cl->o;

	if (cl->mode == CLI_MODE_TUI)
		return 1;
	/* options that only print a report (GNU's) or ask for an output
	 * never open the browser */
	if (cl->mode == CLI_MODE_TEXT || o->report.sum || o->report.file_info ||
	    o->report.annotate || o->report.asm_func || o->report.exec_counts ||
	    o->report.func_order || o->report.file_order || cl->out_asked)
		return 0;
	return isatty(STDOUT_FILENO) && isatty(STDIN_FILENO);
}

/* Progress of --break-cycles on stderr when it is a terminal, once the
 * work has taken half a second (TGPROF_PROGRESS_DELAY seconds: tests
 * need progress from work that is quick); cleared when done. */
struct progress {
	double start, delay;
	int shown;
};

static int show_progress(void *ctx, const char *what, double done)
{
	struct progress *p = ctx;
	if (util_now() - p->start < p->delay)
		return 0;
	fprintf(stderr, "\r%s: breaking cycles: %s %3.0f%%\033[K", util_progname(), what,
		100 * done);
	fflush(stderr);
	p->shown = 1;
	return 0;
}

/* -s: the sum of the profiles, and of the shared objects' files beside
 * them (a profile of several objects), each to its own gmon.sum file. */
static void write_sum(struct load *l, const struct opts *o)
{
	gmon_write_sum("gmon.sum", &l->prof, &l->st.abi, &l->g);
	objects_sum(o, &l->st.abi, "gmon.sum");
}

/* --format/--output: the model (after --edits and --break-cycles) through
 * an edit session and export_write(), the code path of the browser's
 * `:export`.  The --break-cycles listing is part of the text format only. */
static void run_export(struct load *l, struct edit *e, const struct opts *o,
		       const char *listing)
{
	struct export_params p;
	char msg[4200];

	export_params_default(&p);
	p.text_report = 1;
	if (listing && o->export.format == EXPORT_TEXT)
		p.text_preface = listing;
	if (o->report.sum)
		write_sum(l, o);
	int r = export_write(e, o->export.output, (enum export_format)o->export.format,
			     &p, 1, msg, sizeof msg);
	if (r != 0)
		util_die("%s", msg);
}

static int run_text(const struct cli *cl)
{
	const struct opts *o = &cl->o;
	static struct session ss;
	static char outbuf[1 << 20];
	const char *d = getenv("TGPROF_PROGRESS_DELAY");
	struct progress p = { util_now(), d && *d ? atof(d) : 0.5, 0 };
	struct session_how how = { NULL, 1, stdout, NULL, NULL };
	char *listing = NULL, msg[1024];
	size_t len = 0;

	/* Large reports: write in big blocks. */
	setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
	/* with --format/--output the --break-cycles listing goes into the
	 * text export */
	if (o->cycles.bound > 0 && cl->out_asked &&
	    !(how.listing = open_memstream(&listing, &len)))
		util_die("out of memory");
	if (isatty(STDERR_FILENO)) {
		how.break_progress = show_progress;
		how.break_ctx = &p;
	}
	int st = session_open(&ss, o, &how, msg, sizeof msg);
	if (p.shown)
		fprintf(stderr, "\r\033[K");
	if (how.listing && how.listing != stdout)
		fclose(how.listing);
	if (st < 0)
		util_die("%s", msg);
	struct load *l = &ss.ld;
	if (o->report.asm_func) {
		asmreport_write(stdout, l, &o->report);
		if (fflush(stdout) != 0 || ferror(stdout))
			util_die("error writing the report to standard output");
		session_close(&ss);
		return 0;
	}
	/* the session: --edits's steps, then --break-cycles' step */
	if (o->write_edits && editfile_write(o->write_edits, ss.ed, NULL, 0, NULL,
					     UTIL_WRITE_NAMED, msg, sizeof msg) != 0)
		util_die("%s", msg);
	if (cl->out_asked) {
		run_export(l, ss.ed, o, listing);
	} else {
		if (o->report.sum)
			write_sum(l, o);
		report_all_load(stdout, l, &o->report);
		if (fflush(stdout) != 0 || ferror(stdout))
			util_die("error writing the report to standard output");
	}
	free(listing);
	session_close(&ss);
	return 0;
}

/* --baseline: the comparison instead of GNU's reports, as text or in the
 * --format asked for, to standard output or --output (one writer). */
struct compare_out {
	const struct compare *c;
	int format;
};

static int fill_compare(FILE *out, void *ctx)
{
	const struct compare_out *x = ctx;
	return compare_write(out, x->c, x->format);
}

static int run_compare(const struct opts *o)
{
	static struct comparerun r;
	char msg[4200];

	if (comparerun_load(&r, o, msg, sizeof msg) < 0)
		util_die("%s", msg);
	struct compare_out x = { &r.c, o->export.format };
	if (util_write_file(o->export.output, UTIL_WRITE_NAMED, fill_compare, &x, NULL,
			    msg, sizeof msg) != 0)
		util_die("%s", msg);
	comparerun_free(&r);
	return 0;
}

int main(int argc, char **argv)
{
	struct cli cl;
	const char *slash = strrchr(argv[0], '/');

	util_set_progname(slash ? slash + 1 : argv[0]);
	cli_parse(&cl, argc, argv);
	if (cl.help_keys)
		return tui_print_keys(stdout, cl.help_keys == 2);
	if (cl.o.compare.nbaselines > 0 && !want_browser(&cl)) {
		/* Not on a terminal, or an output asked for: the comparison
		 * report; else the browser shows it in its columns. */
		int status = run_compare(&cl.o);
		cli_free(&cl);
		return status;
	}
	if (want_browser(&cl)) {
		int status = tui_main(&cl.o);
		cli_free(&cl);
		return status;
	}
	int status = run_text(&cl);
	cli_free(&cl);
	return status;
}
