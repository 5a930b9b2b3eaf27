// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward --expect-exit=2
// After coarsening a thread handles several elements: code that reads
// threadIdx, blockIdx or gridDim outside the global id (or changes the
// index) would see the thread, not the element.
#include <cuda_runtime.h>

__global__ void lane_tagged(int *tag, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    tag[i] = threadIdx.x % 32;
}
// CHECK-MESSAGES: :[[@LINE-4]]:7: error: cannot apply 'thread-coarsen' (forward) at site 1: precondition 'global-id-only-index' fails: 'threadIdx.x' at line [[@LINE-2]] is read outside the global id: the rewrite changes which thread handles an element [KL1606]

__global__ void stepped(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    y[i] = 1.f;
    i += 1;
  }
}
// CHECK-MESSAGES: :[[@LINE-6]]:7: error: cannot apply 'thread-coarsen' (forward) at site 2: precondition 'global-id-only-index' fails: 'i' is modified or its address taken at line [[@LINE-3]]; it must only be read as the element's index [KL1606]

// A flattened 2-D grid numbers elements across its rows: blockIdx.y read
// outside the id names the thread's row, which coarsening changes (an id
// along x alone leaves the rows as they are; see style-image-2d-pitched).
__global__ void flat_rows(float *y, int n) {
  int i = (blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = blockIdx.y;
}
// CHECK-MESSAGES: :[[@LINE-4]]:7: error: cannot apply 'thread-coarsen' (forward) at site 3: precondition 'global-id-only-index' fails: 'blockIdx.y' at line [[@LINE-2]] is read outside the global id: the rewrite changes which thread handles an element [KL1606]

void run(int *t, float *y, int n) {
  lane_tagged<<<(n + 255) / 256, 256>>>(t, n);
  stepped<<<(n + 255) / 256, 256>>>(y, n);
  flat_rows<<<dim3(1024, (n + 1024 * 256 - 1) / (1024 * 256)), 256>>>(y, n);
}
