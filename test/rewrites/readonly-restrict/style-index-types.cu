// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward
// Index styles: a size_t grid-stride loop, unsigned 2-D indices (row * ld + col)
// with a constexpr tile, an int64 index from an index helper with a negated
// guard, and __restrict__ spelled through a macro (RESTRICT) on a gather whose
// parameters are already const __restrict__: only the loads change.
__global__ void scale_gs(const float* in, float* __restrict__ out, size_t n, float s) {
// CHECK-FIXES: {{^}}__global__ void scale_gs(const float* __restrict__ in, float* __restrict__ out, size_t n, float s) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    out[i] = s * in[i];
    // CHECK-FIXES: {{^}}    out[i] = s * __ldg(&in[i]);
  }
}
// unsigned / int64 indices, index helper, constexpr bound
constexpr int kTile = 32;
__device__ __forceinline__ long long gidx() { return (long long)blockIdx.x * blockDim.x + threadIdx.x; }
__global__ void transpose_naive(const float *in, float *__restrict__ out, unsigned rows, unsigned cols) {
// CHECK-FIXES: {{^}}__global__ void transpose_naive(const float *__restrict__ in, float *__restrict__ out, unsigned rows, unsigned cols) {
  unsigned x = blockIdx.x * kTile + threadIdx.x;
  unsigned y = blockIdx.y * kTile + threadIdx.y;
  if (x < cols && y < rows) out[x * rows + y] = in[y * cols + x];
  // CHECK-FIXES: {{^}}  if (x < cols && y < rows) out[x * rows + y] = __ldg(&in[y * cols + x]);
}
__global__ void gather(const int *idx, const float *src, float *__restrict__ dst, long long n) {
// CHECK-FIXES: {{^}}__global__ void gather(const int *__restrict__ idx, const float *__restrict__ src, float *__restrict__ dst, long long n) {
  long long i = gidx();
  if (!(i < n)) return;
  dst[i] = src[idx[i]];
  // CHECK-FIXES: {{^}}  dst[i] = __ldg(&src[__ldg(&idx[i])]);
}
// restrict via macro; kernel with already-restrict unwrapped; int64 offsets
#define RESTRICT __restrict__
typedef long long i64;
__global__ void gather64(const float *RESTRICT src, const i64 *RESTRICT idx, float *RESTRICT dst, i64 n) {
  i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = src[idx[i]];
  // CHECK-FIXES: {{^}}  if (i < n) dst[i] = __ldg(&src[__ldg(&idx[i])]);
}
