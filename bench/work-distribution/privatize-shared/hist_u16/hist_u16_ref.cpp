// CPU reference for bench/work-distribution/privatize-shared/hist_u16.
#include <vector>
void hist_u16_ref(long long count, const unsigned short *samples, unsigned int *bins) {
  std::vector<unsigned int> h(4096, 0);
  for (long long i = 0; i < count; ++i)
    ++h[samples[i] >> 4];
  for (int b = 0; b < 4096; ++b)
    bins[b] = h[b];
}
