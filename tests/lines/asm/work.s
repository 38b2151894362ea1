# SPDX-License-Identifier: GPL-3.0-or-later
# Hand-written code assembled with -g: line information, but no debug
# function entries; names come from the symbol table.
	.section .note.GNU-stack,"",@progbits
	.text
	.globl	asmwork
	.type	asmwork, @function
asmwork:
	xorl	%eax, %eax
	movl	$200, %ecx
1:
	addl	%ecx, %eax
	imull	$7, %eax, %eax
	decl	%ecx
	jnz	1b
	ret
	.size	asmwork, .-asmwork
	.globl	asmother
	.type	asmother, @function
asmother:
	movl	%edi, %eax
	addl	$3, %eax
	ret
	.size	asmother, .-asmother
