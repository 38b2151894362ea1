/* SPDX-License-Identifier: GPL-3.0-or-later */
/* demangle: see demangle.h. */
#include "config.h"
#include "demangle.h"

#include <stdlib.h>
#include <string.h>

/* libiberty.h declares basename() itself unless told that the C library
 * already does; glibc's declaration would then conflict. */
#ifndef HAVE_DECL_BASENAME
#define HAVE_DECL_BASENAME 1
#endif
#if defined(HAVE_LIBIBERTY_DEMANGLE_H)
#include <libiberty/demangle.h>
#elif defined(HAVE_DEMANGLE_H)
#include <demangle.h>
#else
#error "configure found no demangle.h"
#endif

#include "util.h"

/* "none" maps to no_demangling (-1), which we must tell apart from an
 * unknown name; keep our own code for it. */
#define STYLE_NONE (-2)

int demangle_style(const char *name)
{
	enum demangling_styles s;

	if (!name)
		return -1;
	s = cplus_demangle_name_to_style(name);
	if (s == unknown_demangling)
		return -1;
	if (s == no_demangling)
		return STYLE_NONE;
	return (int)s;
}

int demangle_style_auto(void)
{
	return (int)auto_demangling;
}

char *demangle_name(const char *name, int style)
{
	const char *core = name, *at;
	char *tmp = NULL, *res, *out;
	size_t pre, suf_len, res_len;

	if (style == STYLE_NONE || style < 0 || !name[0])
		return NULL;
	/* Leading dots and dollars (function descriptors on some targets)
	 * would stop the demangler; they are kept in the output. */
	while (*core == '.' || *core == '$')
		core++;
	pre = (size_t)(core - name);
	at = strchr(core, '@');
	if (at) {
		tmp = xmalloc((size_t)(at - core) + 1);
		memcpy(tmp, core, (size_t)(at - core));
		tmp[at - core] = '\0';
		core = tmp;
	}
	res = cplus_demangle(core, DMGL_PARAMS | DMGL_ANSI | style);
	free(tmp);
	if (!res || (pre == 0 && !at))
		return res;
	suf_len = at ? strlen(at) : 0;
	res_len = strlen(res);
	out = xmalloc(pre + res_len + suf_len + 1);
	memcpy(out, name, pre);
	memcpy(out + pre, res, res_len);
	if (at)
		memcpy(out + pre + res_len, at, suf_len);
	out[pre + res_len + suf_len] = '\0';
	free(res);
	return out;
}
