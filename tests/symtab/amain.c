/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Driver for aliases.s; amain_leaf() is called from the assembly so that
 * the profile has a call-graph record. */
void callall(void);
volatile int amain_sink;

void amain_leaf(void)
{
	amain_sink++;
}

int main(void)
{
	callall();
	return 0;
}
