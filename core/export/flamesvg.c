/* SPDX-License-Identifier: GPL-3.0-or-later */
/* flamesvg: the flame graph of flame.c as one self-contained SVG file.
 *
 * One frame per drawn path, the top rows above a frame "all", children
 * left to right largest first from their parent's left edge, a row's own
 * time the gap at the right; widths are the whole units of flame.c, so
 * they add up as the folded format's numbers do.  Each frame is a group
 * with the path's start, width and depth in units (data-a, data-w,
 * data-d), a title (the full name, a line break, then its time, share of
 * the total and self time: the tooltip, and what a reader of the file
 * finds), a rectangle and a text (the name, cut with ".." to what fits).
 * The script (ours) zooms on a click, shows a frame's title in the
 * details line on hover, and searches names with a regular expression,
 * marking the frames that match and the share of the total they cover.
 * Without scripts (rsvg-convert, an image viewer) the picture is the same
 * graph, unzoomed.  Names are XML-escaped; a control character or a byte
 * that is not UTF-8 is written as a C escape ("\x01"), as XML 1.0 allows
 * neither. */
#include "config.h"
#include "exportint.h"
#include "cg.h"
#include "load.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define SVG_WIDTH  1200
#define SVG_MARGIN 10
#define SVG_FRAME  16  /* frame height, px */
#define SVG_HEAD   60  /* title, note, buttons */
#define SVG_FOOT   28  /* details line */
#define SVG_CHAR   7.0 /* average width of a character at 12px, px */

struct svg {
	FILE *out;
	const struct flame *f;
	uint32_t height;
	uint64_t *pos; /* per depth: where the next child starts, in units */
};

/* Write the character (or the byte that is not UTF-8) of S at *I as XML
 * text, and step *I past it. */
static void put_char(FILE *out, const unsigned char *s, size_t *i)
{
	unsigned char c = s[*i];
	char buf[8];
	int n;

	if (c < 0x20 || c == 0x7f) {
		fputs(util_ctrl_escape(c, buf), out);
		(*i)++;
		return;
	}
	switch (c) {
	case '&': fputs("&amp;", out); break;
	case '<': fputs("&lt;", out); break;
	case '>': fputs("&gt;", out); break;
	case '"': fputs("&quot;", out); break;
	default:
		n = export_utf8_len(s + *i);
		if (n == 0) {
			fprintf(out, "\\x%02x", c);
			(*i)++;
			return;
		}
		fwrite(s + *i, 1, (size_t)n, out);
		*i += (size_t)n;
		return;
	}
	(*i)++;
}

/* NAME as XML text, at most MAX characters; a longer name is cut to
 * MAX - 2 and ".." added.  MAX < 0: no limit. */
static void put_name(FILE *out, const char *name, long max)
{
	const unsigned char *s = (const unsigned char *)name;
	size_t i = 0;
	long n = 0;

	if (max >= 0) {
		for (size_t k = 0; s[k];) {
			int len = s[k] < 0x80 ? 1 : export_utf8_len(s + k);
			k += len > 0 ? (size_t)len : 1;
			n++;
		}
		if (n > max) {
			for (long k = 0; k < max - 2 && s[i]; k++)
				put_char(out, s, &i);
			if (max >= 2)
				fputs("..", out);
			return;
		}
	}
	while (s[i])
		put_char(out, s, &i);
}

static void put_time(FILE *out, const struct flame *f, uint64_t units)
{
	if (f->seconds)
		fprintf(out, "%.6f s", (double)units / 1e6);
	else
		fprintf(out, "%llu samples", (unsigned long long)units);
}

/* A warm color from the name (the same name, the same color); cycles
 * blue, folded frames grey. */
static void put_fill(FILE *out, const char *name, int kind)
{
	unsigned h = 2166136261u;
	for (const unsigned char *s = (const unsigned char *)name; *s; s++)
		h = (h ^ *s) * 16777619u;
	if (kind == 1)
		fprintf(out, "rgb(%u,%u,230)", 120 + h % 60, 140 + (h >> 8) % 60);
	else if (kind == 2)
		fputs("rgb(200,200,200)", out);
	else if (kind == 3)
		fputs("rgb(235,235,225)", out);
	else
		fprintf(out, "rgb(%u,%u,%u)", 215 + h % 40, 90 + (h >> 8) % 130,
			40 + (h >> 16) % 50);
}

static double px(const struct svg *v, uint64_t units)
{
	double span = SVG_WIDTH - 2 * SVG_MARGIN;
	return v->f->sum ? (double)units * span / (double)v->f->sum : 0;
}

/* One frame: NAME at START for WIDTH units, DEPTH from the bottom (0 is
 * "all"); SELF units of its own; KIND 0 function, 1 cycle, 2 folded, 3
 * all. */
