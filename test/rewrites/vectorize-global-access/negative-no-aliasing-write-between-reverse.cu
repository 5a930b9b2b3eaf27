// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=reverse --expect-exit=2
// no-aliasing-write-between (reverse): splitting a vector copy interleaves
// scalar loads of `x` and scalar stores of `y`; x and y are not both
// __restrict__, so a store may change what a later load reads (unknown:
// --assume=noalias:y). A vector *temporary* whose loads cannot be delayed is
// not refused: its load becomes scalar loads in place (reverse-inplace-fallback.cu).
__global__ void k4(const float *x, float *y) {
  int i = threadIdx.x;
  reinterpret_cast<float4 *>(y)[i] = reinterpret_cast<const float4 *>(x)[i + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'vectorize-global-access' (reverse) at site 1: precondition 'no-aliasing-write-between' is unknown: interleaving scalar loads and stores of a copy: 'x' may alias 'y' (not both __restrict__); assert it with --assume=noalias:y if it is true [KL1106]
}
