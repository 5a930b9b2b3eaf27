// CPU reference for bench/work-distribution/privatize-shared/hist_u8.
#include <vector>
void hist_u8_ref(int n, const unsigned char *data, unsigned int *hist) {
  std::vector<unsigned int> h(256, 0);
  for (long long i = 0; i < n; ++i)
    ++h[data[i]];
  for (int b = 0; b < 256; ++b)
    hist[b] = h[b];
}
