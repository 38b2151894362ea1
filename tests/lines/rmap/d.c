/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Data only, with names that sort far apart: a_table before every
 * function name of the program, z_table after. */
int a_table[16] = { 1 };
int z_table[16] = { 2 };
