// CPU reference for bench/work-distribution/thread-coarsen/experts/gelu_llmc (double).
#include <cmath>
void gelu_llmc_ref(double *out, const double *inp, int n) {
  const double s = std::sqrt(2.0 / M_PI);
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < n; ++i) {
    double x = inp[i];
    out[i] = 0.5 * x * (1.0 + std::tanh(s * (x + 0.044715 * x * x * x)));
  }
}
