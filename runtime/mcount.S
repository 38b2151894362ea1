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
 * either alignment); its rare path into libc realigns the stack itself. */

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

	.globl	mcount
	.type	mcount, @function
	.globl	_mcount
	.type	_mcount, @function
	.p2align 4
mcount:
_mcount:
	SAVE
	movq	64(%rsp), %rsi		/* selfpc: where mcount returns to */
	movq	8(%rbp), %rdi		/* frompc: the callee's return address */
	call	__mcount_internal
	RESTORE
	ret
	.size	mcount, .-mcount
	.size	_mcount, .-_mcount

	.globl	__fentry__
	.type	__fentry__, @function
	.p2align 4
__fentry__:
	SAVE
	movq	64(%rsp), %rsi		/* selfpc: where __fentry__ returns to */
	movq	72(%rsp), %rdi		/* frompc: the callee's return address */
	call	__mcount_internal
	RESTORE
	ret
	.size	__fentry__, .-__fentry__

	.section .note.GNU-stack, "", @progbits
