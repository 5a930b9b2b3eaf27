// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward -- --option=factor=2
// REQUIRES: nvcc
// Image processing style: pixels numbered over a 2-D grid of 1-D blocks
// (blockIdx.y * gridDim.x + blockIdx.x), uchar4 in, float out, an early
// return, and a grid built from the image size in a dim3.
#include <cuda_runtime.h>

__global__ void rgba_to_gray(const uchar4 *rgba, float *gray, int num_pixels) {
  const int pixel = (blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x;
  if (pixel >= num_pixels)
    return;
  uchar4 c = rgba[pixel];
  gray[pixel] = (0.299f * c.x + 0.587f * c.y + 0.114f * c.z) / 255.f;
}
// CHECK-FIXES: {{^}}  if (pixel < num_pixels / 2) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < 2; ++k) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      uchar4 c = rgba[2 * pixel + k];{{$}}
// CHECK-FIXES-NEXT: {{^}}      gray[2 * pixel + k] = (0.299f * c.x + 0.587f * c.y + 0.114f * c.z) / 255.f;{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}  } else if (pixel == num_pixels / 2) {{[{]}}{{$}}

void to_gray(const uchar4 *rgba, float *gray, int width, int height) {
  const int pixels = width * height;
  const int block = 256;
  int blocks = (pixels + block - 1) / block;
  dim3 grid(blocks < 65535 ? blocks : 65535, (blocks + 65534) / 65535);
  rgba_to_gray<<<grid, block>>>(rgba, gray, pixels);
}
// CHECK-FIXES: {{^}}  rgba_to_gray<<<dim3((grid.x + 1) / 2, grid.y, grid.z), block>>>(rgba, gray, pixels);{{$}}
