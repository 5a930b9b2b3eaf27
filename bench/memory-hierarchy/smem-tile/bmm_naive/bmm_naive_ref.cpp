// CPU reference for bench/memory-hierarchy/smem-tile/bmm_naive, in double:
//   C[b] = A[b] * B[b] for each batch, row-major.
void bmm_ref(int batches, int m, int n, int k, const double *a, const double *b, double *c) {
#pragma omp parallel for collapse(2) schedule(static)
  for (int bt = 0; bt < batches; ++bt)
    for (int i = 0; i < m; ++i) {
      const double *A = a + (long long)bt * m * k + (long long)i * k;
      double *C = c + (long long)bt * m * n + (long long)i * n;
      for (int j = 0; j < n; ++j)
        C[j] = 0.0;
      for (int p = 0; p < k; ++p) {
        const double *B = b + (long long)bt * k * n + (long long)p * n;
        for (int j = 0; j < n; ++j)
          C[j] += A[p] * B[j];
      }
    }
}
