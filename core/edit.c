/* edit: see edit.h.  (Stub: the implementation follows.) */
#include "config.h"
#include "edit.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct edit {
	struct load *l;
	const struct opts *o;
};

static int fail(char *msg, size_t msglen)
{
	if (msg && msglen)
		snprintf(msg, msglen, "not implemented yet");
	return -1;
}

struct edit *edit_open(struct load *l, const struct opts *o)
{
	struct edit *e = xcalloc(1, sizeof *e);
	e->l = l;
	e->o = o;
	return e;
}
void edit_close(struct edit *e) { free(e); }
struct cg *edit_graph(const struct edit *e) { return &e->l->g; }
struct load *edit_load(const struct edit *e) { return e->l; }
const struct opts *edit_opts(const struct edit *e) { return e->o; }
unsigned long edit_generation(const struct edit *e) { (void)e; return 0; }
double edit_last_propagate_seconds(const struct edit *e) { (void)e; return 0; }
uint32_t edit_lookup(const struct edit *e, const char *t, char *m, size_t ml)
{ (void)e; (void)t; fail(m, ml); return CG_NONE; }
int edit_arc_delete(struct edit *e, uint32_t a, char *m, size_t ml)
{ (void)e; (void)a; return fail(m, ml); }
int edit_arc_restore(struct edit *e, uint32_t a, char *m, size_t ml)
{ (void)e; (void)a; return fail(m, ml); }
int edit_arc_delete_spec(struct edit *e, const char *s, size_t *n, char *m, size_t ml)
{ (void)e; (void)s; (void)n; return fail(m, ml); }
int edit_arc_restore_spec(struct edit *e, const char *s, size_t *n, char *m, size_t ml)
{ (void)e; (void)s; (void)n; return fail(m, ml); }
int edit_arcs_delete(struct edit *e, const uint32_t *a, size_t n, const char *l,
		     char *m, size_t ml)
{ (void)e; (void)a; (void)n; (void)l; return fail(m, ml); }
const uint32_t *edit_deleted_arcs(const struct edit *e, size_t *n)
{ (void)e; *n = 0; return NULL; }
int edit_arc_spec(const struct edit *e, uint32_t a, char *b, size_t len)
{ (void)e; (void)a; if (len) b[0] = 0; return 0; }
int edit_set_self(struct edit *e, uint32_t n, double s, char *m, size_t ml)
{ (void)e; (void)n; (void)s; return fail(m, ml); }
int edit_scale_self(struct edit *e, uint32_t n, double f, char *m, size_t ml)
{ (void)e; (void)n; (void)f; return fail(m, ml); }
int edit_select(struct edit *e, uint32_t n, enum edit_sel w, int on, char *m, size_t ml)
{ (void)e; (void)n; (void)w; (void)on; return fail(m, ml); }
int edit_command(struct edit *e, const char *line, char *m, size_t ml)
{ (void)e; (void)line; return fail(m, ml); }
void edit_group_begin(struct edit *e, const char *l) { (void)e; (void)l; }
int edit_group_end(struct edit *e) { (void)e; return 0; }
int edit_undo(struct edit *e, char *m, size_t ml) { (void)e; return fail(m, ml); }
int edit_redo(struct edit *e, char *m, size_t ml) { (void)e; return fail(m, ml); }
int edit_can_undo(const struct edit *e) { (void)e; return 0; }
int edit_can_redo(const struct edit *e) { (void)e; return 0; }
size_t edit_nsteps(const struct edit *e) { (void)e; return 0; }
const char *edit_step_label(const struct edit *e, size_t i) { (void)e; (void)i; return ""; }
int edit_orig(const struct edit *e, uint32_t n, struct edit_orig *out)
{ (void)e; (void)n; memset(out, 0, sizeof *out); return 0; }
void edit_dump(FILE *out, const struct edit *e) { (void)out; (void)e; }
