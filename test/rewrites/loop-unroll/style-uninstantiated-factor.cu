// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward -- --option=unroll-factor=4
// A template kernel with no instantiation in the file (it is launched from
// another translation unit): a factor unroll needs no trip count, and the
// conditions read the index, so they are not constant false whatever the
// template arguments. Every loop gets `#pragma unroll 4`.
template <int BLOCK_THREADS, int ITEMS, typename T>
__global__ void block_load(const T *in, T *out, int n) {
  T r[ITEMS];
  for (int i = 0; i < ITEMS; ++i) r[i] = in[(blockIdx.x * ITEMS + i) * BLOCK_THREADS + threadIdx.x];
  // CHECK-FIXES: {{^}}  #pragma unroll 4{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < ITEMS; ++i)
  for (int s = BLOCK_THREADS / 2; s > 0; s >>= 1) r[0] += (T)s;
  // CHECK-FIXES: {{^}}  #pragma unroll 4{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int s = BLOCK_THREADS / 2; s > 0; s >>= 1)
  for (int j = threadIdx.x; j < n; j += BLOCK_THREADS) out[j] = r[j % ITEMS];
  // CHECK-FIXES: {{^}}  #pragma unroll 4{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int j = threadIdx.x; j < n; j += BLOCK_THREADS)
}
