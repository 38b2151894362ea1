/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "../tmpl.h"
NI int a_run(int d)
{
	return step1(d);
}
