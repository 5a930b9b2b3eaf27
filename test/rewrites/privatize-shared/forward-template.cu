// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward -- --assume=noalias:counts
// A kernel templated over its bin count and counter type, instantiated for
// 64 and 1024 bins: the copy is sized `BINS` and typed `CounterT` as the
// template writes them, so one edit serves every instantiation. 16-bit
// samples are binned by a shift that depends on BINS; the launches are 1-D.
template <int BINS, typename CounterT>
__global__ void hist16(const unsigned short *samples, int count, CounterT *counts) {
  const int shift = BINS == 64 ? 10 : 6;
  int idx = threadIdx.x + blockIdx.x * blockDim.x;
  if (idx < count)
    atomicAdd(&counts[(samples[idx] >> shift) % BINS], (CounterT)1);
}
// CHECK-FIXES:      {{^}}__global__ void hist16(const unsigned short *samples, int count, CounterT *counts) {
// CHECK-FIXES-NEXT: {{^}}  __shared__ CounterT s_counts[BINS];
// CHECK-FIXES-NEXT: {{^}}  for (int bin = threadIdx.x; bin < BINS; bin += blockDim.x)
// CHECK-FIXES:      {{^}}    atomicAdd(&s_counts[(samples[idx] >> shift) % BINS], (CounterT)1);
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  for (int bin = threadIdx.x; bin < BINS; bin += blockDim.x)
// CHECK-FIXES-NEXT: {{^}}    if (s_counts[bin] != 0)
// CHECK-FIXES-NEXT: {{^}}      atomicAdd(&counts[bin], s_counts[bin]);

void run(const unsigned short *s, int n, unsigned *c64, unsigned *c1024) {
  hist16<64, unsigned><<<(n + 127) / 128, 128>>>(s, n, c64);
  hist16<1024, unsigned><<<(n + 127) / 128, 128>>>(s, n, c1024);
}
