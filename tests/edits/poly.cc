/* SPDX-License-Identifier: GPL-3.0-or-later */
// A C++ constructor and destructor (each two symbols at one address:
// C1/C2, D1/D2), a class template and a function taking parameters, for
// the names an edits file and the prompt take (tests/t-edits.sh).
#define NI __attribute__((noinline))
volatile unsigned long sink;
static void burn(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i;
}
namespace geo {
struct Polygon {
	int n;
	NI Polygon(int k) : n(k) { burn(2000); }
	NI ~Polygon() { burn(3000); }
};
template <typename T> struct Box {
	T v;
	NI T get() const
	{
		burn(1000);
		return v;
	}
};
} // namespace geo
NI void make(int k)
{
	geo::Polygon p(k);
}
int main()
{
	geo::Box<int> b{ 3 };
	for (int i = 0; i < 3000; i++) {
		geo::Polygon p(i);
		make(i);
		sink += b.get();
	}
	return 0;
}
