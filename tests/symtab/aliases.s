# SPDX-License-Identifier: GPL-3.0-or-later
# Symbols sharing addresses, for GNU gprof's merge rules, and names that
# test the static-name filter and the demangler.  Linked with amain.c.
	.text
	.globl g1, g2n, g2f, _u3, v3, __w4, _w4, a5, b_5, x7, y7, c8b_, c8a
	.globl n9_, _n9, dd_10, d10, lone_g, callall
	.weak lone_w, weak_alias
	.type g1,@function
	.type g2f,@function
	.type _u3,@function
	.type v3,@function
	.type __w4,@function
	.type _w4,@function
	.type a5,@function
	.type b_5,@function
	.type x7,@function
	.type y7,@function
	.type s1,@function
	.type s6f,@function
	.type c8a,@function
	.type c8b_,@function
	.type n9_,@function
	.type _n9,@function
	.type dd_10,@function
	.type d10,@function
	.type callall,@function
	.type weak_alias,@function
s1:
g1:	ret
	.p2align 4
g2n:
g2f:	ret
	.p2align 4
_u3:
v3:	ret
	.p2align 4
__w4:
_w4:	ret
	.p2align 4
b_5:
a5:	ret
	.p2align 4
x7:
y7:	ret
	.p2align 4
s6n:
s6f:	ret
	.p2align 4
c8b_:
c8a:	ret
	.p2align 4
n9_:
_n9:	ret
	.p2align 4
dd_10:
d10:
weak_alias: ret
	.p2align 4
lone_g:	ret
	.p2align 4
lone_l:	ret
	.p2align 4
lone_w:	ret
	.p2align 4
# static-name filter: every other name is followed in .strtab by a plain
# one, so both outcomes of the look-ahead quirk occur
	.type __gnu_compiled_c,@function
	.type __mcleanup,@function
	.type _gprof_mcount,@function
	.type "lf.5",@function
"lf.5":	ret
	.p2align 4
	.type plain0,@function
plain0:	ret
	.p2align 4
	.type "lf.5.7",@function
"lf.5.7":	ret
	.p2align 4
	.type "lf.x",@function
"lf.x":	ret
	.p2align 4
	.type plain2,@function
plain2:	ret
	.p2align 4
	.type "lf$dollar",@function
"lf$dollar":	ret
	.p2align 4
	.type "lf.clone.3",@function
"lf.clone.3":	ret
	.p2align 4
	.type plain4,@function
plain4:	ret
	.p2align 4
	.type "lf.constprop.1",@function
"lf.constprop.1":	ret
	.p2align 4
	.type "lf.constprop.x",@function
"lf.constprop.x":	ret
	.p2align 4
	.type plain6,@function
plain6:	ret
	.p2align 4
	.type "lf.part.0",@function
"lf.part.0":	ret
	.p2align 4
	.type "lf..1",@function
"lf..1":	ret
	.p2align 4
	.type plain8,@function
plain8:	ret
	.p2align 4
	.type "lf.",@function
"lf.":	ret
	.p2align 4
__gnu_compiled_c: ret
	.p2align 4
__mcleanup: ret
	.p2align 4
_gprof_mcount: ret
	.p2align 4
# the rest of GNU's default exclusions, as local functions (a local
# mcount does not capture the program's calls to the C library's)
	.type mcount,@function
mcount: ret
	.p2align 4
	.type _mcount,@function
_mcount: ret
	.p2align 4
	.type __mcount,@function
__mcount: ret
	.p2align 4
	.type __mcount_internal,@function
__mcount_internal: ret
	.p2align 4
# names for the demangler
	.globl _ZN2ns3fooIiEEvT_, _RNvCs1234_7mycrate4main
	.globl _ZN4core3fmt5write17h0123456789abcdefE, _D3foo3barFiZv
	.globl "._Z3quxv", "$_Z3dolv"
	.type _ZN2ns3fooIiEEvT_,@function
	.type "_Z3bazv@xyz",@function
_ZN2ns3fooIiEEvT_: ret
	.p2align 4
_RNvCs1234_7mycrate4main: ret
	.p2align 4
_ZN4core3fmt5write17h0123456789abcdefE: ret
	.p2align 4
_D3foo3barFiZv: ret
	.p2align 4
"._Z3quxv": ret
	.p2align 4
"$_Z3dolv": ret
	.p2align 4
"_Z3bazv@xyz": ret
	.p2align 4
callall:
	call g1
	call v3
	call a5
	call amain_leaf
	ret
	.data
	.globl dglob
	.weak dweak, dw3
	.type dweak,@object
dglob:	.long 1
dweak:	.long 2
dw2:	.long 3
dw3:	.long 4
	.section .note.GNU-stack,"",@progbits
