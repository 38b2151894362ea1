/* export: see export.h.  (Stub: the implementation follows.) */
#include "config.h"
#include "export.h"

#include <string.h>

void export_params_default(struct export_params *p)
{
	p->node_threshold = 0.005;
	p->edge_threshold = 0.001;
	p->callgrind_usec = 0;
}

static const char *const names[] = { "text", "json", "dot", "callgrind" };

int export_format_parse(const char *name, enum export_format *f)
{
	for (int i = 0; i < 4; i++)
		if (strcmp(name, names[i]) == 0) {
			*f = (enum export_format)i;
			return 0;
		}
	return -1;
}

const char *export_format_name(enum export_format f)
{
	return (unsigned)f < 4 ? names[f] : "?";
}

enum export_format export_format_guess(const char *path)
{
	(void)path;
	return EXPORT_TEXT;
}

int export_write(struct edit *e, const char *path, enum export_format f,
		 const struct export_params *p, int force, char *msg,
		 size_t msglen)
{
	(void)e; (void)path; (void)f; (void)p; (void)force;
	if (msg && msglen)
		snprintf(msg, msglen, "export: not implemented yet");
	return -1;
}

int export_stream(FILE *out, struct edit *e, enum export_format f,
		  const struct export_params *p, char *msg, size_t msglen)
{
	(void)out; (void)e; (void)f; (void)p;
	if (msg && msglen)
		snprintf(msg, msglen, "export: not implemented yet");
	return -1;
}
