/* SPDX-License-Identifier: GPL-3.0-or-later */
// C++: namespaces, class and function templates, overloaded operators,
// virtual calls through a base pointer, a functor passed to std::sort,
// and a static member function.  Mangled names exercise the demangler.
#include <algorithm>
#include <cstdio>
#include <vector>
#include "burn.h"

CORPUS_SINK;

namespace geo {

template <typename T>
struct Vec {
	T x, y;
	NOINLINE Vec operator+(const Vec &o) const
	{
		BURN(300);
		return Vec{x + o.x, y + o.y};
	}
	NOINLINE T operator*(const Vec &o) const
	{
		BURN(500);
		return x * o.x + y * o.y;
	}
	NOINLINE bool operator<(const Vec &o) const { return x < o.x || (x == o.x && y < o.y); }
};

class Shape {
public:
	virtual ~Shape() {}
	virtual double area() const = 0;
	NOINLINE static int count_big(const std::vector<Shape *> &v, double limit);
};

class Circle : public Shape {
	double r;
public:
	explicit Circle(double r_) : r(r_) {}
	NOINLINE double area() const override { BURN(4000); return 3.14159 * r * r; }
};

class Square : public Shape {
	double s;
public:
	explicit Square(double s_) : s(s_) {}
	NOINLINE double area() const override { BURN(2000); return s * s; }
};

int Shape::count_big(const std::vector<Shape *> &v, double limit)
{
	int n = 0;
	for (const Shape *p : v)
		n += p->area() > limit;
	return n;
}

} // namespace geo

namespace util {
namespace detail {
template <typename T>
NOINLINE T sum_dots(const std::vector<geo::Vec<T>> &v)
{
	T s = 0;
	for (size_t i = 0; i + 1 < v.size(); i++)
		s += v[i] * v[i + 1];
	return s;
}
} // namespace detail

template <typename T>
NOINLINE geo::Vec<T> total(const std::vector<geo::Vec<T>> &v)
{
	geo::Vec<T> t{0, 0};
	for (const auto &e : v)
		t = t + e;
	return t;
}
} // namespace util

struct ByY {
	NOINLINE bool operator()(const geo::Vec<int> &a, const geo::Vec<int> &b) const
	{
		return a.y < b.y;
	}
};

int main()
{
	std::vector<geo::Vec<int>> vi;
	std::vector<geo::Vec<double>> vd;
	std::vector<geo::Shape *> shapes;
	for (int i = 0; i < 400; i++) {
		vi.push_back(geo::Vec<int>{(i * 37) % 101, (i * 53) % 89});
		vd.push_back(geo::Vec<double>{i * 0.5, i * 0.25});
	}
	for (int i = 0; i < 60; i++) {
		if (i % 3)
			shapes.push_back(new geo::Circle(i));
		else
			shapes.push_back(new geo::Square(i));
	}
	long acc = 0;
	for (int round = 0; round < 400; round++) {
		acc += util::detail::sum_dots(vi);
		acc += (long)util::detail::sum_dots(vd);
		acc += util::total(vi).x + (long)util::total(vd).y;
		acc += geo::Shape::count_big(shapes, 100.0 + round);
	}
	std::vector<geo::Vec<int>> s1 = vi, s2 = vi;
	std::sort(s1.begin(), s1.end());
	std::sort(s2.begin(), s2.end(), ByY());
	acc += s1[0].x + s2[0].y;
	for (geo::Shape *p : shapes)
		delete p;
	std::printf("cxx %ld\n", acc);
	return 0;
}
