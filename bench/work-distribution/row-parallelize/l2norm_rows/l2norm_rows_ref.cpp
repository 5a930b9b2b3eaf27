// CPU reference for bench/work-distribution/row-parallelize/l2norm_rows (double).
#include <cmath>

void l2norm_rows_ref(int M, int N, const double *x, double *y) {
#pragma omp parallel for schedule(static)
  for (int r = 0; r < M; ++r) {
    const double *a = x + (long long)r * N;
    double ss = 0.0;
    for (int c = 0; c < N; ++c)
      ss += a[c] * a[c];
    double inv = 1.0 / std::fmax(std::sqrt(ss), 1e-12);
    for (int c = 0; c < N; ++c)
      y[(long long)r * N + c] = a[c] * inv;
  }
}
