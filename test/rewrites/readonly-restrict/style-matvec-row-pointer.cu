// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward
// A row pointer offset inside the kernel (const float *row = A + r * lda), the
// '__restrict' spelling (A already has it: only its loads are wrapped), and an
// index macro inside the subscript.
#define IDX2(r, c, ld) ((r) * (ld) + (c))
__global__ void matvec(int M, int N, const float * __restrict A, int lda, const float *x, float * __restrict y) {
// CHECK-FIXES: {{^}}__global__ void matvec(int M, int N, const float * __restrict A, int lda, const float *__restrict__ x, float * __restrict y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < M) {
    const float *row = A + r * lda;
    float s = 0.0f;
    for (int k = 0; k < N; ++k) s += row[k] * x[k];
    // CHECK-FIXES: {{^}}    for (int k = 0; k < N; ++k) s += __ldg(&row[k]) * __ldg(&x[k]);
    y[r] = s + A[IDX2(r, 0, lda)];
    // CHECK-FIXES: {{^}}    y[r] = s + __ldg(&A[IDX2(r, 0, lda)]);
  }
}
