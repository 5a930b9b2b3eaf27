// CPU reference for bench/work-distribution/thread-coarsen/scale_bias (double).
void scale_bias_ref(int n, double scale, double bias, const double *x, double *out) {
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < n; ++i)
    out[i] = x[i] * scale + bias;
}
