/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A small -pg program for the browser tests: a function whose demangled name is several kilobytes: template
 * arguments nested deep, inside long namespaces. */
#include <cstdio>
namespace a_rather_long_namespace_name { namespace another_level_of_detail {
template <class T> struct wrapper_with_a_long_name { T v; };
template <class T> struct holder {
	static double deep_function(T *) {
		double s = 0;
		for (int i = 0; i < 30000000; i++)
			s += i * 0.5;
		return s;
	}
};
} }
using namespace a_rather_long_namespace_name::another_level_of_detail;
#define W1(T) wrapper_with_a_long_name<T>
#define W4(T) W1(W1(W1(W1(T))))
#define W16(T) W4(W4(W4(W4(T))))
#define W64(T) W16(W16(W16(W16(T))))
typedef W64(int) deep;
double other_function(int n) { double s = 0; for (int i = 0; i < n; i++) s += i; return s; }
int main() {
	printf("%f\n", holder<deep>::deep_function(nullptr) + other_function(10000000));
	return 0;
}
