/* SPDX-License-Identifier: GPL-3.0-or-later */
// Templates and inline members: their code lives in this header.
#ifndef SHAPES_H
#define SHAPES_H
#include <vector>

namespace geo {

template <typename T> struct Acc {
	T sum{};
	void add(T v)
	{
		sum += v * v;
		if (sum > T(1e9))
			sum = T(0);
	}
};

class Shape {
public:
	virtual ~Shape() {}
	virtual double area() const = 0;
	static double total(const std::vector<Shape *> &v);
};

class Rect : public Shape {
public:
	Rect(double w, double h) : w_(w), h_(h) {}
	double area() const override;
private:
	double w_, h_;
};

class Disk : public Shape {
public:
	explicit Disk(double r) : r_(r) {}
	double area() const override
	{
		double a = 3.14159 * r_;
		return a * r_;
	}
private:
	double r_;
};

} // namespace geo
#endif
