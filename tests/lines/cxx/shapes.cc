/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "shapes.h"

namespace geo {

double Rect::area() const
{
	double a = w_;
	for (int i = 0; i < 50; i++)
		a = a * 0.5 + h_ * 0.25;
	return a * h_;
}

double Shape::total(const std::vector<Shape *> &v)
{
	Acc<double> acc;
	for (Shape *s : v)
		acc.add(s->area());
	return acc.sum;
}

} // namespace geo
