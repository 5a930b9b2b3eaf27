// CPU reference for bench/work-distribution/thread-coarsen/abs_diff.
void abs_diff_ref(unsigned len, const int *a, const int *b, int *c) {
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < len; ++i) {
    int d = a[i] - b[i];
    c[i] = d < 0 ? -d : d;
  }
}
