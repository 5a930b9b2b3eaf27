// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward
// REQUIRES: nvcc
// Default mode (consecutive, factor 4): thread i handles elements 4*i .. 4*i+3.
// The full groups run as a lane loop over k (every use of i becomes
// 4 * i + k, parenthesised where an operator binds it), the last n % 4
// elements in a tail loop; returns in the element code become continue.
// Every launch's grid is divided by 4 (a ceil-division).
#include <cuda_runtime.h>

__global__ void saxpy(int n, float a, const float *__restrict__ x, float *__restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    y[i] = a * x[i] + y[i];
  }
}
// CHECK-FIXES: {{^}}  int i = blockIdx.x * blockDim.x + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (i < n / 4) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < 4; ++k) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      y[4 * i + k] = a * x[4 * i + k] + y[4 * i + k];{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}  } else if (i == n / 4) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < n % 4; ++k) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      y[4 * i + k] = a * x[4 * i + k] + y[4 * i + k];{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

// Early return and a return inside the element code; the index used in
// arithmetic and as a value.
__global__ void clamp_index(const float *in, float *out, int *where, int n, float hi) {
  int idx = threadIdx.x + blockIdx.x * blockDim.x;
  if (idx >= n) return;
  float v = in[idx];
  if (v > hi) {
    where[idx] = idx * 2;
    return;
  }
  out[idx] = v;
}
// CHECK-FIXES: {{^}}  int idx = threadIdx.x + blockIdx.x * blockDim.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (idx < n / 4) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < 4; ++k) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      float v = in[4 * idx + k];{{$}}
// CHECK-FIXES-NEXT: {{^}}      if (v > hi) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}        where[4 * idx + k] = (4 * idx + k) * 2;{{$}}
// CHECK-FIXES-NEXT: {{^}}        continue;{{$}}
// CHECK-FIXES-NEXT: {{^}}      }{{$}}
// CHECK-FIXES-NEXT: {{^}}      out[4 * idx + k] = v;{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}  } else if (idx == n / 4) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < n % 4; ++k) {{[{]}}{{$}}

// `i < N && P`: P is tested per element; a bound that is an expression.
__global__ void masked(const float *x, const unsigned char *mask, float *y, int rows, int cols) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < rows * cols && mask[i])
    y[i] = x[i];
}
// CHECK-FIXES: {{^}}  if (i < rows * cols / 4) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < 4; ++k) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      if (mask[4 * i + k]){{$}}
// CHECK-FIXES-NEXT: {{^}}        y[4 * i + k] = x[4 * i + k];{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}  } else if (i == rows * cols / 4) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < rows * cols % 4; ++k) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      if (mask[4 * i + k]){{$}}
// CHECK-FIXES-NEXT: {{^}}        y[4 * i + k] = x[4 * i + k];{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}

void run(int n, float a, const float *x, float *y, int *w, const unsigned char *m, cudaStream_t s) {
  int threads = 256;
  saxpy<<<(n + threads - 1) / threads, threads, 0, s>>>(n, a, x, y);
  clamp_index<<<(n + 127) / 128, 128>>>(x, y, w, n, a);
  masked<<<(n + 255) / 256, 256>>>(x, m, y, n / 64, 64);
}
// CHECK-FIXES: {{^}}  saxpy<<<((n + threads - 1) / threads + 3) / 4, threads, 0, s>>>(n, a, x, y);{{$}}
// CHECK-FIXES-NEXT: {{^}}  clamp_index<<<((n + 127) / 128 + 3) / 4, 128>>>(x, y, w, n, a);{{$}}
// CHECK-FIXES-NEXT: {{^}}  masked<<<((n + 255) / 256 + 3) / 4, 256>>>(x, m, y, n / 64, 64);{{$}}
