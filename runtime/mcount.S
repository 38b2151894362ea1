/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Entry points that code compiled with -pg calls on x86-64.
 *
 * gcc -pg calls mcount after the callee has set up its frame pointer, so the
 * callee's own return address (the call site in its caller) is at 8(%rbp)
 * of the callee frame; gcc -pg -mfentry calls __fentry__ as the first
 * instruction, before any prologue, so that address is just above ours on
 * the stack.  Both hand (frompc, selfpc) to the C recorder.
 *
 * The stubs keep every register a call may carry arguments in (rdi, rsi,
 * rdx, rcx, r8, r9, rax for the vector count of varargs, r10 for the static
 * chain).  The C side (__mcount_internal, in record.c) is compiled with
 * -mgeneral-regs-only, so the SSE argument registers need no saving, and it
 * does not rely on the stack being 16-byte aligned (gcc calls mcount with
 * either alignment), and makes no call into libc.
 *
 * Calls with an end outside the executable's text (shared libraries) and
 * every call while counting is off go to the C recorder.  The fast path
 * counts a call whose arc already sits in the first slot its
 * key hashes to in the thread's own table, with one add instruction (which
 * a signal cannot split); it needs three registers besides r11, which no
 * call carries arguments in.  Everything else goes to the C recorder,
 * which starts over.  When the C recorder is busy in this thread (we
 * interrupted it from a signal handler) the fast path stays out of the
 * table, so the two never update one slot at the same time. */

#include "tabfmt.h"

	.text

/* SAVE and RESTORE: the eight argument registers, in 64 bytes of stack. */
	.macro SAVE
	subq	$64, %rsp
	movq	%rax, 0(%rsp)
	movq	%rcx, 8(%rsp)
	movq	%rdx, 16(%rsp)
	movq	%rsi, 24(%rsp)
	movq	%rdi, 32(%rsp)
	movq	%r8, 40(%rsp)
	movq	%r9, 48(%rsp)
	movq	%r10, 56(%rsp)
	.endm

	.macro RESTORE
	movq	0(%rsp), %rax
	movq	8(%rsp), %rcx
	movq	16(%rsp), %rdx
	movq	24(%rsp), %rsi
	movq	32(%rsp), %rdi
	movq	40(%rsp), %r8
	movq	48(%rsp), %r9
	movq	56(%rsp), %r10
	addq	$64, %rsp
	.endm

/* FAST SLOW: with rax, rcx, rdx pushed, selfpc in r11 and frompc in rcx,
 * count the call and return, or go to SLOW (the label after it). */
	.macro FAST slow
	movq	tgrec_lowpc(%rip), %rax
	subq	%rax, %r11		/* self offset */
	subq	%rax, %rcx		/* from offset */
	movq	tgrec_limit(%rip), %rax
	cmpq	%rax, %r11
	jae	8f			/* outside the text, or counting off */
	cmpq	%rax, %rcx
	jae	8f
	addq	$1, %rcx
	shlq	$32, %rcx
	orq	%rcx, %r11		/* the key */
	movq	tgrec_my_tab@gottpoff(%rip), %rax
	movq	%fs:(%rax), %rax	/* the thread's table */
	testq	%rax, %rax
	jz	\slow
	cmpl	$0, TGREC_OFF_BUSY(%rax)
	jne	\slow
	movabsq	$TGREC_HASH_MUL, %rdx
	imulq	%r11, %rdx
	movl	TGREC_OFF_SHIFT(%rax), %ecx
	shrq	%cl, %rdx
	shlq	$4, %rdx
	addq	TGREC_OFF_SLOT(%rax), %rdx
	cmpq	%r11, (%rdx)
	jne	\slow
	addq	$1, 8(%rdx)
9:
	popq	%rdx
	popq	%rcx
	popq	%rax
	ret
	/* An end outside the text: the first slot of the arc's hash in the
	 * thread's table of such arcs (record.c's wide_local hashes alike). */
8:	testq	%rax, %rax
	jz	\slow			/* counting off */
	movq	tgrec_lowpc(%rip), %rax
	addq	%rax, %r11		/* selfpc */
	addq	%rax, %rcx		/* frompc */
	movq	tgrec_my_tab@gottpoff(%rip), %rax
	movq	%fs:(%rax), %rax
	testq	%rax, %rax
	jz	\slow
	cmpl	$0, TGREC_OFF_BUSY(%rax)
	jne	\slow
	movq	%r11, %rdx
	shlq	$16, %rdx
	xorq	%rcx, %rdx
	imulq	.Lhash_mul(%rip), %rdx
	shrq	$(64 - TGREC_TWIDE_BITS), %rdx
	leaq	(%rdx,%rdx,4), %rdx
	shlq	$3, %rdx		/* TGREC_WSLOT_SIZE */
	addq	TGREC_OFF_WIDE(%rax), %rdx
	cmpq	%rcx, (%rdx)
	jne	\slow
	cmpq	%r11, 8(%rdx)
	jne	\slow
	addq	$1, 16(%rdx)
	jmp	9b
	.endm

	.section .rodata
	.p2align 3
.Lhash_mul:
	.quad	TGREC_HASH_MUL
	.text

	.globl	mcount
	.type	mcount, @function
	.globl	_mcount
	.type	_mcount, @function
	.p2align 4
mcount:
_mcount:
	pushq	%rax
	pushq	%rcx
	pushq	%rdx
	movq	24(%rsp), %r11		/* selfpc: where mcount returns to */
	movq	8(%rbp), %rcx		/* frompc: the callee's return address */
	FAST	.Lmcount_slow
.Lmcount_slow:
	popq	%rdx
	popq	%rcx
	popq	%rax
	SAVE
	movq	64(%rsp), %rsi		/* selfpc */
	movq	8(%rbp), %rdi		/* frompc */
	call	__mcount_internal
	RESTORE
	ret
	.size	mcount, .-mcount
	.size	_mcount, .-_mcount

	.globl	__fentry__
	.type	__fentry__, @function
	.p2align 4
__fentry__:
	pushq	%rax
	pushq	%rcx
	pushq	%rdx
	movq	24(%rsp), %r11		/* selfpc: where __fentry__ returns to */
	movq	32(%rsp), %rcx		/* frompc: the callee's return address */
	FAST	.Lfentry_slow
.Lfentry_slow:
	popq	%rdx
	popq	%rcx
	popq	%rax
	SAVE
	movq	64(%rsp), %rsi		/* selfpc */
	movq	72(%rsp), %rdi		/* frompc */
	call	__mcount_internal
	RESTORE
	ret
	.size	__fentry__, .-__fentry__

	.section .note.GNU-stack, "", @progbits
