// CPU reference for workloads/sgemm (double precision; see docs/gate.md):
//   C = alpha * A * B + beta * C, row-major, A: M x K, B: K x N, C: M x N.
// Blocked over (i, j, k) so a 4096^3 product takes seconds, not minutes.
#include <algorithm>
#include <vector>

void siboehm_smem_ref(int M, int N, int K, double alpha, const double *A, const double *B, double beta,
               double *C) {
  const int BI = 32, BJ = 256, BK = 128;
  const int TI = (M + BI - 1) / BI, TJ = (N + BJ - 1) / BJ;
#pragma omp parallel for schedule(dynamic)
  for (long long t = 0; t < (long long)TI * TJ; ++t) {
    const int i0 = (int)(t / TJ) * BI, j0 = (int)(t % TJ) * BJ;
    const int i1 = std::min(M, i0 + BI), j1 = std::min(N, j0 + BJ);
    std::vector<double> acc((size_t)BI * BJ, 0.0);
    for (int k0 = 0; k0 < K; k0 += BK) {
      const int k1 = std::min(K, k0 + BK);
      for (int i = i0; i < i1; ++i) {
        double *a = &acc[(size_t)(i - i0) * BJ];
        for (int k = k0; k < k1; ++k) {
          const double aik = A[(size_t)i * K + k];
          const double *b = &B[(size_t)k * N];
          for (int j = j0; j < j1; ++j)
            a[j - j0] += aik * b[j];
        }
      }
    }
    for (int i = i0; i < i1; ++i)
      for (int j = j0; j < j1; ++j) {
        double &c = C[(size_t)i * N + j];
        c = alpha * acc[(size_t)(i - i0) * BJ + (j - j0)] + beta * c;
      }
  }
}