static void frame(struct svg *v, const char *name, uint64_t start, uint64_t width,
		  uint32_t depth, uint64_t self, int kind)
{
	FILE *out = v->out;
	const struct flame *f = v->f;

	if (width == 0)
		return;
	double x = SVG_MARGIN + px(v, start), w = px(v, width);
	double y = v->height - SVG_FOOT - (double)(depth + 1) * SVG_FRAME;
	fprintf(out,
		"<g class=\"f\" data-a=\"%llu\" data-w=\"%llu\" data-d=\"%u\"><title>",
		(unsigned long long)start, (unsigned long long)width, depth);
	put_name(out, name, -1);
	putc('\n', out);
	put_time(out, f, width);
	fprintf(out, ", %.2f%%", f->sum ? 100.0 * (double)width / (double)f->sum : 0.0);
	if (kind == 0) {
		fputs(", self ", out);
		put_time(out, f, self);
	}
	fprintf(out,
		"</title><rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%d\" "
		"fill=\"",
		x, y, w, SVG_FRAME - 1);
	put_fill(out, name, kind);
	fprintf(out, "\"/><text x=\"%.2f\" y=\"%.1f\">", x + 3, y + SVG_FRAME - 4.5);
	long fit = (long)((w - 6) / SVG_CHAR);
	if (fit >= 3)
		put_name(out, name, fit);
	fputs("</text></g>\n", out);
}

static void svg_visit(void *ctx, const uint32_t *path, uint32_t n, int enter)
{
	struct svg *v = ctx;
	const struct flame *f = v->f;
	uint32_t r = path[n - 1];
	const struct tree_row *row = &f->t.rows[r];

	if (!enter) {
		frame(v, "[below threshold]", v->pos[n], f->below[r], n + 1, 0, 2);
		return;
	}
	char nb[64];
	const char *name = flame_name(f, row->node, nb, sizeof nb);
	uint64_t start = v->pos[n - 1];
	v->pos[n - 1] += f->total[r];
	v->pos[n] = start;
	frame(v, name, start, f->total[r], n, f->excl[r], cg_is_cycle(f->g, row->node));
}

static const char svg_style[] =
	"<style type=\"text/css\">\n"
	"text { font-family: Verdana, sans-serif; font-size: 12px; fill: black; }\n"
	"#title { font-size: 17px; }\n"
	".f { cursor: pointer; }\n"
	".f:hover rect { stroke: black; stroke-width: 0.5; }\n"
	".f text { pointer-events: none; }\n"
	".button { cursor: pointer; fill: rgb(0,0,160); }\n"
	"</style>\n";

/* The viewer: zoom, details, search.  Frames carry their extent in
 * units; the layout is recomputed from it, never from the pixels. */
static const char svg_script[] =
	"<script type=\"text/ecmascript\"><![CDATA[\n"
	"'use strict';\n"
	"var W = 1200, M = 10, CH = 7.0;\n"
	"var frames = Array.prototype.slice.call(document.querySelectorAll('g.f'));\n"
	"var sum = frames.length ? +frames[0].getAttribute('data-w') : 0;\n"
	"var details = document.getElementById('details');\n"
	"var unzoomBtn = document.getElementById('unzoom');\n"
	"var matched = document.getElementById('matched');\n"
	"function ext(g) { return [+g.getAttribute('data-a'), "
	"+g.getAttribute('data-w'),\n"
	"  +g.getAttribute('data-d')]; }\n"
	"function title(g) { return g.querySelector('title').textContent; }\n"
	"function nameOf(g) { var t = title(g); return t.substring(0, "
	"t.lastIndexOf('\\n')); }\n"
	"function fit(g, x, w) {\n"
	"  var r = g.querySelector('rect'), t = g.querySelector('text');\n"
	"  r.setAttribute('x', x.toFixed(2)); r.setAttribute('width', w.toFixed(2));\n"
	"  t.setAttribute('x', (x + 3).toFixed(2));\n"
	"  var name = nameOf(g), n = Math.floor((w - 6) / CH);\n"
	"  t.textContent = n < 3 ? '' : name.length <= n ? name : name.substring(0, n - "
	"2) + '..';\n"
	"}\n"
	"function zoom(z) {\n"
	"  var e = ext(z), a = e[0], w = e[1], d = e[2], scale = (W - 2 * M) / w;\n"
	"  frames.forEach(function (g) {\n"
	"    var f = ext(g);\n"
	"    if (f[2] < d && f[0] <= a && f[0] + f[1] >= a + w) {\n"
	"      g.style.display = ''; g.style.opacity = '0.6'; fit(g, M, W - 2 * M);\n"
	"    } else if (f[2] >= d && f[0] >= a && f[0] + f[1] <= a + w) {\n"
	"      g.style.display = ''; g.style.opacity = ''; fit(g, M + (f[0] - a) * "
	"scale, f[1] * scale);\n"
	"    } else {\n"
	"      g.style.display = 'none';\n"
	"    }\n"
	"  });\n"
	"  unzoomBtn.style.display = d > 0 ? '' : 'none';\n"
	"}\n"
	"function unzoom() { if (frames.length) zoom(frames[0]); }\n"
	"frames.forEach(function (g) {\n"
	"  g.addEventListener('click', function () { zoom(g); });\n"
	"  g.addEventListener('mouseover', function () { details.textContent = "
	"title(g).replace('\\n', ': '); });\n"
	"  g.addEventListener('mouseout', function () { details.textContent = ' '; });\n"
	"});\n"
	"unzoomBtn.addEventListener('click', unzoom);\n"
	"function mark(re) {\n"
	"  var spans = [];\n"
	"  frames.forEach(function (g) {\n"
	"    var r = g.querySelector('rect');\n"
	"    if (!r.hasAttribute('data-fill')) r.setAttribute('data-fill', "
	"r.getAttribute('fill'));\n"
	"    var hit = re && re.test(nameOf(g)) && ext(g)[2] > 0;\n"
	"    r.setAttribute('fill', hit ? 'rgb(230,0,230)' : "
	"r.getAttribute('data-fill'));\n"
	"    if (hit) spans.push(ext(g));\n"
	"  });\n"
	"  spans.sort(function (x, y) { return x[0] - y[0]; });\n"
	"  var covered = 0, end = -1;\n"
	"  spans.forEach(function (s) {\n"
	"    var b = s[0] + s[1];\n"
	"    if (b <= end) return;\n"
	"    covered += b - Math.max(s[0], end); end = b;\n"
	"  });\n"
	"  matched.textContent = re ? 'Matched: ' + (sum ? 100 * covered / sum : "
	"0).toFixed(2) + '%' : ' ';\n"
	"  return covered;\n"
	"}\n"
	"function search(term) {\n"
	"  if (term === undefined) term = prompt('Search names (regular expression):', "
	"'');\n"
	"  if (term === null || term === '') return mark(null);\n"
	"  var re;\n"
	"  try { re = new RegExp(term); } catch (err) { matched.textContent = 'bad "
	"expression'; return -1; }\n"
	"  return mark(re);\n"
	"}\n"
	"document.getElementById('search').addEventListener('click', function () { "
	"search(); });\n"
	"document.addEventListener('keydown', function (ev) {\n"
	"  if ((ev.ctrlKey && ev.key === 'f') || ev.key === '/') { ev.preventDefault(); "
	"search(); }\n"
	"  else if (ev.key === 'Escape') { unzoom(); mark(null); }\n"
	"});\n"
	"]]></script>\n";

