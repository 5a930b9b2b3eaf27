// nvcc's crt/common_functions.h includes <time.h> and declares clock() for
// host and device; some files call clock() without including <time.h>. Under
// Clang the host call is undeclared without the prelude (exit 1).
// RUN: %klineage-rewrite --list-sites --rewrite=loop-unroll --format=json %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=KL7
// RUN: %nvcc -arch=sm_90 -c %s -o %t.o
#include <cstdio>

__global__ void spin(long long *cycles, int iters) {
  long long start = clock64();
  int acc = 0;
  for (int k = 0; k < 16; ++k)
    acc += k * iters;
  cycles[threadIdx.x] = clock64() - start + acc;
}
// CHECK: "function": "spin"

int main() {
  clock_t begin = clock();
  long long *d = nullptr;
  cudaMalloc(&d, 32 * sizeof(long long));
  spin<<<1, 32>>>(d, 100);
  cudaDeviceSynchronize();
  printf("%f s\n", double(clock() - begin) / CLOCKS_PER_SEC);
  return 0;
}
