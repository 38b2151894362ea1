/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Test program for t-select.sh: a 3-member cycle, self recursion, a
 * static helper and a leading-underscore name, all calling burn(). */
#include <stdio.h>
#include <stdlib.h>
volatile long sink;
void burn(int n){ for(int i=0;i<n*20000;i++) sink+=i; }
int a1(int); int a2(int); int a3(int);
int a1(int n){ burn(1); return n>0? a2(n-1):0; }
int a2(int n){ burn(2); return n>0? a3(n-1):0; }
int a3(int n){ burn(3); return n>0? a1(n-1)+a1(n/2>0?0:0):0; }
int b1(int n){ burn(1); return n>0? b1(n-1):0; }
static int helper(int n){ burn(n); return n; }
int _under(int n){ return helper(n); }
int main(int argc,char**argv){ for(int i=0;i<200;i++){ a1(10); b1(5); _under(2);} return 0; }