int export_svg(FILE *out, const struct edit *e, const struct export_params *p, char *msg,
	       size_t msglen)
{
	struct flame f;
	struct svg v = { out, &f, 0, NULL };
	double min = export_flame_min(e, p);

	if (flame_build(&f, edit_graph(e), min, msg, msglen))
		return -1;
	v.height = SVG_HEAD + (f.depth + 2) * SVG_FRAME + SVG_FOOT;
	v.pos = xcalloc((size_t)f.depth + 2, sizeof *v.pos);
	fprintf(out,
		"<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
		"<svg version=\"1.1\" width=\"%d\" height=\"%u\" viewBox=\"0 0 %d %u\" "
		"xmlns=\"http://www.w3.org/2000/svg\">\n",
		SVG_WIDTH, v.height, SVG_WIDTH, v.height);
	fputs(svg_style, out);
	fprintf(out,
		"<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%u\" "
		"fill=\"rgb(250,250,245)\"/>\n",
		SVG_WIDTH, v.height);
	fprintf(out,
		"<text id=\"title\" x=\"%d\" y=\"22\" text-anchor=\"middle\">Flame "
		"graph: ",
		SVG_WIDTH / 2);
	const char *prog = edit_load(e)->st.path;
	put_name(out, prog ? prog : "", -1);
	fputs("</text>\n", out);
	fprintf(out, "<text id=\"note\" x=\"%d\" y=\"40\" text-anchor=\"middle\">",
		SVG_WIDTH / 2);
	fputs("path times estimated from the arcs, as gprof's call graph shares them; "
	      "total ",
	      out);
	put_time(out, &f, f.sum);
	if (min > 0)
		fprintf(out, "; paths below %g%% folded", min * 100);
	fputs("</text>\n", out);
	fprintf(out,
		"<text id=\"unzoom\" class=\"button\" x=\"%d\" y=\"22\" style=\"display: "
		"none\">"
		"Reset Zoom</text>\n"
		"<text id=\"search\" class=\"button\" x=\"%d\" y=\"22\" "
		"text-anchor=\"end\">"
		"Search</text>\n"
		"<text id=\"details\" x=\"%d\" y=\"%u\"> </text>\n"
		"<text id=\"matched\" x=\"%d\" y=\"%u\" text-anchor=\"end\"> </text>\n",
		SVG_MARGIN, SVG_WIDTH - SVG_MARGIN, SVG_MARGIN, v.height - 9,
		SVG_WIDTH - SVG_MARGIN, v.height - 9);
	frame(&v, "all", 0, f.sum, 0, 0, 3);
	flame_walk(&f, svg_visit, &v);
	frame(&v, "[below threshold]", v.pos[0], f.top_below, 1, 0, 2);
	fputs(svg_script, out);
	fputs("</svg>\n", out);
	free(v.pos);
	flame_free(&f);
	return 0;
}
