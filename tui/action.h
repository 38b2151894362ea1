/* SPDX-License-Identifier: GPL-3.0-or-later */
/* action: the one table of browser actions.  Each action has an id, the
 * name used in key files and :bind, and the help text shown by the help
 * view and the man page.  Keys are bound to actions only through this
 * table (keymap.c), so the three can never disagree. */
#ifndef TUI_ACTION_H
#define TUI_ACTION_H

/* One action a line, in columns: kept as written. */
/* clang-format off */
#define ACTION_LIST(X) \
	X(NONE,         "none",          "Do nothing (binding a key to it unbinds the key)") \
	X(QUIT,         "quit",          "Quit tgprof") \
	X(HELP,         "help",          "Show the key bindings and commands") \
	X(PROMPT,       "prompt",        "Open the command prompt") \
	X(SEARCH,       "search",        "Search forward for a name (substring, or regex)") \
	X(SEARCH_BACK,  "search-back",   "Search backward for a name") \
	X(FIND_NEXT,    "find-next",     "Go to the next match of the last search") \
	X(FIND_PREV,    "find-prev",     "Go to the previous match of the last search") \
	X(MOVE_UP,      "move-up",       "Move the cursor up one line") \
	X(MOVE_DOWN,    "move-down",     "Move the cursor down one line") \
	X(PAGE_UP,      "page-up",       "Move the cursor up one page") \
	X(PAGE_DOWN,    "page-down",     "Move the cursor down one page") \
	X(HALF_UP,      "half-page-up",  "Move the cursor up half a page") \
	X(HALF_DOWN,    "half-page-down", "Move the cursor down half a page") \
	X(MOVE_FIRST,   "move-first",    "Move the cursor to the first line") \
	X(MOVE_LAST,    "move-last",     "Move the cursor to the last line") \
	X(ENTER,        "enter",         "Follow: open the entry of the function under the cursor") \
	X(BACK,         "back",          "Go back to the previous position") \
	X(FORWARD,      "forward",       "Go forward again after going back") \
	X(NEXT_PANE,    "next-pane",     "Move the focus between the list and the entry pane") \
	X(DELETE_ARC,   "delete-arc",    "Delete the arc under the cursor in the entry pane") \
	X(RESTORE_ARC,  "restore-arc",   "Restore the deleted arc under the cursor") \
	X(UNDO,         "undo",          "Undo the last change to the profile") \
	X(REDO,         "redo",          "Redo the last undone change") \
	X(VIEW_FLAT,    "view-flat",     "Show the flat profile") \
	X(VIEW_GRAPH,   "view-graph",    "Show the call graph") \
	X(VIEW_INDEX,   "view-index",    "Show the index of names") \
	X(VIEW_SOURCE,  "view-source",   "Show the source of the selected function") \
	X(VIEW_DELETED, "view-deleted",  "Show the deleted arcs") \
	X(SORT_NEXT,    "sort-next",     "Sort by the next column") \
	X(SORT_PREV,    "sort-prev",     "Sort by the previous column") \
	X(SORT_REVERSE, "sort-reverse",  "Reverse the sort order") \
	X(TOGGLE_DELTA, "toggle-delta",  "Show or hide the change columns") \
	X(FILTER_CLEAR, "filter-clear",  "Remove the time and name filters") \
	X(TOGGLE_MARK,  "toggle-mark",   "Keep or delete the proposed arc under the cursor") \
	X(ACCEPT,       "accept",        "Apply the marked arcs of a cycle-breaking proposal") \
	X(PIN_ARC,      "pin-arc",       "Keep the arc under the cursor out of the proposal and propose again") \
	X(FORCE_ARC,    "force-arc",     "Force the arc under the cursor into the proposal and propose the rest around it") \
	X(UNPIN_ARC,    "unpin-arc",     "Make the pinned or forced arc under the cursor free again and propose again") \
	X(REFRESH,      "refresh",       "Redraw the screen") \
	X(TOGGLE_NAMES, "toggle-names",  "Show names whole or shortened (template arguments, then leading scopes)") \
	X(SCROLL_LEFT,  "scroll-left",   "Scroll the rows of the view left (back to their start)") \
	X(SCROLL_RIGHT, "scroll-right",  "Scroll the rows of the view right, to read long names and lines") \
	X(TOGGLE_BARS,  "toggle-bars",   "Show or hide the bars of % time (wide screens)") \
	X(TOGGLE_SIGNIFICANT, "toggle-significant", "Against a baseline: list only significant changes, or all") \
	X(ENTRY_GROW,   "entry-grow",    "Make the entry pane taller (the list shorter)") \
	X(ENTRY_SHRINK, "entry-shrink",  "Make the entry pane shorter (the list taller)") \
	X(VIEW_TREE,    "view-tree",     "Show the call tree, top-down from the roots") \
	X(TREE_UP,      "view-tree-up",  "Show the call tree bottom-up: every path that reaches the selected function") \
	X(TREE_EXPAND,  "tree-expand",   "In the call tree: open the row one level (on an open row: go to its first child)") \
	X(TREE_COLLAPSE, "tree-collapse", "In the call tree: close the row (on a closed row: go to its parent)") \
	X(TREE_TOGGLE,  "tree-toggle",   "In the call tree: open or close the row one level") \
	X(TREE_HOT_PATH, "tree-hot-path", "In the call tree: open the hot path, the chain of largest children while they have 1% of the time") \
	X(TREE_COLLAPSE_ALL, "tree-collapse-all", "In the call tree: close every row") \
	X(TREE_PARENT,  "tree-parent",   "In the call tree: go to the parent row")
/* clang-format on */

enum action {
#define ACTION_ENUM(id, name, help) ACT_##id,
	ACTION_LIST(ACTION_ENUM)
#undef ACTION_ENUM
		ACT_COUNT
};

const char *action_name(enum action a);
const char *action_help(enum action a);
/* The action called NAME, or -1. */
int action_lookup(const char *name);

#endif
