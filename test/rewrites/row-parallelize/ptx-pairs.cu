// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate
// PTX evidence for pair reductions. Before: one thread walks each row, no
// shuffle, no barrier, no shared memory. After: the argmax shuffles its
// value (f32) and its index (s32, a 32-bit shuffle each) and stores both to
// shared memory; the online softmax shuffles both m and s, stores both, and
// scales with ex2 (expf).
__global__ void argmax_rows(const float *x, int *idx, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float best = -3.402823466e+38f;
  int arg = -1;
  for (int c = 0; c < cols; ++c) {
    float v = x[r * cols + c];
    if (v > best) {
      best = v;
      arg = c;
    }
  }
  idx[r] = arg;
}

__global__ void online_lse_rows(const float *x, float *lse, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float m = -3.402823466e+38f, s = 0.f;
  for (int c = 0; c < cols; ++c) {
    float v = x[r * cols + c];
    float mn = fmaxf(m, v);
    s = s * expf(m - mn) + expf(v - mn);
    m = mn;
  }
  lse[r] = m + logf(s);
}

void launch(const float *x, int *idx, float *lse, int rows, int cols) {
  argmax_rows<<<(rows + 255) / 256, 256>>>(x, idx, rows, cols);
  online_lse_rows<<<(rows + 255) / 256, 256>>>(x, lse, rows, cols);
}
// CHECK-PTX-BEFORE: .entry {{.*}}argmax_rows
// CHECK-PTX-BEFORE-NOT: shfl.sync
// CHECK-PTX-BEFORE-NOT: bar.sync
// CHECK-PTX-BEFORE-NOT: st.shared
// The argmax: a shuffle of the value and one of the index at each step,
// then both partials through shared memory.
// CHECK-PTX: .entry {{.*}}argmax_rows
// CHECK-PTX: shfl.sync.down.b32
// CHECK-PTX: shfl.sync.down.b32
// CHECK-PTX: bar.sync
// CHECK-PTX: st.shared.f32
// CHECK-PTX-NEXT: st.shared.u32
// CHECK-PTX: bar.sync
// CHECK-PTX: ld.shared.f32
// CHECK-PTX-NEXT: ld.shared.u32
// CHECK-PTX: shfl.sync.down.b32
// CHECK-PTX: shfl.sync.down.b32
// The online logsumexp: m and s shuffled together, rescaled with ex2 (expf).
// CHECK-PTX: .entry {{.*}}online_lse_rows
// CHECK-PTX: shfl.sync.down.b32
// CHECK-PTX: shfl.sync.down.b32
// CHECK-PTX: ex2.approx
// CHECK-PTX: st.shared.f32
// CHECK-PTX-NEXT: st.shared.f32
// CHECK-PTX: ld.shared.f32
// CHECK-PTX-NEXT: ld.shared.f32
// CHECK-FIXES: {{^}}  argmax_rows<<<rows, 256>>>(x, idx, rows, cols);
// CHECK-FIXES: {{^}}  online_lse_rows<<<rows, 256>>>(x, lse, rows, cols);
