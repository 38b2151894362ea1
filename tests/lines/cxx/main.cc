/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <cstdio>
#include "shapes.h"

static long churn(int n)
{
	geo::Acc<long> acc;
	for (int i = 0; i < n; i++)
		acc.add(i % 97);
	return acc.sum;
}

int main()
{
	std::vector<geo::Shape *> v;
	for (int i = 0; i < 200; i++) {
		if (i % 3)
			v.push_back(new geo::Rect(i, i + 1));
		else
			v.push_back(new geo::Disk(i));
	}
	double t = 0;
	long c = 0;
	for (int r = 0; r < 3000; r++) {
		t += geo::Shape::total(v);
		c += churn(300);
	}
	for (geo::Shape *s : v)
		delete s;
	std::printf("%.1f %ld\n", t, c);
	return 0;
}
