/* SPDX-License-Identifier: GPL-3.0-or-later */
/* keymap: see keymap.h. */
#include "config.h"
#include "keymap.h"
#include "action.h"
#include "util.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

struct binding {
	int key;
	int action;
};

static struct binding *binds[KV_N];
static size_t nbinds[KV_N], capbinds[KV_N];

static const char *const view_names[KV_N] = {
	"generic", "flat",    "graph", "index",  "entry",
	"source",  "deleted", "help",  "cycles", "tree",
};

static const struct {
	const char *name;
	int key;
} named_keys[] = {
	{ "Enter", '\n' },
	{ "Tab", '\t' },
	{ "Esc", 27 },
	{ "Space", ' ' },
	{ "BS", KEYMAP_FUNC | KEY_BACKSPACE },
	{ "Backspace", KEYMAP_FUNC | KEY_BACKSPACE },
	{ "Up", KEYMAP_FUNC | KEY_UP },
	{ "Down", KEYMAP_FUNC | KEY_DOWN },
	{ "Left", KEYMAP_FUNC | KEY_LEFT },
	{ "Right", KEYMAP_FUNC | KEY_RIGHT },
	{ "PgUp", KEYMAP_FUNC | KEY_PPAGE },
	{ "PgDn", KEYMAP_FUNC | KEY_NPAGE },
	{ "Home", KEYMAP_FUNC | KEY_HOME },
	{ "End", KEYMAP_FUNC | KEY_END },
	{ "Del", KEYMAP_FUNC | KEY_DC },
	{ "Ins", KEYMAP_FUNC | KEY_IC },
	{ "BackTab", KEYMAP_FUNC | KEY_BTAB },
	{ "lt", '<' },
	{ "Hash", '#' },
};
#define NNAMED (sizeof named_keys / sizeof named_keys[0])

int keymap_normalize(int key)
{
	if (key == '\r' || key == (KEYMAP_FUNC | KEY_ENTER))
		return '\n';
	if (key == 127 || key == 8)
		return KEYMAP_FUNC | KEY_BACKSPACE;
	return key;
}

/* Decode one UTF-8 character filling all of S; -1 if S is not exactly one. */
static int utf8_one(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	int n, c;
	if (p[0] < 0x80)
		n = 0, c = p[0];
	else if ((p[0] & 0xe0) == 0xc0)
		n = 1, c = p[0] & 0x1f;
	else if ((p[0] & 0xf0) == 0xe0)
		n = 2, c = p[0] & 0x0f;
	else if ((p[0] & 0xf8) == 0xf0)
		n = 3, c = p[0] & 0x07;
	else
		return -1;
	for (int i = 1; i <= n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return -1;
		c = c << 6 | (p[i] & 0x3f);
	}
	return p[n + 1] == 0 ? c : -1;
}

int keymap_parse_key(const char *s)
{
	size_t len = strlen(s);
	if (len == 0)
		return -1;
	if (s[0] == '^' && len == 2 && s[1] >= '@' && s[1] <= '_')
		return keymap_normalize(s[1] & 0x1f);
	if (s[0] == '^' && len == 2 && s[1] >= 'a' && s[1] <= 'z')
		return keymap_normalize(s[1] & 0x1f);
	if (s[0] != '<' || len < 3 || s[len - 1] != '>')
		return utf8_one(s) > 0 ? keymap_normalize(utf8_one(s)) : -1;
	char name[32];
	if (len - 2 >= sizeof name)
		return -1;
	memcpy(name, s + 1, len - 2);
	name[len - 2] = 0;
	if ((name[0] == 'C' || name[0] == 'c') && name[1] == '-' && name[2] && !name[3]) {
		int c = name[2];
		if (c >= 'a' && c <= 'z')
			c -= 32;
		if (c < '@' || c > '_')
			return -1;
		return keymap_normalize(c & 0x1f);
	}
	if ((name[0] == 'F' || name[0] == 'f') && name[1] >= '0' && name[1] <= '9') {
		char *end;
		long n = strtol(name + 1, &end, 10);
		if (*end || n < 1 || n > 12)
			return -1;
		return KEYMAP_FUNC | KEY_F((int)n);
	}
	for (size_t i = 0; i < NNAMED; i++)
		if (strcasecmp(named_keys[i].name, name) == 0)
			return named_keys[i].key;
	return -1;
}

