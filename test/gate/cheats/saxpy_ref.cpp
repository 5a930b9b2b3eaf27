// CPU reference for the cheat suite's workload (double precision).
void saxpy_ref(int n, double a, const double *x, const double *y, double *z) {
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < n; ++i)
    z[i] = a * x[i] + y[i];
}
