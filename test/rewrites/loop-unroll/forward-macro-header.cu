// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward -- --option=max-full-unroll=128
// RUN: %check-roundtrip %s %t --rewrite=loop-unroll --from=forward -- --option=max-full-unroll=128
// Loop headers spelled by a macro: when the loop's first token is the first
// token of a macro use, the pragma goes on its own line above the use, where
// it attaches to the loop the expansion starts with. The PTX shows nvcc
// honours it: 96 FMAs in straight-line code instead of a loop unrolled by 16.
#define FOR_N(i, n) for (int i = 0; i < (n); ++i)
#define FOR_RANGE(i, lo, hi) FOR_STEP(i, lo, hi, 1)
#define FOR_STEP(i, lo, hi, s) for (int i = (lo); i < (hi); i += (s))
#define EACH_LANE_BIT for (unsigned bit = 16; bit > 0; bit >>= 1)

__global__ void dotk(const float *a, const float *b, float *out) {
  float acc = 0.f;
  FOR_N(k, 96) acc += a[threadIdx.x * 96 + k] * b[k];
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  FOR_N(k, 96) acc += a[threadIdx.x * 96 + k] * b[k];
  float t = 0.f; FOR_RANGE(j, 2, 6) { t += b[j]; }
  // CHECK-FIXES: {{^}}  float t = 0.f;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  FOR_RANGE(j, 2, 6) { t += b[j]; }
  EACH_LANE_BIT
    t += __shfl_xor_sync(0xffffffffu, t, bit);
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  EACH_LANE_BIT{{$}}
  out[threadIdx.x] = acc + t;
}

// CHECK-PTX: .entry {{.*}}dotk
// CHECK-PTX-COUNT-96: fma.rn.f32
// CHECK-PTX-NOT: fma.rn.f32
// CHECK-PTX: ret;
