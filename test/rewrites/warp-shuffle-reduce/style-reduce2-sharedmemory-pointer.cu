// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward -- --assume=reassociate
// REQUIRES: nvcc
// The CUDA samples' reduction kernels reach their dynamic shared memory
// through a pointer: `T *sdata = SharedMemory<T>();` (a functor whose
// conversion operator returns the extern array) or `reinterpret_cast<T
// *>(smem_raw)`. A local pointer set once to a shared array is the tree's
// array; one set to a slice of it (`smem + 32 * w`) is not, and stays.
#include <cuda_runtime.h>

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

template <class T>
__global__ void reduce2(T *g_idata, T *g_odata, unsigned int n) {
  T *sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] += sdata[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
// CHECK-FIXES: {{^}}  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  T block_sum = (i < n) ? g_idata[i] : 0;{{$}}
// CHECK-FIXES: {{^}}    block_sum += __shfl_down_sync(0xffffffffu, block_sum, block_sum_offset);{{$}}
// CHECK-FIXES: {{^}}  if (tid == 0) g_odata[blockIdx.x] = block_sum;{{$}}

template <typename T, unsigned int blockSize>
__global__ void reduce3(const T *__restrict__ g_idata, T *__restrict__ g_odata, unsigned int n) {
  extern __shared__ unsigned char smem_raw[];
  T *sdata = reinterpret_cast<T *>(smem_raw);
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockSize * 2 + threadIdx.x;
  T mySum = (i < n) ? g_idata[i] : T(0);
  if (i + blockSize < n) mySum += g_idata[i + blockSize];
  sdata[tid] = mySum;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] = mySum = mySum + sdata[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = mySum;
}
// CHECK-FIXES: {{^}}  if (i + blockSize < n) mySum += g_idata[i + blockSize];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ T mySum_reduce_warps[32];{{$}}
// CHECK-FIXES: {{^}}  if (tid == 0) g_odata[blockIdx.x] = mySum;{{$}}

__global__ void per_warp_slices(const float *x, float *out) {
  extern __shared__ float smem[];
  float *sdata = smem + 32 * (threadIdx.x / 32);
  unsigned lane = threadIdx.x % 32;
  sdata[lane] = x[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  for (unsigned s = 16; s > 0; s >>= 1) {
    if (lane < s)
      sdata[lane] += sdata[lane + s];
    __syncthreads();
  }
  if (lane == 0)
    out[blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32] = sdata[0];
}
// CHECK-FIXES: {{^}}  float *sdata = smem + 32 * (threadIdx.x / 32);{{$}}
// CHECK-FIXES-NEXT: {{^}}  unsigned lane = threadIdx.x % 32;{{$}}
// CHECK-FIXES-NEXT: {{^}}  sdata[lane] = x[blockIdx.x * blockDim.x + threadIdx.x];{{$}}

void reduce(int size, int blocks, float *d_idata, float *d_odata, const int *in, int *out) {
  reduce2<float><<<blocks, 256, 256 * sizeof(float)>>>(d_idata, d_odata, size);
  reduce3<int, 256><<<blocks, 256, 256 * sizeof(int)>>>(in, out, size);
  per_warp_slices<<<blocks, 256, 256 * sizeof(float)>>>(d_idata, d_odata);
}
