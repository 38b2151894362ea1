/* SPDX-License-Identifier: GPL-3.0-or-later */
/* notes: see notes.h.  Each text starts with a blank line.  Page
 * structure is GNU's: gprof ends every block of notes with a page of its
 * own (a form feed and a short text), so scripts that split a report on
 * form feeds find the same pages in ours; the text of that page is ours. */
#include "config.h"
#include "notes.h"

static const char flat_text[] =
	"\n"
	" How to read the flat profile\n"
	"\n"
	" Each row is one function, heaviest first.\n"
	"\n"
	" % time       share of all sampled time that fell inside this\n"
	"              function's own code.\n"
	" cumulative   running total of the self seconds of this row and\n"
	" seconds      every row above it.\n"
	" self         seconds sampled in the function itself (not in the\n"
	" seconds      functions it calls); rows are sorted on this column.\n"
	" calls        how many times the function was entered, counted by\n"
	"              its profiling hook; empty for code built without -pg.\n"
	"              Calls a function makes to itself are not included.\n"
	" self/call    self time divided by calls, in the unit shown in the\n"
	"              heading (ms = milliseconds, us = microseconds, ...).\n"
	" total/call   self time plus the time inherited from callees,\n"
	"              divided by calls.\n"
	" name         the function; ties are ordered by name.\n"
	"\n"
	" Times are estimates: a function's self time is the number of\n"
	" program-counter samples that landed in it times the sample period,\n"
	" so short functions carry a sampling error of about the square root\n"
	" of their sample count.\n"
	"\n";

static const char graph_text[] =
	"\n"
	" How to read the call graph\n"
	"\n"
	" Entries are sorted by the time spent in a function together with\n"
	" everything it called, and are separated by dashed lines.  In each\n"
	" entry the line that starts with [N] is the function itself; the\n"
	" lines above it are its callers and the lines below it its callees.\n"
	" Every name is followed by the [N] of its own entry, or (N) when that\n"
	" entry was left out of this listing.\n"
	"\n"
	" On the function's own line:\n"
	"   % time     share of the total that this function and its callees\n"
	"              account for (options that leave functions out make\n"
	"              these shares add up to less or more than 100).\n"
	"   self       seconds spent in the function's own code.\n"
	"   children   seconds inherited from the functions it called.\n"
	"   called     calls from other functions, then \"+\" and the calls\n"
	"              the function made to itself, if any.\n"
	"\n"
	" On a caller's line: the seconds of self and children time this\n"
	" caller is charged for, and how many of the function's calls came\n"
	" from it, over the total.\n"
	"\n"
	" On a callee's line: the seconds of the callee's self and children\n"
	" time charged to this function, and how many of the callee's calls\n"
	" this function made, over the callee's total.\n"
	"\n"
	" Time moves from callee to caller in proportion to call counts: a\n"
	" caller that made a quarter of the calls is charged a quarter of the\n"
	" callee's time.  That is an assumption, not a measurement.\n"
	"\n"
	" Functions that call each other in a loop form a cycle, shown as\n"
	" <cycle N> after their names.  A cycle gets its own entry, \"<cycle N\n"
	" as a whole>\", listing its members; calls between members are shown\n"
	" without times, and \"+\" on the cycle's line counts them.\n"
	"\n"
	" A function with no recorded caller shows <spontaneous> above it.\n"
	"\n";

static const char end_page[] =
	"\f\n"
	" tgprof: the notes above are tgprof's own; -b leaves them out.\n";

void notes_flat(FILE *out)
{
	fputs(flat_text, out);
	fputs(end_page, out);
}

void notes_graph(FILE *out)
{
	fputs(graph_text, out);
	fputs(end_page, out);
}
