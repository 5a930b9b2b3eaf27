// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2
// Histograms: the input indexes an atomic. With __restrict__ on the input the
// load is wrapped; without any __restrict__ the written bins may alias it.
__global__ void histo(const unsigned char *__restrict__ data, unsigned int *bins, const unsigned int size) {
  for (unsigned int i = threadIdx.x + blockIdx.x * blockDim.x; i < size; i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i]], 1u);
    // CHECK-FIXES: {{^}}    atomicAdd(&bins[__ldg(&data[i])], 1u);
}
__global__ void histo2(unsigned char *data, unsigned int *bins, unsigned int size) {
// CHECK-MESSAGES: :[[@LINE-1]]:39: error: cannot apply 'readonly-restrict' (forward) at site 2: precondition 'no-alias-with-written' is unknown: {{.*}}[KL1302]
  unsigned int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < size) atomicAdd(&(bins[data[i]]), 1);
}
