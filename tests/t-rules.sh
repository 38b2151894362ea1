#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# GNU's rules each in one home (doc/architecture.md): a rule's marker, a
# string or expression only a copy of the rule would hold, appears in the
# code of core/, tui/ and src/ only in the rule's home.  Comments do not
# count (the C preprocessor strips them), so a comment may name a rule.
# The checker is also run on a small tree with planted copies, which it
# must report.
. "$(dirname "$0")/lib.sh"
tg_need awk grep find "${CC:-cc}"

# One rule a line: NAME|HOMES (comma-separated files)|MARKER (an awk ERE
# matched against each line of comment-free code; read from the
# environment, so backslashes stay as written).
RULES='flat selection sets|core/graph/cg.h,core/load/select.c|CG_(IN|EX)CL_FLAT
functions listed unless -z|core/report/rows.c|zero *[|][|] *[A-Za-z_>.-]*ncalls *(!=|>) *0
% time|core/graph/cg.h|100(\.0)? *\* *\(?[A-Za-z_>.-]*(self_time|prop_self|prop_child)
no time: divide by 1|core/graph/cg.h|_time *> *0 *\?[^:;]*: *1([^0-9]|$)
seconds without a rate|core/graph/cg.h|hz *> *0 *\?([^:;]*/ *[A-Za-z_>.-]*hz *: *0| *[A-Za-z_>.-]*hz *: *1([^0-9.]|$))
arc inside a cycle|core/graph/cg.h,core/graph/propagate.c|cycle *== *[][A-Za-z_>.()-]*cycle([^A-Za-z_]|$)
call graph headings|core/report/rows.c|index % time
cycle names|core/report/rows.c|<cycle ["%]|as a whole>[" ]
default exclusions|core/profile/symtab.c|"(_gprof_mcount|mcount|_mcount|__mcount|__mcount_internal|__mcleanup)"
JSON strings|core/export/json.c|\\u%04x'

# rules_check ROOT: one line per marker found outside its home under ROOT,
# "FILE: RULE: CODE".
rules_check() {
	(cd "$1" && find core src tui -name '*.[ch]' 2>/dev/null | LC_ALL=C sort |
	 while read -r f; do
		# comments out, lines kept as written otherwise
		${CC:-cc} -fpreprocessed -dD -E -P -x c "$f" 2> /dev/null |
			awk -v f="$f" '{ print f "\t" $0 }'
	 done) |
	RULES=$RULES awk '
	BEGIN {
		n = split(ENVIRON["RULES"], r, "\n")
		for (i = 1; i <= n; i++) {
			split(r[i], p, "|")
			name[i] = p[1]; homes[i] = "," p[2] ","
			re[i] = substr(r[i], length(p[1]) + length(p[2]) + 3)
		}
	}
	{
		file = $0; sub(/\t.*/, "", file)
		code = $0; sub(/^[^\t]*\t/, "", code)
		for (i = 1; i <= n; i++)
			if (code ~ re[i] && index(homes[i], "," file ",") == 0) {
				sub(/^[ \t]+/, "", code)
				print file ": " name[i] ": " code
			}
	}'
}

# --- the tree itself
v=$(rules_check "$TOP")
if [ -z "$v" ]; then
	tg_pass "rules: every rule's marker is in its home only"
else
	tg_fail "rules: every rule's marker is in its home only" "$v"
fi

# --- planted copies are found, and a rule in its home or in a comment is not
W=$TG_OUT/t-rules.$$
rm -rf "$W" && mkdir -p "$W/core/graph" "$W/core/report" "$W/core/profile" \
	"$W/core/compare" "$W/core/export" "$W/tui" "$W/src" || exit 1
trap 'rm -rf "$W"' EXIT
cat > "$W/core/report/rows.c" << 'EOF'
/* the home: not reported */
const char h[] = "index % time    self  children    called     name";
EOF
cat > "$W/core/compare/compare.c" << 'EOF'
/* "<cycle N as a whole>", "mcount" and index % time in a comment */
static int sel(const struct cg *g, const struct cg_node *n)
{
	return !((g->set_active >> CG_INCL_FLAT) & 1);
}
static int in(const struct cg_node *n, int zero)
{
	return zero || n->ncalls > 0 || n->self_time > 0;
}
EOF
cat > "$W/tui/view_graph.c" << 'EOF'
static void draw(char *buf, unsigned c, double t, double pt)
{
	double pct = 100 * (s->prop_self + s->prop_child) / pt;
	double p2 = g->print_time > 0 ? g->print_time : 1;
	list_draw_header("  index % time    self  children    called     name");
	snprintf(buf, 40, "<cycle %u as a whole>", c);
}
EOF
cat > "$W/core/export/dot.c" << 'EOF'
static int in_cycle(const struct cg_node *pn, const struct cg_node *cn)
{
	double s = g->hz > 0 ? t / g->hz : 0;
	fprintf(out, "\\u%04x", *p);
	return pn->cycle && pn->cycle == cn->cycle;
}
EOF
cat > "$W/core/profile/lines.c" << 'EOF'
static const char *const names[] = { "mcount", "__mcleanup", NULL };
EOF
v=$(rules_check "$W")
want='core/compare/compare.c: flat selection sets: return !((g->set_active >> CG_INCL_FLAT) & 1);
core/compare/compare.c: functions listed unless -z: return zero || n->ncalls > 0 || n->self_time > 0;
core/export/dot.c: seconds without a rate: double s = g->hz > 0 ? t / g->hz : 0;
core/export/dot.c: JSON strings: fprintf(out, "\\u%04x", *p);
core/export/dot.c: arc inside a cycle: return pn->cycle && pn->cycle == cn->cycle;
core/profile/lines.c: default exclusions: static const char *const names[] = { "mcount", "__mcleanup", NULL };
tui/view_graph.c: % time: double pct = 100 * (s->prop_self + s->prop_child) / pt;
tui/view_graph.c: no time: divide by 1: double p2 = g->print_time > 0 ? g->print_time : 1;
tui/view_graph.c: call graph headings: list_draw_header("  index % time    self  children    called     name");
tui/view_graph.c: cycle names: snprintf(buf, 40, "<cycle %u as a whole>", c);'
if [ "$v" = "$want" ]; then
	tg_pass "rules: planted copies are reported"
else
	tg_fail "rules: planted copies are reported" "got:" "$v" "want:" "$want"
fi
tg_finish
