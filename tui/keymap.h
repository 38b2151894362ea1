/* SPDX-License-Identifier: GPL-3.0-or-later */
/* keymap: key names, per-view bindings, and the key-file parser.
 *
 * A key is an int: a Unicode code point for a character (control keys
 * are 1..31), or KEYMAP_FUNC | a curses KEY_* code for a function key.
 * keymap_normalize() folds the several codes terminals send for Enter and
 * Backspace into one.
 *
 * Key files are lines of "bind VIEW KEY ACTION", "unbind VIEW KEY",
 * "use NAME" (a built-in keymap: default, vi, emacs) and "#" comments.
 * The built-in keymaps (keymaps/ *.keys, compiled in) and the user's file
 * go through the same parser.  Errors name file and line and are not
 * fatal: the line is skipped and the message handed to the error sink. */
#ifndef TUI_KEYMAP_H
#define TUI_KEYMAP_H

#include <stddef.h>

#define KEYMAP_FUNC 0x40000000

/* The built-in key files by name, ended by a NULL name: generated from
 * keymaps/ by scripts/embed.sh. */
struct keymap_text {
	const char *name;
	const char *text;
};
extern const struct keymap_text keymap_builtin[];

enum kview {
	KV_GENERIC,
	KV_FLAT,
	KV_GRAPH,
	KV_INDEX,
	KV_ENTRY,
	KV_SOURCE,
	KV_DELETED,
	KV_HELP,
	KV_CYCLES,
	KV_TREE,
	KV_N
};

typedef void keymap_error_fn(const char *msg);

int keymap_normalize(int key);
/* Parse a key name ("q", "<Enter>", "<C-r>", "^R", "<F1>"); -1 if bad. */
int keymap_parse_key(const char *s);
void keymap_key_name(int key, char *buf, size_t len);

const char *keymap_view_name(int v);
int keymap_view_lookup(const char *name);

void keymap_clear(void);
void keymap_bind(int view, int key, int action);
/* The action bound to KEY in VIEW, else in the generic view, else 0. */
int keymap_action(int view, int key);
/* Keys bound to ACTION in exactly VIEW, as "a, <Down>" (empty if none). */
void keymap_keys_for(int view, int action, char *buf, size_t len);

/* One key-file line; FILE and LINE name it in error messages.  Returns 0,
 * or -1 after reporting an error. */
int keymap_line(const char *file, int line, const char *text, keymap_error_fn *err);
/* A whole file's text; returns the number of errors. */
int keymap_load_text(const char *file, const char *text, keymap_error_fn *err);
/* A built-in keymap by name; -1 if there is none. */
int keymap_load_builtin(const char *name, keymap_error_fn *err);
/* The user's layer: a line of the user's key file or of :bind, kept
 * (bind and unbind) to be laid again over a keymap chosen later. */
int keymap_user_line(const char *file, int line, const char *text, keymap_error_fn *err);
/* Choose built-in keymap NAME over the default one, with the user's layer
 * on top; -1 (nothing changed) when there is no such keymap. */
int keymap_use(const char *name, keymap_error_fn *err);
/* The user's file (its lines through keymap_user_line): $TGPROF_KEYS, else $XDG_CONFIG_HOME/tgprof/keys
 * (default ~/.config/tgprof/keys).  A missing default file is no error;
 * a missing $TGPROF_KEYS is. */
int keymap_load_user(keymap_error_fn *err);

#endif
