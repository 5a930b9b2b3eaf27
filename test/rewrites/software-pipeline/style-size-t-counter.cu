// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward
// RUN: %check-roundtrip %s %t --rewrite=software-pipeline --from=forward
// REQUIRES: nvcc
// size_t counter and unsigned indices, the step a constexpr, the bound
// check folded into a ternary; a stream launcher.
// Forward then reverse gives the input back.
#include <cuda_runtime.h>
#include <cstddef>

constexpr unsigned BK = 32;

__global__ void matvec_rows(const float *__restrict__ W, const float *__restrict__ x, float *__restrict__ y,
                            unsigned rows, size_t cols) {
  __shared__ float xs[BK];
  const unsigned lane = threadIdx.x;
  const unsigned r = blockIdx.x * blockDim.y + threadIdx.y;
  float dot = 0.f;
  for (size_t j0 = 0; j0 < cols; j0 += BK) {
    if (threadIdx.y == 0)
      xs[lane] = j0 + lane < cols ? x[j0 + lane] : 0.f;
    __syncthreads();
    if (r < rows && j0 + lane < cols)
      dot += W[r * cols + j0 + lane] * xs[lane];
    __syncthreads();
  }
  for (int o = 16; o > 0; o >>= 1)
    dot += __shfl_down_sync(0xffffffffu, dot, o);
  if (lane == 0 && r < rows)
    y[r] = dot;
}

void launch(const float *W, const float *x, float *y, unsigned rows, size_t cols, cudaStream_t s) {
  matvec_rows<<<(rows + 7) / 8, dim3(32, 8), 0, s>>>(W, x, y, rows, cols);
}
// CHECK-FIXES: {{^}}  __shared__ float xs[2][BK];{{$}}
// CHECK-FIXES: {{^}}  if (0 < cols) {{{$}}
// CHECK-FIXES: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES: {{^}}  int stage = 0;{{$}}
// CHECK-FIXES: {{^}}    const bool has_next = j0 + BK < cols;{{$}}
// CHECK-FIXES: {{^}}        xs_next = j0 + BK + lane < cols ? x[j0 + BK + lane] : 0.f;{{$}}
// CHECK-FIXES: {{^}}      dot += W[r * cols + j0 + lane] * xs[stage][lane];{{$}}
// CHECK-FIXES: {{^}}        xs[stage ^ 1][lane] = xs_next;{{$}}
// CHECK-FIXES: {{^}}    stage ^= 1;{{$}}
