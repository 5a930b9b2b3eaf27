// Row softmax of an M x N float matrix, expert version:
//   out[r][c] = exp(in[r][c] - max_r) / sum_c' exp(in[r][c'] - max_r)
//
// Domain: N % 4 == 0 and 4 <= N <= 16384, any M >= 1, M*N < 2^31, pointers
// from cudaMalloc (16-byte aligned).
//
// A group of WARPS_PER_ROW warps owns a row (a warp per row for short rows,
// several rows per 256-thread block; the whole block for long rows). The row
// is read once with 128-bit read-only loads into registers (V float4 per
// thread), each thread forms its local (max, sum of exp) pair, and the pairs
// are merged online -- (m1, s1) + (m2, s2) = (max, s1 e^(m1-max) + s2 e^(m2-max))
// -- with warp shuffles, then across the group's warps through shared memory.
// The exponentials stay in registers and are scaled and written back with
// 128-bit stores: one read and one write of the matrix.
#include <cuda_runtime.h>

namespace softmax_expert {

constexpr int THREADS = 256;
constexpr int WARPS = THREADS / 32;

__device__ __forceinline__ void mergeMaxSum(float &m, float &s, float m2, float s2) {
  const float mx = fmaxf(m, m2);
  // (m == mx) also covers two empty partial results (-inf, 0).
  const float a = (m == mx) ? 1.0f : __expf(m - mx);
  const float b = (m2 == mx) ? 1.0f : __expf(m2 - mx);
  s = s * a + s2 * b;
  m = mx;
}

template <int WARPS_PER_ROW, int V>
__global__ void __launch_bounds__(THREADS)
softmax_rows_kernel(int M, int N, const float *in, float *__restrict__ out) {
  constexpr int ROWS_PER_BLOCK = WARPS / WARPS_PER_ROW;
  constexpr int GROUP = WARPS_PER_ROW * 32;
  __shared__ float redMax[WARPS];
  __shared__ float redSum[WARPS];

  const int warp = threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  const int groupInBlock = warp / WARPS_PER_ROW;
  const int g = threadIdx.x % GROUP; // thread index inside the row's group
  const int row = blockIdx.x * ROWS_PER_BLOCK + groupInBlock;
  const bool active = row < M;
  const int n4 = N / 4;

  const float4 *src = reinterpret_cast<const float4 *>(in + (size_t)row * N);
  float4 x[V];
  float m = -INFINITY;
  for (int k = 0; k < V; ++k) {
    const int idx = g + k * GROUP;
    if (active && idx < n4) {
      x[k].x = in[(size_t)row * N + 4 * idx];
      x[k].y = in[(size_t)row * N + 4 * idx + 1];
      x[k].z = in[(size_t)row * N + 4 * idx + 2];
      x[k].w = in[(size_t)row * N + 4 * idx + 3];
      m = fmaxf(m, fmaxf(fmaxf(x[k].x, x[k].y), fmaxf(x[k].z, x[k].w)));
    }
  }
  float s = 0.0f;
  for (int k = 0; k < V; ++k) {
    const int idx = g + k * GROUP;
    if (active && idx < n4) {
      x[k].x = __expf(x[k].x - m);
      x[k].y = __expf(x[k].y - m);
      x[k].z = __expf(x[k].z - m);
      x[k].w = __expf(x[k].w - m);
      s += (x[k].x + x[k].y) + (x[k].z + x[k].w);
    }
  }

  // Warp-level online merge of (max, sum).
  const float localMax = m;
  for (int off = 16; off > 0; off /= 2) {
    const float m2 = __shfl_xor_sync(0xffffffffu, m, off);
    const float s2 = __shfl_xor_sync(0xffffffffu, s, off);
    mergeMaxSum(m, s, m2, s2);
  }
  float rowMax = m, rowSum = s;
  if (WARPS_PER_ROW > 1) {
    if (lane == 0) {
      redMax[warp] = m;
      redSum[warp] = s;
    }
    __syncthreads();
    const int first = groupInBlock * WARPS_PER_ROW;
    rowMax = redMax[first];
    rowSum = redSum[first];
    for (int w = 1; w < WARPS_PER_ROW; ++w)
      mergeMaxSum(rowMax, rowSum, redMax[first + w], redSum[first + w]);
  }

  // This thread's exponentials were taken against its own max.
  const float scale = (localMax == rowMax ? 1.0f : __expf(localMax - rowMax)) / rowSum;
  float4 *dst = reinterpret_cast<float4 *>(out + (size_t)row * N);
  for (int k = 0; k < V; ++k) {
    const int idx = g + k * GROUP;
    if (active && idx < n4) {
      float4 y;
      y.x = x[k].x * scale;
      y.y = x[k].y * scale;
      y.z = x[k].z * scale;
      y.w = x[k].w * scale;
      out[(size_t)row * N + 4 * idx] = y.x;
      out[(size_t)row * N + 4 * idx + 1] = y.y;
      out[(size_t)row * N + 4 * idx + 2] = y.z;
      out[(size_t)row * N + 4 * idx + 3] = y.w;
    }
  }
}

template <int WARPS_PER_ROW, int V>
void launchRows(int M, int N, const float *in, float *out) {
  constexpr int ROWS_PER_BLOCK = WARPS / WARPS_PER_ROW;
  const int grid = (M + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK;
  softmax_rows_kernel<WARPS_PER_ROW, V><<<grid, THREADS>>>(M, N, in, out);
}

} // namespace softmax_expert

// Host launcher: device pointers, sizes as in the manifest (softmax.yaml).
// Picks the row-group size and the float4 per thread from the row length.
void softmax_launch(int M, int N, const float *in, float *out) {
  using namespace softmax_expert;
  if (N <= 128)
    launchRows<1, 1>(M, N, in, out);
  else if (N <= 512)
    launchRows<1, 4>(M, N, in, out);
  else if (N <= 1024)
    launchRows<1, 8>(M, N, in, out);
  else if (N <= 2048)
    launchRows<4, 4>(M, N, in, out);
  else if (N <= 4096)
    launchRows<8, 4>(M, N, in, out);
  else if (N <= 8192)
    launchRows<8, 8>(M, N, in, out);
  else
    launchRows<8, 16>(M, N, in, out);
}
