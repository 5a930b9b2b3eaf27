// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// REQUIRES: nvcc
// A 5-point Jacobi step written with neighbour reads at constant offsets, no
// tap loop: u[idx - 1], u[idx + 1], u[idx - nx], u[idx + nx] are the same
// form shifted by whole steps of threadIdx.x (1) and threadIdx.y (nx). A
// halo region site stages, before the guard's `if`, an (8 + 2) x (32 + 2)
// tile restated from the first read (thread at slot + offset); each guard
// term is kept at the nearest thread that reads the slot (`i > 0` holds for
// high indices: at min(slot, 31); `i < nx - 1` for low ones: at
// max(slot - 2, 0)). The guarded store stays guarded; its own reads come
// first, so the store is no write the tile could miss.
#include <cuda_runtime.h>
__global__ void jacobi(int nx, int ny, const float *u, float *unew) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && i < nx - 1 && j > 0 && j < ny - 1) {
    int idx = j * nx + i;
    unew[idx] = 0.25f * (u[idx - 1] + u[idx + 1] + u[idx - nx] + u[idx + nx]);
  }
}
// CHECK-FIXES:      {{^}}  int j = blockIdx.y * blockDim.y + threadIdx.y;{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ float u_tile[10][34];{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int halo_y = threadIdx.y; halo_y < 10; halo_y += 8){{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int halo_x = threadIdx.x; halo_x < 34; halo_x += 32){{$}}
// CHECK-FIXES-NEXT: {{^}}      if ((blockIdx.x * blockDim.x + min(halo_x, 31)) > 0 && (blockIdx.x * blockDim.x + max(halo_x - 2, 0)) < nx - 1 && (blockIdx.y * blockDim.y + min(halo_y, 7)) > 0 && (blockIdx.y * blockDim.y + max(halo_y - 2, 0)) < ny - 1){{$}}
// CHECK-FIXES-NEXT: {{^}}        u_tile[halo_y][halo_x] = u[((blockIdx.y * blockDim.y + halo_y - 1) * nx + (blockIdx.x * blockDim.x + halo_x)) - 1];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (i > 0 && i < nx - 1 && j > 0 && j < ny - 1) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    int idx = j * nx + i;{{$}}
// CHECK-FIXES-NEXT: {{^}}    unew[idx] = 0.25f * (u_tile[threadIdx.y + 1][threadIdx.x] + u_tile[threadIdx.y + 1][threadIdx.x + 2] + u_tile[threadIdx.y][threadIdx.x + 1] + u_tile[threadIdx.y + 2][threadIdx.x + 1]);{{$}}
void step(int nx, int ny, const float *u, float *unew) {
  jacobi<<<dim3((nx + 31) / 32, (ny + 7) / 8), dim3(32, 8)>>>(nx, ny, u, unew);
}
