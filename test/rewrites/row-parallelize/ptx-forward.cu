// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate
// PTX evidence. Before: one thread walks each row, no shuffle and no
// barrier. After: the row's sum of squares goes through shfl.sync.down
// within warps, a barrier and a shared-memory stage, and the broadcast.
__global__ void rms_norm(const float *x, float *y, int rows, int cols, float eps) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float ss = 0.0f;
  for (int c = 0; c < cols; ++c)
    ss += x[r * cols + c] * x[r * cols + c];
  float scale = rsqrtf(ss / cols + eps);
  for (int c = 0; c < cols; ++c)
    y[r * cols + c] = x[r * cols + c] * scale;
}

void rms_norm_launch(const float *x, float *y, int rows, int cols) {
  rms_norm<<<(rows + 255) / 256, 256>>>(x, y, rows, cols, 1e-6f);
}
// CHECK-PTX-BEFORE: .entry {{.*}}rms_norm
// CHECK-PTX-BEFORE-NOT: shfl.sync
// CHECK-PTX-BEFORE-NOT: bar.sync
// CHECK-PTX: .entry {{.*}}rms_norm
// CHECK-PTX: shfl.sync.down.b32
// CHECK-PTX: bar.sync
// CHECK-PTX: st.shared.f32
// CHECK-PTX: ld.shared.f32
// CHECK-FIXES: {{^}}  rms_norm<<<rows, 256>>>(x, y, rows, cols, 1e-6f);
