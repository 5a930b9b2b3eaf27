// 2-D convolution (cross-correlation) of an H x W float image with a 5 x 5
// filter, zero padding at the borders, expert version:
//   out[y][x] = sum_{i,j in 0..4} filt[i][j] * in[y + i - 2][x + j - 2]
//
// Domain: W % 4 == 0 (rows are read and written as float4), any H >= 1,
// pointers from cudaMalloc (16-byte aligned).
//
// Register streaming, no shared memory and no barriers. A warp owns a
// 128-column strip of a segment of rows and walks down it. Per input row a
// lane reads one float4 (128-bit __ldg), takes the two halo floats on each
// side from its neighbour lanes with warp shuffles (the two edge lanes read
// theirs as one 64-bit load), and adds the row into the five output rows it
// feeds, kept in registers (5 x 4 accumulators: register reuse of every input
// value across 4 columns and 5 rows). An output row that has seen its fifth
// input row is stored as a float4 and the accumulators shift down. Every input
// byte is read once, plus 2*R halo rows per segment.
//
// Software pipelining in registers: the next 5 rows are loaded before the
// current 5 are computed, so loads stay in flight during the FMAs; with 5
// rows per step the accumulator shift is a register renaming. The grid is one
// wave (segments sized to what the device holds at once). The filter is in
// constant memory; every loop is fully unrolled.
//
// Measured on the H200 (bench/workloads.md): 83% of the device-to-device copy
// bandwidth at 8192^2, where the earlier shared-memory tiled, cp.async
// double-buffered kernel (bench/tune/conv2d_smem_pipelined.cu) reached
// 74%: its 36 x 136 tile reads plus halo and block barriers cost more than
// the shuffles.
#include <cuda_runtime.h>

