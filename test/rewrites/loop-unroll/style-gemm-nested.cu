// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2
// A naive GEMM with a register micro-tile: the inner loops over the 4x4 tile
// have constant trip counts and are unrolled; the outer k loop runs to the
// run-time K and is refused with the reason (a factor unroll would do).
#define TM 4
#define TN 4
__global__ void gemm_rt(const float *A, const float *B, float *C, int M, int N, int K) {
  const int row0 = (blockIdx.y * blockDim.y + threadIdx.y) * TM;
  const int col0 = (blockIdx.x * blockDim.x + threadIdx.x) * TN;
  if (row0 >= M || col0 >= N) return;
  float acc[TM][TN] = {};
  for (int kk = 0; kk < K; ++kk) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 1: precondition 'constant-trip-count' fails: bound: 'K' is not a compile-time constant ('K' is known only at run time){{.*}} [KL1203]
    float a[TM], b[TN];
    for (int i = 0; i < TM; ++i) a[i] = A[(row0 + i) * K + kk];
    // CHECK-FIXES: {{^}}    #pragma unroll{{$}}
    // CHECK-FIXES-NEXT: {{^}}    for (int i = 0; i < TM; ++i) a[i] = A[(row0 + i) * K + kk];
    for (int j = 0; j < TN; ++j) b[j] = B[kk * N + col0 + j];
    // CHECK-FIXES: {{^}}    #pragma unroll{{$}}
    // CHECK-FIXES-NEXT: {{^}}    for (int j = 0; j < TN; ++j) b[j] = B[kk * N + col0 + j];
    for (int i = 0; i < TM; ++i)
      for (int j = 0; j < TN; ++j)
        acc[i][j] += a[i] * b[j];
    // CHECK-FIXES: {{^}}    #pragma unroll{{$}}
    // CHECK-FIXES-NEXT: {{^}}    for (int i = 0; i < TM; ++i){{$}}
    // CHECK-FIXES-NEXT: {{^}}      #pragma unroll{{$}}
    // CHECK-FIXES-NEXT: {{^}}      for (int j = 0; j < TN; ++j){{$}}
  }
  for (int i = 0; i < TM; ++i)
    for (int j = 0; j < TN; ++j)
      if (row0 + i < M && col0 + j < N) C[(row0 + i) * N + col0 + j] = acc[i][j];
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < TM; ++i){{$}}
  // CHECK-FIXES-NEXT: {{^}}    #pragma unroll{{$}}
}
