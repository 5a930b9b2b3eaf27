// CPU reference for workloads/histogram (exact; see docs/gate.md):
//   bins[v] = number of i with pixels[i] == v, 256 bins; bins start at zero.
#include <vector>

void histogram_ref(int N, const unsigned char *pixels, unsigned int *bins) {
  std::vector<unsigned long long> total(256, 0);
#pragma omp parallel
  {
    std::vector<unsigned long long> local(256, 0);
#pragma omp for schedule(static)
    for (long long i = 0; i < N; ++i)
      ++local[pixels[i]];
#pragma omp critical
    for (int b = 0; b < 256; ++b)
      total[b] += local[b];
  }
  for (int b = 0; b < 256; ++b)
    bins[b] = (unsigned int)total[b];
}
