// CPU reference for bench/work-distribution/row-parallelize/logsumexp_rows (double).
#include <cmath>

void logsumexp_rows_ref(int M, int N, const double *x, double *lse) {
#pragma omp parallel for schedule(static)
  for (int r = 0; r < M; ++r) {
    const double *a = x + (long long)r * N;
    double m = a[0];
    for (int c = 1; c < N; ++c)
      m = a[c] > m ? a[c] : m;
    double s = 0.0;
    for (int c = 0; c < N; ++c)
      s += std::exp(a[c] - m);
    lse[r] = m + std::log(s);
  }
}