void keymap_key_name(int key, char *buf, size_t len)
{
	for (size_t i = 0; i < NNAMED; i++) {
		if (named_keys[i].key == key &&
		    strcmp(named_keys[i].name, "Backspace") != 0 &&
		    strcmp(named_keys[i].name, "lt") != 0 &&
		    strcmp(named_keys[i].name, "Hash") != 0) {
			snprintf(buf, len, "<%s>", named_keys[i].name);
			return;
		}
	}
	if (key & KEYMAP_FUNC) {
		int k = key & ~KEYMAP_FUNC;
		if (k >= KEY_F(1) && k <= KEY_F(12))
			snprintf(buf, len, "<F%d>", k - KEY_F0);
		else
			snprintf(buf, len, "<key%d>", k);
	} else if (key > 0 && key < 32) {
		snprintf(buf, len, "<C-%c>", key + 'a' - 1);
	} else if (key < 0x80) {
		snprintf(buf, len, "%c", key);
	} else {
		char tmp[8];
		int n = 0;
		if (key < 0x800) {
			tmp[n++] = (char)(0xc0 | key >> 6);
		} else if (key < 0x10000) {
			tmp[n++] = (char)(0xe0 | key >> 12);
			tmp[n++] = (char)(0x80 | (key >> 6 & 0x3f));
		} else {
			tmp[n++] = (char)(0xf0 | key >> 18);
			tmp[n++] = (char)(0x80 | (key >> 12 & 0x3f));
			tmp[n++] = (char)(0x80 | (key >> 6 & 0x3f));
		}
		tmp[n++] = (char)(0x80 | (key & 0x3f));
		tmp[n] = 0;
		snprintf(buf, len, "%s", tmp);
	}
}

const char *keymap_view_name(int v)
{
	return v >= 0 && v < KV_N ? view_names[v] : "?";
}

int keymap_view_lookup(const char *name)
{
	for (int v = 0; v < KV_N; v++)
		if (strcmp(view_names[v], name) == 0)
			return v;
	return -1;
}

void keymap_clear(void)
{
	for (int v = 0; v < KV_N; v++)
		nbinds[v] = 0;
}

void keymap_bind(int view, int key, int action)
{
	for (size_t i = 0; i < nbinds[view]; i++) {
		if (binds[view][i].key == key) {
			binds[view][i].action = action;
			return;
		}
	}
	util_grow((void **)&binds[view], &capbinds[view], nbinds[view] + 1,
		  sizeof *binds[view]);
	binds[view][nbinds[view]].key = key;
	binds[view][nbinds[view]++].action = action;
}

static int lookup(int view, int key)
{
	for (size_t i = 0; i < nbinds[view]; i++)
		if (binds[view][i].key == key)
			return binds[view][i].action;
	return -1;
}

int keymap_action(int view, int key)
{
	int a = view >= 0 && view < KV_N ? lookup(view, key) : -1;
	if (a < 0)
		a = lookup(KV_GENERIC, key);
	return a < 0 ? ACT_NONE : a;
}

void keymap_keys_for(int view, int action, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = 0;
	for (size_t i = 0; i < nbinds[view]; i++) {
		if (binds[view][i].action != action)
			continue;
		char name[32];
		keymap_key_name(binds[view][i].key, name, sizeof name);
		int n = snprintf(buf + used, len - used, "%s%s", used ? ", " : "", name);
		if (n < 0 || (size_t)n >= len - used)
			break;
		used += (size_t)n;
	}
}

static void report(keymap_error_fn *err, const char *file, int line, const char *fmt,
		   const char *arg)
{
	char msg[512], what[256];
	snprintf(what, sizeof what, fmt, arg);
	snprintf(msg, sizeof msg, "%s:%d: %s", file, line, what);
	if (err)
		err(msg);
}

/* Split TEXT into at most MAX whitespace-separated words in BUF. */
static int split(const char *text, char *buf, size_t len, char **w, int max)
{
	int n = 0;
	snprintf(buf, len, "%s", text);
	for (char *p = buf; *p && n < max + 1;) {
		while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
			*p++ = 0;
		if (!*p)
			break;
		w[n++] = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
			p++;
	}
	return n;
}

int keymap_line(const char *file, int line, const char *text, keymap_error_fn *err)
{
	char buf[512], *w[5];
	int n = split(text, buf, sizeof buf, w, 4);

	if (n == 0 || w[0][0] == '#')
		return 0;
	if (strcmp(w[0], "use") == 0) {
		if (n != 2) {
			report(err, file, line, "%s", "usage: use KEYMAP");
			return -1;
		}
		if (keymap_load_builtin(w[1], err) < 0) {
			report(err, file, line, "unknown keymap `%s'", w[1]);
			return -1;
		}
		return 0;
	}
	int unbind = strcmp(w[0], "unbind") == 0;
	if (!unbind && strcmp(w[0], "bind") != 0) {
		report(err, file, line, "unknown statement `%s'", w[0]);
		return -1;
	}
	if (n != (unbind ? 3 : 4)) {
		report(err, file, line, "%s",
		       unbind ? "usage: unbind VIEW KEY" : "usage: bind VIEW KEY ACTION");
		return -1;
	}
	int view = keymap_view_lookup(w[1]);
	if (view < 0) {
		report(err, file, line, "unknown view `%s'", w[1]);
		return -1;
	}
	int key = keymap_parse_key(w[2]);
	if (key < 0) {
		report(err, file, line, "unknown key `%s'", w[2]);
		return -1;
	}
	int act = unbind ? ACT_NONE : action_lookup(w[3]);
	if (act < 0) {
		report(err, file, line, "unknown action `%s'", w[3]);
		return -1;
	}
	keymap_bind(view, key, act);
	return 0;
}

