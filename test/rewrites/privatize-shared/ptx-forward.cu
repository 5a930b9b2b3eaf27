// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward
// REQUIRES: nvcc
// PTX evidence: before, every update is a global atomic; after, the updates
// are shared-memory atomics (atom.shared) and the global atomics are the
// merge's, after a load of the block's bin.
#include <cuda_runtime.h>

// CHECK-PTX-BEFORE-LABEL: .entry {{.*}}histo256
// CHECK-PTX-BEFORE-NOT: atom.shared
// CHECK-PTX-BEFORE: atom.global.add.u32
// CHECK-PTX-BEFORE-LABEL: .entry {{.*}}flags
// CHECK-PTX-BEFORE-NOT: atom.shared
// CHECK-PTX-BEFORE: atom.global.or.b32
// CHECK-PTX-LABEL: .entry {{.*}}histo256
// CHECK-PTX: atom.shared.add.u32
// CHECK-PTX: bar.sync
// CHECK-PTX: ld.shared.u32
// CHECK-PTX: atom.global.add.u32
// CHECK-PTX-LABEL: .entry {{.*}}flags
// CHECK-PTX: atom.shared.or.b32
// CHECK-PTX: bar.sync
// CHECK-PTX: atom.global.or.b32
// CHECK-FIXES: {{^}}  __shared__ unsigned int s_hist[256];
// CHECK-FIXES: {{^}}    atomicOr(&s_seen[words[i] >> 27], 1u << (words[i] & 31));
__global__ void histo256(const unsigned char *__restrict__ px, int n, unsigned int *__restrict__ hist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&hist[px[i]], 1u);
}

__global__ void flags(const unsigned *__restrict__ words, int n, unsigned *__restrict__ seen) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicOr(&seen[words[i] >> 27], 1u << (words[i] & 31));
}

void run(const unsigned char *px, int n, unsigned int *hist, const unsigned *w, unsigned *seen) {
  histo256<<<(n + 255) / 256, 256>>>(px, n, hist);
  flags<<<(n + 255) / 256, 256>>>(w, n, seen);
}
