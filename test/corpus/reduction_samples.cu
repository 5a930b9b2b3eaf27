// CUDA-samples style parallel reduction (reduce4/reduce6): a template on the
// block size, the first add during load, instantiated for several sizes.
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
template <typename T>
void check(T result, char const *const func, const char *const file, int const line) {
  if (result) {
    fprintf(stderr, "CUDA error at %s:%d code=%d \"%s\" \n", file, line, static_cast<unsigned int>(result), func);
    exit(EXIT_FAILURE);
  }
}

template <class T>
struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
  __device__ inline operator const T *() const {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

// Mark Harris' "first add during load" with n a multiple of 2 * blockSize.
// Known bug 1 (fixed, known-bugs/README.md): g_idata[i] and g_idata[i + blockSize] are one float2 only
// when blockSize == 1; the pair must refuse the merge for every size.
template <class T, unsigned int blockSize>
__global__ void reduce4(T *g_idata, T *g_odata, unsigned int n) {
  T *sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  // CORPUS-EXPECT-REFUSED: rewrite=vectorize-global-access direction=forward line=@+1
  T mySum = g_idata[i];
  mySum += g_idata[i + blockSize];
  sdata[tid] = mySum;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    if (blockSize >= 64) mySum += sdata[tid + 32];
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
      mySum += __shfl_down_sync(0xffffffff, mySum, offset);
  }
  if (tid == 0) g_odata[blockIdx.x] = mySum;
}

template <class T, unsigned int blockSize, bool nIsPow2>
__global__ void reduce6(const T *__restrict__ g_idata, T *__restrict__ g_odata, unsigned int n) {
  T *sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int gridSize = blockSize * gridDim.x;
  T mySum = 0;
  if (nIsPow2) {
    unsigned int i = blockIdx.x * blockSize * 2 + threadIdx.x;
    gridSize = gridSize << 1;
    while (i < n) {
      mySum += g_idata[i];
      if ((i + blockSize) < n) mySum += g_idata[i + blockSize];
      i += gridSize;
    }
  } else {
    unsigned int i = blockIdx.x * blockSize + threadIdx.x;
    while (i < n) {
      mySum += g_idata[i];
      i += gridSize;
    }
  }
  sdata[tid] = mySum;
  __syncthreads();
  if ((blockSize >= 512) && (tid < 256)) sdata[tid] = mySum = mySum + sdata[tid + 256];
  __syncthreads();
  if ((blockSize >= 256) && (tid < 128)) sdata[tid] = mySum = mySum + sdata[tid + 128];
  __syncthreads();
  if ((blockSize >= 128) && (tid < 64)) sdata[tid] = mySum = mySum + sdata[tid + 64];
  __syncthreads();
  if (tid < 32) {
    if (blockSize >= 64) mySum += sdata[tid + 32];
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
      mySum += __shfl_down_sync(0xffffffff, mySum, offset);
  }
  if (tid == 0) g_odata[blockIdx.x] = mySum;
}

bool isPow2(unsigned int x) { return ((x & (x - 1)) == 0); }

template <class T>
void reduce4_launch(int size, int threads, int blocks, T *d_idata, T *d_odata) {
  dim3 dimBlock(threads, 1, 1);
  dim3 dimGrid(blocks, 1, 1);
  int smemSize = (threads <= 32) ? 2 * threads * sizeof(T) : threads * sizeof(T);
  switch (threads) {
    case 512: reduce4<T, 512><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
    case 256: reduce4<T, 256><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
    case 128: reduce4<T, 128><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
    case 64: reduce4<T, 64><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
    case 1: reduce4<T, 1><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
  }
}

template <class T>
void reduce6_launch(int size, int threads, int blocks, T *d_idata, T *d_odata) {
  dim3 dimBlock(threads, 1, 1);
  dim3 dimGrid(blocks, 1, 1);
  int smemSize = (threads <= 32) ? 2 * threads * sizeof(T) : threads * sizeof(T);
  if (isPow2(size)) {
    switch (threads) {
      case 512: reduce6<T, 512, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
      case 256: reduce6<T, 256, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size); break;
    }
  } else {
    reduce6<T, 256, false><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
  }
}

int main(int argc, char **argv) {
  int size = 1 << 24, threads = 256;
  int blocks = min((size + threads * 2 - 1) / (threads * 2), 64);
  std::vector<float> h(size, 1.0f);
  float *d_idata = nullptr, *d_odata = nullptr;
  checkCudaErrors(cudaMalloc((void **)&d_idata, size * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&d_odata, blocks * sizeof(float)));
  checkCudaErrors(cudaMemcpy(d_idata, h.data(), size * sizeof(float), cudaMemcpyHostToDevice));
  reduce4_launch<float>(size, threads, blocks, d_idata, d_odata);
  reduce6_launch<float>(size, threads, blocks, d_idata, d_odata);
  reduce6_launch<int>(size, threads, blocks, (int *)d_idata, (int *)d_odata);
  checkCudaErrors(cudaDeviceSynchronize());
  printf("done\n");
  return 0;
}
