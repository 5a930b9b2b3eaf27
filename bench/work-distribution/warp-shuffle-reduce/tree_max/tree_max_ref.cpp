// CPU reference for bench/work-distribution/warp-shuffle-reduce/tree_max (exact).
#include <cfloat>
void tree_max_ref(int n, const double *x, double *block_max) {
  const long long blocks = (n + 511LL) / 512;
#pragma omp parallel for schedule(static)
  for (long long b = 0; b < blocks; ++b) {
    double m = -FLT_MAX;
    for (long long i = b * 512; i < n && i < (b + 1) * 512; ++i)
      m = x[i] > m ? x[i] : m;
    block_max[b] = m;
  }
}
