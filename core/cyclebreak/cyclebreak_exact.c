/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_exact: the cheapest set of arcs whose deletion leaves every
 * component within the bound N, as an integer program solved by GLPK.
 *
 * A variable x_a per deletable arc (1: deleted), minimise the sum of
 * w_a x_a; where the numbers stay well within a double's exact range, the
 * weights are scaled by the arcs plus one and each arc adds one, so that
 * among sets of the fewest calls the one of fewest arcs wins.  The constraints are lazy: a strongly connected set of arcs
 * spanning more than N nodes (a witness) must lose one of its deletable
 * arcs, sum of x_a over it >= 1; there are exponentially many, so only
 * those a solution violates are added.  Witnesses come from a separation
 * routine: from a root r, the shortest cycle through r by x (fewest arcs
 * among equal lengths), then the shortest ears (paths from the witness
 * back to it through new nodes) until it spans N + 1 nodes: an ear
 * decomposition, so strongly connected; it is violated when its arcs sum
 * to less than 1.  For an integral solution the roots are taken in the
 * components over the bound its kept arcs leave (there the kept arcs
 * weigh 0, so a witness is always found: the solution is infeasible
 * exactly when one is); for a fractional one, roots in turn.
 *
 * First the LP relaxation is solved with rounds of separation (cutting
 * planes; rows left slack are dropped as they pile up), which gives a
 * lower bound; then branch and bound
 * (glp_intopt) from the heuristic solution, separating at every node.
 * When the time runs out (or the caller stops it), the best solution so
 * far stands and the bound is the least of the open nodes' bounds and the
 * incumbent: every constraint added is valid, so each relaxation's optimum
 * is at most the true minimum, and the weights are whole numbers. */
#include "config.h"
#include "cyclebreak_int.h"
#include "util.h"

#include <glpk.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define VIOLATED   0.999999 /* a witness whose arcs sum to less is cut */
#define SLACK_ROWS 500      /* slack rows dropped once there are this many */

struct dnode {
	double d;
	uint32_t hops, v;
};

struct ilp {
	const struct cb_sub *s;
	long bound;
	glp_prob *lp;
	int *col;      /* per arc: its column (1-based), 0 if fixed */
	uint32_t *arc; /* per column: its arc */
	int ncols;
	double *x;          /* per arc: the solution's value (fixed: 0) */
	const uint8_t *inc; /* the incumbent */
	double start, seconds;
	int stopped, heur_given;
	double node_bound; /* least bound of the open nodes (+inf: none) */
	uint32_t next_root;
	/* separation scratch: distances, arcs and tree arcs of a search,
	 * the witness's nodes (marked in inw) and arcs */
	double *df;
	uint32_t *hf, *pf, *seen, stamp;
	uint32_t *wnode, *inw, wstamp;
	struct dnode *heap;
	size_t nheap, capheap;
	uint32_t *wit;
	int *ind;
	double *val;
	uint64_t *hashes;
	size_t nhash, caphash;
	uint32_t *comp, *csize;
};

static int dnode_less(struct dnode a, struct dnode b)
{
	if (a.d != b.d)
		return a.d < b.d;
	return a.hops < b.hops;
}

static void hpush(struct ilp *p, struct dnode e)
{
	size_t i = p->nheap++;
	while (i > 0) {
		size_t up = (i - 1) / 2;
		if (!dnode_less(e, p->heap[up]))
			break;
		p->heap[i] = p->heap[up];
		i = up;
	}
	p->heap[i] = e;
}

static struct dnode hpop(struct ilp *p)
{
	struct dnode top = p->heap[0], e = p->heap[--p->nheap];
	size_t i = 0;
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= p->nheap)
			break;
		if (c + 1 < p->nheap && dnode_less(p->heap[c + 1], p->heap[c]))
			c++;
		if (!dnode_less(p->heap[c], e))
			break;
		p->heap[i] = p->heap[c];
		i = c;
	}
	if (p->nheap > 0)
		p->heap[i] = e;
	return top;
}

/* Whether the witness in p->wit[0..k-1] was added before in this round
 * of separation; if not, remember it.  (A violated row is never in the
 * current problem, so only the rows of this round can repeat it; rows
 * added at one node of the search are not in the others.) */
