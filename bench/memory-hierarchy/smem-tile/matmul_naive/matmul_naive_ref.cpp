// CPU reference for workloads/matmul-small, in double (see docs/gate.md).
void matmul_ref(int M, int N, int K, const double *A, const double *B, double *C) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < M; ++i) {
    double *c = C + (long long)i * N;
    for (int j = 0; j < N; ++j) c[j] = 0.0;
    for (int k = 0; k < K; ++k) {
      double a = A[(long long)i * K + k];
      const double *b = B + (long long)k * N;
      for (int j = 0; j < N; ++j) c[j] += a * b[j];
    }
  }
}
