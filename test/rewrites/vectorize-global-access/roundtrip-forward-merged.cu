// RUN: %check-roundtrip %s %t --rewrite=vectorize-global-access --from=forward -- --assume=aligned:x:16 --assume=aligned:y:16
// An in-place update (saxpy): forward folds the loads of x and y into
// vector temporaries before one vector store; reverse splits it back. Reverse
// accepts the delayed loads of y because the vector store to the same
// elements reads lane k only in value k (lanes < k are already stored when
// value k is computed, but they are other elements).
__global__ void saxpy(const float *__restrict__ x, float *__restrict__ y, float a) {
  int i = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  y[i] = a * x[i] + y[i];
  y[i + 1] = a * x[i + 1] + y[i + 1];
  y[i + 2] = a * x[i + 2] + y[i + 2];
  y[i + 3] = a * x[i + 3] + y[i + 3];
}