static int seen_before(struct ilp *p, uint32_t k)
{
	uint64_t h = 1469598103934665603ull, sum = 0;
	for (uint32_t i = 0; i < k; i++)
		sum += (uint64_t)p->wit[i] * 2654435761u + 1;
	h = (h ^ sum) * 1099511628211ull ^ k;
	for (size_t i = 0; i < p->nhash; i++)
		if (p->hashes[i] == h)
			return 1;
	util_grow((void **)&p->hashes, &p->caphash, p->nhash + 1, sizeof *p->hashes);
	p->hashes[p->nhash++] = h;
	return 0;
}

/* One search for the cheapest way (by x, then fewest arcs) back into the
 * witness: from the witness's nodes (all of them, or only R when the
 * witness is R alone) forwards over nodes outside it, to an arc that
 * closes on a node of it, through at least one new node.  The nodes
 * reached get the stamp in p->seen, their distance and tree arc (CB_NONE
 * at a source).  Returns the closing arc, CB_NONE when there is none
 * shorter than LIMIT. */
static uint32_t ear(struct ilp *p, uint32_t r, uint32_t nw, double limit)
{
	const struct cb_sub *s = p->s;
	uint32_t stamp = ++p->stamp, best = CB_NONE;
	struct dnode bestd = { limit, 0, 0 };

	p->nheap = 0;
	for (uint32_t i = 0; i < (nw ? nw : 1); i++) {
		uint32_t v = nw ? p->wnode[i] : r;
		p->seen[v] = stamp;
		p->df[v] = 0;
		p->hf[v] = 0;
		p->pf[v] = CB_NONE;
		hpush(p, (struct dnode){ 0, 0, v });
	}
	while (p->nheap > 0) {
		struct dnode e = hpop(p);
		uint32_t v = e.v;
		if (e.d != p->df[v] || e.hops != p->hf[v])
			continue;
		if (!dnode_less(e, bestd))
			break;
		for (uint32_t i = s->out_start[v]; i < s->out_start[v + 1]; i++) {
			uint32_t a = s->out_arc[i], u = s->dst[a];
			struct dnode n = { e.d + p->x[a], e.hops + 1, u };
			if (p->inw[u] == p->wstamp || (!nw && u == r)) {
				/* closes the ear: it must have a new node */
				if (p->pf[v] != CB_NONE && dnode_less(n, bestd)) {
					bestd = n;
					best = a;
				}
				continue;
			}
			if (p->seen[u] == stamp &&
			    !dnode_less(n, (struct dnode){ p->df[u], p->hf[u], u }))
				continue;
			p->seen[u] = stamp;
			p->df[u] = n.d;
			p->hf[u] = n.hops;
			p->pf[u] = a;
			if (p->nheap < p->capheap)
				hpush(p, n);
		}
	}
	return best;
}

/* Add the row sum of p->val[i] x(p->ind[i]), i = 1..K, >= RHS. */
static void put_row(struct ilp *p, int k, double rhs)
{
	int row = glp_add_rows(p->lp, 1);
	glp_set_row_bnds(p->lp, row, GLP_LO, rhs, 0.0);
	glp_set_mat_row(p->lp, row, k, p->ind, p->val);
}

/* Grow a witness from R: the shortest cycle through R, then the shortest
 * ears until it spans N + 1 nodes; add its row when violated (and not
 * added in this round already).  Returns 1 if added. */
static int witness(struct ilp *p, uint32_t r)
{
	const struct cb_sub *s = p->s;
	uint32_t need = (uint32_t)p->bound + 1, nw = 0, k = 0;
	double sum = 0;

	p->wstamp++;
	while (nw < need) {
		uint32_t a = ear(p, r, nw, VIOLATED - sum);
		if (a == CB_NONE)
			return 0;
		sum += p->x[a];
		p->wit[k++] = a;
		if (nw == 0) {
			p->inw[r] = p->wstamp;
			p->wnode[nw++] = r;
		}
		for (uint32_t v = s->src[a]; p->inw[v] != p->wstamp;
		     v = s->src[p->pf[v]]) {
			p->inw[v] = p->wstamp;
			p->wnode[nw++] = v;
			p->wit[k++] = p->pf[v];
			sum += p->x[p->pf[v]];
		}
	}
	uint32_t nd = 0;
	for (uint32_t i = 0; i < k; i++)
		if (p->col[p->wit[i]])
			p->wit[nd++] = p->wit[i];
	if (nd == 0 || sum >= VIOLATED || seen_before(p, nd))
		return 0;
	for (uint32_t i = 0; i < nd; i++) {
		p->ind[i + 1] = p->col[p->wit[i]];
		p->val[i + 1] = 1.0;
	}
	put_row(p, (int)nd, 1.0);
	return 1;
}

