// REQUIRES: nvcc
// thread-coarsen (consecutive, C = 4) writes its lanes as a loop that
// vectorize-global-access merges: run one after the other (alignment
// asserted for vectorize), the PTX has 128-bit loads and stores where the
// input had 32-bit ones.
// RUN: %klineage-rewrite --rewrite=thread-coarsen --direction=forward --option=mode=consecutive --option=factor=4 %s -o %t.coarse.cu
// RUN: %klineage-rewrite --rewrite=vectorize-global-access --direction=forward --assume=aligned:x:16,aligned:y:16,aligned:a:16,aligned:b:16,aligned:c:16,aligned:out:16 %t.coarse.cu -o %t.vec.cu
// RUN: %nvcc -arch=sm_90 -std=c++17 -O3 -ptx %s -o %t.before.ptx
// RUN: %nvcc -arch=sm_90 -std=c++17 -O3 -ptx %t.vec.cu -o %t.after.ptx
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before.ptx
// RUN: FileCheck %s --check-prefix=AFTER < %t.after.ptx
#include <cuda_runtime.h>

// BEFORE-LABEL: .entry {{.*}}saxpy
// BEFORE-NOT: .v4
// BEFORE: ld.global.nc.f32
// BEFORE: ld.global.f32
// BEFORE: st.global.f32
// BEFORE-NOT: .v4
// BEFORE: ret;
// AFTER-LABEL: .entry {{.*}}saxpy
// AFTER-DAG: ld.global.v4.f32
// AFTER-DAG: ld.global.nc.v4.f32
// AFTER-DAG: st.global.v4.f32
// AFTER: ret;
__global__ void saxpy(int n, float s, const float *__restrict__ x, float *__restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = s * x[i] + y[i];
}

// AFTER-LABEL: .entry {{.*}}fma3
// AFTER-DAG: ld.global.nc.v4.f32
// AFTER-DAG: st.global.v4.f32
// AFTER: ret;
__global__ void fma3(const float *__restrict__ a, const float *__restrict__ b,
                     const float *__restrict__ c, float *__restrict__ out, int n) {
  int idx = threadIdx.x + blockIdx.x * blockDim.x;
  if (idx >= n) return;
  out[idx] = fmaf(a[idx], b[idx], c[idx]);
}

void run(int n, float s, const float *x, float *y, float *out) {
  saxpy<<<(n + 255) / 256, 256>>>(n, s, x, y);
  fma3<<<(n + 255) / 256, 256>>>(x, x, x, out, n);
}
