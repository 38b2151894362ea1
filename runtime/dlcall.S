/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* tgdl_call_as (see dlwrap.c): call FN(A, B) so that FN finds RET as its
 * return address, and come back here all the same.
 *
 *	void *tgdl_call_as(void *fn, const void *a, int b, const void *ret);
 *
 * The C library's dlopen resolves a name (RUNPATH, $ORIGIN, namespace) for
 * the object holding its return address.  RET is the address of a return
 * instruction inside the calling object: FN returns there, which returns
 * to our label below, the address pushed under RET.  The stack at FN's
 * entry is aligned as after an ordinary call. */

	.text
	.globl	tgdl_call_as
	.hidden	tgdl_call_as
	.type	tgdl_call_as, @function
tgdl_call_as:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	andq	$-16, %rsp
	subq	$8, %rsp
	leaq	1f(%rip), %rax
	pushq	%rax			/* where RET's return instruction goes */
	pushq	%rcx			/* what FN sees as its return address */
	movq	%rdi, %rax
	movq	%rsi, %rdi
	movl	%edx, %esi
	jmp	*%rax
1:	movq	%rbp, %rsp
	popq	%rbp
	.cfi_def_cfa %rsp, 8
	ret
	.cfi_endproc
	.size	tgdl_call_as, .-tgdl_call_as

	.section .note.GNU-stack, "", @progbits
