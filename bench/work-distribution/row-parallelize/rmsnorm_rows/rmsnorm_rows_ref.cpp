// CPU reference for bench/work-distribution/row-parallelize/rmsnorm_rows (double).
#include <cmath>

void rmsnorm_rows_ref(int M, int N, const double *x, const double *weight, double *y) {
#pragma omp parallel for schedule(static)
  for (int r = 0; r < M; ++r) {
    const double *a = x + (long long)r * N;
    double ss = 0.0;
    for (int c = 0; c < N; ++c)
      ss += a[c] * a[c];
    double scale = 1.0 / std::sqrt(ss / N + 1e-6);
    for (int c = 0; c < N; ++c)
      y[(long long)r * N + c] = a[c] * scale * weight[c];
  }
}
