/* SPDX-License-Identifier: GPL-3.0-or-later */
/* -r with more than 80 called functions: H is the callee of many arcs,
 * called from main and from a constructor (both never called), and it
 * calls C.  GNU takes H out first and prints the uncalled caller alone. */
#define N __attribute__((noinline))
volatile int sink;
N void C(void) { sink++; }
N void H(void) { sink++; C(); }
N void F(void) { sink++; }
N void G(void) { sink++; }
__attribute__((constructor)) N void U(void) { int k; for (k = 0; k < 5; k++) H(); }
N void A0(void) { int k; for (k = 0; k < 100; k++) H(); }
N void A1(void) { int k; for (k = 0; k < 101; k++) H(); }
N void A2(void) { int k; for (k = 0; k < 102; k++) H(); }
N void A3(void) { int k; for (k = 0; k < 103; k++) H(); }
N void A4(void) { int k; for (k = 0; k < 104; k++) H(); }
N void A5(void) { int k; for (k = 0; k < 105; k++) H(); }
N void A6(void) { int k; for (k = 0; k < 106; k++) H(); }
N void A7(void) { int k; for (k = 0; k < 107; k++) H(); }
N void A8(void) { int k; for (k = 0; k < 108; k++) H(); }
N void A9(void) { int k; for (k = 0; k < 109; k++) H(); }
N void B0(void) { sink++; if (sink % 3 == 0) G(); }
N void B1(void) { sink++; if (sink % 3 == 0) G(); }
N void B2(void) { sink++; if (sink % 3 == 0) G(); }
N void B3(void) { sink++; if (sink % 3 == 0) G(); }
N void B4(void) { sink++; if (sink % 3 == 0) G(); }
N void B5(void) { sink++; if (sink % 3 == 0) G(); }
N void B6(void) { sink++; if (sink % 3 == 0) G(); }
N void B7(void) { sink++; if (sink % 3 == 0) G(); }
N void B8(void) { sink++; if (sink % 3 == 0) G(); }
N void B9(void) { sink++; if (sink % 3 == 0) G(); }
N void B10(void) { sink++; if (sink % 3 == 0) G(); }
N void B11(void) { sink++; if (sink % 3 == 0) G(); }
N void B12(void) { sink++; if (sink % 3 == 0) G(); }
N void B13(void) { sink++; if (sink % 3 == 0) G(); }
N void B14(void) { sink++; if (sink % 3 == 0) G(); }
N void B15(void) { sink++; if (sink % 3 == 0) G(); }
N void B16(void) { sink++; if (sink % 3 == 0) G(); }
N void B17(void) { sink++; if (sink % 3 == 0) G(); }
N void B18(void) { sink++; if (sink % 3 == 0) G(); }
N void B19(void) { sink++; if (sink % 3 == 0) G(); }
N void B20(void) { sink++; if (sink % 3 == 0) G(); }
N void B21(void) { sink++; if (sink % 3 == 0) G(); }
N void B22(void) { sink++; if (sink % 3 == 0) G(); }
N void B23(void) { sink++; if (sink % 3 == 0) G(); }
N void B24(void) { sink++; if (sink % 3 == 0) G(); }
N void B25(void) { sink++; if (sink % 3 == 0) G(); }
N void B26(void) { sink++; if (sink % 3 == 0) G(); }
N void B27(void) { sink++; if (sink % 3 == 0) G(); }
N void B28(void) { sink++; if (sink % 3 == 0) G(); }
N void B29(void) { sink++; if (sink % 3 == 0) G(); }
N void B30(void) { sink++; if (sink % 3 == 0) G(); }
N void B31(void) { sink++; if (sink % 3 == 0) G(); }
N void B32(void) { sink++; if (sink % 3 == 0) G(); }
N void B33(void) { sink++; if (sink % 3 == 0) G(); }
N void B34(void) { sink++; if (sink % 3 == 0) G(); }
N void B35(void) { sink++; if (sink % 3 == 0) G(); }
N void B36(void) { sink++; if (sink % 3 == 0) G(); }
N void B37(void) { sink++; if (sink % 3 == 0) G(); }
N void B38(void) { sink++; if (sink % 3 == 0) G(); }
N void B39(void) { sink++; if (sink % 3 == 0) G(); }
N void B40(void) { sink++; if (sink % 3 == 0) G(); }
N void B41(void) { sink++; if (sink % 3 == 0) G(); }
N void B42(void) { sink++; if (sink % 3 == 0) G(); }
N void B43(void) { sink++; if (sink % 3 == 0) G(); }
N void B44(void) { sink++; if (sink % 3 == 0) G(); }
N void B45(void) { sink++; if (sink % 3 == 0) G(); }
N void B46(void) { sink++; if (sink % 3 == 0) G(); }
N void B47(void) { sink++; if (sink % 3 == 0) G(); }
N void B48(void) { sink++; if (sink % 3 == 0) G(); }
N void B49(void) { sink++; if (sink % 3 == 0) G(); }
N void B50(void) { sink++; if (sink % 3 == 0) G(); }
N void B51(void) { sink++; if (sink % 3 == 0) G(); }
N void B52(void) { sink++; if (sink % 3 == 0) G(); }
N void B53(void) { sink++; if (sink % 3 == 0) G(); }
N void B54(void) { sink++; if (sink % 3 == 0) G(); }
N void B55(void) { sink++; if (sink % 3 == 0) G(); }
N void B56(void) { sink++; if (sink % 3 == 0) G(); }
N void B57(void) { sink++; if (sink % 3 == 0) G(); }
N void B58(void) { sink++; if (sink % 3 == 0) G(); }
N void B59(void) { sink++; if (sink % 3 == 0) G(); }
N void B60(void) { sink++; if (sink % 3 == 0) G(); }
N void B61(void) { sink++; if (sink % 3 == 0) G(); }
N void B62(void) { sink++; if (sink % 3 == 0) G(); }
N void B63(void) { sink++; if (sink % 3 == 0) G(); }
N void B64(void) { sink++; if (sink % 3 == 0) G(); }
N void B65(void) { sink++; if (sink % 3 == 0) G(); }
N void B66(void) { sink++; if (sink % 3 == 0) G(); }
N void B67(void) { sink++; if (sink % 3 == 0) G(); }
N void B68(void) { sink++; if (sink % 3 == 0) G(); }
N void B69(void) { sink++; if (sink % 3 == 0) G(); }
N void B70(void) { sink++; if (sink % 3 == 0) G(); }
N void B71(void) { sink++; if (sink % 3 == 0) G(); }
N void B72(void) { sink++; if (sink % 3 == 0) G(); }
N void B73(void) { sink++; if (sink % 3 == 0) G(); }
N void B74(void) { sink++; if (sink % 3 == 0) G(); }
N void B75(void) { sink++; if (sink % 3 == 0) G(); }
N void B76(void) { sink++; if (sink % 3 == 0) G(); }
N void B77(void) { sink++; if (sink % 3 == 0) G(); }
N void B78(void) { sink++; if (sink % 3 == 0) G(); }
N void B79(void) { sink++; if (sink % 3 == 0) G(); }
int main(void)
{
	int k;

	for (k = 0; k < 20; k++)
		H();
	for (k = 0; k < 30; k++)
		F();
	for (k = 0; k < 60; k++)
		G();
	A0();
	A1();
	A2();
	A3();
	A4();
	A5();
	A6();
	A7();
	A8();
	A9();
	for (k = 0; k < 3; k++)
		B0();
	for (k = 0; k < 3; k++)
		B1();
	for (k = 0; k < 3; k++)
		B2();
	for (k = 0; k < 3; k++)
		B3();
	for (k = 0; k < 3; k++)
		B4();
	for (k = 0; k < 3; k++)
		B5();
	for (k = 0; k < 3; k++)
		B6();
	for (k = 0; k < 3; k++)
		B7();
	for (k = 0; k < 3; k++)
		B8();
	for (k = 0; k < 3; k++)
		B9();
	for (k = 0; k < 3; k++)
		B10();
	for (k = 0; k < 3; k++)
		B11();
	for (k = 0; k < 3; k++)
		B12();
	for (k = 0; k < 3; k++)
		B13();
	for (k = 0; k < 3; k++)
		B14();
	for (k = 0; k < 3; k++)
		B15();
	for (k = 0; k < 3; k++)
		B16();
	for (k = 0; k < 3; k++)
		B17();
	for (k = 0; k < 3; k++)
		B18();
	for (k = 0; k < 3; k++)
		B19();
	for (k = 0; k < 3; k++)
		B20();
	for (k = 0; k < 3; k++)
		B21();
	for (k = 0; k < 3; k++)
		B22();
	for (k = 0; k < 3; k++)
		B23();
	for (k = 0; k < 3; k++)
		B24();
	for (k = 0; k < 3; k++)
		B25();
	for (k = 0; k < 3; k++)
		B26();
	for (k = 0; k < 3; k++)
		B27();
	for (k = 0; k < 3; k++)
		B28();
	for (k = 0; k < 3; k++)
		B29();
	for (k = 0; k < 3; k++)
		B30();
	for (k = 0; k < 3; k++)
		B31();
	for (k = 0; k < 3; k++)
		B32();
	for (k = 0; k < 3; k++)
		B33();
	for (k = 0; k < 3; k++)
		B34();
	for (k = 0; k < 3; k++)
		B35();
	for (k = 0; k < 3; k++)
		B36();
	for (k = 0; k < 3; k++)
		B37();
	for (k = 0; k < 3; k++)
		B38();
	for (k = 0; k < 3; k++)
		B39();
	for (k = 0; k < 3; k++)
		B40();
	for (k = 0; k < 3; k++)
		B41();
	for (k = 0; k < 3; k++)
		B42();
	for (k = 0; k < 3; k++)
		B43();
	for (k = 0; k < 3; k++)
		B44();
	for (k = 0; k < 3; k++)
		B45();
	for (k = 0; k < 3; k++)
		B46();
	for (k = 0; k < 3; k++)
		B47();
	for (k = 0; k < 3; k++)
		B48();
	for (k = 0; k < 3; k++)
		B49();
	for (k = 0; k < 3; k++)
		B50();
	for (k = 0; k < 3; k++)
		B51();
	for (k = 0; k < 3; k++)
		B52();
	for (k = 0; k < 3; k++)
		B53();
	for (k = 0; k < 3; k++)
		B54();
	for (k = 0; k < 3; k++)
		B55();
	for (k = 0; k < 3; k++)
		B56();
	for (k = 0; k < 3; k++)
		B57();
	for (k = 0; k < 3; k++)
		B58();
	for (k = 0; k < 3; k++)
		B59();
	for (k = 0; k < 3; k++)
		B60();
	for (k = 0; k < 3; k++)
		B61();
	for (k = 0; k < 3; k++)
		B62();
	for (k = 0; k < 3; k++)
		B63();
	for (k = 0; k < 3; k++)
		B64();
	for (k = 0; k < 3; k++)
		B65();
	for (k = 0; k < 3; k++)
		B66();
	for (k = 0; k < 3; k++)
		B67();
	for (k = 0; k < 3; k++)
		B68();
	for (k = 0; k < 3; k++)
		B69();
	for (k = 0; k < 3; k++)
		B70();
	for (k = 0; k < 3; k++)
		B71();
	for (k = 0; k < 3; k++)
		B72();
	for (k = 0; k < 3; k++)
		B73();
	for (k = 0; k < 3; k++)
		B74();
	for (k = 0; k < 3; k++)
		B75();
	for (k = 0; k < 3; k++)
		B76();
	for (k = 0; k < 3; k++)
		B77();
	for (k = 0; k < 3; k++)
		B78();
	for (k = 0; k < 3; k++)
		B79();
	return 0;
}
