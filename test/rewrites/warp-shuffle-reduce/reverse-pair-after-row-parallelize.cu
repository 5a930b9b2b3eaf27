// REQUIRES: nvcc
// RUN: %klineage-rewrite --rewrite=row-parallelize --direction=forward --assume=reassociate %s -o %t.rows.cu
// RUN: %klineage-rewrite --rewrite=warp-shuffle-reduce --direction=reverse --assume=reassociate %t.rows.cu -o %t.tree.cu
// RUN: FileCheck %s --input-file=%t.tree.cu
// RUN: %nvcc -c -o %t.tree.o %t.tree.cu
// The pair reverse on code another rewrite wrote: row-parallelize turns a
// thread-per-row online softmax into a block per row inside a loop over
// rows, with a block pair reduction (down shuffles, warps' pairs through
// shared memory, warp 0's guarded stage, broadcast through element 0);
// the reverse turns that reduction into one shared tree over the 256
// threads. The pair is declared inside the row loop, so the next row does
// not read what the tree leaves, and every thread reads the broadcast
// pair, as it reads the tree's. The tree runs again for the next row: it
// waits at a barrier before storing.
#include <cuda_runtime.h>

__global__ void online_softmax(const float *x, float *y, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float m = -INFINITY;
  float s = 0.0f;
  for (int c = 0; c < cols; ++c) {
    float v = x[r * cols + c];
    float mn = fmaxf(m, v);
    s = s * __expf(m - mn) + __expf(v - mn);
    m = mn;
  }
  float inv = 1.0f / s;
  for (int c = 0; c < cols; ++c)
    y[r * cols + c] = __expf(x[r * cols + c] - m) * inv;
}
// CHECK:      {{^}}  __shared__ float m_tree[256];
// CHECK-NEXT: {{^}}  __shared__ float s_tree[256];
// CHECK-NEXT: {{^}}  const unsigned m_rank{{.*}} = threadIdx.x;
// CHECK-NEXT: {{^}}  __syncthreads();
// CHECK-NEXT: {{^}}  m_tree[m_rank{{.*}}] = m;
// CHECK-NEXT: {{^}}  s_tree[m_rank{{.*}}] = s;
// CHECK-NEXT: {{^}}  __syncthreads();
// CHECK-NEXT: {{^}}  for (unsigned m_stride = 128; m_stride > 0; m_stride /= 2) {
// CHECK:      {{^}}  m = m_tree[0];
// CHECK-NEXT: {{^}}  s = s_tree[0];
// CHECK-NEXT: {{^}}  float inv = 1.0f / s;
// CHECK-NOT:  {{__shf[l]}}
// CHECK-NOT:  {{_warp[s]}}

void online_softmax_launch(const float *x, float *y, int rows, int cols) {
  online_softmax<<<(rows + 255) / 256, 256>>>(x, y, rows, cols);
}
