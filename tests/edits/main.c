/* SPDX-License-Identifier: GPL-3.0-or-later */
volatile unsigned long sink;
int a_run(int);
int b_run(int);
int main(void)
{
	for (int i = 0; i < 300; i++) {
		a_run(8);
		b_run(5);
	}
	return 0;
}
