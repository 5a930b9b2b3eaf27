// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse --expect-exit=2 -- --assume=reassociate
// Pair reductions that reverse must refuse: a merge that adds the sums
// without rescaling them to the common maximum (no online softmax: one
// thread would compute another value), a shared stage that merges 4 of
// the block's 8 warps, and a sum that does not start at 0.
#include <cuda_runtime.h>

__device__ void merge_wrong(float &m, float &s, float m2, float s2) {
  m = fmaxf(m, m2);
  s += s2;
}

__global__ void lse_wrong_merge(const float *x, float *out, int rows, int cols) {
  int r = blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (reverse) at site 1: precondition 'folds-recognised' fails: 'm' and 's' are combined with their partners, but neither as an online softmax's (max, sum){{.*}} [KL1804]
  if (r >= rows)
    return;
  float m = -INFINITY, s = 0.f;
  for (int c = threadIdx.x; c < cols; c += 32) {
    float v = x[r * cols + c];
    float nm = fmaxf(m, v);
    s = s * __expf(m - nm) + __expf(v - nm);
    m = nm;
  }
  for (int o = 16; o > 0; o >>= 1)
    merge_wrong(m, s, __shfl_xor_sync(0xffffffffu, m, o), __shfl_xor_sync(0xffffffffu, s, o));
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the statement in question [here]
  if (threadIdx.x == 0)
    out[r] = m + __logf(s);
}

void lse_wrong_merge_launch(const float *x, float *out, int rows, int cols) {
  lse_wrong_merge<<<rows, 32>>>(x, out, rows, cols);
}

__device__ void merge(float &m, float &s, float m2, float s2) {
  float mx = fmaxf(m, m2);
  s = s * __expf(m - mx) + s2 * __expf(m2 - mx);
  m = mx;
}

__global__ void lse_half_block(const float *x, float *out, int rows, int cols) {
  __shared__ float pm[8], ps[8];
  int r = blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (reverse) at site 2: precondition 'folds-recognised' fails: the online-softmax pair of warp shuffles (__shfl_xor_sync) and the warps' pairs merged in order by every thread reads 4 warp partials of the block's 8: it does not combine the whole row [KL1804]
  if (r >= rows)
    return;
  float m = -INFINITY, s = 0.f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
    float v = x[r * cols + c];
    float nm = fmaxf(m, v);
    s = s * __expf(m - nm) + __expf(v - nm);
    m = nm;
  }
  for (int o = 16; o > 0; o >>= 1)
    merge(m, s, __shfl_xor_sync(0xffffffffu, m, o), __shfl_xor_sync(0xffffffffu, s, o));
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the statement in question [here]
  if (threadIdx.x % 32 == 0) {
    pm[threadIdx.x / 32] = m;
    ps[threadIdx.x / 32] = s;
  }
  __syncthreads();
  m = pm[0];
  s = ps[0];
  for (int w = 1; w < 4; ++w)
    merge(m, s, pm[w], ps[w]);
  if (threadIdx.x == 0)
    out[r] = m + __logf(s);
}

void lse_half_block_launch(const float *x, float *out, int rows, int cols) {
  lse_half_block<<<rows, 256>>>(x, out, rows, cols);
}

__global__ void lse_sum_from_one(const float *x, float *out, int rows, int cols) {
  int r = blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (reverse) at site 3: precondition 'folds-recognised' fails: 's' does not start at 0: the block adds every thread's start, one thread would add it once [KL1804]
  if (r >= rows)
    return;
  float m = -INFINITY, s = 1.f;
  for (int c = threadIdx.x; c < cols; c += 32) {
    float v = x[r * cols + c];
    float nm = fmaxf(m, v);
    s = s * __expf(m - nm) + __expf(v - nm);
    m = nm;
  }
  for (int o = 16; o > 0; o >>= 1)
    merge(m, s, __shfl_xor_sync(0xffffffffu, m, o), __shfl_xor_sync(0xffffffffu, s, o));
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the statement in question [here]
  if (threadIdx.x == 0)
    out[r] = m + __logf(s);
}

void lse_sum_from_one_launch(const float *x, float *out, int rows, int cols) {
  lse_sum_from_one<<<rows, 32>>>(x, out, rows, cols);
}

// The loop keeps the first of equal maxima (`>`), but the combine keeps the
// larger index on ties: one thread would report the first column, the block
// the last.
__global__ void argmax_ties_last(const float *x, int *out, int rows, int cols) {
  int r = blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (reverse) at site 4: precondition 'folds-recognised' fails: the argmax pair of warp shuffles (__shfl_xor_sync) does not combine a pair that a strided column loop folds the same way ('best' and 'at': the loop keeps the first of equal elements, the combine the larger index) [KL1804]
  if (r >= rows)
    return;
  float best = -INFINITY;
  int at = -1;
  for (int c = threadIdx.x; c < cols; c += 32)
    if (x[r * cols + c] > best) {
      best = x[r * cols + c];
      at = c;
    }
  for (int o = 16; o > 0; o >>= 1) {
    float b2 = __shfl_xor_sync(0xffffffffu, best, o);
    int a2 = __shfl_xor_sync(0xffffffffu, at, o);
    if (b2 > best || (b2 == best && a2 > at)) {
      best = b2;
      at = a2;
    }
  }
  // CHECK-MESSAGES: :[[@LINE-8]]:3: note: the statement in question [here]
  if (threadIdx.x == 0)
    out[r] = at;
}

void argmax_ties_last_launch(const float *x, int *out, int rows, int cols) {
  argmax_ties_last<<<rows, 32>>>(x, out, rows, cols);
}
