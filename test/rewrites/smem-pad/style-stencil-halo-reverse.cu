// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=reverse --expect-exit=2
// A 5-point stencil's tile with a halo of one cell on each side,
// [BY + 2][BX + 2]: written like a padding, but the halo columns are read
// (s[ly][BX + 1] is written, s[ly][lx + 1] reaches column BX + 1). Reverse reads what the code does,
// not how the extent is spelled: the "padding" is used, and the site is
// refused.
#include <cuda_runtime.h>

#define BX 32
#define BY 8

__global__ void laplace(const float *__restrict__ u, float *__restrict__ v, int nx, int ny) {
  __shared__ float s[BY + 2][BX + 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: error: cannot apply 'smem-pad' (reverse) at site 1: precondition 'indices-within-rows' fails: line [[@LINE+9]] ('s[ly][BX + 1]') reaches column 33 of the unpadded rows of 32: the padding itself; without it that is the next row's element [KL2407]
  // CHECK-MESSAGES: :[[@LINE+8]]:11: note: outside the row [index]
  const int x = blockIdx.x * BX + threadIdx.x, y = blockIdx.y * BY + threadIdx.y;
  const int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
  const int cx = min(x, nx - 1), cy = min(y, ny - 1);
  s[ly][lx] = u[cy * nx + cx];
  if (threadIdx.x == 0)
    s[ly][0] = u[cy * nx + max(cx - 1, 0)];
  if (threadIdx.x == BX - 1)
    s[ly][BX + 1] = u[cy * nx + min(cx + 1, nx - 1)];
  if (threadIdx.y == 0)
    s[0][lx] = u[max(cy - 1, 0) * nx + cx];
  if (threadIdx.y == BY - 1)
    s[BY + 1][lx] = u[min(cy + 1, ny - 1) * nx + cx];
  __syncthreads();
  if (x < nx && y < ny)
    v[y * nx + x] = s[ly][lx - 1] + s[ly][lx + 1] + s[ly - 1][lx] + s[ly + 1][lx] - 4.f * s[ly][lx];
}

void step(const float *u, float *v, int nx, int ny) {
  laplace<<<dim3((nx + BX - 1) / BX, (ny + BY - 1) / BY), dim3(BX, BY)>>>(u, v, nx, ny);
}
