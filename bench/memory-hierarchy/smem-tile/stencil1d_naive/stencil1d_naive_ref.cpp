// CPU reference for the 1-D stencil bench (double precision; see docs/gate.md).
void stencil1d_ref(int n, const double *in, const double *w, double *out) {
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < n; ++i) {
    if (i < 3 || i >= n - 3) {
      out[i] = in[i];
      continue;
    }
    double s = 0.0;
    for (int t = -3; t <= 3; ++t)
      s += w[t + 3] * in[i + t];
    out[i] = s;
  }
}
