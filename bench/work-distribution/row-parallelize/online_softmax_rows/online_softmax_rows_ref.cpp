// CPU reference for bench/work-distribution/row-parallelize/online_softmax_rows (double).
#include <cmath>

void online_softmax_rows_ref(int M, int N, const double *x, double *y) {
#pragma omp parallel for schedule(static)
  for (int r = 0; r < M; ++r) {
    const double *row = x + (long long)r * N;
    double m = -INFINITY;
    for (int c = 0; c < N; ++c)
      m = row[c] > m ? row[c] : m;
    double s = 0.0;
    for (int c = 0; c < N; ++c)
      s += std::exp(row[c] - m);
    for (int c = 0; c < N; ++c)
      y[(long long)r * N + c] = std::exp(row[c] - m) / s;
  }
}
