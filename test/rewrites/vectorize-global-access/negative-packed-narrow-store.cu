// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=reverse --expect-exit=2
// vector-temp-only-lanes (packed store): a uint4 store into a byte array
// writes 16 bytes packed into its lanes. The reverse splits packed loads
// only; the store is refused.
__global__ void pack_levels(int n16, const float *__restrict__ level, unsigned char *__restrict__ dst) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n16) {
    unsigned int q = __float2uint_rn(level[i] * 255.f) & 0xffu;
    unsigned int w = q * 0x01010101u;
    reinterpret_cast<uint4 *>(dst)[i] = make_uint4(w, w, w, w);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'vectorize-global-access' (reverse) at site 1: precondition 'vector-temp-only-lanes' fails: the uint4 store writes unsigned char elements packed into its lanes, which are not split into scalar stores [KL1111]
  }
}