/* Rows for the solution in p->x: first from the components over the
 * bound of the arcs it keeps (x < 1/2), then, unless INTEGRAL_ONLY, from
 * roots in turn within a budget of searches.  Returns the rows added. */
static int separate(struct ilp *p, int integral_only)
{
	const struct cb_sub *s = p->s;
	uint8_t *kdel = xmalloc((size_t)s->m + 1);
	int added = 0;

	p->nhash = 0;

	for (uint32_t a = 0; a < s->m; a++)
		kdel[a] = p->x[a] >= 0.5;
	uint32_t nc = cb_scc(s, kdel, p->comp);
	memset(p->csize, 0, ((size_t)nc + 1) * sizeof(uint32_t));
	for (uint32_t v = 0; v < s->n; v++)
		p->csize[p->comp[v]]++;
	/* roots in each oversized component, spread over its members: up to
	 * one per N + 1 of them (at most 128), a component left after three
	 * that gave nothing new */
	uint32_t *tries = xcalloc((size_t)nc + 1, sizeof(uint32_t));
	uint32_t *fails = xcalloc((size_t)nc + 1, sizeof(uint32_t));
	uint32_t stride = s->n / 97 + 1;
	for (uint32_t i = 0; i < s->n && added < 200; i++) {
		uint32_t v = (uint32_t)(((uint64_t)i * stride + i / (s->n / stride + 1)) %
					s->n);
		uint32_t c = p->comp[v];
		uint32_t cap = p->csize[c] / ((uint32_t)p->bound + 1);
		if (p->csize[c] <= (uint32_t)p->bound || fails[c] >= 3 ||
		    tries[c] >= (cap < 1     ? 1
				 : cap > 128 ? 128
					     : cap))
			continue;
		tries[c]++;
		if (witness(p, v))
			added++;
		else
			fails[c]++;
	}
	free(tries);
	free(fails);
	free(kdel);
	if (integral_only || added > 0)
		return added;
	uint32_t nroots = s->n < 64 ? s->n : 64;
	for (uint32_t i = 0; i < nroots; i++) {
		uint32_t r = p->next_root++ % s->n;
		added += witness(p, r);
	}
	return added;
}

/* Drop the rows the relaxation's last solution satisfies with room to
 * spare (their slack variable basic), once there are SLACK_ROWS of them:
 * the relaxation then stays at a few thousand rows and each re-solve is
 * fast, where keeping every row ever added made the re-solves, not the
 * separation, the limit (on CPython's 2,179-member cycle at bound 10 the
 * relaxation reached 20.4M calls in 30 s with every row, 22.2M without
 * the slack ones).  A dropped row that binds again is separated again.
 * Rows of basic slack variables leave the basis valid without them. */
static void drop_slack_rows(struct ilp *p)
{
	int nr = glp_get_num_rows(p->lp), nd = 0;
	int *rows = xmalloc(((size_t)nr + 1) * sizeof(int));
	for (int i = 1; i <= nr; i++)
		if (glp_get_row_stat(p->lp, i) == GLP_BS &&
		    glp_get_row_prim(p->lp, i) > glp_get_row_lb(p->lp, i) + 1e-6)
			rows[++nd] = i;
	if (nd >= SLACK_ROWS)
		glp_del_rows(p->lp, nd, rows);
	free(rows);
}

static double elapsed(const struct ilp *p)
{
	return util_now() - p->start;
}

/* Whether to stop: the time is up or the caller says so. */
static int must_stop(struct ilp *p)
{
	const struct cb_sub *s = p->s;
	double e = elapsed(p);
	if (e >= p->seconds || cb_cancelled(s)) {
		p->stopped = 1;
	} else if (s->progress && s->progress(s->progress_ctx, "exact search",
					      p->seconds > 0 ? e / p->seconds : 1)) {
		/* the caller stops the exact search of every component */
		p->stopped = 1;
		if (s->cancel)
			*s->cancel = 1;
	}
	return p->stopped;
}

/* The LP's values, kept within [0, 1] (the simplex leaves specks of
 * rounding that would make lengths negative). */
static void read_lp(struct ilp *p)
{
	for (int j = 1; j <= p->ncols; j++) {
		double v = glp_get_col_prim(p->lp, j);
		p->x[p->arc[j]] = v < 1e-9 ? 0 : v > 1 ? 1 : v;
	}
}

