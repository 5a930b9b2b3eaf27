// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward -- --assume=noalias:bins
// Several early returns: two guards separated by statements (nested in
// order), a guard written over three lines with braces, a negated test, and
// a `return;` ending the body (dropped: the merge follows instead).
__global__ void guarded(const int *keys, const float *vals, int n, float cutoff,
                        unsigned long long *bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = vals[i];
  if (!(v > cutoff)) {
    return;
  }
  int k = keys[i] & 127;
  atomicAdd(&bins[k], 1ull);
  return;
}
// CHECK-FIXES:      {{^}}  __shared__ unsigned long long s_bins[128];
// CHECK-FIXES:      {{^}}  int i = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (i < n) {
// CHECK-FIXES-NEXT: {{^}}    float v = vals[i];
// CHECK-FIXES-NEXT: {{^}}    if (v > cutoff) {
// CHECK-FIXES-NEXT: {{^}}      int k = keys[i] & 127;
// CHECK-FIXES-NEXT: {{^}}      atomicAdd(&s_bins[k], 1ull);
// CHECK-FIXES-NEXT: {{^}}    }
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  for (int bin = threadIdx.x; bin < 128; bin += blockDim.x)
// CHECK-FIXES-NEXT: {{^}}    if (s_bins[bin] != 0)
// CHECK-FIXES-NEXT: {{^}}      atomicAdd(&bins[bin], s_bins[bin]);
// CHECK-FIXES-NEXT: {{^}}}
// CHECK-FIXES-NOT: return

void launch(const int *keys, const float *vals, int n, unsigned long long *bins) {
  guarded<<<(n + 511) / 512, 512>>>(keys, vals, n, 0.5f, bins);
}
