// RUN: %check-rewrite %s %t --rewrite=register-tile --direction=forward -- --option=tm=2 --option=tn=4
// REQUIRES: nvcc
// Another style: a batched product (blockIdx.z picks the matrices, per-batch
// pointer locals), the column index first, an early return for the threads
// past the matrix, the accumulator declared after it, a macro for the block
// edge. Options: 2 rows x 4 columns per thread.
#include <cuda_runtime.h>
#define TILE 16

__global__ void bmm(const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c,
                    int m, int n, int kk) {
  const int x = threadIdx.x + blockIdx.x * TILE;
  const int y = blockIdx.y * TILE + threadIdx.y;
  const float *pa = a + (size_t)blockIdx.z * m * kk;
  const float *pb = b + (size_t)blockIdx.z * kk * n;
  if (y >= m || x >= n)
    return;
  float acc = 0;
  for (int t = 0; t < kk; t++) {
    float va = pa[y * kk + t];
    acc += va * pb[t * n + x];
  }
  c[(size_t)blockIdx.z * m * n + y * n + x] = acc;
}
// CHECK-FIXES:      {{^}}  const int x = threadIdx.x + blockIdx.x * TILE * 4;{{$}}
// CHECK-FIXES-NEXT: {{^}}  const int y = blockIdx.y * TILE * 2 + threadIdx.y;{{$}}
// CHECK-FIXES:      {{^}}  if (y >= m || x >= n){{$}}
// CHECK-FIXES-NEXT: {{^}}    return;{{$}}
// CHECK-FIXES-NEXT: {{^}}  float acc[2][4];{{$}}
// CHECK-FIXES:      {{^}}  for (int t = 0; t < kk; t++) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    float va[2] = {};{{$}}
// CHECK-FIXES-NEXT: {{^}}    #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int i = 0; i < 2; ++i){{$}}
// CHECK-FIXES-NEXT: {{^}}      if (y + i * TILE < m){{$}}
// CHECK-FIXES-NEXT: {{^}}        va[i] = pa[(y + i * TILE) * kk + t];{{$}}
// CHECK-FIXES-NEXT: {{^}}    float pb_reg[4];{{$}}
// CHECK-FIXES-NEXT: {{^}}    #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int j = 0; j < 4; ++j){{$}}
// CHECK-FIXES-NEXT: {{^}}      pb_reg[j] = x + j * TILE < n ? pb[t * n + x + j * TILE] : 0.0f;{{$}}
// CHECK-FIXES:      {{^}}        acc[i][j] += va[i] * pb_reg[j];{{$}}
// CHECK-FIXES:      {{^}}      if (y + i * TILE < m && x + j * TILE < n){{$}}
// CHECK-FIXES-NEXT: {{^}}        c[(size_t)blockIdx.z * m * n + (y + i * TILE) * n + x + j * TILE] = acc[i][j];{{$}}

void run(const float *a, const float *b, float *c, int batch, int m, int n, int kk, cudaStream_t s) {
  dim3 block(TILE, TILE);
  bmm<<<dim3((n + TILE - 1) / TILE, (m + TILE - 1) / TILE, batch), block, 0, s>>>(a, b, c, m, n, kk);
}
// CHECK-FIXES: {{^}}  bmm<<<dim3(((n + TILE - 1) / TILE + 3) / 4, ((m + TILE - 1) / TILE + 1) / 2, batch), block, 0, s>>>(a, b, c, m, n, kk);{{$}}