static void callback(glp_tree *t, void *info)
{
	struct ilp *p = info;
	int best = glp_ios_best_node(t);
	if (best)
		p->node_bound = glp_ios_node_bound(t, best);
	switch (glp_ios_reason(t)) {
	case GLP_IROWGEN:
		read_lp(p);
		separate(p, 0);
		break;
	case GLP_IHEUR:
		if (!p->heur_given) {
			double *v = xcalloc((size_t)p->ncols + 1, sizeof(double));
			for (int j = 1; j <= p->ncols; j++)
				v[j] = p->inc[p->arc[j]] ? 1.0 : 0.0;
			glp_ios_heur_sol(t, v);
			free(v);
			p->heur_given = 1;
		}
		break;
	default: break;
	}
	if (must_stop(p))
		glp_ios_terminate(t);
}

static int ms_left(const struct ilp *p)
{
	double left = p->seconds - elapsed(p);
	return left <= 0 ? 1 : left > 2e6 ? 2000000000 : (int)(left * 1000) + 1;
}

/* A whole-number lower bound on the weight from a relaxation's optimum B
 * of the objective (weights times SCALE, plus one per arc of the NCOLS
 * when scaled). */
static uint64_t whole_bound(double b, double scale, int ncols)
{
	b = b * (1 - 1e-9) - 1e-6;
	if (scale > 1)
		b = (b - ncols) / scale;
	return b <= 0 ? 0 : (uint64_t)ceil(b);
}

