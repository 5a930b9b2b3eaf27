// Cross-entropy forward, one block per row: a single pass with an online
// max/sum (rescale the running sum when the max grows), coalesced float4
// loads where the row is 16-byte aligned, warp-shuffle reductions.
#include <cstdint>
#include <cuda_runtime.h>

namespace {
constexpr int kThreads = 256;

struct MaxSum {
  float m, s;
};

__device__ __forceinline__ MaxSum combine(MaxSum a, MaxSum b) {
  float m = fmaxf(a.m, b.m);
  if (m == -INFINITY) return a; // neither side has seen an element (exp(-inf + inf) is NaN)
  // exp(-inf) = 0 covers one side that has seen no element yet.
  return {m, a.s * __expf(a.m - m) + b.s * __expf(b.m - m)};
}

__device__ __forceinline__ void add(MaxSum &acc, float x) {
  if (x > acc.m) {
    acc.s = acc.s * expf(acc.m - x) + 1.f;
    acc.m = x;
  } else {
    acc.s += expf(x - acc.m);
  }
}
} // namespace

__global__ void __launch_bounds__(kThreads)
xent_fwd_blockrow(const float *__restrict__ logits, const int64_t *__restrict__ labels, float *__restrict__ losses,
                  int vocab) {
  const int row = blockIdx.x;
  const float *x = logits + (size_t)row * vocab;
  MaxSum acc{-INFINITY, 0.f};
  // Scalar head up to 16-byte alignment, float4 body, scalar tail.
  int head = (int)((16 - ((uintptr_t)x & 15)) & 15) / 4;
  if (head > vocab) head = vocab;
  for (int v = threadIdx.x; v < head; v += kThreads) add(acc, __ldg(x + v));
  const float4 *x4 = reinterpret_cast<const float4 *>(x + head);
  const int n4 = (vocab - head) / 4;
  for (int i = threadIdx.x; i < n4; i += kThreads) {
    float4 q = __ldg(x4 + i);
    add(acc, q.x);
    add(acc, q.y);
    add(acc, q.z);
    add(acc, q.w);
  }
  for (int v = head + n4 * 4 + threadIdx.x; v < vocab; v += kThreads) add(acc, __ldg(x + v));

  for (int o = 16; o > 0; o >>= 1) {
    MaxSum other{__shfl_xor_sync(0xffffffffu, acc.m, o), __shfl_xor_sync(0xffffffffu, acc.s, o)};
    acc = combine(acc, other);
  }
  __shared__ MaxSum warps[kThreads / 32];
  if ((threadIdx.x & 31) == 0) warps[threadIdx.x >> 5] = acc;
  __syncthreads();
  if (threadIdx.x == 0) {
    MaxSum t = warps[0];
    for (int w = 1; w < kThreads / 32; ++w) t = combine(t, warps[w]);
    losses[row] = logf(t.s) + t.m - x[labels[row]];
  }
}

void cross_entropy_forward(float *logits, int64_t *labels, float *losses, int batch, int vocab,
                           cudaStream_t stream) {
  if (batch > 0) xent_fwd_blockrow<<<batch, kThreads, 0, stream>>>(logits, labels, losses, vocab);
}
