// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward -- --assume=noalias
// The classic SDK tiled matmul (float* Md, float* Nd, float* Pd) with no
// qualifiers at all, under --assume=noalias: both inputs gain const
// __restrict__ and their tile loads are wrapped; the output Pd is only
// written, so it is no site.
#define TILE_WIDTH 16
__global__ void MatrixMulKernel(float* Md, float* Nd, float* Pd, int Width) {
// CHECK-FIXES: {{^}}__global__ void MatrixMulKernel(const float* __restrict__ Md, const float* __restrict__ Nd, float* Pd, int Width) {
  __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
  __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];
  int bx = blockIdx.x; int by = blockIdx.y;
  int tx = threadIdx.x; int ty = threadIdx.y;
  int Row = by * TILE_WIDTH + ty;
  int Col = bx * TILE_WIDTH + tx;
  float Pvalue = 0;
  for (int m = 0; m < Width / TILE_WIDTH; ++m) {
    Mds[ty][tx] = Md[Row * Width + (m * TILE_WIDTH + tx)];
    // CHECK-FIXES: {{^}}    Mds[ty][tx] = __ldg(&Md[Row * Width + (m * TILE_WIDTH + tx)]);
    Nds[ty][tx] = Nd[(m * TILE_WIDTH + ty) * Width + Col];
    // CHECK-FIXES: {{^}}    Nds[ty][tx] = __ldg(&Nd[(m * TILE_WIDTH + ty) * Width + Col]);
    __syncthreads();
    for (int k = 0; k < TILE_WIDTH; ++k) Pvalue += Mds[ty][k] * Nds[k][tx];
    __syncthreads();
  }
  Pd[Row * Width + Col] = Pvalue;
}
