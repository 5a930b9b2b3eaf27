// RUN: %check-roundtrip %s %t --rewrite=privatize-shared --from=reverse
// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=reverse
// REQUIRES: nvcc
// Reverse then forward gives back forward's own output: the same copy name,
// fill loop, barriers and merge (skipping bins still at the identity).
// PTX evidence of the reverse alone: the shared-memory atomics and the
// barriers are gone, the updates are global atomics again.
#include <cuda_runtime.h>
// CHECK-PTX-BEFORE-LABEL: .entry {{.*}}histo256
// CHECK-PTX-BEFORE: atom.shared.add.u32
// CHECK-PTX-BEFORE: bar.sync
// CHECK-PTX-LABEL: .entry {{.*}}histo256
// CHECK-PTX-NOT: .shared
// CHECK-PTX-NOT: bar.sync
// CHECK-PTX: atom.global.add.u32
// CHECK-PTX-NOT: bar.sync
// CHECK-PTX-LABEL: .entry {{.*}}flags
// CHECK-PTX-NOT: atom.shared
// CHECK-PTX: atom.global.or.b32
// CHECK-FIXES: {{^}}    atomicAdd(&hist[px[i]], 1u);
// CHECK-FIXES: {{^}}    atomicOr(&seen[words[i] >> 27], 1u << (words[i] & 31));

__global__ void histo256(const unsigned char *__restrict__ px, int n, unsigned int *__restrict__ hist) {
  __shared__ unsigned int s_hist[256];
  for (int bin = threadIdx.x; bin < 256; bin += blockDim.x)
    s_hist[bin] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&s_hist[px[i]], 1u);
  __syncthreads();
  for (int bin = threadIdx.x; bin < 256; bin += blockDim.x)
    if (s_hist[bin] != 0)
      atomicAdd(&hist[bin], s_hist[bin]);
}

__global__ void flags(const unsigned *__restrict__ words, int n, unsigned *__restrict__ seen) {
  __shared__ unsigned int s_seen[32];
  for (int bin = threadIdx.x; bin < 32; bin += blockDim.x)
    s_seen[bin] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicOr(&s_seen[words[i] >> 27], 1u << (words[i] & 31));
  __syncthreads();
  for (int bin = threadIdx.x; bin < 32; bin += blockDim.x)
    if (s_seen[bin] != 0)
      atomicOr(&seen[bin], s_seen[bin]);
}

void run(const unsigned char *px, int n, unsigned int *hist, const unsigned *w, unsigned *seen) {
  histo256<<<(n + 255) / 256, 256>>>(px, n, hist);
  flags<<<(n + 255) / 256, 256>>>(w, n, seen);
}
