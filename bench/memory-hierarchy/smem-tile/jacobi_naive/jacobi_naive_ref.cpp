// CPU reference for the Jacobi bench (double precision; see docs/gate.md).
void jacobi_ref(int nx, int ny, const double *u, double *unew) {
#pragma omp parallel for schedule(static)
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const long long idx = (long long)j * nx + i;
      if (i > 0 && i < nx - 1 && j > 0 && j < ny - 1)
        unew[idx] = 0.25 * (u[idx - 1] + u[idx + 1] + u[idx - nx] + u[idx + nx]);
      else
        unew[idx] = u[idx];
    }
}
