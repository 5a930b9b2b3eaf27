// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward
// REQUIRES: nvcc
// Image style: a 2-D grid of 16 x 16 blocks over a pitched image, an
// unsigned column along x and a row along y, one early return for both
// (`col >= width || row >= height`), a templated pixel type. Coarsening
// runs along x: each thread takes four consecutive columns of its row, the
// row test becomes each column's own exit, and only the grid's x shrinks.
#include <cuda_runtime.h>

template <typename T>
__global__ void scale_image(T *img, size_t pitch, unsigned width, unsigned height, T s) {
  const unsigned col = threadIdx.x + blockIdx.x * blockDim.x;
  const unsigned row = threadIdx.y + blockIdx.y * blockDim.y;
  if (col >= width || row >= height)
    return;
  T *line = (T *)((char *)img + row * pitch);
  line[col] *= s;
}
// CHECK-FIXES:      {{^}}  const unsigned row = threadIdx.y + blockIdx.y * blockDim.y;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (col < width / 4) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < 4; ++k) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      if (row >= height){{$}}
// CHECK-FIXES-NEXT: {{^}}        continue;{{$}}
// CHECK-FIXES-NEXT: {{^}}      T *line = (T *)((char *)img + row * pitch);{{$}}
// CHECK-FIXES-NEXT: {{^}}      line[4 * col + k] *= s;{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}  } else if (col == width / 4) {{[{]}}{{$}}

void scale(float *img, size_t pitch, unsigned w, unsigned h, float s, cudaStream_t stream) {
  dim3 threads(16, 16);
  dim3 blocks((w + threads.x - 1) / threads.x, (h + threads.y - 1) / threads.y);
  scale_image<float><<<blocks, threads, 0, stream>>>(img, pitch, w, h, s);
}
// CHECK-FIXES: {{^}}  scale_image<float><<<dim3((blocks.x + 3) / 4, blocks.y, blocks.z), threads, 0, stream>>>(img, pitch, w, h, s);{{$}}
