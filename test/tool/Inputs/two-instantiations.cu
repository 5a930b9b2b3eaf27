// swap2<float> needs float2, swap2<int> needs int2 for the same text.
template <typename T>
__global__ void swap2(T *__restrict__ p) {
  unsigned k = threadIdx.x;
  T a = p[2 * k], b = p[2 * k + 1];
  p[2 * k] = b;
  p[2 * k + 1] = a;
}
template __global__ void swap2<float>(float *);
template __global__ void swap2<int>(int *);
