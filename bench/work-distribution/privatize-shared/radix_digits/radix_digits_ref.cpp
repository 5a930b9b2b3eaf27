// CPU reference for bench/work-distribution/privatize-shared/radix_digits.
#include <vector>
void radix_digits_ref(unsigned n, int shift, const unsigned *keys, unsigned *counts) {
  std::vector<unsigned> h(256, 0);
  for (long long i = 0; i < n; ++i)
    ++h[(keys[i] >> shift) & 255u];
  for (int b = 0; b < 256; ++b)
    counts[b] = h[b];
}
