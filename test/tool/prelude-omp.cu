// nvcc hands host code to g++, which finds omp.h; Clang's device-side parse
// does not, and the missing include stops the parse (exit 1). The prelude's
// fallback omp.h is searched last, so a real omp.h would still win.
// RUN: %klineage-rewrite --list-sites --rewrite=loop-unroll --format=json %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=KL7
// RUN: %nvcc -arch=sm_90 -c %s -o %t.o
#include <omp.h>
#include <vector>

__global__ void axpy(float a, const float *x, float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] += a * x[i];
}
// CHECK: "function": "axpy"

double reference(std::vector<float> &y, const std::vector<float> &x, float a) {
  double t0 = omp_get_wtime();
  omp_set_num_threads(omp_get_max_threads());
#pragma omp parallel for
  for (int i = 0; i < (int)y.size(); ++i)
    y[i] += a * x[i] + omp_get_thread_num() * 0;
  return omp_get_wtime() - t0;
}
