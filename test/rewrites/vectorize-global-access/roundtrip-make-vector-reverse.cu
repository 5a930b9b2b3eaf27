// RUN: %check-roundtrip %s %t --rewrite=vectorize-global-access --from=reverse -- --assume=aligned:x:16 --assume=aligned:y:16 --assume=aligned:z:8
// Canonical vector shapes of a modified (or whole-used) temporary: reverse
// keeps the temporary and loads it with make_float4(<scalar loads>) in
// place, splits its whole store; forward reads both back. Reverse then
// forward gives the input back (modulo whitespace).
__device__ int sum2(int2 a) { return a.x + a.y; }

__global__ void axpy(const float *__restrict__ x, float *__restrict__ y, float a, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    float4 v = *reinterpret_cast<const float4*>(&x[4 * i]);
    v.x = a * v.x;
    v.y = a * v.y;
    v.z = a * v.z;
    v.w = a * v.w;
    *reinterpret_cast<float4*>(&y[4 * i]) = v;
  }
}

__global__ void ints(const int *__restrict__ z, int *__restrict__ y) {
  int c = threadIdx.x;
  int2 q = *reinterpret_cast<const int2*>(&z[2 * c + 2]);
  q.y += 1;
  y[c] = sum2(q) + sum2(*reinterpret_cast<const int2*>(&z[2 * c + 64]));
}
