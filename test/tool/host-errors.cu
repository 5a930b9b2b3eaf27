// The front end parses device-side only, but Sema still checks host
// functions. An error confined to a host function is reported as a note and
// the device code is analysed; an error in device code, or a parse error,
// still stops everything (exit 1, nothing written: bad-input.test).
// RUN: %klineage-rewrite --list-sites --rewrite=loop-unroll --format=json %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t.err --implicit-check-not=error:
// RUN: %klineage-rewrite --rewrite=loop-unroll --direction=forward --site=1 %s -o %t.out.cu
// RUN: FileCheck %s --check-prefix=APPLIED --input-file=%t.out.cu
// RUN: sed -e 's/sum += k;/sum += undeclared_in_device;/' %s > %t.device.cu
// RUN: not %klineage-rewrite --list-sites --format=json %t.device.cu 2>&1 | FileCheck %s --check-prefix=DEVICE
#include <cuda_runtime.h>
#include <vector>

__global__ void rowsum(const float *a, float *out, int cols) {
  float sum = 0.0f;
  for (int k = 0; k < 8; ++k)
    sum += k;
  for (int c = 0; c < cols; ++c)
    sum += a[blockIdx.x * cols + c];
  out[blockIdx.x] = sum;
}
// CHECK: "function": "rowsum"

// Written against a helper header this file does not include: nvcc fails
// here too, but only when it compiles the host side.
void check(const std::vector<float> &ref, const float *got) {
  compareResults(ref.data(), got, ref.size());
  auto bad = [&](int i) { return ref[i] != got[i] + missingTolerance; };
  (void)bad;
}
// NOTE: host-errors.cu:[[@LINE-4]]:3: note: use of undeclared identifier 'compareResults'; in host code ('check'), ignored for device analysis [KL7]
// NOTE: host-errors.cu:[[@LINE-4]]:53: note: use of undeclared identifier 'missingTolerance'; in host code ('check'), ignored for device analysis [KL7]
// APPLIED: #pragma unroll
// APPLIED-NEXT: for (int k = 0; k < 8; ++k)
// DEVICE: error: use of undeclared identifier 'undeclared_in_device'
// DEVICE: error: '{{.*}}' has errors; nothing was changed [KL3]
