// CPU reference for workloads/axpy (double precision; see docs/gate.md).
void axpy_ref(int n, double a, const double *x, double *y) {
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}
