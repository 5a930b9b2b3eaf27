// nvcc's crt/math_functions.h includes <math.h>, which brings std::isfinite,
// isnan and isinf into the global namespace; under Clang only the __device__
// ::isfinite(float) is visible, so host `isfinite(x)` has no match without
// the prelude (exit 1).
// RUN: %klineage-rewrite --list-sites --rewrite=readonly-restrict --format=json %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=KL7
// RUN: %nvcc -arch=sm_90 -c %s -o %t.o
#include <cmath>
#include <vector>

__global__ void relu(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = isfinite(in[i]) ? fmaxf(in[i], 0.0f) : 0.0f;
}
// CHECK: "function": "relu"

bool allFinite(const std::vector<float> &v) {
  for (float x : v)
    if (!isfinite(x) || isnan(x) || isinf(x))
      return false;
  return true;
}
