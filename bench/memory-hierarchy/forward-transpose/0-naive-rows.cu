// Matrix transpose, the other naive form: out (C x R) = in (R x C)^T, fp32,
// row-major, one thread per element, threads along x walking an output row
// (writes coalesced, reads strided by C). Same launcher as
// workloads/transpose/naive.cu.
#include <cuda_runtime.h>

__global__ void transpose_rows_kernel(int R, int C, const float *in, float *out) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  int c = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < R && c < C)
    out[c * R + r] = in[r * C + c];
}

// Host launcher: device pointers, sizes as in the manifest (transpose.yaml).
void transpose_launch(int R, int C, const float *in, float *out) {
  dim3 block(16, 16);
  dim3 grid((R + block.x - 1) / block.x, (C + block.y - 1) / block.y);
  transpose_rows_kernel<<<grid, block>>>(R, C, in, out);
}
