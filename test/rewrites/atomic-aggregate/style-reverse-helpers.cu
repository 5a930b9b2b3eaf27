// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=reverse -- --assume=reassociate
// The "faster parallel reductions" shape: warpReduceSum and blockReduceSum
// helpers (a static __shared__ array inside), a grid-stride sum per thread,
// and thread 0's atomicAdd. Reverse: each element is added by its own
// atomic; the helpers stay (they are functions of their own).
__inline__ __device__ float warpReduceSum(float val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    val += __shfl_down_sync(0xffffffff, val, offset);
  return val;
}

__inline__ __device__ float blockReduceSum(float val) {
  static __shared__ float shared[32];
  int lane = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;
  val = warpReduceSum(val);
  if (lane == 0)
    shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0;
  if (wid == 0)
    val = warpReduceSum(val);
  return val;
}

__global__ void deviceReduceBlockAtomicKernel(const float *in, float *out, int N) {
  float sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x)
    sum += in[i];
  sum = blockReduceSum(sum);
  if (threadIdx.x == 0)
    atomicAdd(out, sum);
}
// CHECK-FIXES:      {{^}}__global__ void deviceReduceBlockAtomicKernel(const float *in, float *out, int N) {
// CHECK-FIXES-NEXT: {{^}}  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x)
// CHECK-FIXES-NEXT: {{^}}    atomicAdd(out, in[i]);
// CHECK-FIXES-NEXT: {{^}}}

// One atomic per warp: the helper's result goes to a new variable and the
// lane test is written with a mask.
__global__ void deviceReduceWarpAtomicKernel(const float *in, float *out, int N) {
  float sum = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x)
    sum += in[i];
  float warp_sum = warpReduceSum(sum);
  if ((threadIdx.x & (warpSize - 1)) == 0)
    atomicAdd(out, warp_sum);
}
// CHECK-FIXES:      {{^}}__global__ void deviceReduceWarpAtomicKernel(const float *in, float *out, int N) {
// CHECK-FIXES-NEXT: {{^}}  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x)
// CHECK-FIXES-NEXT: {{^}}    atomicAdd(out, in[i]);
// CHECK-FIXES-NEXT: {{^}}}

void deviceReduce(const float *in, float *out, int N) {
  int threads = 512;
  int blocks = (N + threads - 1) / threads < 1024 ? (N + threads - 1) / threads : 1024;
  deviceReduceBlockAtomicKernel<<<blocks, threads>>>(in, out, N);
  deviceReduceWarpAtomicKernel<<<blocks, threads>>>(in, out, N);
}
