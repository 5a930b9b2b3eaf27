// REQUIRES: nvcc
// Reverse on a copy of the bundled expert (workloads/histogram/expert.cu):
// its shared histogram replicated 32 times (hist[bin * COPIES + lane],
// updated through `mine = hist + threadIdx.x % COPIES` and the helper
// countWord, merged by summing each bin's copies in rotated order) becomes
// direct global atomics: no __shared__ memory is left, the helper is
// rewritten in place to update the global bins, and the output compiles
// with only global atomics in its PTX. The same output is
// bench/work-distribution/privatize-shared/experts/histogram/expert.reverse.cu.
//
// RUN: cp %src-root/workloads/histogram/expert.cu %t.expert.cu
// RUN: %klineage-rewrite --rewrite=privatize-shared --direction=reverse --list-sites %t.expert.cu 2>&1 | FileCheck %s --check-prefix=SITES
// RUN: %klineage-rewrite --rewrite=privatize-shared --direction=reverse %t.expert.cu -o %t.reverse.cu
// RUN: FileCheck %s --input-file=%t.reverse.cu --implicit-check-not=__shared__ --implicit-check-not=__syncthreads --implicit-check-not=mine
// RUN: %nvcc -arch=sm_90 -std=c++17 -O3 -ptx %t.reverse.cu -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: %nvcc -arch=sm_90 -std=c++17 -O3 -c %t.reverse.cu -o %t.o

// SITES:      privatize-shared (reverse) site 1 in histogram_expert::histogram_privatized_kernel
// SITES:      holds  private-copy-merged: each of the 256 bins is merged into 'bins' by 'atomicAdd(&bins[b], sum)', once per block
// SITES-NEXT: holds  private-copies-summed: 'hist' holds 32 copies of 256 bins laid out bin * C + k; each bin is merged as the sum of its copies, each read once ('hist[b * COPIES + (c + b) % COPIES]')
// SITES-NEXT: holds  private-copy-strided: each of the 2 updates hits copy k in [0, 31] of a bin in [0, 255]
// SITES-NEXT: holds  private-copy-helpers-local: 'countWord' receives 'hist' only from this kernel and updates it only with atomics
// SITES:      => applicable

// CHECK:      __device__ __forceinline__ void countWord(unsigned int *hist, unsigned int w) {
// CHECK-NEXT: #pragma unroll
// CHECK-NEXT:   for (int b = 0; b < 4; ++b)
// CHECK-NEXT:     atomicAdd(&hist[((w >> (8 * b)) & 0xffu)], 1u);
// CHECK-NEXT: }
// CHECK:      histogram_privatized_kernel(int N, const unsigned char *__restrict__ pixels,
// CHECK-NEXT:                             unsigned int *__restrict__ bins) {
// CHECK:              v[u] = __ldg(&p16[base + u * THREADS]);
// CHECK:              countWord(bins, v[u].x);
// CHECK-NEXT:         countWord(bins, v[u].y);
// CHECK-NEXT:         countWord(bins, v[u].z);
// CHECK-NEXT:         countWord(bins, v[u].w);
// CHECK:        if (tail < N)
// CHECK-NEXT:     atomicAdd(&bins[pixels[tail]], 1u);
// CHECK-NOT:    sum
// CHECK:      } // namespace histogram_expert
// CHECK:          histogram_privatized_kernel<<<grid, THREADS>>>(N, pixels, bins);

// PTX:     .entry
// PTX-NOT: .shared
// PTX-NOT: atom.shared
// PTX-NOT: bar.sync
// PTX:     atom.global.add.u32
