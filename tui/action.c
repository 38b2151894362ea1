/* SPDX-License-Identifier: GPL-3.0-or-later */
/* action: see action.h. */
#include "config.h"
#include "action.h"

#include <string.h>

static const struct {
	const char *name, *help;
} actions[ACT_COUNT] = {
#define ACTION_ROW(id, name, help) { name, help },
	ACTION_LIST(ACTION_ROW)
#undef ACTION_ROW
};

const char *action_name(enum action a)
{
	return (unsigned)a < ACT_COUNT ? actions[a].name : "?";
}

const char *action_help(enum action a)
{
	return (unsigned)a < ACT_COUNT ? actions[a].help : "";
}

int action_lookup(const char *name)
{
	for (int i = 0; i < ACT_COUNT; i++)
		if (strcmp(actions[i].name, name) == 0)
			return i;
	return -1;
}
