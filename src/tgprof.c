/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tgprof entry point: parse the command line (cli.h), then either print
 * GNU gprof's reports with the engine (core/) or hand over to the browser
 * (tui/tui.h).  Neither library knows of this program. */
#include "config.h"
#include "cli.h"
#include "load.h"
#include "objects.h"
#include "report.h"
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

static int want_browser(const struct opts *o)
{
	if (o->mode == OPTS_MODE_TUI)
		return 1;
	/* options that only print a report (GNU's) or ask for an output
	 * never open the browser */
	if (o->mode == OPTS_MODE_TEXT || o->sum || o->file_info || o->annotate ||
	    o->exec_counts || o->func_order || o->file_order || o->out_asked)
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
	if (listing && o->out_format == EXPORT_TEXT)
		p.text_preface = listing;
	if (o->sum)
		write_sum(l, o);
	int r = export_write(e, o->output, (enum export_format)o->out_format, &p, 1, msg,
			     sizeof msg);
	if (r != 0)
		util_die("%s", msg);
}

static int run_text(const struct opts *o)
{
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
	if (o->break_cycles > 0 && o->out_asked &&
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
	/* the session: --edits's steps, then the arcs --break-cycles deleted */
	char label[2048];
	size_t k = (size_t)snprintf(label, sizeof label, "break-cycles %ld%s%s%s",
				    o->break_cycles, o->cycle_heuristic_bsd ? " bsd" : "",
				    o->cycle_objective_time ? " time" : "",
				    o->cycle_allow_roots ? " roots" : "");
	for (int i = 0; i < o->nbreak_choices && k < sizeof label; i++)
		k += (size_t)snprintf(label + k, sizeof label - k, "; %s %s",
				      o->break_choices[i].which == 'K' ? "pinned"
								       : "forced",
				      o->break_choices[i].spec);
	if (o->write_edits &&
	    editfile_write(o->write_edits, ss.ed, ss.broken, ss.nbroken, label,
			   UTIL_WRITE_NAMED, msg, sizeof msg) != 0)
		util_die("%s", msg);
	if (o->out_asked) {
		run_export(l, ss.ed, o, listing);
	} else {
		if (o->sum)
			write_sum(l, o);
		report_all_load(stdout, l, o);
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
	struct compare_out x = { &r.c, o->out_format };
	if (util_write_file(o->output, UTIL_WRITE_NAMED, fill_compare, &x, NULL, msg,
			    sizeof msg) != 0)
		util_die("%s", msg);
	comparerun_free(&r);
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
	if (o.nbaselines > 0 && !want_browser(&o)) {
		/* Not on a terminal, or an output asked for: the comparison
		 * report; else the browser shows it in its columns. */
		int status = run_compare(&o);
		opts_free(&o);
		return status;
	}
	if (want_browser(&o)) {
		int status = tui_main(&o);
		opts_free(&o);
		return status;
	}
	int status = run_text(&o);
	opts_free(&o);
	return status;
}