int cb_exact(const struct cb_sub *s, long bound, uint8_t *del, double seconds,
	     uint64_t *lower)
{
	struct ilp p;
	size_t nn = (size_t)s->n + 1, mm = (size_t)s->m + 1;
	uint64_t inc_cost = cb_cost_of(s, del).calls;
	int proved = 0;
	double root = 0;

	memset(&p, 0, sizeof p);
	p.s = s;
	p.bound = bound;
	p.inc = del;
	p.start = util_now();
	p.seconds = seconds;
	p.node_bound = HUGE_VAL;
	p.col = xcalloc(mm, sizeof(int));
	p.arc = xcalloc(mm + 1, sizeof(uint32_t));
	p.x = xcalloc(mm, sizeof(double));
	p.df = xmalloc(nn * sizeof(double));
	p.hf = xmalloc(nn * sizeof(uint32_t));
	p.pf = xmalloc(nn * sizeof(uint32_t));
	p.seen = xcalloc(nn, sizeof(uint32_t));
	p.wnode = xmalloc(nn * sizeof(uint32_t));
	p.inw = xcalloc(nn, sizeof(uint32_t));
	p.capheap = mm + nn;
	p.heap = xmalloc(p.capheap * sizeof *p.heap);
	p.wit = xmalloc((mm + nn) * sizeof(uint32_t));
	p.ind = xmalloc((mm + 1) * sizeof(int));
	p.val = xmalloc((mm + 1) * sizeof(double));
	p.comp = xmalloc(nn * sizeof(uint32_t));
	p.csize = xmalloc((nn + 1) * sizeof(uint32_t));

	glp_term_out(GLP_OFF);
	p.lp = glp_create_prob();
	glp_set_obj_dir(p.lp, GLP_MIN);
	double total = 0;
	for (uint32_t a = 0; a < s->m; a++) {
		p.ncols += !s->fixed[a];
		total += s->fixed[a] ? 0 : (double)s->w[a];
	}
	/* calls first, then arcs, when that stays exact */
	double scale = (total + 1) * ((double)p.ncols + 1) < 1e12 ? p.ncols + 1.0 : 1.0;
	if (p.ncols > 0)
		glp_add_cols(p.lp, p.ncols);
	for (uint32_t a = 0, j = 0; a < s->m; a++) {
		if (s->fixed[a])
			continue;
		p.col[a] = (int)++j;
		p.arc[j] = a;
		glp_set_col_kind(p.lp, (int)j, GLP_BV);
		glp_set_obj_coef(p.lp, (int)j,
				 (double)s->w[a] * scale + (scale > 1 ? 1.0 : 0.0));
	}

	/* the packing's sets as the first rows: the relaxation starts at
	 * least as high as the packing's bound (its amounts are a feasible
	 * dual) */
	struct cb_sets sets;
	cb_lower_bound_sets(s, bound, &sets);
	for (size_t i = 0, b = 0; i < sets.n && p.ncols > 0; b = sets.end[i++]) {
		int k = 0;
		for (size_t j = b; j < sets.end[i]; j++) {
			p.ind[++k] = p.col[sets.arc[j]];
			p.val[k] = 1.0;
		}
		if (k > 0)
			put_row(&p, k, 1.0);
	}
	free(sets.arc);
	free(sets.end);
	/* and the flowers' rows, which the relaxation alone is far below */
	struct cb_rows fr;
	cb_flowers(s, bound, &fr, p.start + seconds / 4);
	for (size_t i = 0, b = 0; i < fr.n && p.ncols > 0; b = fr.end[i++]) {
		int k = 0;
		for (size_t j = b; j < fr.end[i]; j++) {
			p.ind[++k] = p.col[fr.arc[j]];
			p.val[k] = fr.coef[j];
		}
		put_row(&p, k, fr.rhs[i]);
	}
	free(fr.arc);
	free(fr.coef);
	free(fr.rhs);
	free(fr.end);

	/* the LP relaxation, with rounds of separation */
	glp_smcp sm;
	glp_init_smcp(&sm);
	sm.msg_lev = GLP_MSG_OFF;
	sm.meth = GLP_DUALP; /* cuts keep the basis dual feasible */
	int lp_ok = 0;
	for (;;) {
		if (p.ncols == 0 || must_stop(&p))
			break;
		sm.tm_lim = ms_left(&p);
		if (glp_simplex(p.lp, &sm) != 0 || glp_get_status(p.lp) != GLP_OPT) {
			lp_ok = 0;
			break;
		}
		lp_ok = 1;
		/* every round's relaxation is valid (rows dropped or not):
		 * the best of them bounds the minimum */
		if (glp_get_obj_val(p.lp) > root)
			root = glp_get_obj_val(p.lp);
		read_lp(&p);
		drop_slack_rows(&p);
		if (separate(&p, 0) == 0)
			break;
		lp_ok = 0; /* rows added: solve again */
	}
	uint64_t lb = lp_ok || root > 0 ? whole_bound(root, scale, p.ncols) : 0;
	if (lp_ok && !p.stopped) {
		glp_iocp io;
		glp_init_iocp(&io);
		io.msg_lev = GLP_MSG_OFF;
		io.presolve = GLP_OFF;
		io.bt_tech = GLP_BT_BLB;
		io.cb_func = callback;
		io.cb_info = &p;
		io.tm_lim = ms_left(&p);
		int st = glp_intopt(p.lp, &io);
		int ms = glp_mip_status(p.lp);
		if (ms == GLP_OPT || ms == GLP_FEAS) {
			uint8_t *cand = xcalloc(mm, 1);
			for (int j = 1; j <= p.ncols; j++)
				cand[p.arc[j]] = glp_mip_col_val(p.lp, j) > 0.5;
			if (cb_fits(s, cand, bound) &&
			    cb_cost_less(cb_cost_of(s, cand), cb_cost_of(s, del))) {
				memcpy(del, cand, s->m);
				inc_cost = cb_cost_of(s, del).calls;
			}
			free(cand);
		}
		if (st == 0 && ms == GLP_OPT && !p.stopped) {
			proved = 1;
			lb = inc_cost;
		} else {
			/* the open nodes' bounds, and the incumbent's value
			 * for the part of the tree already searched */
			double inc_obj = 0, nb = p.node_bound;
			for (uint32_t a = 0; a < s->m; a++)
				if (del[a])
					inc_obj += (double)s->w[a] * scale + (scale > 1);
			if (inc_obj < nb)
				nb = inc_obj;
			uint64_t b = whole_bound(nb, scale, p.ncols);
			if (b > lb)
				lb = b;
		}
	} else if (p.ncols == 0) {
		proved = 1; /* nothing can be deleted: DEL is all there is */
		lb = inc_cost;
	}
	if (lb > inc_cost)
		lb = inc_cost;
	if (lower)
		*lower = lb;
	glp_delete_prob(p.lp);
	free(p.col);
	free(p.arc);
	free(p.x);
	free(p.df);
	free(p.hf);
	free(p.pf);
	free(p.seen);
	free(p.wnode);
	free(p.inw);
	free(p.heap);
	free(p.wit);
	free(p.ind);
	free(p.val);
	free(p.comp);
	free(p.csize);
	free(p.hashes);
	return proved;
}
