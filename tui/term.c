/* SPDX-License-Identifier: GPL-3.0-or-later */
/* term: see term.h.  Signal handlers give the terminal back and then
 * die of the same signal, so the exit status still tells what happened. */
#include "config.h"
#include "term.h"
#include "keymap.h"
#include "util.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <term.h>

static SCREEN *screen;
static FILE *null_out, *null_in;
static volatile sig_atomic_t is_open;
static int headless;
static volatile sig_atomic_t resumed;
static char smkx[64];
static size_t smkx_len;

/* After fg: ncurses gives the terminal modes back, but not the keypad
 * transmit mode, so the first arrow key would come in the cursor-mode
 * encoding and be lost.  write(2) is safe in a handler; the rest
 * (colours, a full redraw) is done by term_getkey() on the flag. */
static void on_cont(int sig)
{
	(void)sig;
	if (smkx_len && write(STDOUT_FILENO, smkx, smkx_len) < 0)
		resumed = 2;
	resumed = 1;
}

/* Flow control off: C-s and C-q are keys (emacs search), not XOFF/XON
 * that would freeze the screen.  Saved as curses' program mode so that
 * curses restores it after a suspend. */
static void no_flow_control(void)
{
	struct termios t;
	if (tcgetattr(STDIN_FILENO, &t) == 0) {
		t.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
		tcsetattr(STDIN_FILENO, TCSANOW, &t);
	}
	def_prog_mode();
}

static void on_fatal_signal(int sig)
{
	term_close();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void install_signals(void)
{
	static const int sigs[] = { SIGINT,  SIGTERM, SIGHUP, SIGQUIT,
				    SIGSEGV, SIGABRT, SIGBUS, SIGFPE };
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fatal_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &sa, NULL);
}

int term_open(const char *script)
{
	if (script) {
		headless = 1;
		null_out = fopen("/dev/null", "w");
		null_in = fopen("/dev/null", "r");
		if (!null_out || !null_in)
			return -1;
		/* A fixed terminal type: headless screens must not depend on
		 * the caller's $TERM. */
		screen = newterm("xterm", null_out, null_in);
	} else {
		screen = newterm(NULL, stdout, stdin);
	}
	if (!screen)
		return -1;
	set_term(screen);
	is_open = 1;
	util_set_die_hook(term_close);
	install_signals();
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	curs_set(0);
	if (!headless) {
		mousemask(BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON4_PRESSED
#ifdef BUTTON5_PRESSED
				  | BUTTON5_PRESSED
#endif
			  ,
			  NULL);
		set_escdelay(50);
		no_flow_control();
		const char *ks = tigetstr("smkx");
		if (ks && ks != (char *)-1 && strlen(ks) < sizeof smkx) {
			strcpy(smkx, ks);
			smkx_len = strlen(ks);
		}
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_cont;
		sigemptyset(&sa.sa_mask);
		sa.sa_flags = SA_RESTART;
		sigaction(SIGCONT, &sa, NULL);
	}
	return 0;
}

void term_close(void)
{
	if (!is_open)
		return;
	is_open = 0;
	curs_set(1);
	endwin();
	if (headless) {
		/* /dev/null streams are closed at exit; nothing else to give back. */
	} else {
		fflush(stdout);
	}
}

int term_headless(void)
{
	return headless;
}

#define TERM_MAX_SIZE 1000
void term_resize(int lines, int cols)
{
	/* Bounded like a real terminal: a script's <resize:100000,100000>
	 * must not make curses allocate gigabytes. */
	if (lines < 1)
		lines = 1;
	if (cols < 1)
		cols = 1;
	if (lines > TERM_MAX_SIZE)
		lines = TERM_MAX_SIZE;
	if (cols > TERM_MAX_SIZE)
		cols = TERM_MAX_SIZE;
	resizeterm(lines, cols);
}

int term_cancel_pressed(void)
{
	wint_t wc;
	int r, esc = 0;

	if (headless)
		return script_cancel_next();
	nodelay(stdscr, TRUE);
	r = wget_wch(stdscr, &wc);
	nodelay(stdscr, FALSE);
	if (r == OK && wc == 27)
		esc = 1;
	else if (r == OK)
		unget_wch(wc); /* kept for term_getkey() */
	else if (r == KEY_CODE_YES)
		ungetch((int)wc);
	return esc;
}

int term_getkey(struct term_key *k)
{
	memset(k, 0, sizeof *k);
	if (headless)
		return script_next(k);
	for (;;) {
		if (resumed) {
			/* Back from a suspend: modes, keypad and colours again,
			 * and a full redraw, reported as a resize. */
			resumed = 0;
			no_flow_control();
			keypad(stdscr, TRUE);
			clearok(curscr, TRUE);
			k->key = KEYMAP_FUNC | KEY_RESIZE;
			k->y = LINES;
			k->x = COLS;
			return 0;
		}
		wint_t wc;
		int r = wget_wch(stdscr, &wc);
		if (r == ERR) {
			/* Input that is not a terminal (--tui < file) ends. */
			if (!isatty(STDIN_FILENO))
				return -1;
			continue;
		}
		if (r == KEY_CODE_YES) {
			if (wc == KEY_MOUSE) {
				MEVENT ev;
				if (getmouse(&ev) != OK)
					continue;
				k->y = ev.y;
				k->x = ev.x;
				if (ev.bstate & BUTTON1_DOUBLE_CLICKED)
					k->mouse = TM_DCLICK;
				else if (ev.bstate & BUTTON1_CLICKED)
					k->mouse = TM_CLICK;
				else if (ev.bstate & BUTTON4_PRESSED)
					k->mouse = TM_WHEEL_UP;
#ifdef BUTTON5_PRESSED
				else if (ev.bstate & BUTTON5_PRESSED)
					k->mouse = TM_WHEEL_DOWN;
#endif
				else
					continue;
			}
			k->key = keymap_normalize(KEYMAP_FUNC | (int)wc);
		} else {
			k->key = keymap_normalize((int)wc);
		}
		return 0;
	}
}
