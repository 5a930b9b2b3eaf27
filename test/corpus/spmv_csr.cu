// CSR sparse matrix-vector product (Bell & Garland): scalar kernel (a row per
// thread) and vector kernel (a warp per row) with a shared reduction.
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
#include <cuda_runtime.h>

template <typename IndexType, typename ValueType>
__global__ void spmv_csr_scalar_kernel(const IndexType num_rows, const IndexType *ptr, const IndexType *indices,
                                       const ValueType *data, const ValueType *x, ValueType *y) {
  const IndexType row = blockDim.x * blockIdx.x + threadIdx.x;
  if (row < num_rows) {
    ValueType dot = 0;
    const IndexType row_start = ptr[row];
    const IndexType row_end = ptr[row + 1];
    for (IndexType jj = row_start; jj < row_end; jj++) dot += data[jj] * x[indices[jj]];
    y[row] += dot;
  }
}

template <typename IndexType, typename ValueType, unsigned int BLOCK_SIZE>
__global__ void spmv_csr_vector_kernel(const IndexType num_rows, const IndexType *Ap, const IndexType *Aj,
                                       const ValueType *Ax, const ValueType *x, ValueType *y) {
  __shared__ volatile ValueType sdata[BLOCK_SIZE + 16];
  __shared__ volatile IndexType ptrs[BLOCK_SIZE / 32][2];
  const IndexType thread_id = BLOCK_SIZE * blockIdx.x + threadIdx.x;
  const IndexType thread_lane = threadIdx.x & 31;
  const IndexType warp_id = thread_id / 32;
  const IndexType warp_lane = threadIdx.x / 32;
  const IndexType num_warps = (BLOCK_SIZE / 32) * gridDim.x;
  for (IndexType row = warp_id; row < num_rows; row += num_warps) {
    if (thread_lane < 2) ptrs[warp_lane][thread_lane] = Ap[row + thread_lane];
    const IndexType row_start = ptrs[warp_lane][0];
    const IndexType row_end = ptrs[warp_lane][1];
    ValueType sum = 0;
    for (IndexType jj = row_start + thread_lane; jj < row_end; jj += 32) sum += Ax[jj] * x[Aj[jj]];
    sdata[threadIdx.x] = sum;
    sdata[threadIdx.x] = sum = sum + sdata[threadIdx.x + 16];
    sdata[threadIdx.x] = sum = sum + sdata[threadIdx.x + 8];
    sdata[threadIdx.x] = sum = sum + sdata[threadIdx.x + 4];
    sdata[threadIdx.x] = sum = sum + sdata[threadIdx.x + 2];
    sdata[threadIdx.x] = sum = sum + sdata[threadIdx.x + 1];
    if (thread_lane == 0) y[row] += sdata[threadIdx.x];
  }
}

void spmv(int rows, const int *Ap, const int *Aj, const float *Ax, const float *x, float *y, bool vector) {
  if (vector)
    spmv_csr_vector_kernel<int, float, 128><<<(rows + 3) / 4, 128>>>(rows, Ap, Aj, Ax, x, y);
  else
    spmv_csr_scalar_kernel<int, float><<<(rows + 255) / 256, 256>>>(rows, Ap, Aj, Ax, x, y);
  spmv_csr_scalar_kernel<long long, double><<<(rows + 255) / 256, 256>>>(rows, (const long long *)Ap,
                                                                         (const long long *)Aj, (const double *)Ax,
                                                                         (const double *)x, (double *)y);
}
