// CPU reference for bench/work-distribution/atomic-aggregate/max_abs (exact).
#include <cmath>

void max_abs_ref(int n, const double *x, double *amax) {
  double m = 0.0;
#pragma omp parallel for reduction(max : m) schedule(static)
  for (long long i = 0; i < n; ++i)
    m = std::fabs(x[i]) > m ? std::fabs(x[i]) : m;
  amax[0] = m;
}
