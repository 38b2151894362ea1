/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "../tmpl.h"
NI int b_run(int d)
{
	return step1(d) + step2(d);
}