namespace conv2d_expert {

constexpr int R = 2;                // filter radius
constexpr int F = 2 * R + 1;        // filter width
constexpr int TX = 4;               // columns per lane (one float4)
constexpr int STRIP_W = 32 * TX;    // columns per warp
constexpr int ROWS = F;             // input rows per pipeline step
constexpr int WARPS = 8;            // warps per block, side by side
constexpr unsigned FULL = 0xffffffffu;

__constant__ float c_filt[F * F];

// Input rows r0 .. r0+ROWS-1 of this lane's columns: zero outside the image
// (the padding) and at or past rEnd.
struct Rows {
  float4 mid[ROWS];  // columns x .. x+3
  float2 edge[ROWS]; // lane 0: x-2, x-1; lane 31: x+4, x+5
};

__device__ __forceinline__ void loadRows(Rows &rows, const float *__restrict__ in, int H, int W, int r0,
                                         int rEnd, int x, bool colIn, int edgeX, bool edgeIn) {
  for (int u = 0; u < ROWS; ++u) {
    const int r = r0 + u;
    const bool rowIn = r >= 0 && r < H && r < rEnd;
    rows.mid[u] = make_float4(0.f, 0.f, 0.f, 0.f);
    rows.edge[u] = make_float2(0.f, 0.f);
    if (rowIn && colIn)
      rows.mid[u] = make_float4((in + (size_t)r * W)[x], (in + (size_t)r * W)[x + 1], (in + (size_t)r * W)[x + 2], (in + (size_t)r * W)[x + 3]);
    if (rowIn && edgeIn)
      rows.edge[u] = make_float2((in + (size_t)r * W)[edgeX], (in + (size_t)r * W)[edgeX + 1]);
  }
}

__global__ void __launch_bounds__(WARPS * 32)
conv2d_stream_kernel(int H, int W, int segRows, const float *in, float *__restrict__ out) {
  const int lane = threadIdx.x & 31;
  const int strip = blockIdx.x * WARPS + (threadIdx.x >> 5);
  if (strip * STRIP_W >= W)
    return; // the whole warp is right of the image, so no shuffle misses it
  const int x = strip * STRIP_W + lane * TX;
  const bool colIn = x < W;
  const int edgeX = lane == 0 ? x - R : x + TX;
  const bool edgeIn = (lane == 0 || lane == 31) && edgeX >= 0 && edgeX < W;
  const int ys = blockIdx.y * segRows;
  const int ye = min(ys + segRows, H);
  const int rEnd = ye + R; // input rows ys-R .. ye+R-1 feed output rows ys .. ye-1

  // acc[k]: output row r - R + k while input row r is added.
  float acc[F][TX];
  for (int k = 0; k < F; ++k)
    for (int c = 0; c < TX; ++c)
      acc[k][c] = 0.0f;

  Rows next;
  loadRows(next, in, H, W, ys - R, rEnd, x, colIn, edgeX, edgeIn);
  for (int r0 = ys - R; r0 < rEnd; r0 += ROWS) {
    const Rows cur = next;
    if (r0 + ROWS < rEnd) // in flight while this step computes
      loadRows(next, in, H, W, r0 + ROWS, rEnd, x, colIn, edgeX, edgeIn);
    for (int u = 0; u < ROWS; ++u) {
      const int r = r0 + u;
      if (r < rEnd) { // warp-uniform
        const float4 m = cur.mid[u];
        float lx = __shfl_up_sync(FULL, m.z, 1), ly = __shfl_up_sync(FULL, m.w, 1);
        float rx = __shfl_down_sync(FULL, m.x, 1), ry = __shfl_down_sync(FULL, m.y, 1);
        if (lane == 0) {
          lx = cur.edge[u].x;
          ly = cur.edge[u].y;
        }
        if (lane == 31) {
          rx = cur.edge[u].x;
          ry = cur.edge[u].y;
        }
        const float v[TX + 2 * R] = {lx, ly, m.x, m.y, m.z, m.w, rx, ry};
        // Input row r feeds output row r - R + k through filter row F - 1 - k.
        for (int k = 0; k < F; ++k)
          for (int j = 0; j < F; ++j)
            for (int c = 0; c < TX; ++c)
              acc[k][c] = fmaf(c_filt[(F - 1 - k) * F + j], v[c + j], acc[k][c]);
        const int o = r - R; // has now seen all F input rows
        if (o >= ys && colIn)
          {
            (out + (size_t)o * W)[x] = acc[0][0];
            (out + (size_t)o * W)[x + 1] = acc[0][1];
            (out + (size_t)o * W)[x + 2] = acc[0][2];
            (out + (size_t)o * W)[x + 3] = acc[0][3];
          }
        for (int k = 0; k + 1 < F; ++k)
          for (int c = 0; c < TX; ++c)
            acc[k][c] = acc[k + 1][c];
        for (int c = 0; c < TX; ++c)
          acc[F - 1][c] = 0.0f;
      }
    }
  }
}

} // namespace conv2d_expert

// Host launcher: device pointers, sizes as in the manifest (conv2d.yaml).
// The 25 filter taps go to constant memory (a device-to-device copy). Each
// strip is cut into as many segments as make the grid one wave of resident
// blocks: fewer segments leave SMs idle, more re-read more halo rows.
void conv2d_launch(int H, int W, const float *in, const float *filt, float *out) {
  using namespace conv2d_expert;
  cudaMemcpyToSymbolAsync(c_filt, filt, F * F * sizeof(float), 0, cudaMemcpyDeviceToDevice);
  if (H <= 0 || W <= 0)
    return;
  const int strips = (W + STRIP_W - 1) / STRIP_W;
  const int blocksX = (strips + WARPS - 1) / WARPS;
  int device = 0, sms = 0, perSm = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, conv2d_stream_kernel, WARPS * 32, 0);
  const long long resident = (long long)sms * (perSm > 0 ? perSm : 1);
  long long segs = (resident + blocksX - 1) / blocksX;
  if (segs > H)
    segs = H;
  const int segRows = (int)((H + segs - 1) / segs);
  const int blocksY = (H + segRows - 1) / segRows;
  conv2d_stream_kernel<<<dim3(blocksX, blocksY), WARPS * 32>>>(H, W, segRows, in, out);
}
