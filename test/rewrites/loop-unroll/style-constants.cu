// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward
// Compile-time bounds spelled many ways: an enum, namespace constexpr, a
// `static const`, a struct's static constexpr member, a macro over them,
// sizeof(arr)/sizeof(arr[0]) with a size_t index, an int64_t index, and a
// constexpr __host__ __device__ function; after an early-return guard.
#include <cstdint>
enum { kVec = 4 };
namespace cfg {
constexpr unsigned kTile = 16;
static const int kRad = 2;
} // namespace cfg
struct Params { static constexpr int kSteps = 6; };
#define N_TAPS (2 * cfg::kRad + 1)
__host__ __device__ constexpr int ceil_div(int a, int b) { return (a + b - 1) / b; }

__constant__ float taps[N_TAPS];

__global__ void filt(const float *x, float *y, std::size_t n) {
  const std::size_t gid = blockIdx.x * (std::size_t)blockDim.x + threadIdx.x;
  if (gid >= n) return;
  float lut[8];
  for (std::size_t t = 0; t < sizeof(lut) / sizeof(lut[0]); ++t) lut[t] = 0.f;
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (std::size_t t = 0; t < sizeof(lut) / sizeof(lut[0]); ++t)
  for (unsigned t = 0u; t < cfg::kTile; t += kVec) lut[t % 8] += x[t];
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (unsigned t = 0u; t < cfg::kTile; t += kVec)
  float r = 0.f;
  for (int t = -cfg::kRad; t <= cfg::kRad; ++t) r += taps[t + cfg::kRad] * lut[(t + 8) % 8];
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int t = -cfg::kRad; t <= cfg::kRad; ++t)
  for (int64_t s = 0; s < Params::kSteps; s++) r *= 0.5f;
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int64_t s = 0; s < Params::kSteps; s++)
  for (int v = 0; v < ceil_div(30, kVec * 2); ++v) r += lut[v];
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int v = 0; v < ceil_div(30, kVec * 2); ++v)
  y[gid] = r;
}
