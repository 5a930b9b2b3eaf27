// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse -- --assume=reassociate
// Online softmax with a block per row, written as others write it: the
// (max, sum) pair is merged by a __device__ helper that takes the running
// pair by reference, in a butterfly of xor shuffles passed straight to it;
// lane 0 of each warp stores its pair, and every thread merges the warps'
// pairs in order. Reverse reads the helper's body as the online-softmax
// combine and removes the whole reduction; __launch_bounds__(128) keeps
// the new launch at 128 threads.
#include <cfloat>
#include <cuda_runtime.h>

__device__ __forceinline__ void merge_ms(float &m, float &d, float m_o, float d_o) {
  float mx = fmaxf(m, m_o);
  d = d * __expf(m - mx) + d_o * __expf(m_o - mx);
  m = mx;
}

#define BLOCK 128
__global__ void __launch_bounds__(BLOCK) softmax_online_block(const float *__restrict__ logits, float *__restrict__ probs,
                                                              unsigned nrows, unsigned ncols) {
  const unsigned row = blockIdx.x;
  if (row >= nrows) return;
  const float *in = logits + (size_t)row * ncols;
  float *out = probs + (size_t)row * ncols;
  float m = -FLT_MAX, d = 0.f;
  for (unsigned j = threadIdx.x; j < ncols; j += BLOCK) {
    float x = in[j];
    if (x > m) {
      d = d * __expf(m - x) + 1.f;
      m = x;
    } else {
      d += __expf(x - m);
    }
  }
#pragma unroll
  for (int mask = 16; mask >= 1; mask >>= 1)
    merge_ms(m, d, __shfl_xor_sync(0xffffffff, m, mask), __shfl_xor_sync(0xffffffff, d, mask));
  __shared__ float sm[BLOCK / 32], sd[BLOCK / 32];
  if ((threadIdx.x & 31) == 0) {
    sm[threadIdx.x >> 5] = m;
    sd[threadIdx.x >> 5] = d;
  }
  __syncthreads();
  m = sm[0];
  d = sd[0];
  for (int w = 1; w < BLOCK / 32; ++w)
    merge_ms(m, d, sm[w], sd[w]);
  const float inv = 1.f / d;
  for (unsigned j = threadIdx.x; j < ncols; j += BLOCK)
    out[j] = __expf(in[j] - m) * inv;
}

void softmax_online(const float *x, float *y, int rows, int cols, cudaStream_t st) {
  softmax_online_block<<<rows, BLOCK, 0, st>>>(x, y, rows, cols);
}

// The same pair in a struct-free style with a guarded merge: an `if` on an
// empty side (both maxima -inf) and the ternary `m == M ? 1 : exp(m - M)`.
__device__ inline void combine(float &m, float &s, float m2, float s2) {
  if (m2 == -INFINITY)
    return;
  const float M = m > m2 ? m : m2;
  s = s * (m == M ? 1.f : expf(m - M)) + s2 * (m2 == M ? 1.f : expf(m2 - M));
  m = M;
}

template <int THREADS>
__global__ void lse_rows(const float *x, float *lse, long long rows, int cols) {
  __shared__ float wm[THREADS / 32];
  __shared__ float ws[THREADS / 32];
  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
    float m = -INFINITY, s = 0.f;
    for (int c = tid; c < cols; c += THREADS) {
      const float v = x[r * cols + c];
      const float nm = fmaxf(m, v);
      s = s * expf(m - nm) + expf(v - nm);
      m = nm;
    }
    for (int o = 16; o > 0; o /= 2) {
      const float m2 = __shfl_xor_sync(0xffffffffu, m, o);
      const float s2 = __shfl_xor_sync(0xffffffffu, s, o);
      combine(m, s, m2, s2);
    }
    __syncthreads();
    if (lane == 0) {
      ws[warp] = s;
      wm[warp] = m;
    }
    __syncthreads();
    m = wm[0];
    s = ws[0];
    for (int w = 1; w < THREADS / 32; w++)
      combine(m, s, wm[w], ws[w]);
    if (tid == 0)
      lse[r] = m + logf(s);
  }
}

void lse_launch(const float *x, float *lse, long long rows, int cols, cudaStream_t stream) {
  lse_rows<256><<<rows < 65535 ? rows : 65535, 256, 0, stream>>>(x, lse, rows, cols);
}
// CHECK-FIXES:      {{^}}__global__ void __launch_bounds__(BLOCK) softmax_online_block(const float *__restrict__ logits, float *__restrict__ probs,
// CHECK-FIXES-NEXT: {{^}}                                                              unsigned nrows, unsigned ncols) {
// CHECK-FIXES-NEXT: {{^}}  const unsigned row = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (row >= nrows) return;
// CHECK-FIXES-NEXT: {{^}}  const float *in = logits + (size_t)row * ncols;
// CHECK-FIXES-NEXT: {{^}}  float *out = probs + (size_t)row * ncols;
// CHECK-FIXES-NEXT: {{^}}  float m = -FLT_MAX, d = 0.f;
// CHECK-FIXES-NEXT: {{^}}  for (unsigned j = 0; j < ncols; ++j) {
// CHECK-FIXES-NEXT: {{^}}    float x = in[j];
// CHECK-FIXES-NEXT: {{^}}    if (x > m) {
// CHECK-FIXES-NEXT: {{^}}      d = d * __expf(m - x) + 1.f;
// CHECK-FIXES-NEXT: {{^}}      m = x;
// CHECK-FIXES-NEXT: {{^}}    } else {
// CHECK-FIXES-NEXT: {{^}}      d += __expf(x - m);
// CHECK-FIXES-NEXT: {{^}}    }
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  const float inv = 1.f / d;
// CHECK-FIXES-NEXT: {{^}}  for (unsigned j = 0; j < ncols; ++j)
// CHECK-FIXES-NEXT: {{^}}    out[j] = __expf(in[j] - m) * inv;
// CHECK-FIXES-NEXT: {{^}}}
// CHECK-FIXES:      {{^}}  softmax_online_block<<<rows / 128 + (rows % 128 != 0), 128, 0, st>>>(x, y, rows, cols);
// CHECK-FIXES:      {{^}}__global__ void lse_rows(const float *x, float *lse, long long rows, int cols) {
// CHECK-FIXES-NEXT: {{^}}  long long r = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (r < rows) {
// CHECK-FIXES-NEXT: {{^}}    float m = -INFINITY, s = 0.f;
// CHECK-FIXES-NEXT: {{^}}    for (int c = 0; c < cols; ++c) {
// CHECK-FIXES-NEXT: {{^}}      const float v = x[r * cols + c];
// CHECK-FIXES-NEXT: {{^}}      const float nm = fmaxf(m, v);
// CHECK-FIXES-NEXT: {{^}}      s = s * expf(m - nm) + expf(v - nm);
// CHECK-FIXES-NEXT: {{^}}      m = nm;
// CHECK-FIXES-NEXT: {{^}}    }
// CHECK-FIXES-NEXT: {{^}}    lse[r] = m + logf(s);
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}}
// CHECK-FIXES:      {{^}}  lse_rows<256><<<rows / 256 + (rows % 256 != 0), 256, 0, stream>>>(x, lse, rows, cols);
