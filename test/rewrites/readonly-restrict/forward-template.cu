// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward
// A kernel template: the pointee type is checked in every instantiation
// (float and double both have __ldg), the explicit instantiation spells the
// parameter types again and is edited alike, the launch from host code
// instantiates <double>.
template <typename T, int TILE>
__global__ void stencil(const T *img, T *__restrict__ out, int w, int h) {
// CHECK-FIXES: {{^}}__global__ void stencil(const T *__restrict__ img, T *__restrict__ out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w - TILE || y >= h - TILE) return;
  T acc = 0;
  for (int dy = 0; dy < TILE; ++dy)
    for (int dx = 0; dx < TILE; ++dx)
      acc += img[(y + dy) * w + (x + dx)];
  // CHECK-FIXES: {{^}}      acc += __ldg(&img[(y + dy) * w + (x + dx)]);
  out[y * w + x] = acc / (TILE * TILE);
}

template __global__ void stencil<float, 3>(const float *, float *__restrict__, int, int);
// CHECK-FIXES: {{^}}template __global__ void stencil<float, 3>(const float *__restrict__, float *__restrict__, int, int);

void run(const double *img, double *out, int w, int h) {
  stencil<double, 5><<<dim3(w / 16, h / 16), dim3(16, 16)>>>(img, out, w, h);
}
