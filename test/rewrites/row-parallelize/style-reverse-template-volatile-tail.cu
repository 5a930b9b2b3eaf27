// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse
// A block size template parameter, the column loop a while loop from the
// rank, the reduction the classic tree from BLOCK / 2 down to 64 with a
// volatile warp tail (integers: exact in any order), long long sums, a
// launcher template. Reverse: one thread per row, 256 per block.
#include <cuda_runtime.h>

template <unsigned BLOCK>
__device__ void warp_tail(volatile long long *s, unsigned t) {
  s[t] += s[t + 32];
  s[t] += s[t + 16];
  s[t] += s[t + 8];
  s[t] += s[t + 4];
  s[t] += s[t + 2];
  s[t] += s[t + 1];
}

template <unsigned BLOCK>
__global__ void row_totals(const int *__restrict__ a, long long *__restrict__ totals, int nrows, int ncols) {
  __shared__ long long acc[BLOCK];
  const unsigned t = threadIdx.x;
  for (int r = blockIdx.x; r < nrows; r += gridDim.x) {
    long long v = 0;
    int c = t;
    while (c < ncols) {
      v += a[(size_t)r * ncols + c];
      c += BLOCK;
    }
    acc[t] = v;
    __syncthreads();
    for (unsigned s = BLOCK / 2; s > 32; s >>= 1) {
      if (t < s)
        acc[t] += acc[t + s];
      __syncthreads();
    }
    if (t < 32)
      warp_tail<BLOCK>(acc, t);
    if (t == 0)
      totals[r] = acc[0];
    __syncthreads();
  }
}
// CHECK-FIXES:      {{^}}__global__ void row_totals(const int *__restrict__ a, long long *__restrict__ totals, int nrows, int ncols) {
// CHECK-FIXES-NEXT: {{^}}  int r = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (r < nrows) {
// CHECK-FIXES-NEXT: {{^}}    long long v = 0;
// CHECK-FIXES-NEXT: {{^}}    int c = 0;
// CHECK-FIXES-NEXT: {{^}}    while (c < ncols) {
// CHECK-FIXES-NEXT: {{^}}      v += a[(size_t)r * ncols + c];
// CHECK-FIXES-NEXT: {{^}}      ++c;
// CHECK-FIXES-NEXT: {{^}}    }
// CHECK-FIXES-NEXT: {{^}}    totals[r] = v;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}}

template <unsigned BLOCK>
void launch_row_totals(const int *a, long long *totals, int nrows, int ncols) {
  row_totals<BLOCK><<<nrows, BLOCK>>>(a, totals, nrows, ncols);
// CHECK-FIXES:      {{^}}  row_totals<BLOCK><<<nrows / 256 + (nrows % 256 != 0), 256>>>(a, totals, nrows, ncols);
}
template void launch_row_totals<256>(const int *, long long *, int, int);
