// RUN: %check-roundtrip %s %t --rewrite=vectorize-global-access --from=forward -- --assume=aligned:x:16 --assume=aligned:y:16 --assume=aligned:z:8 --assume=multiple:ld:4
// The shape reverse leaves for modified or whole-used vector temporaries,
// `float4 v = make_float4(x[B], x[B + 1], x[B + 2], x[B + 3])`: forward then
// reverse gives the input back (modulo whitespace). Covers a grid-stride
// load-modify-store, a 2-D index through a macro, a template width, an int2
// passed whole, and a whole store of the temporary.
#define IDX(r, c, ld) ((r) * (ld) + (c))
__device__ int sum2(int2 a) { return a.x + a.y; }

__global__ void axpy(const float *__restrict__ x, float *__restrict__ y, float a, int n4) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += blockDim.x * gridDim.x) {
    float4 v = make_float4(x[4 * i], x[4 * i + 1], x[4 * i + 2], x[4 * i + 3]);
    v.x *= a;
    v.y *= a;
    v.z *= a;
    v.w *= a;
    y[4 * i] = v.x;
    y[4 * i + 1] = v.y;
    y[4 * i + 2] = v.z;
    y[4 * i + 3] = v.w;
  }
}

template <int W>
__global__ void tile(const float *__restrict__ x, float *__restrict__ y, const int *__restrict__ z, int ld) {
  int r = blockIdx.y, c = threadIdx.x;
  float4 t = make_float4(x[IDX(r, W * c, ld)], x[IDX(r, W * c, ld) + 1], x[IDX(r, W * c, ld) + 2], x[IDX(r, W * c, ld) + 3]);
  t.w = fmaxf(t.w, 0.f);
  int2 q = make_int2(z[2 * c], z[2 * c + 1]);
  y[IDX(r, c, ld)] = t.x + t.w + sum2(q);
}
template __global__ void tile<4>(const float *__restrict__, float *__restrict__, const int *__restrict__, int);
