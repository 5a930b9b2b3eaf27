// 2-D convolution (cross-correlation) of an H x W float image with a 5 x 5
// filter, zero padding at the borders, register-streaming version:
//   out[y][x] = sum_{i,j in 0..4} filt[i][j] * in[y + i - 2][x + j - 2]
//
// Domain: W % 4 == 0 (rows are read and written as float4), any H >= 1,
// H*W < 2^31, pointers from cudaMalloc (16-byte aligned).
//
// No shared memory and no barriers. Each warp owns a 128-column strip and a
// segment of rows and streams down it: a lane reads one float4 of every input
// row, takes the two floats on each side from its neighbours with warp
// shuffles (the two edge lanes read them from memory), and adds the row into
// the five output rows it touches, held in registers (5 x 4 accumulators).
// When an output row has seen its fifth input row it is stored as a float4
// and the accumulators shift. Every input byte is read once (plus 4 halo rows
// per segment); U rows are loaded before any is used so U float4 loads per
// thread are in flight. The filter is in constant memory, loops are unrolled.
#include <cuda_runtime.h>

namespace conv2d_expert {

constexpr int R = 2;                // filter radius
constexpr int F = 2 * R + 1;        // filter width
constexpr int TX = 4;               // columns per lane (one float4)
constexpr int STRIP_W = 32 * TX;    // columns per warp
constexpr unsigned FULL = 0xffffffffu;

__constant__ float c_filt[F * F];

// Loads input rows r0 .. r0+U-1 (zero outside the image and past rEnd).
template <int U>
__device__ __forceinline__ void loadRows(float4 (&cv)[U], float2 (&ev)[U], const float *__restrict__ in, int H,
                                         int W, int r0, int rEnd, int x, bool colIn, int edgeX, bool edgeIn) {
#pragma unroll
  for (int u = 0; u < U; ++u) {
    const int r = r0 + u;
    const bool rowIn = r >= 0 && r < H && r < rEnd;
    cv[u] = make_float4(0.f, 0.f, 0.f, 0.f);
    ev[u] = make_float2(0.f, 0.f);
    if (rowIn && colIn)
      cv[u] = __ldg(reinterpret_cast<const float4 *>(in + (size_t)r * W + x));
    if (rowIn && edgeIn)
      ev[u] = __ldg(reinterpret_cast<const float2 *>(in + (size_t)r * W + edgeX));
  }
}

// PIPE: the next U rows are loaded before the current U are computed, so
// loads stay in flight while the FMAs run.
template <int U, int WARPS, bool MEMONLY, bool PIPE = false, int MINB = 1>
__global__ void __launch_bounds__(WARPS * 32, MINB)
conv2d_stream_kernel(int H, int W, int segRows, const float *__restrict__ in, float *__restrict__ out) {
  const int lane = threadIdx.x & 31;
  const int strip = blockIdx.x * WARPS + (threadIdx.x >> 5);
  if (strip * STRIP_W >= W)
    return; // the whole warp is right of the image
  const int x = strip * STRIP_W + lane * TX;
  const bool colIn = x < W;
  const int edgeX = lane == 0 ? x - R : x + TX; // the float2 an edge lane reads itself
  const bool edgeIn = (lane == 0 || lane == 31) && edgeX >= 0 && edgeX < W;
  const int ys = blockIdx.y * segRows;
  const int ye = min(ys + segRows, H);
  const int rEnd = ye + R; // input rows ys-R .. ye+R-1 feed outputs ys .. ye-1

  float acc[F][TX];
#pragma unroll
  for (int k = 0; k < F; ++k)
#pragma unroll
    for (int c = 0; c < TX; ++c)
      acc[k][c] = 0.0f;

  float4 nv[U];
  float2 nev[U];
  if (PIPE)
    loadRows<U>(nv, nev, in, H, W, ys - R, rEnd, x, colIn, edgeX, edgeIn);
  for (int r0 = ys - R; r0 < rEnd; r0 += U) {
    float4 cv[U];
    float2 ev[U];
    if (PIPE) {
#pragma unroll
      for (int u = 0; u < U; ++u) {
        cv[u] = nv[u];
        ev[u] = nev[u];
      }
      if (r0 + U < rEnd)
        loadRows<U>(nv, nev, in, H, W, r0 + U, rEnd, x, colIn, edgeX, edgeIn);
    } else {
      loadRows<U>(cv, ev, in, H, W, r0, rEnd, x, colIn, edgeX, edgeIn);
    }
#pragma unroll
    for (int u = 0; u < U; ++u) {
      const int r = r0 + u;
      if (r < rEnd) { // warp-uniform
        float lx = __shfl_up_sync(FULL, cv[u].z, 1), ly = __shfl_up_sync(FULL, cv[u].w, 1);
        float rx = __shfl_down_sync(FULL, cv[u].x, 1), ry = __shfl_down_sync(FULL, cv[u].y, 1);
        if (lane == 0) { lx = ev[u].x; ly = ev[u].y; }
        if (lane == 31) { rx = ev[u].x; ry = ev[u].y; }
        const float v[TX + 2 * R] = {lx, ly, cv[u].x, cv[u].y, cv[u].z, cv[u].w, rx, ry};
        if (MEMONLY) { // timing probe: same traffic, no arithmetic
#pragma unroll
          for (int c = 0; c < TX; ++c)
            acc[0][c] = v[c + R] + v[0] * v[7];
        } else {
          // Input row r feeds output row r - R + k through filter row F - 1 - k.
#pragma unroll
          for (int k = 0; k < F; ++k)
#pragma unroll
            for (int j = 0; j < F; ++j)
#pragma unroll
              for (int c = 0; c < TX; ++c)
                acc[k][c] = fmaf(c_filt[(F - 1 - k) * F + j], v[c + j], acc[k][c]);
        }
        const int o = r - R; // complete now
        if (o >= ys && colIn)
          *reinterpret_cast<float4 *>(out + (size_t)o * W + x) =
              make_float4(acc[0][0], acc[0][1], acc[0][2], acc[0][3]);
#pragma unroll
        for (int k = 0; k + 1 < F; ++k)
#pragma unroll
          for (int c = 0; c < TX; ++c)
            acc[k][c] = acc[k + 1][c];
#pragma unroll
        for (int c = 0; c < TX; ++c)
          acc[F - 1][c] = 0.0f;
      }
    }
  }
}

// Segments per strip so that the grid is about WAVES times what the device
// holds at once (one wave: no tail; a segment re-reads only 2*R halo rows).
template <int U, int WARPS, bool MEMONLY, int WAVES, bool PIPE = false, int MINB = 1>
void conv2d_stream_launch(int H, int W, const float *in, const float *filt, float *out) {
  cudaMemcpyToSymbolAsync(c_filt, filt, F * F * sizeof(float), 0, cudaMemcpyDeviceToDevice);
  if (H <= 0 || W <= 0)
    return;
  const int strips = (W + STRIP_W - 1) / STRIP_W;
  const int blocksX = (strips + WARPS - 1) / WARPS;
  int device = 0, sms = 0, perSm = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, conv2d_stream_kernel<U, WARPS, MEMONLY, PIPE, MINB>, WARPS * 32, 0);
  const long long resident = (long long)sms * (perSm > 0 ? perSm : 1) * WAVES;
  long long segs = (resident + blocksX - 1) / blocksX;
  if (segs > H)
    segs = H;
  if (segs < 1)
    segs = 1;
  const int segRows = (int)((H + segs - 1) / segs);
  const int blocksY = (H + segRows - 1) / segRows;
  conv2d_stream_kernel<U, WARPS, MEMONLY, PIPE, MINB><<<dim3(blocksX, blocksY), WARPS * 32>>>(H, W, segRows, in, out);
}

} // namespace conv2d_expert
