// RUN: %check-roundtrip %s %t --rewrite=readonly-restrict --from=reverse
// reverse then forward gives back the input: an expert kernel with
// const __restrict__ inputs and __ldg loads, whose output is __restrict__
// (so forward's no-alias-with-written holds without any --assume).
#define TILE 16

__global__ void sgemm(int M, int N, int K, const float *__restrict__ A,
                      const float *__restrict__ B, float *__restrict__ C) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.f;
  for (int t = 0; t < K; t += TILE) {
    As[threadIdx.y][threadIdx.x] = __ldg(&A[row * K + t + threadIdx.x]);
    Bs[threadIdx.y][threadIdx.x] = __ldg(B + (t + threadIdx.y) * N + col);
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[row * N + col] = acc;
}

template <typename T>
__global__ void axpby(int n, T a, const T *__restrict__ x, T b, const T *__restrict__ y,
                      T *__restrict__ z) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = a * __ldg(&x[i]) + b * __ldg(&y[i]);
}
template __global__ void axpby<float>(int, float, const float *__restrict__, float,
                                      const float *__restrict__, float *__restrict__);
template __global__ void axpby<double>(int, double, const double *__restrict__, double,
                                       const double *__restrict__, double *__restrict__);
