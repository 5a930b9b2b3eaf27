// llm.c's GELU forward (train_gpt2.cu, gelu_forward_kernel2 and its
// launcher, fp32 build: floatX = float), with the Packed128 helpers of
// llm.c's cuda_utils.cuh inlined: each thread loads 128 bits of the input
// with a streaming hint, computes four elements and stores 128 bits.
// The launcher's assert restricts N to multiples of the block (512).
#include <cassert>
#include <cmath>
#include <cstring>
#include <cuda_runtime.h>

typedef float floatX;
#define CEIL_DIV(M, N) (((M) + (N)-1) / (N))
#define GELU_SCALING_FACTOR sqrtf(2.0f / M_PI)

template <class ElementType>
struct alignas(16) Packed128 {
  Packed128() = default;
  __device__ explicit Packed128(int4 bits) {
    static_assert(sizeof(bits) == sizeof(payload), "Size mismatch.");
    memcpy(&payload, &bits, sizeof(bits));
  }
  __device__ ElementType &operator[](int index) { return payload[index]; }
  __device__ const ElementType &operator[](int index) const { return payload[index]; }
  __device__ int4 get_bits() const {
    int4 bits;
    memcpy(&bits, &payload, sizeof(bits));
    return bits;
  }
  static constexpr const size_t size = sizeof(int4) / sizeof(ElementType);
  ElementType payload[size];
};
typedef Packed128<floatX> x128;

template <class ElementType>
__device__ Packed128<ElementType> load128cs(const ElementType *address) {
  return Packed128<ElementType>{__ldcs(reinterpret_cast<const int4 *>(address))};
}
template <class ElementType>
__device__ void store128(ElementType *target, Packed128<ElementType> value) {
  *reinterpret_cast<int4 *>(target) = value.get_bits();
}

__global__ void gelu_forward_kernel2(floatX *out, const floatX *inp, int N) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * x128::size;
  if (i < N) {
    for (int k = 0; k < x128::size; ++k) {
      float xi = (float)inp[i + k];
      float cube = 0.044715f * xi * xi * xi;
      out[i + k] = (floatX)(0.5f * xi * (1.0f + tanhf(GELU_SCALING_FACTOR * (xi + cube))));
    }
    // store instead of storecs (without cache streaming) in case it is useful for the
    // data to be in the cache for the next operation after this GeLU
  }
}

void gelu_forward(floatX *out, const floatX *inp, int N) {
  const int block_size = 512;
  assert(N % block_size == 0);
  const int grid_size = CEIL_DIV(N, block_size * x128::size);
  gelu_forward_kernel2<<<grid_size, block_size>>>(out, inp, N);
}
