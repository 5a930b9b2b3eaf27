// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward
// BLAS-style element macros: a load written inside a macro body stays a
// plain load (wrapping it would edit the shared macro), while the loads
// spelled in the kernel, or in a macro argument, are wrapped. The parameter
// still becomes const __restrict__.
#define A(i, j) A[(i) * lda + (j)]
#define IDX(i, j, ld) ((i) * (ld) + (j))
#define AT(p, i) p[i]

__global__ void gemv_t(int m, int n, float *A, int lda, const float *x, float *__restrict__ y) {
// CHECK-FIXES: {{^}}__global__ void gemv_t(int m, int n, const float *__restrict__ A, int lda, const float *__restrict__ x, float *__restrict__ y) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= n) return;
  float acc = 0.f;
  for (int i = 0; i < m; ++i)
    acc += A(i, j) * x[i];
  // CHECK-FIXES: {{^}}    acc += A(i, j) * __ldg(&x[i]);
  y[j] = acc + A[IDX(0, j, lda)] + AT(x, 0);
  // CHECK-FIXES: {{^}}  y[j] = acc + __ldg(&A[IDX(0, j, lda)]) + AT(x, 0);
}
