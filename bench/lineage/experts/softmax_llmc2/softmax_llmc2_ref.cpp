// CPU reference for bench/work-distribution/row-parallelize/softmax_rows (double).
#include <cmath>

void softmax_rows_ref(int M, int N, const double *in, double *out) {
#pragma omp parallel for schedule(static)
  for (int r = 0; r < M; ++r) {
    const double *x = in + (long long)r * N;
    double m = -INFINITY;
    for (int c = 0; c < N; ++c)
      m = x[c] > m ? x[c] : m;
    double s = 0.0;
    for (int c = 0; c < N; ++c)
      s += std::exp(x[c] - m);
    for (int c = 0; c < N; ++c)
      out[(long long)r * N + c] = std::exp(x[c] - m) / s;
  }
}
