// CPU reference for bench/work-distribution/warp-shuffle-reduce/tree_sumsq (exact).
void tree_sumsq_ref(unsigned int n, const int *x, long long *partial) {
  const long long blocks = (n + 511LL) / 512;
#pragma omp parallel for schedule(static)
  for (long long k = 0; k < blocks; ++k) {
    long long s = 0;
    for (long long i = k * 512; i < (long long)n && i < (k + 1) * 512; ++i)
      s += (long long)x[i] * x[i];
    partial[k] = s;
  }
}
