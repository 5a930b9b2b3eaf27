// Known bug 2 (fixed: the helper body is parsed) (readonly-restrict, forward, --assume=all): 'out' is written
// only through a __device__ helper whose body is in a header. The front end
// skips the bodies of functions outside the main file, the pair then sees no
// write, and under --assume=all makes 'out' 'const float *__restrict__'.
// The result does not parse (exit 4), and bug 3 drops the other site ('in').
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
#include "bug2_helper.cuh"

// CORPUS-EXPECT-REFUSED: rewrite=readonly-restrict direction=forward line=@+1 assume=all contains='out'
__global__ void k(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) put(out + i, 2.0f * in[i]);
}
