// RUN: %check-roundtrip %s %t --rewrite=vectorize-global-access --from=reverse -- --assume=aligned:in:16 --assume=aligned:out:16
// A vector copy (transpose-style tile copy with a 2-D index): reverse gives
// four scalar copies, forward folds them back into one vector copy.
__global__ void copy_tile(const float *__restrict__ in, float *__restrict__ out, int ld) {
  int r = blockIdx.y, c = threadIdx.x;
  *reinterpret_cast<float4*>(&out[r * ld * 4 + 4 * c]) = *reinterpret_cast<const float4*>(&in[r * ld * 4 + 4 * c]);
}
