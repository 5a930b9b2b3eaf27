// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// REQUIRES: nvcc
// Style: a 3-D 7-point stencil marching along z, indices through a macro,
// the guard inside the z loop. The four in-plane neighbours and the centre
// share a (4 + 2) x (32 + 2) tile of plane z, staged each step before the
// guard with a barrier after the step (the next step restages it); the
// z - 1 and z + 1 reads are a whole plane away (no thread-index step): each
// thread's own, left in global memory. Macros stay macros.
#include <cuda_runtime.h>
#define IDX(x, y, z) (((z) * ny + (y)) * nx + (x))
__global__ void stencil7(int nx, int ny, int nz, const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  for (int z = 1; z < nz - 1; ++z) {
    if (x >= 1 && y >= 1 && x < nx - 1 && y < ny - 1)
      out[IDX(x, y, z)] = -6.f * in[IDX(x, y, z)] + in[IDX(x - 1, y, z)] + in[IDX(x + 1, y, z)] +
                          in[IDX(x, y - 1, z)] + in[IDX(x, y + 1, z)] + in[IDX(x, y, z - 1)] + in[IDX(x, y, z + 1)];
  }
}
// CHECK-FIXES:      {{^}}  for (int z = 1; z < nz - 1; ++z) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    __shared__ float in_tile[6][34];{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int halo_y = threadIdx.y; halo_y < 6; halo_y += 4){{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int halo_x = threadIdx.x; halo_x < 34; halo_x += 32){{$}}
// CHECK-FIXES-NEXT: {{^}}        if ((blockIdx.x * blockDim.x + min(halo_x, 31)) >= 1 && (blockIdx.y * blockDim.y + min(halo_y, 3)) >= 1 && (blockIdx.x * blockDim.x + max(halo_x - 2, 0)) < nx - 1 && (blockIdx.y * blockDim.y + max(halo_y - 2, 0)) < ny - 1){{$}}
// CHECK-FIXES-NEXT: {{^}}          in_tile[halo_y][halo_x] = in[IDX((blockIdx.x * blockDim.x + halo_x - 1), (blockIdx.y * blockDim.y + halo_y - 1), z)];{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (x >= 1 && y >= 1 && x < nx - 1 && y < ny - 1){{$}}
// CHECK-FIXES-NEXT: {{^}}      out[IDX(x, y, z)] = -6.f * in_tile[threadIdx.y + 1][threadIdx.x + 1] + in_tile[threadIdx.y + 1][threadIdx.x] + in_tile[threadIdx.y + 1][threadIdx.x + 2] +{{$}}
// CHECK-FIXES-NEXT: {{^}}                          in_tile[threadIdx.y][threadIdx.x + 1] + in_tile[threadIdx.y + 2][threadIdx.x + 1] + in[IDX(x, y, z - 1)] + in[IDX(x, y, z + 1)];{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
void run(int nx, int ny, int nz, const float *in, float *out) {
  stencil7<<<dim3((nx + 31) / 32, (ny + 3) / 4), dim3(32, 4)>>>(nx, ny, nz, in, out);
}
