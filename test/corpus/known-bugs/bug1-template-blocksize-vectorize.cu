// Known bug 1 (fixed: instantiations-agree) (vectorize-global-access, forward): g[i] and g[i + blockSize]
// are contiguous only in red<1>; the pair merges them into one float2 for
// every instantiation (red<256> then reads g[i], g[i + 1]). The output
// compiles; only CORPUS-EXPECT-REFUSED catches it.
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
template <unsigned blockSize>
__global__ void red(float *g, float *o) {
  unsigned i = blockIdx.x * blockSize * 2 + threadIdx.x;
  // CORPUS-EXPECT-REFUSED: rewrite=vectorize-global-access direction=forward line=@+1
  float s = g[i];
  s += g[i + blockSize];
  o[i] = s;
}
template __global__ void red<256>(float *, float *);
template __global__ void red<1>(float *, float *);
