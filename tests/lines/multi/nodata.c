/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An object file with no text symbols, for -R's last list. */
int nodata_table[4] = { 1, 2, 3, 4 };
