// 2-D Jacobi step (5-point average) over an ny x nx float grid, naive:
//   unew[j][i] = (u[j][i-1] + u[j][i+1] + u[j-1][i] + u[j+1][i]) / 4 inside,
//   unew = u on the border (the launcher copies the grid first).
// One thread per point, neighbours read from global memory at constant
// offsets (no tap loop): the bench of smem-tile's halo regions.
#include <cuda_runtime.h>

__global__ void jacobi(int nx, int ny, const float *u, float *unew) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  __shared__ float u_tile[10][34];
  for (int halo_y = threadIdx.y; halo_y < 10; halo_y += 8)
    for (int halo_x = threadIdx.x; halo_x < 34; halo_x += 32)
      if ((blockIdx.x * blockDim.x + min(halo_x, 31)) > 0 && (blockIdx.x * blockDim.x + max(halo_x - 2, 0)) < nx - 1 && (blockIdx.y * blockDim.y + min(halo_y, 7)) > 0 && (blockIdx.y * blockDim.y + max(halo_y - 2, 0)) < ny - 1)
        u_tile[halo_y][halo_x] = u[((blockIdx.y * blockDim.y + halo_y - 1) * nx + (blockIdx.x * blockDim.x + halo_x)) - 1];
  __syncthreads();
  if (i > 0 && i < nx - 1 && j > 0 && j < ny - 1) {
    int idx = j * nx + i;
    unew[idx] = 0.25f * (u_tile[threadIdx.y + 1][threadIdx.x] + u_tile[threadIdx.y + 1][threadIdx.x + 2] + u_tile[threadIdx.y][threadIdx.x + 1] + u_tile[threadIdx.y + 2][threadIdx.x + 1]);
  }
}

// Host launcher: device pointers, sizes as in the manifest (jacobi_naive.yaml).
void jacobi_launch(int nx, int ny, const float *u, float *unew) {
  cudaMemcpyAsync(unew, u, sizeof(float) * (size_t)nx * ny, cudaMemcpyDeviceToDevice);
  jacobi<<<dim3((nx + 31) / 32, (ny + 7) / 8), dim3(32, 8)>>>(nx, ny, u, unew);
}
