// 2-D Jacobi step (5-point average) over an ny x nx float grid, naive:
//   unew[j][i] = (u[j][i-1] + u[j][i+1] + u[j-1][i] + u[j+1][i]) / 4 inside,
//   unew = u on the border (the launcher copies the grid first).
// One thread per point, neighbours read from global memory at constant
// offsets (no tap loop): the bench of smem-tile's halo regions.
#include <cuda_runtime.h>

__global__ void jacobi(int nx, int ny, const float *u, float *unew) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && i < nx - 1 && j > 0 && j < ny - 1) {
    int idx = j * nx + i;
    unew[idx] = 0.25f * (u[idx - 1] + u[idx + 1] + u[idx - nx] + u[idx + nx]);
  }
}

// Host launcher: device pointers, sizes as in the manifest (jacobi_naive.yaml).
void jacobi_launch(int nx, int ny, const float *u, float *unew) {
  cudaMemcpyAsync(unew, u, sizeof(float) * (size_t)nx * ny, cudaMemcpyDeviceToDevice);
  jacobi<<<dim3((nx + 31) / 32, (ny + 7) / 8), dim3(32, 8)>>>(nx, ny, u, unew);
}
