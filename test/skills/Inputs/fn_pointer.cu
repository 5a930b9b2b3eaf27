// The kernel's address is taken with its type fixed: a new parameter type
// would not convert (readonly-restrict's signature-free fails).
__global__ void copy(float *src, float *dst) { dst[threadIdx.x] = src[threadIdx.x]; }
typedef void (*kernel_fn)(float *, float *);
kernel_fn table[] = {copy};
