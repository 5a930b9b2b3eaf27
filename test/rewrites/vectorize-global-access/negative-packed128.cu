// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=reverse --expect-exit=2
// Packed loads (llm.c's load128 shape) whose temporary is not only read at
// statically known lanes, or whose loads cannot move to the uses, are
// refused, each with its reason; nothing is written.
// The packs and helpers are the corpus's llm.c-style header.
#include "../../corpus/llmc_common.cuh"

typedef Packed128<float> x128;
__device__ float total(x128 v) { return v[0] + v[1] + v[2] + v[3]; }

__global__ void run_time_lane(const float *__restrict__ x, float *__restrict__ y, int j) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * x128::size;
  x128 v = load128(x + i);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: error: cannot apply 'vectorize-global-access' (reverse) at site {{[0-9]+}}: precondition 'vector-temp-only-lanes' fails: 'v[j & 3]' (line [[@LINE+1]]) is indexed by 'j & 3', which is neither a constant nor the index of a loop around the use; only elements at statically known lanes become scalar loads [KL1111]
  y[i] = v[j & 3];
}

__global__ void used_whole(const float *__restrict__ x, float *__restrict__ y) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * x128::size;
  x128 v = load128(x + i);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: error: cannot apply 'vectorize-global-access' (reverse) at site {{[0-9]+}}: precondition 'vector-temp-only-lanes' fails: 'v' is used whole at line [[@LINE+1]]; a packed value has no scalar form in place [KL1111]
  y[i] = total(v);
}

__global__ void written_lane(const float *__restrict__ x, float *__restrict__ y) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * x128::size;
  x128 v = load128(x + i);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: error: cannot apply 'vectorize-global-access' (reverse) at site {{[0-9]+}}: precondition 'vector-temp-only-lanes' fails: 'v[0]' (line [[@LINE+1]]) is written or bound to a reference: 'v' is not only read [KL1111]
  v[0] = 0.f;
  y[i] = v[0] + v[1];
}

__global__ void loop_past_lanes(const float *__restrict__ x, float *__restrict__ y) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * x128::size;
  x128 v = load128(x + i);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: error: cannot apply 'vectorize-global-access' (reverse) at site {{[0-9]+}}: precondition 'vector-temp-only-lanes' fails: 'v[k]' (line [[@LINE+3]]) is indexed by 'k', whose loop runs over 2..5, outside lanes 0..3; only elements at statically known lanes become scalar loads [KL1111]
  float s = 0.f;
  for (int k = 2; k < 6; ++k)
    s += v[k];
  y[i] = s;
}

__global__ void overwritten(float *x, float *y) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * x128::size;
  x128 v = load128(x + i);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: error: cannot apply 'vectorize-global-access' (reverse) at site {{[0-9]+}}: precondition 'no-aliasing-write-between' fails: the store to 'x[i + 1]' (line [[@LINE+1]]) may overwrite an element before its delayed scalar load: both access 'x' [KL1106]
  x[i + 1] = 0.f;
  y[i] = v[1];
}

__global__ void may_alias(const float *x, float *y) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * x128::size;
  x128 v = load128(x + i);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: error: cannot apply 'vectorize-global-access' (reverse) at site {{[0-9]+}}: precondition 'no-aliasing-write-between' is unknown: the store to 'y[i]' (line [[@LINE+1]]) lies between the packed load and a use: 'y' may alias 'x' (not both __restrict__); assert it with --assume=noalias:x if it is true [KL1106]
  y[i] = 1.f;
  y[i + 1] = v[2];
}

__global__ void no_temporary(const float *__restrict__ x, float *__restrict__ y) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * x128::size;
  y[i] = load128(x + i)[3];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: cannot apply 'vectorize-global-access' (reverse) at site {{[0-9]+}}: precondition 'vector-temp-only-lanes' fails: the packed load 'load128(x + i)' is not the initialiser of a temporary of its own; a packed value has no scalar form in place [KL1111]
}

// A layernorm caching its row in shared memory through the pack: the pack
// is stored whole, so its load keeps its vector form.
__global__ void layernorm_cached(const float *__restrict__ inp, float *__restrict__ sums, int C) {
  extern __shared__ x128 s_in[];
  const float *x = inp + blockIdx.x * C;
  float sum = 0.f;
  for (int c = threadIdx.x * x128::size; c < C; c += blockDim.x * x128::size) {
    x128 in_data = load128(x + c);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: error: cannot apply 'vectorize-global-access' (reverse) at site {{[0-9]+}}: precondition 'vector-temp-only-lanes' fails: 'in_data' is used whole at line [[@LINE+1]]; a packed value has no scalar form in place [KL1111]
    s_in[c / x128::size] = in_data;
    for (int k = 0; k < x128::size; ++k)
      sum += in_data[k];
  }
  sums[blockIdx.x] = sum;
}
