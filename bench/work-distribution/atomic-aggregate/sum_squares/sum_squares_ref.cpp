// CPU reference for bench/work-distribution/atomic-aggregate/sum_squares (double).
void sum_squares_ref(long long n, const double *x, double *out) {
  double s = 0.0;
#pragma omp parallel for reduction(+ : s) schedule(static)
  for (long long i = 0; i < n; ++i)
    s += x[i] * x[i];
  out[0] = s;
}
