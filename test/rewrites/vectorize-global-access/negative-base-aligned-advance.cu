// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=2 -- --assume=aligned:x:16 --assume=aligned:y:16
// base-aligned with a parameter advanced in place: `y += i` moves y by i
// elements, which is not known to keep 16-byte alignment (unknown), even
// though y is asserted aligned as passed. x advances by 4*i and is fine.
__global__ void bump(const float *__restrict__ x, float *__restrict__ y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (4 * i >= n) return;
  x += 4 * i;
  y += i;
  y[0] = x[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'vectorize-global-access' (forward) at site 1: precondition 'base-aligned' is unknown: parameter 'y' is advanced by 'i' elements, not known to be a multiple of 16 bytes; no single --assume fact settles it (only --assume=all asserts every unknown) [KL1103]
  y[1] = x[1];
  y[2] = x[2];
  y[3] = x[3];
}