/* The user's layer: the bind and unbind lines of the user's key file
 * and of :bind, in order, replayed over a keymap chosen later. */
static char **user_lines;
static size_t nuser, capuser;

int keymap_user_line(const char *file, int line, const char *text, keymap_error_fn *err)
{
	if (keymap_line(file, line, text, err) < 0)
		return -1;
	char buf[512], *w[5];
	int n = split(text, buf, sizeof buf, w, 4);
	if (n > 0 && (strcmp(w[0], "bind") == 0 || strcmp(w[0], "unbind") == 0)) {
		util_grow((void **)&user_lines, &capuser, nuser + 1, sizeof *user_lines);
		user_lines[nuser++] = xstrdup(text);
	}
	return 0;
}

int keymap_use(const char *name, keymap_error_fn *err)
{
	int known = strcmp(name, "default") == 0;
	for (int i = 0; keymap_builtin[i].name && !known; i++)
		known = strcmp(keymap_builtin[i].name, name) == 0;
	if (!known)
		return -1;
	keymap_clear();
	keymap_load_builtin("default", err);
	if (strcmp(name, "default") != 0)
		keymap_load_builtin(name, err);
	for (size_t i = 0; i < nuser; i++)
		keymap_line("user", (int)i + 1, user_lines[i], NULL);
	return 0;
}

/* The lines of TEXT through LINE_FN. */
static int load_lines(const char *file, const char *text, keymap_error_fn *err,
		      int (*line_fn)(const char *, int, const char *, keymap_error_fn *))
{
	int errors = 0, line = 0;
	const char *p = text;
	while (*p) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		char buf[512];
		line++;
		if (len >= sizeof buf) {
			report(err, file, line, "%s", "line too long");
			errors++;
		} else {
			memcpy(buf, p, len);
			buf[len] = 0;
			if (line_fn(file, line, buf, err) < 0)
				errors++;
		}
		p += len + (e != NULL);
	}
	return errors;
}

int keymap_load_text(const char *file, const char *text, keymap_error_fn *err)
{
	return load_lines(file, text, err, keymap_line);
}

int keymap_load_builtin(const char *name, keymap_error_fn *err)
{
	static int depth;
	for (int i = 0; keymap_builtin[i].name; i++) {
		if (strcmp(keymap_builtin[i].name, name) != 0)
			continue;
		if (depth > 8)
			return -1;
		char file[64];
		snprintf(file, sizeof file, "keymaps/%s.keys", name);
		depth++;
		int e = keymap_load_text(file, keymap_builtin[i].text, err);
		depth--;
		return e;
	}
	return -1;
}

int keymap_load_user(keymap_error_fn *err)
{
	const char *env = getenv("TGPROF_KEYS");
	char path[4096];
	int must = 0;

	if (env && *env) {
		snprintf(path, sizeof path, "%s", env);
		must = 1;
	} else if (getenv("XDG_CONFIG_HOME") && *getenv("XDG_CONFIG_HOME")) {
		snprintf(path, sizeof path, "%s/tgprof/keys", getenv("XDG_CONFIG_HOME"));
	} else if (getenv("HOME")) {
		snprintf(path, sizeof path, "%s/.config/tgprof/keys", getenv("HOME"));
	} else {
		return 0;
	}
	/* A missing key file named by TGPROF_KEYS is reported like an error
	 * in one; one that is there but cannot be read as text (a directory,
	 * a FIFO, a device, a NUL byte) is fatal: one message, exit 1. */
	struct stat st;
	const char *why;
	size_t len;
	if (stat(path, &st) != 0 && errno == ENOENT) {
		if (must) {
			char msg[4200];
			snprintf(msg, sizeof msg, "%s: %s", path, strerror(ENOENT));
			if (err)
				err(msg);
			return 1;
		}
		return 0;
	}
	char *text = util_read_file(path, &len, &why);
	if (!text)
		util_die("%s: %s", path, why);
	char *nul = memchr(text, 0, len);
	if (nul) {
		int line = 1;
		for (const char *q = text; q < nul; q++)
			line += *q == '\n';
		free(text);
		util_die("%s:%d: NUL byte: not a text file", path, line);
	}
	int e = load_lines(path, text, err, keymap_user_line);
	free(text);
	return e;
}
