// CPU reference for bench/work-distribution/warp-shuffle-reduce/tree_sum.
void tree_sum_ref(long long n, const double *in, double *partial) {
  const long long blocks = (n + 255) / 256;
#pragma omp parallel for schedule(static)
  for (long long b = 0; b < blocks; ++b) {
    double s = 0.0;
    for (long long i = b * 256; i < n && i < (b + 1) * 256; ++i)
      s += in[i];
    partial[b] = s;
  }
}
