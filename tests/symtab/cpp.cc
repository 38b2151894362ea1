/* SPDX-License-Identifier: GPL-3.0-or-later */
// C++ names for the demangler: namespaces, templates, operators, a static
// function, an anonymous namespace, constructors and a lambda.
#include <cstdio>
#include <vector>

namespace geo {
struct Vec {
	double x, y;
	Vec(double a, double b) : x(a), y(b) {}
	Vec operator+(const Vec &o) const { return Vec(x + o.x, y + o.y); }
	bool operator<(const Vec &o) const { return x < o.x; }
	double dot(const Vec &o) const { return x * o.x + y * o.y; }
};
template <typename T> T twice(T v) { return v + v; }
} // namespace geo

namespace {
int hidden(int x) { return x * 7; }
} // namespace

static int helper(int x) { return x + 3; }
int helper(double x) { return (int)x; }

int main()
{
	std::vector<geo::Vec> v;
	for (int i = 0; i < 5; i++)
		v.push_back(geo::Vec(i, -i));
	double s = 0;
	for (const auto &p : v)
		s += p.dot(v[0]) + (p < v[1]);
	auto f = [](int k) { return k * 2; };
	s += geo::twice<int>(3) + geo::twice(geo::Vec(1, 2)).x + helper(2) +
	     helper(2.5) + hidden(1) + f(4);
	std::printf("%g\n", s);
	return 0;
}
