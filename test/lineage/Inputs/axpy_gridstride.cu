// y = a * x + y, written the way an expert might: a grid-stride loop over a
// fixed grid (thread coarsening) and read-only loads. Same contract as
// workloads/axpy/axpy.cu (the manifest workloads/axpy/axpy.yaml).
#include <cuda_runtime.h>

__global__ void axpy_gridstride(int n, float a, const float *__restrict__ x, float *__restrict__ y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * __ldg(&x[i]) + y[i];
}

void axpy_launch(int n, float a, const float *x, float *y) {
  if (n <= 0)
    return;
  axpy_gridstride<<<132 * 8, 256>>>(n, a, x, y);
}
