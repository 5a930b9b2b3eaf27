// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward -- --assume=reassociate
// PTX evidence. Before: nvcc unrolls the constant loop into four global
// atomics per thread and keeps one per element in the grid-stride loop,
// with no shuffle or barrier. After: the loops only add in registers, the
// warps reduce with shfl.sync.down, one barrier joins the warps, and one
// global atomic per kernel remains, after the reduction.
__global__ void four_per_thread(const float *x, int n, float *out) {
  int base = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  #pragma unroll
  for (int k = 0; k < 4; ++k)
    if (base + k < n)
      atomicAdd(out, x[base + k]);
}

__global__ void grid_stride(const unsigned *v, int n, unsigned long long *out) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(out, (unsigned long long)v[i]);
}

void launch(const float *x, int n, float *out, const unsigned *v, unsigned long long *total) {
  four_per_thread<<<(n / 4 + 255) / 256, 256>>>(x, n, out);
  grid_stride<<<132 * 4, 256>>>(v, n, total);
}

// CHECK-FIXES:      {{^}}  float block_sum = -0.0f;
// CHECK-FIXES-NEXT: {{^}}  #pragma unroll
// CHECK-FIXES-NEXT: {{^}}  for (int k = 0; k < 4; ++k)
// CHECK-FIXES-NEXT: {{^}}    if (base + k < n)
// CHECK-FIXES-NEXT: {{^}}      block_sum += x[base + k];
// CHECK-FIXES:      {{^}}  unsigned long long block_sum = 0ull;
// CHECK-FIXES-NEXT: {{^}}  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
// CHECK-FIXES-NEXT: {{^}}    block_sum += (unsigned long long)v[i];

// CHECK-PTX-BEFORE-LABEL: .entry {{.*}}four_per_thread
// CHECK-PTX-BEFORE-NOT: shfl.sync
// CHECK-PTX-BEFORE-COUNT-4: {{(atom|red)}}.global.add.f32
// CHECK-PTX-BEFORE-NOT: {{(atom|red)}}.global
// CHECK-PTX-BEFORE-LABEL: .entry {{.*}}grid_stride
// CHECK-PTX-BEFORE-NOT: shfl.sync
// CHECK-PTX-BEFORE: {{(atom|red)}}.global.add.u64
// CHECK-PTX-BEFORE-NOT: bar.sync

// CHECK-PTX-LABEL: .entry {{.*}}four_per_thread
// CHECK-PTX-NOT: {{(atom|red)}}.global
// CHECK-PTX: shfl.sync.down
// CHECK-PTX-NOT: {{(atom|red)}}.global
// CHECK-PTX: bar.sync
// CHECK-PTX-NOT: {{(atom|red)}}.global
// CHECK-PTX: shfl.sync.down
// CHECK-PTX: {{(atom|red)}}.global.add.f32
// CHECK-PTX-NOT: {{(atom|red)}}.global
// CHECK-PTX-LABEL: .entry {{.*}}grid_stride
// CHECK-PTX-NOT: {{(atom|red)}}.global
// CHECK-PTX: shfl.sync.down
// CHECK-PTX: bar.sync
// CHECK-PTX: {{(atom|red)}}.global.add.u64
// CHECK-PTX-NOT: {{(atom|red)}}.global
