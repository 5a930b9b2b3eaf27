// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=reverse
// The FETCH_FLOAT4 idiom of SGEMM kernels: a macro that expands to exactly
// one vector access is replaced as a whole, its argument's text giving the
// scalar pointer and index. A temporary read only through its lanes loses
// its declaration; a read-modify-write temporary is loaded in place with
// make_float4; stores through the macro are split.
#define FETCH_FLOAT4(pointer) (reinterpret_cast<float4 *>(&(pointer))[0])
#define LDG4(p, i) __ldg(reinterpret_cast<const float4 *>(p) + (i))
__global__ void epilogue(float *__restrict__ A, float *__restrict__ C, float alpha, float beta, int N) {
  __shared__ float As[8][128];
  int r = blockIdx.y, c = 4 * threadIdx.x;
  float4 a = FETCH_FLOAT4(A[r * N + c]);
  As[0][c] = a.x;
  As[0][c + 1] = a.y + a.z + a.w;
  // CHECK-FIXES: {{^}}  As[0][c] = A[r * N + c];{{$}}
  // CHECK-FIXES: {{^}}  As[0][c + 1] = A[r * N + c + 1] + A[r * N + c + 2] + A[r * N + c + 3];{{$}}
  __syncthreads();
  float4 v = FETCH_FLOAT4(C[r * N + c]);
  // CHECK-FIXES: {{^}}  float4 v = make_float4(C[r * N + c], C[r * N + c + 1], C[r * N + c + 2], C[r * N + c + 3]);{{$}}
  v.x = alpha * As[0][c] + beta * v.x;
  v.y = alpha * As[0][c + 1] + beta * v.y;
  v.z = alpha * As[0][c + 2] + beta * v.z;
  v.w = alpha * As[0][c + 3] + beta * v.w;
  FETCH_FLOAT4(C[r * N + c]) = v;
  // CHECK-FIXES: {{^}}  C[r * N + c] = v.x;{{$}}
  // CHECK-FIXES: {{^}}  C[r * N + c + 3] = v.w;{{$}}
  float4 w = LDG4(A, r * N / 4 + threadIdx.x);
  // CHECK-FIXES: {{^}}  float4 w = make_float4(A[4 * (r * N / 4 + threadIdx.x)], A[4 * (r * N / 4 + threadIdx.x) + 1], A[4 * (r * N / 4 + threadIdx.x) + 2], A[4 * (r * N / 4 + threadIdx.x) + 3]);{{$}}
  w.y = 0.f;
  FETCH_FLOAT4(C[r * N + c + 4 * blockDim.x]) = make_float4(w.x, w.y, w.z, w.w);
  // CHECK-FIXES: {{^}}  C[r * N + c + 4 * blockDim.x] = w.x;{{$}}
  // CHECK-FIXES: {{^}}  C[r * N + c + 4 * blockDim.x + 3] = w.w;{{$}}
}
