// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward --expect-exit=2
// The next step's load would not be the one the step makes: a pointer the
// compute advances (the load reads through it), a compute that writes
// the memory the next load reads, a register of the staging's own that the
// compute reads; and, unknown until --assume=noalias settles it, a compute
// writing through a pointer that may alias the staged source (a chunked
// stencil without __restrict__: with it, the rewrite applies,
// style-stencil-chunks-restrict.cu).
#include <cuda_runtime.h>

#define TILE 16

__global__ void advanced_pointer(const float *A, float *C, int n) {
  __shared__ float As[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  const float *a = A + row * n;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 1: precondition 'prefetch-independent' fails: the staging reads 'a', which the step changes at line [[@LINE+5]] ('a += TILE'): the next step's load would need its next value [KL2703]
    As[ty][tx] = a[tx];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k];
    a += TILE;
    __syncthreads();
  }
  C[row * n + tx] = acc;
}

__global__ void in_place(float *X, int n) {
  __shared__ float Xs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 2: precondition 'prefetch-independent' fails: line [[@LINE+3]] ('X[row * n + t * TILE + tx]') writes memory in the compute that the staging reads at line [[@LINE+1]] ('X[row * n + t * TILE + tx]'): the next step's load, now issued before it, would read it too early [KL2703]
    Xs[ty][tx] = X[row * n + t * TILE + tx];
    __syncthreads();
    X[row * n + t * TILE + tx] = Xs[tx][ty] + 1.0f;
    __syncthreads();
  }
}

__global__ void reads_register(const float *A, float *C, int n) {
  __shared__ float As[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  float v;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 3: precondition 'prefetch-independent' fails: the compute reads the staging's register 'v', which would hold the next step's element [KL2703]
    v = A[row * n + t * TILE + tx];
    As[ty][tx] = v;
    __syncthreads();
    acc += As[ty][(tx + 1) % TILE] * v;
    __syncthreads();
  }
  C[row * n + tx] = acc;
}

__global__ void may_alias(const float *in, float *out, int n) {
  __shared__ float s[256 + 2];
  float acc = 0.0f;
  for (int base = 0; base < n; base += 256) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 4: precondition 'prefetch-independent' is unknown: line [[@LINE+7]] ('out[base + threadIdx.x]') writes memory in the compute that may alias the staging's read line [[@LINE+3]] ('in[base + threadIdx.x + c * 256]') ('in' may alias 'out' (not both __restrict__)): the next step's load, now issued before it, could read it too early; assert it with --assume=noalias:out if it is true [KL2703]
    for (int c = 0; c < 2; ++c)
      if (threadIdx.x + c * 256 < 258)
        s[threadIdx.x + c * 256] = base + threadIdx.x + c * 256 < n ? in[base + threadIdx.x + c * 256] : 0.0f;
    __syncthreads();
    acc = s[threadIdx.x] + s[threadIdx.x + 1] + s[threadIdx.x + 2];
    if (base + threadIdx.x < n)
      out[base + threadIdx.x] = acc;
    __syncthreads();
  }
}
