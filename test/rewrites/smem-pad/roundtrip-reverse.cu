// RUN: %check-roundtrip %s %t --rewrite=smem-pad --from=reverse
// REQUIRES: nvcc
// Reverse then forward gives back the input: the padding of one float
// (TILE_DIM + 1, 33) is what forward chooses again for a 32 x 8 block, and
// the GEMM tile's 4 floats (BM + 4) are what it chooses for rows read as
// float4 (a multiple of 4 floats; 4 makes the transposing store
// conflict-free).
#include <cuda_runtime.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transpose(float *odata, const float *idata, int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < height && y + j < width)
      odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void copy_tile(float *out, const float *in) {
  __shared__ float t[32][33];
  t[threadIdx.x][threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.y][threadIdx.x];
}

// A slice of A (BM x BK) stored transposed, As[k][m], read back as float4
// along m.
template <int BM, int BK>
__global__ void a_slice(const float *A, int lda, float *out) {
  __shared__ __align__(16) float As[BK][BM + 4];
  const int tid = threadIdx.x;
  const int r = tid / (BK / 4), c = (tid % (BK / 4)) * 4;
  float4 v = *reinterpret_cast<const float4 *>(&A[r * lda + c]);
  As[c + 0][r] = v.x;
  As[c + 1][r] = v.y;
  As[c + 2][r] = v.z;
  As[c + 3][r] = v.w;
  __syncthreads();
  const int k = tid / (BM / 4), m = (tid % (BM / 4)) * 4;
  float4 w = *reinterpret_cast<const float4 *>(&As[k][m]);
  out[tid] = w.x + w.y + w.z + w.w;
}

void run(float *o, const float *i, int w, int h, const float *A, float *out) {
  transpose<<<dim3(w / TILE_DIM, h / TILE_DIM), dim3(TILE_DIM, BLOCK_ROWS)>>>(o, i, w, h);
  copy_tile<<<1, dim3(32, 32)>>>(o, i);
  a_slice<128, 8><<<1, 256>>>(A, 8, out);
}
