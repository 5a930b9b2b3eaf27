// RUN: %check-roundtrip %s %t --rewrite=loop-unroll --from=forward
// RUN: %check-roundtrip %s %t --rewrite=loop-unroll --from=forward -- --option=unroll-factor=8
// forward then reverse gives back the input: every loop is device code with a
// constant trip count, so every site applies in both directions.
#define RADIUS 3
#define W 32

__global__ void stencil1d(const float *in, float *out, int n) {
  __shared__ float tile[W + 2 * RADIUS];
  int g = blockIdx.x * W + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  tile[l] = in[g];
  if (threadIdx.x < RADIUS) {
    tile[l - RADIUS] = g >= RADIUS ? in[g - RADIUS] : 0.f;
    tile[l + W] = g + W < n ? in[g + W] : 0.f;
  }
  __syncthreads();
  float r = 0.f;
  for (int o = -RADIUS; o <= RADIUS; o++) r += tile[l + o];
  out[g] = r;
}

__global__ void transpose(const float *src, float *dst, int width) {
  __shared__ float t[W][W + 1];
  int x = blockIdx.x * W + threadIdx.x, y = blockIdx.y * W + threadIdx.y;
  for (int j = 0; j < W; j += 8)
    t[threadIdx.y + j][threadIdx.x] = src[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * W + threadIdx.x;
  y = blockIdx.x * W + threadIdx.y;
  for (int j = 0; j < W; j += 8)
    dst[(y + j) * width + x] = t[threadIdx.x][threadIdx.y + j];
}
