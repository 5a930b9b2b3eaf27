// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse -- --assume=reassociate
// PTX evidence for the reverse of a pair: before, the warp's online-softmax
// (max, sum) merge is ten butterfly shuffles; after, none is left, only
// shared-memory loads and stores of both arrays, each round with a warp
// barrier (bar.warp.sync).
__device__ void merge(float &m, float &s, float m2, float s2) {
  const float mx = fmaxf(m, m2);
  s = s * (m == mx ? 1.0f : __expf(m - mx)) + s2 * (m2 == mx ? 1.0f : __expf(m2 - mx));
  m = mx;
}

__global__ void warp_stats(const float *x, float *out) {
  const unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  float m = x[g], s = 1.0f;
  for (int o = 16; o > 0; o /= 2)
    merge(m, s, __shfl_xor_sync(0xffffffffu, m, o), __shfl_xor_sync(0xffffffffu, s, o));
  out[g] = __expf(x[g] - m) / s;
}

void launch(const float *x, float *out) { warp_stats<<<64, 256>>>(x, out); }

// CHECK-FIXES: {{^}}  __shared__ float m_tree[256];

// CHECK-PTX-BEFORE-LABEL: .entry {{.*}}warp_stats
// CHECK-PTX-BEFORE-COUNT-10: shfl.sync.bfly.b32

// CHECK-PTX-LABEL: .entry {{.*}}warp_stats
// CHECK-PTX-NOT: shfl.sync
// CHECK-PTX: st.shared.f32
// CHECK-PTX: bar.warp.sync
// CHECK-PTX: ld.shared.f32
// CHECK-PTX-NOT: shfl.sync
// CHECK-PTX: ret;
