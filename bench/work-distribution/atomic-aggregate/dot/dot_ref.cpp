// CPU reference for bench/work-distribution/atomic-aggregate/dot (double).
void dot_ref(int n, const double *x, const double *y, double *result) {
  double s = 0.0;
#pragma omp parallel for reduction(+ : s) schedule(static)
  for (long long i = 0; i < n; ++i)
    s += x[i] * y[i];
  result[0] = s;
}
