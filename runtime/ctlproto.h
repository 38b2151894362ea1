/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ctlproto: the signal protocol between tgprof-ctl and libtgmon.
 *
 * The program names its control signal in TGMON_SIGNAL.  A plain kill of
 * that signal asks for a dump.  tgprof-ctl sends it with sigqueue() and a
 * value of (TGCTL_MAGIC << 16 | command); libtgmon answers the sender with
 * the same signal and (TGCTL_MAGIC << 16 | command << 8 | status). */
#ifndef TG_CTLPROTO_H
#define TG_CTLPROTO_H

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#define TGCTL_MAGIC 0x7467

enum tgctl_cmd {
	TGCTL_DUMP = 1, /* tgmon_dump(NULL) */
	TGCTL_SNAP,     /* tgmon_dump_reset(NULL) */
	TGCTL_RESET,    /* tgmon_reset() */
	TGCTL_ON,       /* tgmon_enable(1) */
	TGCTL_OFF       /* tgmon_enable(0) */
};

enum tgctl_status {
	TGCTL_OK = 0,
	TGCTL_FAILED,    /* the program printed why on its stderr */
	TGCTL_BUSY,      /* another request is being served: try again */
	TGCTL_ERRNO = 16 /* failed with errno (status - TGCTL_ERRNO) */
};

/* A failure with errno E, as a status that fits in 8 bits. */
#define TGCTL_FAILED_ERRNO(e)                                                            \
	((e) > 0 && (e) < 256 - TGCTL_ERRNO ? TGCTL_ERRNO + (e) : TGCTL_FAILED)

#define TGCTL_REQUEST(cmd)       ((TGCTL_MAGIC << 16) | (cmd))
#define TGCTL_REPLY(cmd, status) ((TGCTL_MAGIC << 16) | ((cmd) << 8) | (status))

/* Signals that cannot be the control signal: those a fault raises (a
 * program that faults would dump in a loop), those that cannot be caught,
 * and SIGPROF, which sampling uses. */
static inline int tgctl_reserved_signal(int sig)
{
	return sig == SIGSEGV || sig == SIGBUS || sig == SIGFPE || sig == SIGILL ||
	       sig == SIGTRAP || sig == SIGABRT || sig == SIGSYS || sig == SIGKILL ||
	       sig == SIGSTOP || sig == SIGPROF;
}

/* "USR1", "SIGUSR1", "RTMIN+3", "10": a signal number, or 0 when S names
 * no signal a program may take for control (tgctl_reserved_signal). */
static inline int tgctl_parse_signal(const char *s)
{
	static const struct {
		const char *name;
		int sig;
	} names[] = {
		{ "USR1", SIGUSR1 }, { "USR2", SIGUSR2 },   { "HUP", SIGHUP },
		{ "URG", SIGURG },   { "WINCH", SIGWINCH }, { "PWR", SIGPWR },
	};
	char *end;
	size_t i;
	long n;

	if (strncmp(s, "SIG", 3) == 0)
		s += 3;
	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(s, names[i].name) == 0)
			return names[i].sig;
	if (strncmp(s, "RTMIN", 5) == 0) {
		if (s[5] == '\0')
			return SIGRTMIN;
		if (s[5] != '+')
			return 0;
		n = strtol(s + 6, &end, 10);
		if (s[6] == '\0' || *end != '\0' || n < 0 || n > SIGRTMAX - SIGRTMIN)
			return 0;
		return SIGRTMIN + (int)n;
	}
	n = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || n < 1 || n > SIGRTMAX ||
	    tgctl_reserved_signal((int)n))
		return 0;
	return (int)n;
}

#endif
