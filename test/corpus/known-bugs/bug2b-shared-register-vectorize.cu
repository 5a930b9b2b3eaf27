// Reported bug 2b (vectorize-global-access, forward, --assume=all): shared
// and register arrays merged without an alignment proof. Not reproduced on
// this tool (shared arrays fail global-pointer; register arrays are no site):
// kept as a regression guard, it passes.
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
__global__ void regs(const float *in, float *out) {
  __shared__ float sh[64];
  float r[4];
  int t = threadIdx.x;
  r[0] = in[t];
  r[1] = in[t + 32];
  r[2] = in[t + 64];
  r[3] = in[t + 96];
  // CORPUS-EXPECT-REFUSED: rewrite=vectorize-global-access direction=forward line=@+1
  float a = r[0];
  float b = r[1];
  // CORPUS-EXPECT-REFUSED: rewrite=vectorize-global-access direction=forward line=@+1
  sh[2 * t] = a;
  sh[2 * t + 1] = b;
  __syncthreads();
  // CORPUS-EXPECT-REFUSED: rewrite=vectorize-global-access direction=forward line=@+1
  float c = sh[2 * t] + sh[2 * t + 1];
  out[t] = c + r[2] + r[3];
}
