// CPU reference for bench/work-distribution/warp-shuffle-reduce/tree_dot.
void tree_dot_ref(unsigned int n, const double *a, const double *b, double *partial) {
  const long long blocks = (n + 255LL) / 256;
#pragma omp parallel for schedule(static)
  for (long long k = 0; k < blocks; ++k) {
    double s = 0.0;
    for (long long i = k * 256; i < (long long)n && i < (k + 1) * 256; ++i)
      s += a[i] * b[i];
    partial[k] = s;
  }
}
