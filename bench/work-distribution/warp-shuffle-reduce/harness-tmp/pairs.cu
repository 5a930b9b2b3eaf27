#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>
#include <math.h>

__global__ void pk0(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a0 = (float)in[g];
    int b0 = t;
    __shared__ float a0_warps[32];
    __shared__ int b0_warps[32];
    const unsigned p0_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p0_lane = p0_rank % 32u;
    const unsigned p0_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p0_width = min(32u, p0_threads - (p0_rank - p0_lane));
    const unsigned p0_mask = p0_width == 32u ? 0xffffffffu : (1u << p0_width) - 1u;
    for (unsigned p0_offset = 16; p0_offset > 0; p0_offset /= 2) {
      const float a0_other = __shfl_down_sync(p0_mask, a0, p0_offset);
      const int b0_other = __shfl_down_sync(p0_mask, b0, p0_offset);
      if (p0_lane + p0_offset < p0_width && (a0_other > a0 || (a0_other == a0 && b0_other < b0))) {
        a0 = a0_other;
        b0 = b0_other;
      }
    }
    __syncthreads();
    if (p0_lane == 0) {
      a0_warps[p0_rank / 32u] = a0;
      b0_warps[p0_rank / 32u] = b0;
    }
    __syncthreads();
    if (p0_rank < 32u) {
      const unsigned p0_count = (p0_threads + 31u) / 32u;
      if (p0_rank < p0_count) {
        a0 = a0_warps[p0_rank];
        b0 = b0_warps[p0_rank];
      }
      for (unsigned p0_offset = 16; p0_offset > 0; p0_offset /= 2) {
        const float a0_other = __shfl_down_sync(p0_mask, a0, p0_offset);
        const int b0_other = __shfl_down_sync(p0_mask, b0, p0_offset);
        if (p0_lane + p0_offset < p0_count && (a0_other > a0 || (a0_other == a0 && b0_other < b0))) {
          a0 = a0_other;
          b0 = b0_other;
        }
      }
    }
    if (p0_rank == 0) {
      a0_warps[0] = a0;
      b0_warps[0] = b0;
    }
    __syncthreads();
    a0 = a0_warps[0];
    b0 = b0_warps[0];
    out_a[g] = (double)a0;
    out_b[g] = (double)b0;
  }
}

__global__ void pk1(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a1 = (float)in[g];
    int b1 = t;
    const unsigned p1_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p1_lane = p1_rank % 32u;
    const unsigned p1_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p1_width = min(32u, p1_threads - (p1_rank - p1_lane));
    const unsigned p1_mask = p1_width == 32u ? 0xffffffffu : (1u << p1_width) - 1u;
    for (unsigned p1_offset = 16; p1_offset > 0; p1_offset /= 2) {
      const float a1_other = __shfl_down_sync(p1_mask, a1, p1_offset);
      const int b1_other = __shfl_down_sync(p1_mask, b1, p1_offset);
      if (p1_lane + p1_offset < p1_width && (a1_other > a1 || (a1_other == a1 && b1_other < b1))) {
        a1 = a1_other;
        b1 = b1_other;
      }
    }
    a1 = __shfl_sync(p1_mask, a1, 0);
    b1 = __shfl_sync(p1_mask, b1, 0);
    out_a[g] = (double)a1;
    out_b[g] = (double)b1;
  }
}

__global__ void pk2(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a2 = (float)in[g];
    int b2 = t;
    __shared__ float a2_warps[32];
    __shared__ int b2_warps[32];
    const unsigned p2_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p2_lane = p2_rank % 32u;
    const unsigned p2_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned p2_offset = 16; p2_offset > 0; p2_offset /= 2) {
      const float a2_other = __shfl_down_sync(0xffffffffu, a2, p2_offset);
      const int b2_other = __shfl_down_sync(0xffffffffu, b2, p2_offset);
      if (a2_other > a2 || (a2_other == a2 && b2_other < b2)) {
        a2 = a2_other;
        b2 = b2_other;
      }
    }
    __syncthreads();
    if (p2_lane == 0) {
      a2_warps[p2_rank / 32u] = a2;
      b2_warps[p2_rank / 32u] = b2;
    }
    __syncthreads();
    if (p2_rank < 32u) {
      const unsigned p2_count = (p2_threads + 31u) / 32u;
      if (p2_rank < p2_count) {
        a2 = a2_warps[p2_rank];
        b2 = b2_warps[p2_rank];
      }
      for (unsigned p2_offset = 16; p2_offset > 0; p2_offset /= 2) {
        const float a2_other = __shfl_down_sync(0xffffffffu, a2, p2_offset);
        const int b2_other = __shfl_down_sync(0xffffffffu, b2, p2_offset);
        if (p2_lane + p2_offset < p2_count && (a2_other > a2 || (a2_other == a2 && b2_other < b2))) {
          a2 = a2_other;
          b2 = b2_other;
        }
      }
    }
    if (p2_rank == 0) {
      a2_warps[0] = a2;
      b2_warps[0] = b2;
    }
    __syncthreads();
    a2 = a2_warps[0];
    b2 = b2_warps[0];
    out_a[g] = (double)a2;
    out_b[g] = (double)b2;
  }
}

__global__ void pk3(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a3 = (float)in[g];
    int b3 = t;
    for (unsigned p3_offset = 16; p3_offset > 0; p3_offset /= 2) {
      const float a3_other = __shfl_down_sync(0xffffffffu, a3, p3_offset);
      const int b3_other = __shfl_down_sync(0xffffffffu, b3, p3_offset);
      if (a3_other > a3 || (a3_other == a3 && b3_other < b3)) {
        a3 = a3_other;
        b3 = b3_other;
      }
    }
    a3 = __shfl_sync(0xffffffffu, a3, 0);
    b3 = __shfl_sync(0xffffffffu, b3, 0);
    out_a[g] = (double)a3;
    out_b[g] = (double)b3;
  }
}

__global__ void pk4(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a4 = (float)in[g];
    int b4 = t;
    __shared__ float a4_warps[32];
    __shared__ int b4_warps[32];
    const unsigned p4_rank = threadIdx.x;
    const unsigned p4_lane = p4_rank % 32u;
    const unsigned p4_threads = blockDim.x;
    const unsigned p4_width = min(32u, p4_threads - (p4_rank - p4_lane));
    const unsigned p4_mask = p4_width == 32u ? 0xffffffffu : (1u << p4_width) - 1u;
    for (unsigned p4_offset = 16; p4_offset > 0; p4_offset /= 2) {
      const float a4_other = __shfl_down_sync(p4_mask, a4, p4_offset);
      const int b4_other = __shfl_down_sync(p4_mask, b4, p4_offset);
      if (p4_lane + p4_offset < p4_width && (a4_other > a4 || (a4_other == a4 && b4_other < b4))) {
        a4 = a4_other;
        b4 = b4_other;
      }
    }
    __syncthreads();
    if (p4_lane == 0) {
      a4_warps[p4_rank / 32u] = a4;
      b4_warps[p4_rank / 32u] = b4;
    }
    __syncthreads();
    if (p4_rank < 32u) {
      const unsigned p4_count = (p4_threads + 31u) / 32u;
      if (p4_rank < p4_count) {
        a4 = a4_warps[p4_rank];
        b4 = b4_warps[p4_rank];
      }
      for (unsigned p4_offset = 16; p4_offset > 0; p4_offset /= 2) {
        const float a4_other = __shfl_down_sync(p4_mask, a4, p4_offset);
        const int b4_other = __shfl_down_sync(p4_mask, b4, p4_offset);
        if (p4_lane + p4_offset < p4_count && (a4_other > a4 || (a4_other == a4 && b4_other < b4))) {
          a4 = a4_other;
          b4 = b4_other;
        }
      }
    }
    if (p4_rank == 0) {
      a4_warps[0] = a4;
      b4_warps[0] = b4;
    }
    __syncthreads();
    a4 = a4_warps[0];
    b4 = b4_warps[0];
    out_a[g] = (double)a4;
    out_b[g] = (double)b4;
  }
}

__global__ void pk5(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a5 = (float)in[g];
    int b5 = t;
    const unsigned p5_rank = threadIdx.x;
    const unsigned p5_lane = p5_rank % 32u;
    const unsigned p5_threads = blockDim.x;
    const unsigned p5_width = min(32u, p5_threads - (p5_rank - p5_lane));
    const unsigned p5_mask = p5_width == 32u ? 0xffffffffu : (1u << p5_width) - 1u;
    for (unsigned p5_offset = 16; p5_offset > 0; p5_offset /= 2) {
      const float a5_other = __shfl_down_sync(p5_mask, a5, p5_offset);
      const int b5_other = __shfl_down_sync(p5_mask, b5, p5_offset);
      if (p5_lane + p5_offset < p5_width && (a5_other > a5 || (a5_other == a5 && b5_other < b5))) {
        a5 = a5_other;
        b5 = b5_other;
      }
    }
    a5 = __shfl_sync(p5_mask, a5, 0);
    b5 = __shfl_sync(p5_mask, b5, 0);
    out_a[g] = (double)a5;
    out_b[g] = (double)b5;
  }
}

__global__ void pk6(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a6 = (float)in[g];
    int b6 = t;
    __shared__ float a6_warps[32];
    __shared__ int b6_warps[32];
    const unsigned p6_rank = threadIdx.x;
    const unsigned p6_lane = p6_rank % 32u;
    const unsigned p6_threads = blockDim.x;
    for (unsigned p6_offset = 16; p6_offset > 0; p6_offset /= 2) {
      const float a6_other = __shfl_down_sync(0xffffffffu, a6, p6_offset);
      const int b6_other = __shfl_down_sync(0xffffffffu, b6, p6_offset);
      if (a6_other > a6 || (a6_other == a6 && b6_other < b6)) {
        a6 = a6_other;
        b6 = b6_other;
      }
    }
    __syncthreads();
    if (p6_lane == 0) {
      a6_warps[p6_rank / 32u] = a6;
      b6_warps[p6_rank / 32u] = b6;
    }
    __syncthreads();
    if (p6_rank < 32u) {
      const unsigned p6_count = (p6_threads + 31u) / 32u;
      if (p6_rank < p6_count) {
        a6 = a6_warps[p6_rank];
        b6 = b6_warps[p6_rank];
      }
      for (unsigned p6_offset = 16; p6_offset > 0; p6_offset /= 2) {
        const float a6_other = __shfl_down_sync(0xffffffffu, a6, p6_offset);
        const int b6_other = __shfl_down_sync(0xffffffffu, b6, p6_offset);
        if (p6_lane + p6_offset < p6_count && (a6_other > a6 || (a6_other == a6 && b6_other < b6))) {
          a6 = a6_other;
          b6 = b6_other;
        }
      }
    }
    if (p6_rank == 0) {
      a6_warps[0] = a6;
      b6_warps[0] = b6;
    }
    __syncthreads();
    a6 = a6_warps[0];
    b6 = b6_warps[0];
    out_a[g] = (double)a6;
    out_b[g] = (double)b6;
  }
}

__global__ void pk7(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a7 = (float)in[g];
    int b7 = t;
    for (unsigned p7_offset = 16; p7_offset > 0; p7_offset /= 2) {
      const float a7_other = __shfl_down_sync(0xffffffffu, a7, p7_offset);
      const int b7_other = __shfl_down_sync(0xffffffffu, b7, p7_offset);
      if (a7_other > a7 || (a7_other == a7 && b7_other < b7)) {
        a7 = a7_other;
        b7 = b7_other;
      }
    }
    a7 = __shfl_sync(0xffffffffu, a7, 0);
    b7 = __shfl_sync(0xffffffffu, b7, 0);
    out_a[g] = (double)a7;
    out_b[g] = (double)b7;
  }
}

__global__ void pk8(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a8 = (int)in[g];
    size_t b8 = t;
    __shared__ int a8_warps[32];
    __shared__ size_t b8_warps[32];
    const unsigned p8_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p8_lane = p8_rank % 32u;
    const unsigned p8_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p8_width = min(32u, p8_threads - (p8_rank - p8_lane));
    const unsigned p8_mask = p8_width == 32u ? 0xffffffffu : (1u << p8_width) - 1u;
    for (unsigned p8_offset = 16; p8_offset > 0; p8_offset /= 2) {
      const int a8_other = __shfl_down_sync(p8_mask, a8, p8_offset);
      const size_t b8_other = __shfl_down_sync(p8_mask, b8, p8_offset);
      if (p8_lane + p8_offset < p8_width && (a8_other > a8 || (a8_other == a8 && b8_other < b8))) {
        a8 = a8_other;
        b8 = b8_other;
      }
    }
    __syncthreads();
    if (p8_lane == 0) {
      a8_warps[p8_rank / 32u] = a8;
      b8_warps[p8_rank / 32u] = b8;
    }
    __syncthreads();
    if (p8_rank < 32u) {
      const unsigned p8_count = (p8_threads + 31u) / 32u;
      if (p8_rank < p8_count) {
        a8 = a8_warps[p8_rank];
        b8 = b8_warps[p8_rank];
      }
      for (unsigned p8_offset = 16; p8_offset > 0; p8_offset /= 2) {
        const int a8_other = __shfl_down_sync(p8_mask, a8, p8_offset);
        const size_t b8_other = __shfl_down_sync(p8_mask, b8, p8_offset);
        if (p8_lane + p8_offset < p8_count && (a8_other > a8 || (a8_other == a8 && b8_other < b8))) {
          a8 = a8_other;
          b8 = b8_other;
        }
      }
    }
    if (p8_rank == 0) {
      a8_warps[0] = a8;
      b8_warps[0] = b8;
    }
    __syncthreads();
    a8 = a8_warps[0];
    b8 = b8_warps[0];
    out_a[g] = (double)a8;
    out_b[g] = (double)b8;
  }
}

__global__ void pk9(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a9 = (int)in[g];
    size_t b9 = t;
    const unsigned p9_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p9_lane = p9_rank % 32u;
    const unsigned p9_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p9_width = min(32u, p9_threads - (p9_rank - p9_lane));
    const unsigned p9_mask = p9_width == 32u ? 0xffffffffu : (1u << p9_width) - 1u;
    for (unsigned p9_offset = 16; p9_offset > 0; p9_offset /= 2) {
      const int a9_other = __shfl_down_sync(p9_mask, a9, p9_offset);
      const size_t b9_other = __shfl_down_sync(p9_mask, b9, p9_offset);
      if (p9_lane + p9_offset < p9_width && (a9_other > a9 || (a9_other == a9 && b9_other < b9))) {
        a9 = a9_other;
        b9 = b9_other;
      }
    }
    a9 = __shfl_sync(p9_mask, a9, 0);
    b9 = __shfl_sync(p9_mask, b9, 0);
    out_a[g] = (double)a9;
    out_b[g] = (double)b9;
  }
}

__global__ void pk10(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a10 = (int)in[g];
    size_t b10 = t;
    __shared__ int a10_warps[32];
    __shared__ size_t b10_warps[32];
    const unsigned p10_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p10_lane = p10_rank % 32u;
    const unsigned p10_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned p10_offset = 16; p10_offset > 0; p10_offset /= 2) {
      const int a10_other = __shfl_down_sync(0xffffffffu, a10, p10_offset);
      const size_t b10_other = __shfl_down_sync(0xffffffffu, b10, p10_offset);
      if (a10_other > a10 || (a10_other == a10 && b10_other < b10)) {
        a10 = a10_other;
        b10 = b10_other;
      }
    }
    __syncthreads();
    if (p10_lane == 0) {
      a10_warps[p10_rank / 32u] = a10;
      b10_warps[p10_rank / 32u] = b10;
    }
    __syncthreads();
    if (p10_rank < 32u) {
      const unsigned p10_count = (p10_threads + 31u) / 32u;
      if (p10_rank < p10_count) {
        a10 = a10_warps[p10_rank];
        b10 = b10_warps[p10_rank];
      }
      for (unsigned p10_offset = 16; p10_offset > 0; p10_offset /= 2) {
        const int a10_other = __shfl_down_sync(0xffffffffu, a10, p10_offset);
        const size_t b10_other = __shfl_down_sync(0xffffffffu, b10, p10_offset);
        if (p10_lane + p10_offset < p10_count && (a10_other > a10 || (a10_other == a10 && b10_other < b10))) {
          a10 = a10_other;
          b10 = b10_other;
        }
      }
    }
    if (p10_rank == 0) {
      a10_warps[0] = a10;
      b10_warps[0] = b10;
    }
    __syncthreads();
    a10 = a10_warps[0];
    b10 = b10_warps[0];
    out_a[g] = (double)a10;
    out_b[g] = (double)b10;
  }
}

__global__ void pk11(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a11 = (int)in[g];
    size_t b11 = t;
    for (unsigned p11_offset = 16; p11_offset > 0; p11_offset /= 2) {
      const int a11_other = __shfl_down_sync(0xffffffffu, a11, p11_offset);
      const size_t b11_other = __shfl_down_sync(0xffffffffu, b11, p11_offset);
      if (a11_other > a11 || (a11_other == a11 && b11_other < b11)) {
        a11 = a11_other;
        b11 = b11_other;
      }
    }
    a11 = __shfl_sync(0xffffffffu, a11, 0);
    b11 = __shfl_sync(0xffffffffu, b11, 0);
    out_a[g] = (double)a11;
    out_b[g] = (double)b11;
  }
}

__global__ void pk12(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a12 = (int)in[g];
    size_t b12 = t;
    __shared__ int a12_warps[32];
    __shared__ size_t b12_warps[32];
    const unsigned p12_rank = threadIdx.x;
    const unsigned p12_lane = p12_rank % 32u;
    const unsigned p12_threads = blockDim.x;
    const unsigned p12_width = min(32u, p12_threads - (p12_rank - p12_lane));
    const unsigned p12_mask = p12_width == 32u ? 0xffffffffu : (1u << p12_width) - 1u;
    for (unsigned p12_offset = 16; p12_offset > 0; p12_offset /= 2) {
      const int a12_other = __shfl_down_sync(p12_mask, a12, p12_offset);
      const size_t b12_other = __shfl_down_sync(p12_mask, b12, p12_offset);
      if (p12_lane + p12_offset < p12_width && (a12_other > a12 || (a12_other == a12 && b12_other < b12))) {
        a12 = a12_other;
        b12 = b12_other;
      }
    }
    __syncthreads();
    if (p12_lane == 0) {
      a12_warps[p12_rank / 32u] = a12;
      b12_warps[p12_rank / 32u] = b12;
    }
    __syncthreads();
    if (p12_rank < 32u) {
      const unsigned p12_count = (p12_threads + 31u) / 32u;
      if (p12_rank < p12_count) {
        a12 = a12_warps[p12_rank];
        b12 = b12_warps[p12_rank];
      }
      for (unsigned p12_offset = 16; p12_offset > 0; p12_offset /= 2) {
        const int a12_other = __shfl_down_sync(p12_mask, a12, p12_offset);
        const size_t b12_other = __shfl_down_sync(p12_mask, b12, p12_offset);
        if (p12_lane + p12_offset < p12_count && (a12_other > a12 || (a12_other == a12 && b12_other < b12))) {
          a12 = a12_other;
          b12 = b12_other;
        }
      }
    }
    if (p12_rank == 0) {
      a12_warps[0] = a12;
      b12_warps[0] = b12;
    }
    __syncthreads();
    a12 = a12_warps[0];
    b12 = b12_warps[0];
    out_a[g] = (double)a12;
    out_b[g] = (double)b12;
  }
}

__global__ void pk13(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a13 = (int)in[g];
    size_t b13 = t;
    const unsigned p13_rank = threadIdx.x;
    const unsigned p13_lane = p13_rank % 32u;
    const unsigned p13_threads = blockDim.x;
    const unsigned p13_width = min(32u, p13_threads - (p13_rank - p13_lane));
    const unsigned p13_mask = p13_width == 32u ? 0xffffffffu : (1u << p13_width) - 1u;
    for (unsigned p13_offset = 16; p13_offset > 0; p13_offset /= 2) {
      const int a13_other = __shfl_down_sync(p13_mask, a13, p13_offset);
      const size_t b13_other = __shfl_down_sync(p13_mask, b13, p13_offset);
      if (p13_lane + p13_offset < p13_width && (a13_other > a13 || (a13_other == a13 && b13_other < b13))) {
        a13 = a13_other;
        b13 = b13_other;
      }
    }
    a13 = __shfl_sync(p13_mask, a13, 0);
    b13 = __shfl_sync(p13_mask, b13, 0);
    out_a[g] = (double)a13;
    out_b[g] = (double)b13;
  }
}

__global__ void pk14(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a14 = (int)in[g];
    size_t b14 = t;
    __shared__ int a14_warps[32];
    __shared__ size_t b14_warps[32];
    const unsigned p14_rank = threadIdx.x;
    const unsigned p14_lane = p14_rank % 32u;
    const unsigned p14_threads = blockDim.x;
    for (unsigned p14_offset = 16; p14_offset > 0; p14_offset /= 2) {
      const int a14_other = __shfl_down_sync(0xffffffffu, a14, p14_offset);
      const size_t b14_other = __shfl_down_sync(0xffffffffu, b14, p14_offset);
      if (a14_other > a14 || (a14_other == a14 && b14_other < b14)) {
        a14 = a14_other;
        b14 = b14_other;
      }
    }
    __syncthreads();
    if (p14_lane == 0) {
      a14_warps[p14_rank / 32u] = a14;
      b14_warps[p14_rank / 32u] = b14;
    }
    __syncthreads();
    if (p14_rank < 32u) {
      const unsigned p14_count = (p14_threads + 31u) / 32u;
      if (p14_rank < p14_count) {
        a14 = a14_warps[p14_rank];
        b14 = b14_warps[p14_rank];
      }
      for (unsigned p14_offset = 16; p14_offset > 0; p14_offset /= 2) {
        const int a14_other = __shfl_down_sync(0xffffffffu, a14, p14_offset);
        const size_t b14_other = __shfl_down_sync(0xffffffffu, b14, p14_offset);
        if (p14_lane + p14_offset < p14_count && (a14_other > a14 || (a14_other == a14 && b14_other < b14))) {
          a14 = a14_other;
          b14 = b14_other;
        }
      }
    }
    if (p14_rank == 0) {
      a14_warps[0] = a14;
      b14_warps[0] = b14;
    }
    __syncthreads();
    a14 = a14_warps[0];
    b14 = b14_warps[0];
    out_a[g] = (double)a14;
    out_b[g] = (double)b14;
  }
}

__global__ void pk15(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a15 = (int)in[g];
    size_t b15 = t;
    for (unsigned p15_offset = 16; p15_offset > 0; p15_offset /= 2) {
      const int a15_other = __shfl_down_sync(0xffffffffu, a15, p15_offset);
      const size_t b15_other = __shfl_down_sync(0xffffffffu, b15, p15_offset);
      if (a15_other > a15 || (a15_other == a15 && b15_other < b15)) {
        a15 = a15_other;
        b15 = b15_other;
      }
    }
    a15 = __shfl_sync(0xffffffffu, a15, 0);
    b15 = __shfl_sync(0xffffffffu, b15, 0);
    out_a[g] = (double)a15;
    out_b[g] = (double)b15;
  }
}

__global__ void pk16(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a16 = (double)in[g];
    long long b16 = t;
    __shared__ double a16_warps[32];
    __shared__ long long b16_warps[32];
    const unsigned p16_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p16_lane = p16_rank % 32u;
    const unsigned p16_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p16_width = min(32u, p16_threads - (p16_rank - p16_lane));
    const unsigned p16_mask = p16_width == 32u ? 0xffffffffu : (1u << p16_width) - 1u;
    for (unsigned p16_offset = 16; p16_offset > 0; p16_offset /= 2) {
      const double a16_other = __shfl_down_sync(p16_mask, a16, p16_offset);
      const long long b16_other = __shfl_down_sync(p16_mask, b16, p16_offset);
      if (p16_lane + p16_offset < p16_width && (a16_other > a16 || (a16_other == a16 && b16_other < b16))) {
        a16 = a16_other;
        b16 = b16_other;
      }
    }
    __syncthreads();
    if (p16_lane == 0) {
      a16_warps[p16_rank / 32u] = a16;
      b16_warps[p16_rank / 32u] = b16;
    }
    __syncthreads();
    if (p16_rank < 32u) {
      const unsigned p16_count = (p16_threads + 31u) / 32u;
      if (p16_rank < p16_count) {
        a16 = a16_warps[p16_rank];
        b16 = b16_warps[p16_rank];
      }
      for (unsigned p16_offset = 16; p16_offset > 0; p16_offset /= 2) {
        const double a16_other = __shfl_down_sync(p16_mask, a16, p16_offset);
        const long long b16_other = __shfl_down_sync(p16_mask, b16, p16_offset);
        if (p16_lane + p16_offset < p16_count && (a16_other > a16 || (a16_other == a16 && b16_other < b16))) {
          a16 = a16_other;
          b16 = b16_other;
        }
      }
    }
    if (p16_rank == 0) {
      a16_warps[0] = a16;
      b16_warps[0] = b16;
    }
    __syncthreads();
    a16 = a16_warps[0];
    b16 = b16_warps[0];
    out_a[g] = (double)a16;
    out_b[g] = (double)b16;
  }
}

__global__ void pk17(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a17 = (double)in[g];
    long long b17 = t;
    const unsigned p17_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p17_lane = p17_rank % 32u;
    const unsigned p17_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p17_width = min(32u, p17_threads - (p17_rank - p17_lane));
    const unsigned p17_mask = p17_width == 32u ? 0xffffffffu : (1u << p17_width) - 1u;
    for (unsigned p17_offset = 16; p17_offset > 0; p17_offset /= 2) {
      const double a17_other = __shfl_down_sync(p17_mask, a17, p17_offset);
      const long long b17_other = __shfl_down_sync(p17_mask, b17, p17_offset);
      if (p17_lane + p17_offset < p17_width && (a17_other > a17 || (a17_other == a17 && b17_other < b17))) {
        a17 = a17_other;
        b17 = b17_other;
      }
    }
    a17 = __shfl_sync(p17_mask, a17, 0);
    b17 = __shfl_sync(p17_mask, b17, 0);
    out_a[g] = (double)a17;
    out_b[g] = (double)b17;
  }
}

__global__ void pk18(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a18 = (double)in[g];
    long long b18 = t;
    __shared__ double a18_warps[32];
    __shared__ long long b18_warps[32];
    const unsigned p18_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p18_lane = p18_rank % 32u;
    const unsigned p18_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned p18_offset = 16; p18_offset > 0; p18_offset /= 2) {
      const double a18_other = __shfl_down_sync(0xffffffffu, a18, p18_offset);
      const long long b18_other = __shfl_down_sync(0xffffffffu, b18, p18_offset);
      if (a18_other > a18 || (a18_other == a18 && b18_other < b18)) {
        a18 = a18_other;
        b18 = b18_other;
      }
    }
    __syncthreads();
    if (p18_lane == 0) {
      a18_warps[p18_rank / 32u] = a18;
      b18_warps[p18_rank / 32u] = b18;
    }
    __syncthreads();
    if (p18_rank < 32u) {
      const unsigned p18_count = (p18_threads + 31u) / 32u;
      if (p18_rank < p18_count) {
        a18 = a18_warps[p18_rank];
        b18 = b18_warps[p18_rank];
      }
      for (unsigned p18_offset = 16; p18_offset > 0; p18_offset /= 2) {
        const double a18_other = __shfl_down_sync(0xffffffffu, a18, p18_offset);
        const long long b18_other = __shfl_down_sync(0xffffffffu, b18, p18_offset);
        if (p18_lane + p18_offset < p18_count && (a18_other > a18 || (a18_other == a18 && b18_other < b18))) {
          a18 = a18_other;
          b18 = b18_other;
        }
      }
    }
    if (p18_rank == 0) {
      a18_warps[0] = a18;
      b18_warps[0] = b18;
    }
    __syncthreads();
    a18 = a18_warps[0];
    b18 = b18_warps[0];
    out_a[g] = (double)a18;
    out_b[g] = (double)b18;
  }
}

__global__ void pk19(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a19 = (double)in[g];
    long long b19 = t;
    for (unsigned p19_offset = 16; p19_offset > 0; p19_offset /= 2) {
      const double a19_other = __shfl_down_sync(0xffffffffu, a19, p19_offset);
      const long long b19_other = __shfl_down_sync(0xffffffffu, b19, p19_offset);
      if (a19_other > a19 || (a19_other == a19 && b19_other < b19)) {
        a19 = a19_other;
        b19 = b19_other;
      }
    }
    a19 = __shfl_sync(0xffffffffu, a19, 0);
    b19 = __shfl_sync(0xffffffffu, b19, 0);
    out_a[g] = (double)a19;
    out_b[g] = (double)b19;
  }
}

__global__ void pk20(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a20 = (double)in[g];
    long long b20 = t;
    __shared__ double a20_warps[32];
    __shared__ long long b20_warps[32];
    const unsigned p20_rank = threadIdx.x;
    const unsigned p20_lane = p20_rank % 32u;
    const unsigned p20_threads = blockDim.x;
    const unsigned p20_width = min(32u, p20_threads - (p20_rank - p20_lane));
    const unsigned p20_mask = p20_width == 32u ? 0xffffffffu : (1u << p20_width) - 1u;
    for (unsigned p20_offset = 16; p20_offset > 0; p20_offset /= 2) {
      const double a20_other = __shfl_down_sync(p20_mask, a20, p20_offset);
      const long long b20_other = __shfl_down_sync(p20_mask, b20, p20_offset);
      if (p20_lane + p20_offset < p20_width && (a20_other > a20 || (a20_other == a20 && b20_other < b20))) {
        a20 = a20_other;
        b20 = b20_other;
      }
    }
    __syncthreads();
    if (p20_lane == 0) {
      a20_warps[p20_rank / 32u] = a20;
      b20_warps[p20_rank / 32u] = b20;
    }
    __syncthreads();
    if (p20_rank < 32u) {
      const unsigned p20_count = (p20_threads + 31u) / 32u;
      if (p20_rank < p20_count) {
        a20 = a20_warps[p20_rank];
        b20 = b20_warps[p20_rank];
      }
      for (unsigned p20_offset = 16; p20_offset > 0; p20_offset /= 2) {
        const double a20_other = __shfl_down_sync(p20_mask, a20, p20_offset);
        const long long b20_other = __shfl_down_sync(p20_mask, b20, p20_offset);
        if (p20_lane + p20_offset < p20_count && (a20_other > a20 || (a20_other == a20 && b20_other < b20))) {
          a20 = a20_other;
          b20 = b20_other;
        }
      }
    }
    if (p20_rank == 0) {
      a20_warps[0] = a20;
      b20_warps[0] = b20;
    }
    __syncthreads();
    a20 = a20_warps[0];
    b20 = b20_warps[0];
    out_a[g] = (double)a20;
    out_b[g] = (double)b20;
  }
}

__global__ void pk21(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a21 = (double)in[g];
    long long b21 = t;
    const unsigned p21_rank = threadIdx.x;
    const unsigned p21_lane = p21_rank % 32u;
    const unsigned p21_threads = blockDim.x;
    const unsigned p21_width = min(32u, p21_threads - (p21_rank - p21_lane));
    const unsigned p21_mask = p21_width == 32u ? 0xffffffffu : (1u << p21_width) - 1u;
    for (unsigned p21_offset = 16; p21_offset > 0; p21_offset /= 2) {
      const double a21_other = __shfl_down_sync(p21_mask, a21, p21_offset);
      const long long b21_other = __shfl_down_sync(p21_mask, b21, p21_offset);
      if (p21_lane + p21_offset < p21_width && (a21_other > a21 || (a21_other == a21 && b21_other < b21))) {
        a21 = a21_other;
        b21 = b21_other;
      }
    }
    a21 = __shfl_sync(p21_mask, a21, 0);
    b21 = __shfl_sync(p21_mask, b21, 0);
    out_a[g] = (double)a21;
    out_b[g] = (double)b21;
  }
}

__global__ void pk22(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a22 = (double)in[g];
    long long b22 = t;
    __shared__ double a22_warps[32];
    __shared__ long long b22_warps[32];
    const unsigned p22_rank = threadIdx.x;
    const unsigned p22_lane = p22_rank % 32u;
    const unsigned p22_threads = blockDim.x;
    for (unsigned p22_offset = 16; p22_offset > 0; p22_offset /= 2) {
      const double a22_other = __shfl_down_sync(0xffffffffu, a22, p22_offset);
      const long long b22_other = __shfl_down_sync(0xffffffffu, b22, p22_offset);
      if (a22_other > a22 || (a22_other == a22 && b22_other < b22)) {
        a22 = a22_other;
        b22 = b22_other;
      }
    }
    __syncthreads();
    if (p22_lane == 0) {
      a22_warps[p22_rank / 32u] = a22;
      b22_warps[p22_rank / 32u] = b22;
    }
    __syncthreads();
    if (p22_rank < 32u) {
      const unsigned p22_count = (p22_threads + 31u) / 32u;
      if (p22_rank < p22_count) {
        a22 = a22_warps[p22_rank];
        b22 = b22_warps[p22_rank];
      }
      for (unsigned p22_offset = 16; p22_offset > 0; p22_offset /= 2) {
        const double a22_other = __shfl_down_sync(0xffffffffu, a22, p22_offset);
        const long long b22_other = __shfl_down_sync(0xffffffffu, b22, p22_offset);
        if (p22_lane + p22_offset < p22_count && (a22_other > a22 || (a22_other == a22 && b22_other < b22))) {
          a22 = a22_other;
          b22 = b22_other;
        }
      }
    }
    if (p22_rank == 0) {
      a22_warps[0] = a22;
      b22_warps[0] = b22;
    }
    __syncthreads();
    a22 = a22_warps[0];
    b22 = b22_warps[0];
    out_a[g] = (double)a22;
    out_b[g] = (double)b22;
  }
}

__global__ void pk23(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a23 = (double)in[g];
    long long b23 = t;
    for (unsigned p23_offset = 16; p23_offset > 0; p23_offset /= 2) {
      const double a23_other = __shfl_down_sync(0xffffffffu, a23, p23_offset);
      const long long b23_other = __shfl_down_sync(0xffffffffu, b23, p23_offset);
      if (a23_other > a23 || (a23_other == a23 && b23_other < b23)) {
        a23 = a23_other;
        b23 = b23_other;
      }
    }
    a23 = __shfl_sync(0xffffffffu, a23, 0);
    b23 = __shfl_sync(0xffffffffu, b23, 0);
    out_a[g] = (double)a23;
    out_b[g] = (double)b23;
  }
}

__global__ void pk24(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a24 = (unsigned)in[g];
    unsigned b24 = t;
    __shared__ unsigned a24_warps[32];
    __shared__ unsigned b24_warps[32];
    const unsigned p24_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p24_lane = p24_rank % 32u;
    const unsigned p24_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p24_width = min(32u, p24_threads - (p24_rank - p24_lane));
    const unsigned p24_mask = p24_width == 32u ? 0xffffffffu : (1u << p24_width) - 1u;
    for (unsigned p24_offset = 16; p24_offset > 0; p24_offset /= 2) {
      const unsigned a24_other = __shfl_down_sync(p24_mask, a24, p24_offset);
      const unsigned b24_other = __shfl_down_sync(p24_mask, b24, p24_offset);
      if (p24_lane + p24_offset < p24_width && (a24_other > a24 || (a24_other == a24 && b24_other < b24))) {
        a24 = a24_other;
        b24 = b24_other;
      }
    }
    __syncthreads();
    if (p24_lane == 0) {
      a24_warps[p24_rank / 32u] = a24;
      b24_warps[p24_rank / 32u] = b24;
    }
    __syncthreads();
    if (p24_rank < 32u) {
      const unsigned p24_count = (p24_threads + 31u) / 32u;
      if (p24_rank < p24_count) {
        a24 = a24_warps[p24_rank];
        b24 = b24_warps[p24_rank];
      }
      for (unsigned p24_offset = 16; p24_offset > 0; p24_offset /= 2) {
        const unsigned a24_other = __shfl_down_sync(p24_mask, a24, p24_offset);
        const unsigned b24_other = __shfl_down_sync(p24_mask, b24, p24_offset);
        if (p24_lane + p24_offset < p24_count && (a24_other > a24 || (a24_other == a24 && b24_other < b24))) {
          a24 = a24_other;
          b24 = b24_other;
        }
      }
    }
    if (p24_rank == 0) {
      a24_warps[0] = a24;
      b24_warps[0] = b24;
    }
    __syncthreads();
    a24 = a24_warps[0];
    b24 = b24_warps[0];
    out_a[g] = (double)a24;
    out_b[g] = (double)b24;
  }
}

__global__ void pk25(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a25 = (unsigned)in[g];
    unsigned b25 = t;
    const unsigned p25_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p25_lane = p25_rank % 32u;
    const unsigned p25_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p25_width = min(32u, p25_threads - (p25_rank - p25_lane));
    const unsigned p25_mask = p25_width == 32u ? 0xffffffffu : (1u << p25_width) - 1u;
    for (unsigned p25_offset = 16; p25_offset > 0; p25_offset /= 2) {
      const unsigned a25_other = __shfl_down_sync(p25_mask, a25, p25_offset);
      const unsigned b25_other = __shfl_down_sync(p25_mask, b25, p25_offset);
      if (p25_lane + p25_offset < p25_width && (a25_other > a25 || (a25_other == a25 && b25_other < b25))) {
        a25 = a25_other;
        b25 = b25_other;
      }
    }
    a25 = __shfl_sync(p25_mask, a25, 0);
    b25 = __shfl_sync(p25_mask, b25, 0);
    out_a[g] = (double)a25;
    out_b[g] = (double)b25;
  }
}

__global__ void pk26(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a26 = (unsigned)in[g];
    unsigned b26 = t;
    __shared__ unsigned a26_warps[32];
    __shared__ unsigned b26_warps[32];
    const unsigned p26_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p26_lane = p26_rank % 32u;
    const unsigned p26_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned p26_offset = 16; p26_offset > 0; p26_offset /= 2) {
      const unsigned a26_other = __shfl_down_sync(0xffffffffu, a26, p26_offset);
      const unsigned b26_other = __shfl_down_sync(0xffffffffu, b26, p26_offset);
      if (a26_other > a26 || (a26_other == a26 && b26_other < b26)) {
        a26 = a26_other;
        b26 = b26_other;
      }
    }
    __syncthreads();
    if (p26_lane == 0) {
      a26_warps[p26_rank / 32u] = a26;
      b26_warps[p26_rank / 32u] = b26;
    }
    __syncthreads();
    if (p26_rank < 32u) {
      const unsigned p26_count = (p26_threads + 31u) / 32u;
      if (p26_rank < p26_count) {
        a26 = a26_warps[p26_rank];
        b26 = b26_warps[p26_rank];
      }
      for (unsigned p26_offset = 16; p26_offset > 0; p26_offset /= 2) {
        const unsigned a26_other = __shfl_down_sync(0xffffffffu, a26, p26_offset);
        const unsigned b26_other = __shfl_down_sync(0xffffffffu, b26, p26_offset);
        if (p26_lane + p26_offset < p26_count && (a26_other > a26 || (a26_other == a26 && b26_other < b26))) {
          a26 = a26_other;
          b26 = b26_other;
        }
      }
    }
    if (p26_rank == 0) {
      a26_warps[0] = a26;
      b26_warps[0] = b26;
    }
    __syncthreads();
    a26 = a26_warps[0];
    b26 = b26_warps[0];
    out_a[g] = (double)a26;
    out_b[g] = (double)b26;
  }
}

__global__ void pk27(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a27 = (unsigned)in[g];
    unsigned b27 = t;
    for (unsigned p27_offset = 16; p27_offset > 0; p27_offset /= 2) {
      const unsigned a27_other = __shfl_down_sync(0xffffffffu, a27, p27_offset);
      const unsigned b27_other = __shfl_down_sync(0xffffffffu, b27, p27_offset);
      if (a27_other > a27 || (a27_other == a27 && b27_other < b27)) {
        a27 = a27_other;
        b27 = b27_other;
      }
    }
    a27 = __shfl_sync(0xffffffffu, a27, 0);
    b27 = __shfl_sync(0xffffffffu, b27, 0);
    out_a[g] = (double)a27;
    out_b[g] = (double)b27;
  }
}

__global__ void pk28(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a28 = (unsigned)in[g];
    unsigned b28 = t;
    __shared__ unsigned a28_warps[32];
    __shared__ unsigned b28_warps[32];
    const unsigned p28_rank = threadIdx.x;
    const unsigned p28_lane = p28_rank % 32u;
    const unsigned p28_threads = blockDim.x;
    const unsigned p28_width = min(32u, p28_threads - (p28_rank - p28_lane));
    const unsigned p28_mask = p28_width == 32u ? 0xffffffffu : (1u << p28_width) - 1u;
    for (unsigned p28_offset = 16; p28_offset > 0; p28_offset /= 2) {
      const unsigned a28_other = __shfl_down_sync(p28_mask, a28, p28_offset);
      const unsigned b28_other = __shfl_down_sync(p28_mask, b28, p28_offset);
      if (p28_lane + p28_offset < p28_width && (a28_other > a28 || (a28_other == a28 && b28_other < b28))) {
        a28 = a28_other;
        b28 = b28_other;
      }
    }
    __syncthreads();
    if (p28_lane == 0) {
      a28_warps[p28_rank / 32u] = a28;
      b28_warps[p28_rank / 32u] = b28;
    }
    __syncthreads();
    if (p28_rank < 32u) {
      const unsigned p28_count = (p28_threads + 31u) / 32u;
      if (p28_rank < p28_count) {
        a28 = a28_warps[p28_rank];
        b28 = b28_warps[p28_rank];
      }
      for (unsigned p28_offset = 16; p28_offset > 0; p28_offset /= 2) {
        const unsigned a28_other = __shfl_down_sync(p28_mask, a28, p28_offset);
        const unsigned b28_other = __shfl_down_sync(p28_mask, b28, p28_offset);
        if (p28_lane + p28_offset < p28_count && (a28_other > a28 || (a28_other == a28 && b28_other < b28))) {
          a28 = a28_other;
          b28 = b28_other;
        }
      }
    }
    if (p28_rank == 0) {
      a28_warps[0] = a28;
      b28_warps[0] = b28;
    }
    __syncthreads();
    a28 = a28_warps[0];
    b28 = b28_warps[0];
    out_a[g] = (double)a28;
    out_b[g] = (double)b28;
  }
}

__global__ void pk29(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a29 = (unsigned)in[g];
    unsigned b29 = t;
    const unsigned p29_rank = threadIdx.x;
    const unsigned p29_lane = p29_rank % 32u;
    const unsigned p29_threads = blockDim.x;
    const unsigned p29_width = min(32u, p29_threads - (p29_rank - p29_lane));
    const unsigned p29_mask = p29_width == 32u ? 0xffffffffu : (1u << p29_width) - 1u;
    for (unsigned p29_offset = 16; p29_offset > 0; p29_offset /= 2) {
      const unsigned a29_other = __shfl_down_sync(p29_mask, a29, p29_offset);
      const unsigned b29_other = __shfl_down_sync(p29_mask, b29, p29_offset);
      if (p29_lane + p29_offset < p29_width && (a29_other > a29 || (a29_other == a29 && b29_other < b29))) {
        a29 = a29_other;
        b29 = b29_other;
      }
    }
    a29 = __shfl_sync(p29_mask, a29, 0);
    b29 = __shfl_sync(p29_mask, b29, 0);
    out_a[g] = (double)a29;
    out_b[g] = (double)b29;
  }
}

__global__ void pk30(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a30 = (unsigned)in[g];
    unsigned b30 = t;
    __shared__ unsigned a30_warps[32];
    __shared__ unsigned b30_warps[32];
    const unsigned p30_rank = threadIdx.x;
    const unsigned p30_lane = p30_rank % 32u;
    const unsigned p30_threads = blockDim.x;
    for (unsigned p30_offset = 16; p30_offset > 0; p30_offset /= 2) {
      const unsigned a30_other = __shfl_down_sync(0xffffffffu, a30, p30_offset);
      const unsigned b30_other = __shfl_down_sync(0xffffffffu, b30, p30_offset);
      if (a30_other > a30 || (a30_other == a30 && b30_other < b30)) {
        a30 = a30_other;
        b30 = b30_other;
      }
    }
    __syncthreads();
    if (p30_lane == 0) {
      a30_warps[p30_rank / 32u] = a30;
      b30_warps[p30_rank / 32u] = b30;
    }
    __syncthreads();
    if (p30_rank < 32u) {
      const unsigned p30_count = (p30_threads + 31u) / 32u;
      if (p30_rank < p30_count) {
        a30 = a30_warps[p30_rank];
        b30 = b30_warps[p30_rank];
      }
      for (unsigned p30_offset = 16; p30_offset > 0; p30_offset /= 2) {
        const unsigned a30_other = __shfl_down_sync(0xffffffffu, a30, p30_offset);
        const unsigned b30_other = __shfl_down_sync(0xffffffffu, b30, p30_offset);
        if (p30_lane + p30_offset < p30_count && (a30_other > a30 || (a30_other == a30 && b30_other < b30))) {
          a30 = a30_other;
          b30 = b30_other;
        }
      }
    }
    if (p30_rank == 0) {
      a30_warps[0] = a30;
      b30_warps[0] = b30;
    }
    __syncthreads();
    a30 = a30_warps[0];
    b30 = b30_warps[0];
    out_a[g] = (double)a30;
    out_b[g] = (double)b30;
  }
}

__global__ void pk31(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a31 = (unsigned)in[g];
    unsigned b31 = t;
    for (unsigned p31_offset = 16; p31_offset > 0; p31_offset /= 2) {
      const unsigned a31_other = __shfl_down_sync(0xffffffffu, a31, p31_offset);
      const unsigned b31_other = __shfl_down_sync(0xffffffffu, b31, p31_offset);
      if (a31_other > a31 || (a31_other == a31 && b31_other < b31)) {
        a31 = a31_other;
        b31 = b31_other;
      }
    }
    a31 = __shfl_sync(0xffffffffu, a31, 0);
    b31 = __shfl_sync(0xffffffffu, b31, 0);
    out_a[g] = (double)a31;
    out_b[g] = (double)b31;
  }
}

__global__ void pk32(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a32 = (float)in[g];
    int b32 = t;
    __shared__ float a32_warps[32];
    __shared__ int b32_warps[32];
    const unsigned p32_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p32_lane = p32_rank % 32u;
    const unsigned p32_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p32_width = min(32u, p32_threads - (p32_rank - p32_lane));
    const unsigned p32_mask = p32_width == 32u ? 0xffffffffu : (1u << p32_width) - 1u;
    for (unsigned p32_offset = 16; p32_offset > 0; p32_offset /= 2) {
      const float a32_other = __shfl_down_sync(p32_mask, a32, p32_offset);
      const int b32_other = __shfl_down_sync(p32_mask, b32, p32_offset);
      if (p32_lane + p32_offset < p32_width && (a32_other > a32 || (a32_other == a32 && b32_other > b32))) {
        a32 = a32_other;
        b32 = b32_other;
      }
    }
    __syncthreads();
    if (p32_lane == 0) {
      a32_warps[p32_rank / 32u] = a32;
      b32_warps[p32_rank / 32u] = b32;
    }
    __syncthreads();
    if (p32_rank < 32u) {
      const unsigned p32_count = (p32_threads + 31u) / 32u;
      if (p32_rank < p32_count) {
        a32 = a32_warps[p32_rank];
        b32 = b32_warps[p32_rank];
      }
      for (unsigned p32_offset = 16; p32_offset > 0; p32_offset /= 2) {
        const float a32_other = __shfl_down_sync(p32_mask, a32, p32_offset);
        const int b32_other = __shfl_down_sync(p32_mask, b32, p32_offset);
        if (p32_lane + p32_offset < p32_count && (a32_other > a32 || (a32_other == a32 && b32_other > b32))) {
          a32 = a32_other;
          b32 = b32_other;
        }
      }
    }
    if (p32_rank == 0) {
      a32_warps[0] = a32;
      b32_warps[0] = b32;
    }
    __syncthreads();
    a32 = a32_warps[0];
    b32 = b32_warps[0];
    out_a[g] = (double)a32;
    out_b[g] = (double)b32;
  }
}

__global__ void pk33(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a33 = (float)in[g];
    int b33 = t;
    const unsigned p33_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p33_lane = p33_rank % 32u;
    const unsigned p33_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p33_width = min(32u, p33_threads - (p33_rank - p33_lane));
    const unsigned p33_mask = p33_width == 32u ? 0xffffffffu : (1u << p33_width) - 1u;
    for (unsigned p33_offset = 16; p33_offset > 0; p33_offset /= 2) {
      const float a33_other = __shfl_down_sync(p33_mask, a33, p33_offset);
      const int b33_other = __shfl_down_sync(p33_mask, b33, p33_offset);
      if (p33_lane + p33_offset < p33_width && (a33_other > a33 || (a33_other == a33 && b33_other > b33))) {
        a33 = a33_other;
        b33 = b33_other;
      }
    }
    a33 = __shfl_sync(p33_mask, a33, 0);
    b33 = __shfl_sync(p33_mask, b33, 0);
    out_a[g] = (double)a33;
    out_b[g] = (double)b33;
  }
}

__global__ void pk34(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a34 = (float)in[g];
    int b34 = t;
    __shared__ float a34_warps[32];
    __shared__ int b34_warps[32];
    const unsigned p34_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p34_lane = p34_rank % 32u;
    const unsigned p34_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned p34_offset = 16; p34_offset > 0; p34_offset /= 2) {
      const float a34_other = __shfl_down_sync(0xffffffffu, a34, p34_offset);
      const int b34_other = __shfl_down_sync(0xffffffffu, b34, p34_offset);
      if (a34_other > a34 || (a34_other == a34 && b34_other > b34)) {
        a34 = a34_other;
        b34 = b34_other;
      }
    }
    __syncthreads();
    if (p34_lane == 0) {
      a34_warps[p34_rank / 32u] = a34;
      b34_warps[p34_rank / 32u] = b34;
    }
    __syncthreads();
    if (p34_rank < 32u) {
      const unsigned p34_count = (p34_threads + 31u) / 32u;
      if (p34_rank < p34_count) {
        a34 = a34_warps[p34_rank];
        b34 = b34_warps[p34_rank];
      }
      for (unsigned p34_offset = 16; p34_offset > 0; p34_offset /= 2) {
        const float a34_other = __shfl_down_sync(0xffffffffu, a34, p34_offset);
        const int b34_other = __shfl_down_sync(0xffffffffu, b34, p34_offset);
        if (p34_lane + p34_offset < p34_count && (a34_other > a34 || (a34_other == a34 && b34_other > b34))) {
          a34 = a34_other;
          b34 = b34_other;
        }
      }
    }
    if (p34_rank == 0) {
      a34_warps[0] = a34;
      b34_warps[0] = b34;
    }
    __syncthreads();
    a34 = a34_warps[0];
    b34 = b34_warps[0];
    out_a[g] = (double)a34;
    out_b[g] = (double)b34;
  }
}

__global__ void pk35(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a35 = (float)in[g];
    int b35 = t;
    for (unsigned p35_offset = 16; p35_offset > 0; p35_offset /= 2) {
      const float a35_other = __shfl_down_sync(0xffffffffu, a35, p35_offset);
      const int b35_other = __shfl_down_sync(0xffffffffu, b35, p35_offset);
      if (a35_other > a35 || (a35_other == a35 && b35_other > b35)) {
        a35 = a35_other;
        b35 = b35_other;
      }
    }
    a35 = __shfl_sync(0xffffffffu, a35, 0);
    b35 = __shfl_sync(0xffffffffu, b35, 0);
    out_a[g] = (double)a35;
    out_b[g] = (double)b35;
  }
}

__global__ void pk36(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a36 = (float)in[g];
    int b36 = t;
    __shared__ float a36_warps[32];
    __shared__ int b36_warps[32];
    const unsigned p36_rank = threadIdx.x;
    const unsigned p36_lane = p36_rank % 32u;
    const unsigned p36_threads = blockDim.x;
    const unsigned p36_width = min(32u, p36_threads - (p36_rank - p36_lane));
    const unsigned p36_mask = p36_width == 32u ? 0xffffffffu : (1u << p36_width) - 1u;
    for (unsigned p36_offset = 16; p36_offset > 0; p36_offset /= 2) {
      const float a36_other = __shfl_down_sync(p36_mask, a36, p36_offset);
      const int b36_other = __shfl_down_sync(p36_mask, b36, p36_offset);
      if (p36_lane + p36_offset < p36_width && (a36_other > a36 || (a36_other == a36 && b36_other > b36))) {
        a36 = a36_other;
        b36 = b36_other;
      }
    }
    __syncthreads();
    if (p36_lane == 0) {
      a36_warps[p36_rank / 32u] = a36;
      b36_warps[p36_rank / 32u] = b36;
    }
    __syncthreads();
    if (p36_rank < 32u) {
      const unsigned p36_count = (p36_threads + 31u) / 32u;
      if (p36_rank < p36_count) {
        a36 = a36_warps[p36_rank];
        b36 = b36_warps[p36_rank];
      }
      for (unsigned p36_offset = 16; p36_offset > 0; p36_offset /= 2) {
        const float a36_other = __shfl_down_sync(p36_mask, a36, p36_offset);
        const int b36_other = __shfl_down_sync(p36_mask, b36, p36_offset);
        if (p36_lane + p36_offset < p36_count && (a36_other > a36 || (a36_other == a36 && b36_other > b36))) {
          a36 = a36_other;
          b36 = b36_other;
        }
      }
    }
    if (p36_rank == 0) {
      a36_warps[0] = a36;
      b36_warps[0] = b36;
    }
    __syncthreads();
    a36 = a36_warps[0];
    b36 = b36_warps[0];
    out_a[g] = (double)a36;
    out_b[g] = (double)b36;
  }
}

__global__ void pk37(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a37 = (float)in[g];
    int b37 = t;
    const unsigned p37_rank = threadIdx.x;
    const unsigned p37_lane = p37_rank % 32u;
    const unsigned p37_threads = blockDim.x;
    const unsigned p37_width = min(32u, p37_threads - (p37_rank - p37_lane));
    const unsigned p37_mask = p37_width == 32u ? 0xffffffffu : (1u << p37_width) - 1u;
    for (unsigned p37_offset = 16; p37_offset > 0; p37_offset /= 2) {
      const float a37_other = __shfl_down_sync(p37_mask, a37, p37_offset);
      const int b37_other = __shfl_down_sync(p37_mask, b37, p37_offset);
      if (p37_lane + p37_offset < p37_width && (a37_other > a37 || (a37_other == a37 && b37_other > b37))) {
        a37 = a37_other;
        b37 = b37_other;
      }
    }
    a37 = __shfl_sync(p37_mask, a37, 0);
    b37 = __shfl_sync(p37_mask, b37, 0);
    out_a[g] = (double)a37;
    out_b[g] = (double)b37;
  }
}

__global__ void pk38(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a38 = (float)in[g];
    int b38 = t;
    __shared__ float a38_warps[32];
    __shared__ int b38_warps[32];
    const unsigned p38_rank = threadIdx.x;
    const unsigned p38_lane = p38_rank % 32u;
    const unsigned p38_threads = blockDim.x;
    for (unsigned p38_offset = 16; p38_offset > 0; p38_offset /= 2) {
      const float a38_other = __shfl_down_sync(0xffffffffu, a38, p38_offset);
      const int b38_other = __shfl_down_sync(0xffffffffu, b38, p38_offset);
      if (a38_other > a38 || (a38_other == a38 && b38_other > b38)) {
        a38 = a38_other;
        b38 = b38_other;
      }
    }
    __syncthreads();
    if (p38_lane == 0) {
      a38_warps[p38_rank / 32u] = a38;
      b38_warps[p38_rank / 32u] = b38;
    }
    __syncthreads();
    if (p38_rank < 32u) {
      const unsigned p38_count = (p38_threads + 31u) / 32u;
      if (p38_rank < p38_count) {
        a38 = a38_warps[p38_rank];
        b38 = b38_warps[p38_rank];
      }
      for (unsigned p38_offset = 16; p38_offset > 0; p38_offset /= 2) {
        const float a38_other = __shfl_down_sync(0xffffffffu, a38, p38_offset);
        const int b38_other = __shfl_down_sync(0xffffffffu, b38, p38_offset);
        if (p38_lane + p38_offset < p38_count && (a38_other > a38 || (a38_other == a38 && b38_other > b38))) {
          a38 = a38_other;
          b38 = b38_other;
        }
      }
    }
    if (p38_rank == 0) {
      a38_warps[0] = a38;
      b38_warps[0] = b38;
    }
    __syncthreads();
    a38 = a38_warps[0];
    b38 = b38_warps[0];
    out_a[g] = (double)a38;
    out_b[g] = (double)b38;
  }
}

__global__ void pk39(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a39 = (float)in[g];
    int b39 = t;
    for (unsigned p39_offset = 16; p39_offset > 0; p39_offset /= 2) {
      const float a39_other = __shfl_down_sync(0xffffffffu, a39, p39_offset);
      const int b39_other = __shfl_down_sync(0xffffffffu, b39, p39_offset);
      if (a39_other > a39 || (a39_other == a39 && b39_other > b39)) {
        a39 = a39_other;
        b39 = b39_other;
      }
    }
    a39 = __shfl_sync(0xffffffffu, a39, 0);
    b39 = __shfl_sync(0xffffffffu, b39, 0);
    out_a[g] = (double)a39;
    out_b[g] = (double)b39;
  }
}

__global__ void pk40(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a40 = (int)in[g];
    size_t b40 = t;
    __shared__ int a40_warps[32];
    __shared__ size_t b40_warps[32];
    const unsigned p40_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p40_lane = p40_rank % 32u;
    const unsigned p40_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p40_width = min(32u, p40_threads - (p40_rank - p40_lane));
    const unsigned p40_mask = p40_width == 32u ? 0xffffffffu : (1u << p40_width) - 1u;
    for (unsigned p40_offset = 16; p40_offset > 0; p40_offset /= 2) {
      const int a40_other = __shfl_down_sync(p40_mask, a40, p40_offset);
      const size_t b40_other = __shfl_down_sync(p40_mask, b40, p40_offset);
      if (p40_lane + p40_offset < p40_width && (a40_other > a40 || (a40_other == a40 && b40_other > b40))) {
        a40 = a40_other;
        b40 = b40_other;
      }
    }
    __syncthreads();
    if (p40_lane == 0) {
      a40_warps[p40_rank / 32u] = a40;
      b40_warps[p40_rank / 32u] = b40;
    }
    __syncthreads();
    if (p40_rank < 32u) {
      const unsigned p40_count = (p40_threads + 31u) / 32u;
      if (p40_rank < p40_count) {
        a40 = a40_warps[p40_rank];
        b40 = b40_warps[p40_rank];
      }
      for (unsigned p40_offset = 16; p40_offset > 0; p40_offset /= 2) {
        const int a40_other = __shfl_down_sync(p40_mask, a40, p40_offset);
        const size_t b40_other = __shfl_down_sync(p40_mask, b40, p40_offset);
        if (p40_lane + p40_offset < p40_count && (a40_other > a40 || (a40_other == a40 && b40_other > b40))) {
          a40 = a40_other;
          b40 = b40_other;
        }
      }
    }
    if (p40_rank == 0) {
      a40_warps[0] = a40;
      b40_warps[0] = b40;
    }
    __syncthreads();
    a40 = a40_warps[0];
    b40 = b40_warps[0];
    out_a[g] = (double)a40;
    out_b[g] = (double)b40;
  }
}

__global__ void pk41(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a41 = (int)in[g];
    size_t b41 = t;
    const unsigned p41_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p41_lane = p41_rank % 32u;
    const unsigned p41_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p41_width = min(32u, p41_threads - (p41_rank - p41_lane));
    const unsigned p41_mask = p41_width == 32u ? 0xffffffffu : (1u << p41_width) - 1u;
    for (unsigned p41_offset = 16; p41_offset > 0; p41_offset /= 2) {
      const int a41_other = __shfl_down_sync(p41_mask, a41, p41_offset);
      const size_t b41_other = __shfl_down_sync(p41_mask, b41, p41_offset);
      if (p41_lane + p41_offset < p41_width && (a41_other > a41 || (a41_other == a41 && b41_other > b41))) {
        a41 = a41_other;
        b41 = b41_other;
      }
    }
    a41 = __shfl_sync(p41_mask, a41, 0);
    b41 = __shfl_sync(p41_mask, b41, 0);
    out_a[g] = (double)a41;
    out_b[g] = (double)b41;
  }
}

__global__ void pk42(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a42 = (int)in[g];
    size_t b42 = t;
    __shared__ int a42_warps[32];
    __shared__ size_t b42_warps[32];
    const unsigned p42_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p42_lane = p42_rank % 32u;
    const unsigned p42_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned p42_offset = 16; p42_offset > 0; p42_offset /= 2) {
      const int a42_other = __shfl_down_sync(0xffffffffu, a42, p42_offset);
      const size_t b42_other = __shfl_down_sync(0xffffffffu, b42, p42_offset);
      if (a42_other > a42 || (a42_other == a42 && b42_other > b42)) {
        a42 = a42_other;
        b42 = b42_other;
      }
    }
    __syncthreads();
    if (p42_lane == 0) {
      a42_warps[p42_rank / 32u] = a42;
      b42_warps[p42_rank / 32u] = b42;
    }
    __syncthreads();
    if (p42_rank < 32u) {
      const unsigned p42_count = (p42_threads + 31u) / 32u;
      if (p42_rank < p42_count) {
        a42 = a42_warps[p42_rank];
        b42 = b42_warps[p42_rank];
      }
      for (unsigned p42_offset = 16; p42_offset > 0; p42_offset /= 2) {
        const int a42_other = __shfl_down_sync(0xffffffffu, a42, p42_offset);
        const size_t b42_other = __shfl_down_sync(0xffffffffu, b42, p42_offset);
        if (p42_lane + p42_offset < p42_count && (a42_other > a42 || (a42_other == a42 && b42_other > b42))) {
          a42 = a42_other;
          b42 = b42_other;
        }
      }
    }
    if (p42_rank == 0) {
      a42_warps[0] = a42;
      b42_warps[0] = b42;
    }
    __syncthreads();
    a42 = a42_warps[0];
    b42 = b42_warps[0];
    out_a[g] = (double)a42;
    out_b[g] = (double)b42;
  }
}

__global__ void pk43(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a43 = (int)in[g];
    size_t b43 = t;
    for (unsigned p43_offset = 16; p43_offset > 0; p43_offset /= 2) {
      const int a43_other = __shfl_down_sync(0xffffffffu, a43, p43_offset);
      const size_t b43_other = __shfl_down_sync(0xffffffffu, b43, p43_offset);
      if (a43_other > a43 || (a43_other == a43 && b43_other > b43)) {
        a43 = a43_other;
        b43 = b43_other;
      }
    }
    a43 = __shfl_sync(0xffffffffu, a43, 0);
    b43 = __shfl_sync(0xffffffffu, b43, 0);
    out_a[g] = (double)a43;
    out_b[g] = (double)b43;
  }
}

__global__ void pk44(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a44 = (int)in[g];
    size_t b44 = t;
    __shared__ int a44_warps[32];
    __shared__ size_t b44_warps[32];
    const unsigned p44_rank = threadIdx.x;
    const unsigned p44_lane = p44_rank % 32u;
    const unsigned p44_threads = blockDim.x;
    const unsigned p44_width = min(32u, p44_threads - (p44_rank - p44_lane));
    const unsigned p44_mask = p44_width == 32u ? 0xffffffffu : (1u << p44_width) - 1u;
    for (unsigned p44_offset = 16; p44_offset > 0; p44_offset /= 2) {
      const int a44_other = __shfl_down_sync(p44_mask, a44, p44_offset);
      const size_t b44_other = __shfl_down_sync(p44_mask, b44, p44_offset);
      if (p44_lane + p44_offset < p44_width && (a44_other > a44 || (a44_other == a44 && b44_other > b44))) {
        a44 = a44_other;
        b44 = b44_other;
      }
    }
    __syncthreads();
    if (p44_lane == 0) {
      a44_warps[p44_rank / 32u] = a44;
      b44_warps[p44_rank / 32u] = b44;
    }
    __syncthreads();
    if (p44_rank < 32u) {
      const unsigned p44_count = (p44_threads + 31u) / 32u;
      if (p44_rank < p44_count) {
        a44 = a44_warps[p44_rank];
        b44 = b44_warps[p44_rank];
      }
      for (unsigned p44_offset = 16; p44_offset > 0; p44_offset /= 2) {
        const int a44_other = __shfl_down_sync(p44_mask, a44, p44_offset);
        const size_t b44_other = __shfl_down_sync(p44_mask, b44, p44_offset);
        if (p44_lane + p44_offset < p44_count && (a44_other > a44 || (a44_other == a44 && b44_other > b44))) {
          a44 = a44_other;
          b44 = b44_other;
        }
      }
    }
    if (p44_rank == 0) {
      a44_warps[0] = a44;
      b44_warps[0] = b44;
    }
    __syncthreads();
    a44 = a44_warps[0];
    b44 = b44_warps[0];
    out_a[g] = (double)a44;
    out_b[g] = (double)b44;
  }
}

__global__ void pk45(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a45 = (int)in[g];
    size_t b45 = t;
    const unsigned p45_rank = threadIdx.x;
    const unsigned p45_lane = p45_rank % 32u;
    const unsigned p45_threads = blockDim.x;
    const unsigned p45_width = min(32u, p45_threads - (p45_rank - p45_lane));
    const unsigned p45_mask = p45_width == 32u ? 0xffffffffu : (1u << p45_width) - 1u;
    for (unsigned p45_offset = 16; p45_offset > 0; p45_offset /= 2) {
      const int a45_other = __shfl_down_sync(p45_mask, a45, p45_offset);
      const size_t b45_other = __shfl_down_sync(p45_mask, b45, p45_offset);
      if (p45_lane + p45_offset < p45_width && (a45_other > a45 || (a45_other == a45 && b45_other > b45))) {
        a45 = a45_other;
        b45 = b45_other;
      }
    }
    a45 = __shfl_sync(p45_mask, a45, 0);
    b45 = __shfl_sync(p45_mask, b45, 0);
    out_a[g] = (double)a45;
    out_b[g] = (double)b45;
  }
}

__global__ void pk46(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a46 = (int)in[g];
    size_t b46 = t;
    __shared__ int a46_warps[32];
    __shared__ size_t b46_warps[32];
    const unsigned p46_rank = threadIdx.x;
    const unsigned p46_lane = p46_rank % 32u;
    const unsigned p46_threads = blockDim.x;
    for (unsigned p46_offset = 16; p46_offset > 0; p46_offset /= 2) {
      const int a46_other = __shfl_down_sync(0xffffffffu, a46, p46_offset);
      const size_t b46_other = __shfl_down_sync(0xffffffffu, b46, p46_offset);
      if (a46_other > a46 || (a46_other == a46 && b46_other > b46)) {
        a46 = a46_other;
        b46 = b46_other;
      }
    }
    __syncthreads();
    if (p46_lane == 0) {
      a46_warps[p46_rank / 32u] = a46;
      b46_warps[p46_rank / 32u] = b46;
    }
    __syncthreads();
    if (p46_rank < 32u) {
      const unsigned p46_count = (p46_threads + 31u) / 32u;
      if (p46_rank < p46_count) {
        a46 = a46_warps[p46_rank];
        b46 = b46_warps[p46_rank];
      }
      for (unsigned p46_offset = 16; p46_offset > 0; p46_offset /= 2) {
        const int a46_other = __shfl_down_sync(0xffffffffu, a46, p46_offset);
        const size_t b46_other = __shfl_down_sync(0xffffffffu, b46, p46_offset);
        if (p46_lane + p46_offset < p46_count && (a46_other > a46 || (a46_other == a46 && b46_other > b46))) {
          a46 = a46_other;
          b46 = b46_other;
        }
      }
    }
    if (p46_rank == 0) {
      a46_warps[0] = a46;
      b46_warps[0] = b46;
    }
    __syncthreads();
    a46 = a46_warps[0];
    b46 = b46_warps[0];
    out_a[g] = (double)a46;
    out_b[g] = (double)b46;
  }
}

__global__ void pk47(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a47 = (int)in[g];
    size_t b47 = t;
    for (unsigned p47_offset = 16; p47_offset > 0; p47_offset /= 2) {
      const int a47_other = __shfl_down_sync(0xffffffffu, a47, p47_offset);
      const size_t b47_other = __shfl_down_sync(0xffffffffu, b47, p47_offset);
      if (a47_other > a47 || (a47_other == a47 && b47_other > b47)) {
        a47 = a47_other;
        b47 = b47_other;
      }
    }
    a47 = __shfl_sync(0xffffffffu, a47, 0);
    b47 = __shfl_sync(0xffffffffu, b47, 0);
    out_a[g] = (double)a47;
    out_b[g] = (double)b47;
  }
}

__global__ void pk48(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a48 = (double)in[g];
    long long b48 = t;
    __shared__ double a48_warps[32];
    __shared__ long long b48_warps[32];
    const unsigned p48_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p48_lane = p48_rank % 32u;
    const unsigned p48_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p48_width = min(32u, p48_threads - (p48_rank - p48_lane));
    const unsigned p48_mask = p48_width == 32u ? 0xffffffffu : (1u << p48_width) - 1u;
    for (unsigned p48_offset = 16; p48_offset > 0; p48_offset /= 2) {
      const double a48_other = __shfl_down_sync(p48_mask, a48, p48_offset);
      const long long b48_other = __shfl_down_sync(p48_mask, b48, p48_offset);
      if (p48_lane + p48_offset < p48_width && (a48_other > a48 || (a48_other == a48 && b48_other > b48))) {
        a48 = a48_other;
        b48 = b48_other;
      }
    }
    __syncthreads();
    if (p48_lane == 0) {
      a48_warps[p48_rank / 32u] = a48;
      b48_warps[p48_rank / 32u] = b48;
    }
    __syncthreads();
    if (p48_rank < 32u) {
      const unsigned p48_count = (p48_threads + 31u) / 32u;
      if (p48_rank < p48_count) {
        a48 = a48_warps[p48_rank];
        b48 = b48_warps[p48_rank];
      }
      for (unsigned p48_offset = 16; p48_offset > 0; p48_offset /= 2) {
        const double a48_other = __shfl_down_sync(p48_mask, a48, p48_offset);
        const long long b48_other = __shfl_down_sync(p48_mask, b48, p48_offset);
        if (p48_lane + p48_offset < p48_count && (a48_other > a48 || (a48_other == a48 && b48_other > b48))) {
          a48 = a48_other;
          b48 = b48_other;
        }
      }
    }
    if (p48_rank == 0) {
      a48_warps[0] = a48;
      b48_warps[0] = b48;
    }
    __syncthreads();
    a48 = a48_warps[0];
    b48 = b48_warps[0];
    out_a[g] = (double)a48;
    out_b[g] = (double)b48;
  }
}

__global__ void pk49(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a49 = (double)in[g];
    long long b49 = t;
    const unsigned p49_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p49_lane = p49_rank % 32u;
    const unsigned p49_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p49_width = min(32u, p49_threads - (p49_rank - p49_lane));
    const unsigned p49_mask = p49_width == 32u ? 0xffffffffu : (1u << p49_width) - 1u;
    for (unsigned p49_offset = 16; p49_offset > 0; p49_offset /= 2) {
      const double a49_other = __shfl_down_sync(p49_mask, a49, p49_offset);
      const long long b49_other = __shfl_down_sync(p49_mask, b49, p49_offset);
      if (p49_lane + p49_offset < p49_width && (a49_other > a49 || (a49_other == a49 && b49_other > b49))) {
        a49 = a49_other;
        b49 = b49_other;
      }
    }
    a49 = __shfl_sync(p49_mask, a49, 0);
    b49 = __shfl_sync(p49_mask, b49, 0);
    out_a[g] = (double)a49;
    out_b[g] = (double)b49;
  }
}

__global__ void pk50(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a50 = (double)in[g];
    long long b50 = t;
    __shared__ double a50_warps[32];
    __shared__ long long b50_warps[32];
    const unsigned p50_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p50_lane = p50_rank % 32u;
    const unsigned p50_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned p50_offset = 16; p50_offset > 0; p50_offset /= 2) {
      const double a50_other = __shfl_down_sync(0xffffffffu, a50, p50_offset);
      const long long b50_other = __shfl_down_sync(0xffffffffu, b50, p50_offset);
      if (a50_other > a50 || (a50_other == a50 && b50_other > b50)) {
        a50 = a50_other;
        b50 = b50_other;
      }
    }
    __syncthreads();
    if (p50_lane == 0) {
      a50_warps[p50_rank / 32u] = a50;
      b50_warps[p50_rank / 32u] = b50;
    }
    __syncthreads();
    if (p50_rank < 32u) {
      const unsigned p50_count = (p50_threads + 31u) / 32u;
      if (p50_rank < p50_count) {
        a50 = a50_warps[p50_rank];
        b50 = b50_warps[p50_rank];
      }
      for (unsigned p50_offset = 16; p50_offset > 0; p50_offset /= 2) {
        const double a50_other = __shfl_down_sync(0xffffffffu, a50, p50_offset);
        const long long b50_other = __shfl_down_sync(0xffffffffu, b50, p50_offset);
        if (p50_lane + p50_offset < p50_count && (a50_other > a50 || (a50_other == a50 && b50_other > b50))) {
          a50 = a50_other;
          b50 = b50_other;
        }
      }
    }
    if (p50_rank == 0) {
      a50_warps[0] = a50;
      b50_warps[0] = b50;
    }
    __syncthreads();
    a50 = a50_warps[0];
    b50 = b50_warps[0];
    out_a[g] = (double)a50;
    out_b[g] = (double)b50;
  }
}

__global__ void pk51(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a51 = (double)in[g];
    long long b51 = t;
    for (unsigned p51_offset = 16; p51_offset > 0; p51_offset /= 2) {
      const double a51_other = __shfl_down_sync(0xffffffffu, a51, p51_offset);
      const long long b51_other = __shfl_down_sync(0xffffffffu, b51, p51_offset);
      if (a51_other > a51 || (a51_other == a51 && b51_other > b51)) {
        a51 = a51_other;
        b51 = b51_other;
      }
    }
    a51 = __shfl_sync(0xffffffffu, a51, 0);
    b51 = __shfl_sync(0xffffffffu, b51, 0);
    out_a[g] = (double)a51;
    out_b[g] = (double)b51;
  }
}

__global__ void pk52(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a52 = (double)in[g];
    long long b52 = t;
    __shared__ double a52_warps[32];
    __shared__ long long b52_warps[32];
    const unsigned p52_rank = threadIdx.x;
    const unsigned p52_lane = p52_rank % 32u;
    const unsigned p52_threads = blockDim.x;
    const unsigned p52_width = min(32u, p52_threads - (p52_rank - p52_lane));
    const unsigned p52_mask = p52_width == 32u ? 0xffffffffu : (1u << p52_width) - 1u;
    for (unsigned p52_offset = 16; p52_offset > 0; p52_offset /= 2) {
      const double a52_other = __shfl_down_sync(p52_mask, a52, p52_offset);
      const long long b52_other = __shfl_down_sync(p52_mask, b52, p52_offset);
      if (p52_lane + p52_offset < p52_width && (a52_other > a52 || (a52_other == a52 && b52_other > b52))) {
        a52 = a52_other;
        b52 = b52_other;
      }
    }
    __syncthreads();
    if (p52_lane == 0) {
      a52_warps[p52_rank / 32u] = a52;
      b52_warps[p52_rank / 32u] = b52;
    }
    __syncthreads();
    if (p52_rank < 32u) {
      const unsigned p52_count = (p52_threads + 31u) / 32u;
      if (p52_rank < p52_count) {
        a52 = a52_warps[p52_rank];
        b52 = b52_warps[p52_rank];
      }
      for (unsigned p52_offset = 16; p52_offset > 0; p52_offset /= 2) {
        const double a52_other = __shfl_down_sync(p52_mask, a52, p52_offset);
        const long long b52_other = __shfl_down_sync(p52_mask, b52, p52_offset);
        if (p52_lane + p52_offset < p52_count && (a52_other > a52 || (a52_other == a52 && b52_other > b52))) {
          a52 = a52_other;
          b52 = b52_other;
        }
      }
    }
    if (p52_rank == 0) {
      a52_warps[0] = a52;
      b52_warps[0] = b52;
    }
    __syncthreads();
    a52 = a52_warps[0];
    b52 = b52_warps[0];
    out_a[g] = (double)a52;
    out_b[g] = (double)b52;
  }
}

__global__ void pk53(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a53 = (double)in[g];
    long long b53 = t;
    const unsigned p53_rank = threadIdx.x;
    const unsigned p53_lane = p53_rank % 32u;
    const unsigned p53_threads = blockDim.x;
    const unsigned p53_width = min(32u, p53_threads - (p53_rank - p53_lane));
    const unsigned p53_mask = p53_width == 32u ? 0xffffffffu : (1u << p53_width) - 1u;
    for (unsigned p53_offset = 16; p53_offset > 0; p53_offset /= 2) {
      const double a53_other = __shfl_down_sync(p53_mask, a53, p53_offset);
      const long long b53_other = __shfl_down_sync(p53_mask, b53, p53_offset);
      if (p53_lane + p53_offset < p53_width && (a53_other > a53 || (a53_other == a53 && b53_other > b53))) {
        a53 = a53_other;
        b53 = b53_other;
      }
    }
    a53 = __shfl_sync(p53_mask, a53, 0);
    b53 = __shfl_sync(p53_mask, b53, 0);
    out_a[g] = (double)a53;
    out_b[g] = (double)b53;
  }
}

__global__ void pk54(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a54 = (double)in[g];
    long long b54 = t;
    __shared__ double a54_warps[32];
    __shared__ long long b54_warps[32];
    const unsigned p54_rank = threadIdx.x;
    const unsigned p54_lane = p54_rank % 32u;
    const unsigned p54_threads = blockDim.x;
    for (unsigned p54_offset = 16; p54_offset > 0; p54_offset /= 2) {
      const double a54_other = __shfl_down_sync(0xffffffffu, a54, p54_offset);
      const long long b54_other = __shfl_down_sync(0xffffffffu, b54, p54_offset);
      if (a54_other > a54 || (a54_other == a54 && b54_other > b54)) {
        a54 = a54_other;
        b54 = b54_other;
      }
    }
    __syncthreads();
    if (p54_lane == 0) {
      a54_warps[p54_rank / 32u] = a54;
      b54_warps[p54_rank / 32u] = b54;
    }
    __syncthreads();
    if (p54_rank < 32u) {
      const unsigned p54_count = (p54_threads + 31u) / 32u;
      if (p54_rank < p54_count) {
        a54 = a54_warps[p54_rank];
        b54 = b54_warps[p54_rank];
      }
      for (unsigned p54_offset = 16; p54_offset > 0; p54_offset /= 2) {
        const double a54_other = __shfl_down_sync(0xffffffffu, a54, p54_offset);
        const long long b54_other = __shfl_down_sync(0xffffffffu, b54, p54_offset);
        if (p54_lane + p54_offset < p54_count && (a54_other > a54 || (a54_other == a54 && b54_other > b54))) {
          a54 = a54_other;
          b54 = b54_other;
        }
      }
    }
    if (p54_rank == 0) {
      a54_warps[0] = a54;
      b54_warps[0] = b54;
    }
    __syncthreads();
    a54 = a54_warps[0];
    b54 = b54_warps[0];
    out_a[g] = (double)a54;
    out_b[g] = (double)b54;
  }
}

__global__ void pk55(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a55 = (double)in[g];
    long long b55 = t;
    for (unsigned p55_offset = 16; p55_offset > 0; p55_offset /= 2) {
      const double a55_other = __shfl_down_sync(0xffffffffu, a55, p55_offset);
      const long long b55_other = __shfl_down_sync(0xffffffffu, b55, p55_offset);
      if (a55_other > a55 || (a55_other == a55 && b55_other > b55)) {
        a55 = a55_other;
        b55 = b55_other;
      }
    }
    a55 = __shfl_sync(0xffffffffu, a55, 0);
    b55 = __shfl_sync(0xffffffffu, b55, 0);
    out_a[g] = (double)a55;
    out_b[g] = (double)b55;
  }
}

__global__ void pk56(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a56 = (unsigned)in[g];
    unsigned b56 = t;
    __shared__ unsigned a56_warps[32];
    __shared__ unsigned b56_warps[32];
    const unsigned p56_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p56_lane = p56_rank % 32u;
    const unsigned p56_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p56_width = min(32u, p56_threads - (p56_rank - p56_lane));
    const unsigned p56_mask = p56_width == 32u ? 0xffffffffu : (1u << p56_width) - 1u;
    for (unsigned p56_offset = 16; p56_offset > 0; p56_offset /= 2) {
      const unsigned a56_other = __shfl_down_sync(p56_mask, a56, p56_offset);
      const unsigned b56_other = __shfl_down_sync(p56_mask, b56, p56_offset);
      if (p56_lane + p56_offset < p56_width && (a56_other > a56 || (a56_other == a56 && b56_other > b56))) {
        a56 = a56_other;
        b56 = b56_other;
      }
    }
    __syncthreads();
    if (p56_lane == 0) {
      a56_warps[p56_rank / 32u] = a56;
      b56_warps[p56_rank / 32u] = b56;
    }
    __syncthreads();
    if (p56_rank < 32u) {
      const unsigned p56_count = (p56_threads + 31u) / 32u;
      if (p56_rank < p56_count) {
        a56 = a56_warps[p56_rank];
        b56 = b56_warps[p56_rank];
      }
      for (unsigned p56_offset = 16; p56_offset > 0; p56_offset /= 2) {
        const unsigned a56_other = __shfl_down_sync(p56_mask, a56, p56_offset);
        const unsigned b56_other = __shfl_down_sync(p56_mask, b56, p56_offset);
        if (p56_lane + p56_offset < p56_count && (a56_other > a56 || (a56_other == a56 && b56_other > b56))) {
          a56 = a56_other;
          b56 = b56_other;
        }
      }
    }
    if (p56_rank == 0) {
      a56_warps[0] = a56;
      b56_warps[0] = b56;
    }
    __syncthreads();
    a56 = a56_warps[0];
    b56 = b56_warps[0];
    out_a[g] = (double)a56;
    out_b[g] = (double)b56;
  }
}

__global__ void pk57(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a57 = (unsigned)in[g];
    unsigned b57 = t;
    const unsigned p57_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p57_lane = p57_rank % 32u;
    const unsigned p57_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p57_width = min(32u, p57_threads - (p57_rank - p57_lane));
    const unsigned p57_mask = p57_width == 32u ? 0xffffffffu : (1u << p57_width) - 1u;
    for (unsigned p57_offset = 16; p57_offset > 0; p57_offset /= 2) {
      const unsigned a57_other = __shfl_down_sync(p57_mask, a57, p57_offset);
      const unsigned b57_other = __shfl_down_sync(p57_mask, b57, p57_offset);
      if (p57_lane + p57_offset < p57_width && (a57_other > a57 || (a57_other == a57 && b57_other > b57))) {
        a57 = a57_other;
        b57 = b57_other;
      }
    }
    a57 = __shfl_sync(p57_mask, a57, 0);
    b57 = __shfl_sync(p57_mask, b57, 0);
    out_a[g] = (double)a57;
    out_b[g] = (double)b57;
  }
}

__global__ void pk58(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a58 = (unsigned)in[g];
    unsigned b58 = t;
    __shared__ unsigned a58_warps[32];
    __shared__ unsigned b58_warps[32];
    const unsigned p58_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p58_lane = p58_rank % 32u;
    const unsigned p58_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned p58_offset = 16; p58_offset > 0; p58_offset /= 2) {
      const unsigned a58_other = __shfl_down_sync(0xffffffffu, a58, p58_offset);
      const unsigned b58_other = __shfl_down_sync(0xffffffffu, b58, p58_offset);
      if (a58_other > a58 || (a58_other == a58 && b58_other > b58)) {
        a58 = a58_other;
        b58 = b58_other;
      }
    }
    __syncthreads();
    if (p58_lane == 0) {
      a58_warps[p58_rank / 32u] = a58;
      b58_warps[p58_rank / 32u] = b58;
    }
    __syncthreads();
    if (p58_rank < 32u) {
      const unsigned p58_count = (p58_threads + 31u) / 32u;
      if (p58_rank < p58_count) {
        a58 = a58_warps[p58_rank];
        b58 = b58_warps[p58_rank];
      }
      for (unsigned p58_offset = 16; p58_offset > 0; p58_offset /= 2) {
        const unsigned a58_other = __shfl_down_sync(0xffffffffu, a58, p58_offset);
        const unsigned b58_other = __shfl_down_sync(0xffffffffu, b58, p58_offset);
        if (p58_lane + p58_offset < p58_count && (a58_other > a58 || (a58_other == a58 && b58_other > b58))) {
          a58 = a58_other;
          b58 = b58_other;
        }
      }
    }
    if (p58_rank == 0) {
      a58_warps[0] = a58;
      b58_warps[0] = b58;
    }
    __syncthreads();
    a58 = a58_warps[0];
    b58 = b58_warps[0];
    out_a[g] = (double)a58;
    out_b[g] = (double)b58;
  }
}

__global__ void pk59(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a59 = (unsigned)in[g];
    unsigned b59 = t;
    for (unsigned p59_offset = 16; p59_offset > 0; p59_offset /= 2) {
      const unsigned a59_other = __shfl_down_sync(0xffffffffu, a59, p59_offset);
      const unsigned b59_other = __shfl_down_sync(0xffffffffu, b59, p59_offset);
      if (a59_other > a59 || (a59_other == a59 && b59_other > b59)) {
        a59 = a59_other;
        b59 = b59_other;
      }
    }
    a59 = __shfl_sync(0xffffffffu, a59, 0);
    b59 = __shfl_sync(0xffffffffu, b59, 0);
    out_a[g] = (double)a59;
    out_b[g] = (double)b59;
  }
}

__global__ void pk60(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a60 = (unsigned)in[g];
    unsigned b60 = t;
    __shared__ unsigned a60_warps[32];
    __shared__ unsigned b60_warps[32];
    const unsigned p60_rank = threadIdx.x;
    const unsigned p60_lane = p60_rank % 32u;
    const unsigned p60_threads = blockDim.x;
    const unsigned p60_width = min(32u, p60_threads - (p60_rank - p60_lane));
    const unsigned p60_mask = p60_width == 32u ? 0xffffffffu : (1u << p60_width) - 1u;
    for (unsigned p60_offset = 16; p60_offset > 0; p60_offset /= 2) {
      const unsigned a60_other = __shfl_down_sync(p60_mask, a60, p60_offset);
      const unsigned b60_other = __shfl_down_sync(p60_mask, b60, p60_offset);
      if (p60_lane + p60_offset < p60_width && (a60_other > a60 || (a60_other == a60 && b60_other > b60))) {
        a60 = a60_other;
        b60 = b60_other;
      }
    }
    __syncthreads();
    if (p60_lane == 0) {
      a60_warps[p60_rank / 32u] = a60;
      b60_warps[p60_rank / 32u] = b60;
    }
    __syncthreads();
    if (p60_rank < 32u) {
      const unsigned p60_count = (p60_threads + 31u) / 32u;
      if (p60_rank < p60_count) {
        a60 = a60_warps[p60_rank];
        b60 = b60_warps[p60_rank];
      }
      for (unsigned p60_offset = 16; p60_offset > 0; p60_offset /= 2) {
        const unsigned a60_other = __shfl_down_sync(p60_mask, a60, p60_offset);
        const unsigned b60_other = __shfl_down_sync(p60_mask, b60, p60_offset);
        if (p60_lane + p60_offset < p60_count && (a60_other > a60 || (a60_other == a60 && b60_other > b60))) {
          a60 = a60_other;
          b60 = b60_other;
        }
      }
    }
    if (p60_rank == 0) {
      a60_warps[0] = a60;
      b60_warps[0] = b60;
    }
    __syncthreads();
    a60 = a60_warps[0];
    b60 = b60_warps[0];
    out_a[g] = (double)a60;
    out_b[g] = (double)b60;
  }
}

__global__ void pk61(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a61 = (unsigned)in[g];
    unsigned b61 = t;
    const unsigned p61_rank = threadIdx.x;
    const unsigned p61_lane = p61_rank % 32u;
    const unsigned p61_threads = blockDim.x;
    const unsigned p61_width = min(32u, p61_threads - (p61_rank - p61_lane));
    const unsigned p61_mask = p61_width == 32u ? 0xffffffffu : (1u << p61_width) - 1u;
    for (unsigned p61_offset = 16; p61_offset > 0; p61_offset /= 2) {
      const unsigned a61_other = __shfl_down_sync(p61_mask, a61, p61_offset);
      const unsigned b61_other = __shfl_down_sync(p61_mask, b61, p61_offset);
      if (p61_lane + p61_offset < p61_width && (a61_other > a61 || (a61_other == a61 && b61_other > b61))) {
        a61 = a61_other;
        b61 = b61_other;
      }
    }
    a61 = __shfl_sync(p61_mask, a61, 0);
    b61 = __shfl_sync(p61_mask, b61, 0);
    out_a[g] = (double)a61;
    out_b[g] = (double)b61;
  }
}

__global__ void pk62(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a62 = (unsigned)in[g];
    unsigned b62 = t;
    __shared__ unsigned a62_warps[32];
    __shared__ unsigned b62_warps[32];
    const unsigned p62_rank = threadIdx.x;
    const unsigned p62_lane = p62_rank % 32u;
    const unsigned p62_threads = blockDim.x;
    for (unsigned p62_offset = 16; p62_offset > 0; p62_offset /= 2) {
      const unsigned a62_other = __shfl_down_sync(0xffffffffu, a62, p62_offset);
      const unsigned b62_other = __shfl_down_sync(0xffffffffu, b62, p62_offset);
      if (a62_other > a62 || (a62_other == a62 && b62_other > b62)) {
        a62 = a62_other;
        b62 = b62_other;
      }
    }
    __syncthreads();
    if (p62_lane == 0) {
      a62_warps[p62_rank / 32u] = a62;
      b62_warps[p62_rank / 32u] = b62;
    }
    __syncthreads();
    if (p62_rank < 32u) {
      const unsigned p62_count = (p62_threads + 31u) / 32u;
      if (p62_rank < p62_count) {
        a62 = a62_warps[p62_rank];
        b62 = b62_warps[p62_rank];
      }
      for (unsigned p62_offset = 16; p62_offset > 0; p62_offset /= 2) {
        const unsigned a62_other = __shfl_down_sync(0xffffffffu, a62, p62_offset);
        const unsigned b62_other = __shfl_down_sync(0xffffffffu, b62, p62_offset);
        if (p62_lane + p62_offset < p62_count && (a62_other > a62 || (a62_other == a62 && b62_other > b62))) {
          a62 = a62_other;
          b62 = b62_other;
        }
      }
    }
    if (p62_rank == 0) {
      a62_warps[0] = a62;
      b62_warps[0] = b62;
    }
    __syncthreads();
    a62 = a62_warps[0];
    b62 = b62_warps[0];
    out_a[g] = (double)a62;
    out_b[g] = (double)b62;
  }
}

__global__ void pk63(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a63 = (unsigned)in[g];
    unsigned b63 = t;
    for (unsigned p63_offset = 16; p63_offset > 0; p63_offset /= 2) {
      const unsigned a63_other = __shfl_down_sync(0xffffffffu, a63, p63_offset);
      const unsigned b63_other = __shfl_down_sync(0xffffffffu, b63, p63_offset);
      if (a63_other > a63 || (a63_other == a63 && b63_other > b63)) {
        a63 = a63_other;
        b63 = b63_other;
      }
    }
    a63 = __shfl_sync(0xffffffffu, a63, 0);
    b63 = __shfl_sync(0xffffffffu, b63, 0);
    out_a[g] = (double)a63;
    out_b[g] = (double)b63;
  }
}

__global__ void pk64(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a64 = (float)in[g];
    int b64 = t;
    __shared__ float a64_warps[32];
    __shared__ int b64_warps[32];
    const unsigned p64_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p64_lane = p64_rank % 32u;
    const unsigned p64_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p64_width = min(32u, p64_threads - (p64_rank - p64_lane));
    const unsigned p64_mask = p64_width == 32u ? 0xffffffffu : (1u << p64_width) - 1u;
    for (unsigned p64_offset = 16; p64_offset > 0; p64_offset /= 2) {
      const float a64_other = __shfl_down_sync(p64_mask, a64, p64_offset);
      const int b64_other = __shfl_down_sync(p64_mask, b64, p64_offset);
      if (p64_lane + p64_offset < p64_width && (a64_other < a64 || (a64_other == a64 && b64_other < b64))) {
        a64 = a64_other;
        b64 = b64_other;
      }
    }
    __syncthreads();
    if (p64_lane == 0) {
      a64_warps[p64_rank / 32u] = a64;
      b64_warps[p64_rank / 32u] = b64;
    }
    __syncthreads();
    if (p64_rank < 32u) {
      const unsigned p64_count = (p64_threads + 31u) / 32u;
      if (p64_rank < p64_count) {
        a64 = a64_warps[p64_rank];
        b64 = b64_warps[p64_rank];
      }
      for (unsigned p64_offset = 16; p64_offset > 0; p64_offset /= 2) {
        const float a64_other = __shfl_down_sync(p64_mask, a64, p64_offset);
        const int b64_other = __shfl_down_sync(p64_mask, b64, p64_offset);
        if (p64_lane + p64_offset < p64_count && (a64_other < a64 || (a64_other == a64 && b64_other < b64))) {
          a64 = a64_other;
          b64 = b64_other;
        }
      }
    }
    if (p64_rank == 0) {
      a64_warps[0] = a64;
      b64_warps[0] = b64;
    }
    __syncthreads();
    a64 = a64_warps[0];
    b64 = b64_warps[0];
    out_a[g] = (double)a64;
    out_b[g] = (double)b64;
  }
}

__global__ void pk65(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a65 = (float)in[g];
    int b65 = t;
    const unsigned p65_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p65_lane = p65_rank % 32u;
    const unsigned p65_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p65_width = min(32u, p65_threads - (p65_rank - p65_lane));
    const unsigned p65_mask = p65_width == 32u ? 0xffffffffu : (1u << p65_width) - 1u;
    for (unsigned p65_offset = 16; p65_offset > 0; p65_offset /= 2) {
      const float a65_other = __shfl_down_sync(p65_mask, a65, p65_offset);
      const int b65_other = __shfl_down_sync(p65_mask, b65, p65_offset);
      if (p65_lane + p65_offset < p65_width && (a65_other < a65 || (a65_other == a65 && b65_other < b65))) {
        a65 = a65_other;
        b65 = b65_other;
      }
    }
    a65 = __shfl_sync(p65_mask, a65, 0);
    b65 = __shfl_sync(p65_mask, b65, 0);
    out_a[g] = (double)a65;
    out_b[g] = (double)b65;
  }
}

__global__ void pk66(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a66 = (float)in[g];
    int b66 = t;
    __shared__ float a66_warps[32];
    __shared__ int b66_warps[32];
    const unsigned p66_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p66_lane = p66_rank % 32u;
    const unsigned p66_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned p66_offset = 16; p66_offset > 0; p66_offset /= 2) {
      const float a66_other = __shfl_down_sync(0xffffffffu, a66, p66_offset);
      const int b66_other = __shfl_down_sync(0xffffffffu, b66, p66_offset);
      if (a66_other < a66 || (a66_other == a66 && b66_other < b66)) {
        a66 = a66_other;
        b66 = b66_other;
      }
    }
    __syncthreads();
    if (p66_lane == 0) {
      a66_warps[p66_rank / 32u] = a66;
      b66_warps[p66_rank / 32u] = b66;
    }
    __syncthreads();
    if (p66_rank < 32u) {
      const unsigned p66_count = (p66_threads + 31u) / 32u;
      if (p66_rank < p66_count) {
        a66 = a66_warps[p66_rank];
        b66 = b66_warps[p66_rank];
      }
      for (unsigned p66_offset = 16; p66_offset > 0; p66_offset /= 2) {
        const float a66_other = __shfl_down_sync(0xffffffffu, a66, p66_offset);
        const int b66_other = __shfl_down_sync(0xffffffffu, b66, p66_offset);
        if (p66_lane + p66_offset < p66_count && (a66_other < a66 || (a66_other == a66 && b66_other < b66))) {
          a66 = a66_other;
          b66 = b66_other;
        }
      }
    }
    if (p66_rank == 0) {
      a66_warps[0] = a66;
      b66_warps[0] = b66;
    }
    __syncthreads();
    a66 = a66_warps[0];
    b66 = b66_warps[0];
    out_a[g] = (double)a66;
    out_b[g] = (double)b66;
  }
}

__global__ void pk67(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a67 = (float)in[g];
    int b67 = t;
    for (unsigned p67_offset = 16; p67_offset > 0; p67_offset /= 2) {
      const float a67_other = __shfl_down_sync(0xffffffffu, a67, p67_offset);
      const int b67_other = __shfl_down_sync(0xffffffffu, b67, p67_offset);
      if (a67_other < a67 || (a67_other == a67 && b67_other < b67)) {
        a67 = a67_other;
        b67 = b67_other;
      }
    }
    a67 = __shfl_sync(0xffffffffu, a67, 0);
    b67 = __shfl_sync(0xffffffffu, b67, 0);
    out_a[g] = (double)a67;
    out_b[g] = (double)b67;
  }
}

__global__ void pk68(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a68 = (float)in[g];
    int b68 = t;
    __shared__ float a68_warps[32];
    __shared__ int b68_warps[32];
    const unsigned p68_rank = threadIdx.x;
    const unsigned p68_lane = p68_rank % 32u;
    const unsigned p68_threads = blockDim.x;
    const unsigned p68_width = min(32u, p68_threads - (p68_rank - p68_lane));
    const unsigned p68_mask = p68_width == 32u ? 0xffffffffu : (1u << p68_width) - 1u;
    for (unsigned p68_offset = 16; p68_offset > 0; p68_offset /= 2) {
      const float a68_other = __shfl_down_sync(p68_mask, a68, p68_offset);
      const int b68_other = __shfl_down_sync(p68_mask, b68, p68_offset);
      if (p68_lane + p68_offset < p68_width && (a68_other < a68 || (a68_other == a68 && b68_other < b68))) {
        a68 = a68_other;
        b68 = b68_other;
      }
    }
    __syncthreads();
    if (p68_lane == 0) {
      a68_warps[p68_rank / 32u] = a68;
      b68_warps[p68_rank / 32u] = b68;
    }
    __syncthreads();
    if (p68_rank < 32u) {
      const unsigned p68_count = (p68_threads + 31u) / 32u;
      if (p68_rank < p68_count) {
        a68 = a68_warps[p68_rank];
        b68 = b68_warps[p68_rank];
      }
      for (unsigned p68_offset = 16; p68_offset > 0; p68_offset /= 2) {
        const float a68_other = __shfl_down_sync(p68_mask, a68, p68_offset);
        const int b68_other = __shfl_down_sync(p68_mask, b68, p68_offset);
        if (p68_lane + p68_offset < p68_count && (a68_other < a68 || (a68_other == a68 && b68_other < b68))) {
          a68 = a68_other;
          b68 = b68_other;
        }
      }
    }
    if (p68_rank == 0) {
      a68_warps[0] = a68;
      b68_warps[0] = b68;
    }
    __syncthreads();
    a68 = a68_warps[0];
    b68 = b68_warps[0];
    out_a[g] = (double)a68;
    out_b[g] = (double)b68;
  }
}

__global__ void pk69(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a69 = (float)in[g];
    int b69 = t;
    const unsigned p69_rank = threadIdx.x;
    const unsigned p69_lane = p69_rank % 32u;
    const unsigned p69_threads = blockDim.x;
    const unsigned p69_width = min(32u, p69_threads - (p69_rank - p69_lane));
    const unsigned p69_mask = p69_width == 32u ? 0xffffffffu : (1u << p69_width) - 1u;
    for (unsigned p69_offset = 16; p69_offset > 0; p69_offset /= 2) {
      const float a69_other = __shfl_down_sync(p69_mask, a69, p69_offset);
      const int b69_other = __shfl_down_sync(p69_mask, b69, p69_offset);
      if (p69_lane + p69_offset < p69_width && (a69_other < a69 || (a69_other == a69 && b69_other < b69))) {
        a69 = a69_other;
        b69 = b69_other;
      }
    }
    a69 = __shfl_sync(p69_mask, a69, 0);
    b69 = __shfl_sync(p69_mask, b69, 0);
    out_a[g] = (double)a69;
    out_b[g] = (double)b69;
  }
}

__global__ void pk70(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a70 = (float)in[g];
    int b70 = t;
    __shared__ float a70_warps[32];
    __shared__ int b70_warps[32];
    const unsigned p70_rank = threadIdx.x;
    const unsigned p70_lane = p70_rank % 32u;
    const unsigned p70_threads = blockDim.x;
    for (unsigned p70_offset = 16; p70_offset > 0; p70_offset /= 2) {
      const float a70_other = __shfl_down_sync(0xffffffffu, a70, p70_offset);
      const int b70_other = __shfl_down_sync(0xffffffffu, b70, p70_offset);
      if (a70_other < a70 || (a70_other == a70 && b70_other < b70)) {
        a70 = a70_other;
        b70 = b70_other;
      }
    }
    __syncthreads();
    if (p70_lane == 0) {
      a70_warps[p70_rank / 32u] = a70;
      b70_warps[p70_rank / 32u] = b70;
    }
    __syncthreads();
    if (p70_rank < 32u) {
      const unsigned p70_count = (p70_threads + 31u) / 32u;
      if (p70_rank < p70_count) {
        a70 = a70_warps[p70_rank];
        b70 = b70_warps[p70_rank];
      }
      for (unsigned p70_offset = 16; p70_offset > 0; p70_offset /= 2) {
        const float a70_other = __shfl_down_sync(0xffffffffu, a70, p70_offset);
        const int b70_other = __shfl_down_sync(0xffffffffu, b70, p70_offset);
        if (p70_lane + p70_offset < p70_count && (a70_other < a70 || (a70_other == a70 && b70_other < b70))) {
          a70 = a70_other;
          b70 = b70_other;
        }
      }
    }
    if (p70_rank == 0) {
      a70_warps[0] = a70;
      b70_warps[0] = b70;
    }
    __syncthreads();
    a70 = a70_warps[0];
    b70 = b70_warps[0];
    out_a[g] = (double)a70;
    out_b[g] = (double)b70;
  }
}

__global__ void pk71(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a71 = (float)in[g];
    int b71 = t;
    for (unsigned p71_offset = 16; p71_offset > 0; p71_offset /= 2) {
      const float a71_other = __shfl_down_sync(0xffffffffu, a71, p71_offset);
      const int b71_other = __shfl_down_sync(0xffffffffu, b71, p71_offset);
      if (a71_other < a71 || (a71_other == a71 && b71_other < b71)) {
        a71 = a71_other;
        b71 = b71_other;
      }
    }
    a71 = __shfl_sync(0xffffffffu, a71, 0);
    b71 = __shfl_sync(0xffffffffu, b71, 0);
    out_a[g] = (double)a71;
    out_b[g] = (double)b71;
  }
}

__global__ void pk72(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a72 = (int)in[g];
    size_t b72 = t;
    __shared__ int a72_warps[32];
    __shared__ size_t b72_warps[32];
    const unsigned p72_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p72_lane = p72_rank % 32u;
    const unsigned p72_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p72_width = min(32u, p72_threads - (p72_rank - p72_lane));
    const unsigned p72_mask = p72_width == 32u ? 0xffffffffu : (1u << p72_width) - 1u;
    for (unsigned p72_offset = 16; p72_offset > 0; p72_offset /= 2) {
      const int a72_other = __shfl_down_sync(p72_mask, a72, p72_offset);
      const size_t b72_other = __shfl_down_sync(p72_mask, b72, p72_offset);
      if (p72_lane + p72_offset < p72_width && (a72_other < a72 || (a72_other == a72 && b72_other < b72))) {
        a72 = a72_other;
        b72 = b72_other;
      }
    }
    __syncthreads();
    if (p72_lane == 0) {
      a72_warps[p72_rank / 32u] = a72;
      b72_warps[p72_rank / 32u] = b72;
    }
    __syncthreads();
    if (p72_rank < 32u) {
      const unsigned p72_count = (p72_threads + 31u) / 32u;
      if (p72_rank < p72_count) {
        a72 = a72_warps[p72_rank];
        b72 = b72_warps[p72_rank];
      }
      for (unsigned p72_offset = 16; p72_offset > 0; p72_offset /= 2) {
        const int a72_other = __shfl_down_sync(p72_mask, a72, p72_offset);
        const size_t b72_other = __shfl_down_sync(p72_mask, b72, p72_offset);
        if (p72_lane + p72_offset < p72_count && (a72_other < a72 || (a72_other == a72 && b72_other < b72))) {
          a72 = a72_other;
          b72 = b72_other;
        }
      }
    }
    if (p72_rank == 0) {
      a72_warps[0] = a72;
      b72_warps[0] = b72;
    }
    __syncthreads();
    a72 = a72_warps[0];
    b72 = b72_warps[0];
    out_a[g] = (double)a72;
    out_b[g] = (double)b72;
  }
}

__global__ void pk73(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a73 = (int)in[g];
    size_t b73 = t;
    const unsigned p73_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p73_lane = p73_rank % 32u;
    const unsigned p73_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p73_width = min(32u, p73_threads - (p73_rank - p73_lane));
    const unsigned p73_mask = p73_width == 32u ? 0xffffffffu : (1u << p73_width) - 1u;
    for (unsigned p73_offset = 16; p73_offset > 0; p73_offset /= 2) {
      const int a73_other = __shfl_down_sync(p73_mask, a73, p73_offset);
      const size_t b73_other = __shfl_down_sync(p73_mask, b73, p73_offset);
      if (p73_lane + p73_offset < p73_width && (a73_other < a73 || (a73_other == a73 && b73_other < b73))) {
        a73 = a73_other;
        b73 = b73_other;
      }
    }
    a73 = __shfl_sync(p73_mask, a73, 0);
    b73 = __shfl_sync(p73_mask, b73, 0);
    out_a[g] = (double)a73;
    out_b[g] = (double)b73;
  }
}

__global__ void pk74(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a74 = (int)in[g];
    size_t b74 = t;
    __shared__ int a74_warps[32];
    __shared__ size_t b74_warps[32];
    const unsigned p74_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p74_lane = p74_rank % 32u;
    const unsigned p74_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned p74_offset = 16; p74_offset > 0; p74_offset /= 2) {
      const int a74_other = __shfl_down_sync(0xffffffffu, a74, p74_offset);
      const size_t b74_other = __shfl_down_sync(0xffffffffu, b74, p74_offset);
      if (a74_other < a74 || (a74_other == a74 && b74_other < b74)) {
        a74 = a74_other;
        b74 = b74_other;
      }
    }
    __syncthreads();
    if (p74_lane == 0) {
      a74_warps[p74_rank / 32u] = a74;
      b74_warps[p74_rank / 32u] = b74;
    }
    __syncthreads();
    if (p74_rank < 32u) {
      const unsigned p74_count = (p74_threads + 31u) / 32u;
      if (p74_rank < p74_count) {
        a74 = a74_warps[p74_rank];
        b74 = b74_warps[p74_rank];
      }
      for (unsigned p74_offset = 16; p74_offset > 0; p74_offset /= 2) {
        const int a74_other = __shfl_down_sync(0xffffffffu, a74, p74_offset);
        const size_t b74_other = __shfl_down_sync(0xffffffffu, b74, p74_offset);
        if (p74_lane + p74_offset < p74_count && (a74_other < a74 || (a74_other == a74 && b74_other < b74))) {
          a74 = a74_other;
          b74 = b74_other;
        }
      }
    }
    if (p74_rank == 0) {
      a74_warps[0] = a74;
      b74_warps[0] = b74;
    }
    __syncthreads();
    a74 = a74_warps[0];
    b74 = b74_warps[0];
    out_a[g] = (double)a74;
    out_b[g] = (double)b74;
  }
}

__global__ void pk75(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a75 = (int)in[g];
    size_t b75 = t;
    for (unsigned p75_offset = 16; p75_offset > 0; p75_offset /= 2) {
      const int a75_other = __shfl_down_sync(0xffffffffu, a75, p75_offset);
      const size_t b75_other = __shfl_down_sync(0xffffffffu, b75, p75_offset);
      if (a75_other < a75 || (a75_other == a75 && b75_other < b75)) {
        a75 = a75_other;
        b75 = b75_other;
      }
    }
    a75 = __shfl_sync(0xffffffffu, a75, 0);
    b75 = __shfl_sync(0xffffffffu, b75, 0);
    out_a[g] = (double)a75;
    out_b[g] = (double)b75;
  }
}

__global__ void pk76(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a76 = (int)in[g];
    size_t b76 = t;
    __shared__ int a76_warps[32];
    __shared__ size_t b76_warps[32];
    const unsigned p76_rank = threadIdx.x;
    const unsigned p76_lane = p76_rank % 32u;
    const unsigned p76_threads = blockDim.x;
    const unsigned p76_width = min(32u, p76_threads - (p76_rank - p76_lane));
    const unsigned p76_mask = p76_width == 32u ? 0xffffffffu : (1u << p76_width) - 1u;
    for (unsigned p76_offset = 16; p76_offset > 0; p76_offset /= 2) {
      const int a76_other = __shfl_down_sync(p76_mask, a76, p76_offset);
      const size_t b76_other = __shfl_down_sync(p76_mask, b76, p76_offset);
      if (p76_lane + p76_offset < p76_width && (a76_other < a76 || (a76_other == a76 && b76_other < b76))) {
        a76 = a76_other;
        b76 = b76_other;
      }
    }
    __syncthreads();
    if (p76_lane == 0) {
      a76_warps[p76_rank / 32u] = a76;
      b76_warps[p76_rank / 32u] = b76;
    }
    __syncthreads();
    if (p76_rank < 32u) {
      const unsigned p76_count = (p76_threads + 31u) / 32u;
      if (p76_rank < p76_count) {
        a76 = a76_warps[p76_rank];
        b76 = b76_warps[p76_rank];
      }
      for (unsigned p76_offset = 16; p76_offset > 0; p76_offset /= 2) {
        const int a76_other = __shfl_down_sync(p76_mask, a76, p76_offset);
        const size_t b76_other = __shfl_down_sync(p76_mask, b76, p76_offset);
        if (p76_lane + p76_offset < p76_count && (a76_other < a76 || (a76_other == a76 && b76_other < b76))) {
          a76 = a76_other;
          b76 = b76_other;
        }
      }
    }
    if (p76_rank == 0) {
      a76_warps[0] = a76;
      b76_warps[0] = b76;
    }
    __syncthreads();
    a76 = a76_warps[0];
    b76 = b76_warps[0];
    out_a[g] = (double)a76;
    out_b[g] = (double)b76;
  }
}

__global__ void pk77(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a77 = (int)in[g];
    size_t b77 = t;
    const unsigned p77_rank = threadIdx.x;
    const unsigned p77_lane = p77_rank % 32u;
    const unsigned p77_threads = blockDim.x;
    const unsigned p77_width = min(32u, p77_threads - (p77_rank - p77_lane));
    const unsigned p77_mask = p77_width == 32u ? 0xffffffffu : (1u << p77_width) - 1u;
    for (unsigned p77_offset = 16; p77_offset > 0; p77_offset /= 2) {
      const int a77_other = __shfl_down_sync(p77_mask, a77, p77_offset);
      const size_t b77_other = __shfl_down_sync(p77_mask, b77, p77_offset);
      if (p77_lane + p77_offset < p77_width && (a77_other < a77 || (a77_other == a77 && b77_other < b77))) {
        a77 = a77_other;
        b77 = b77_other;
      }
    }
    a77 = __shfl_sync(p77_mask, a77, 0);
    b77 = __shfl_sync(p77_mask, b77, 0);
    out_a[g] = (double)a77;
    out_b[g] = (double)b77;
  }
}

__global__ void pk78(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a78 = (int)in[g];
    size_t b78 = t;
    __shared__ int a78_warps[32];
    __shared__ size_t b78_warps[32];
    const unsigned p78_rank = threadIdx.x;
    const unsigned p78_lane = p78_rank % 32u;
    const unsigned p78_threads = blockDim.x;
    for (unsigned p78_offset = 16; p78_offset > 0; p78_offset /= 2) {
      const int a78_other = __shfl_down_sync(0xffffffffu, a78, p78_offset);
      const size_t b78_other = __shfl_down_sync(0xffffffffu, b78, p78_offset);
      if (a78_other < a78 || (a78_other == a78 && b78_other < b78)) {
        a78 = a78_other;
        b78 = b78_other;
      }
    }
    __syncthreads();
    if (p78_lane == 0) {
      a78_warps[p78_rank / 32u] = a78;
      b78_warps[p78_rank / 32u] = b78;
    }
    __syncthreads();
    if (p78_rank < 32u) {
      const unsigned p78_count = (p78_threads + 31u) / 32u;
      if (p78_rank < p78_count) {
        a78 = a78_warps[p78_rank];
        b78 = b78_warps[p78_rank];
      }
      for (unsigned p78_offset = 16; p78_offset > 0; p78_offset /= 2) {
        const int a78_other = __shfl_down_sync(0xffffffffu, a78, p78_offset);
        const size_t b78_other = __shfl_down_sync(0xffffffffu, b78, p78_offset);
        if (p78_lane + p78_offset < p78_count && (a78_other < a78 || (a78_other == a78 && b78_other < b78))) {
          a78 = a78_other;
          b78 = b78_other;
        }
      }
    }
    if (p78_rank == 0) {
      a78_warps[0] = a78;
      b78_warps[0] = b78;
    }
    __syncthreads();
    a78 = a78_warps[0];
    b78 = b78_warps[0];
    out_a[g] = (double)a78;
    out_b[g] = (double)b78;
  }
}

__global__ void pk79(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a79 = (int)in[g];
    size_t b79 = t;
    for (unsigned p79_offset = 16; p79_offset > 0; p79_offset /= 2) {
      const int a79_other = __shfl_down_sync(0xffffffffu, a79, p79_offset);
      const size_t b79_other = __shfl_down_sync(0xffffffffu, b79, p79_offset);
      if (a79_other < a79 || (a79_other == a79 && b79_other < b79)) {
        a79 = a79_other;
        b79 = b79_other;
      }
    }
    a79 = __shfl_sync(0xffffffffu, a79, 0);
    b79 = __shfl_sync(0xffffffffu, b79, 0);
    out_a[g] = (double)a79;
    out_b[g] = (double)b79;
  }
}

__global__ void pk80(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a80 = (double)in[g];
    long long b80 = t;
    __shared__ double a80_warps[32];
    __shared__ long long b80_warps[32];
    const unsigned p80_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p80_lane = p80_rank % 32u;
    const unsigned p80_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p80_width = min(32u, p80_threads - (p80_rank - p80_lane));
    const unsigned p80_mask = p80_width == 32u ? 0xffffffffu : (1u << p80_width) - 1u;
    for (unsigned p80_offset = 16; p80_offset > 0; p80_offset /= 2) {
      const double a80_other = __shfl_down_sync(p80_mask, a80, p80_offset);
      const long long b80_other = __shfl_down_sync(p80_mask, b80, p80_offset);
      if (p80_lane + p80_offset < p80_width && (a80_other < a80 || (a80_other == a80 && b80_other < b80))) {
        a80 = a80_other;
        b80 = b80_other;
      }
    }
    __syncthreads();
    if (p80_lane == 0) {
      a80_warps[p80_rank / 32u] = a80;
      b80_warps[p80_rank / 32u] = b80;
    }
    __syncthreads();
    if (p80_rank < 32u) {
      const unsigned p80_count = (p80_threads + 31u) / 32u;
      if (p80_rank < p80_count) {
        a80 = a80_warps[p80_rank];
        b80 = b80_warps[p80_rank];
      }
      for (unsigned p80_offset = 16; p80_offset > 0; p80_offset /= 2) {
        const double a80_other = __shfl_down_sync(p80_mask, a80, p80_offset);
        const long long b80_other = __shfl_down_sync(p80_mask, b80, p80_offset);
        if (p80_lane + p80_offset < p80_count && (a80_other < a80 || (a80_other == a80 && b80_other < b80))) {
          a80 = a80_other;
          b80 = b80_other;
        }
      }
    }
    if (p80_rank == 0) {
      a80_warps[0] = a80;
      b80_warps[0] = b80;
    }
    __syncthreads();
    a80 = a80_warps[0];
    b80 = b80_warps[0];
    out_a[g] = (double)a80;
    out_b[g] = (double)b80;
  }
}

__global__ void pk81(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a81 = (double)in[g];
    long long b81 = t;
    const unsigned p81_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p81_lane = p81_rank % 32u;
    const unsigned p81_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p81_width = min(32u, p81_threads - (p81_rank - p81_lane));
    const unsigned p81_mask = p81_width == 32u ? 0xffffffffu : (1u << p81_width) - 1u;
    for (unsigned p81_offset = 16; p81_offset > 0; p81_offset /= 2) {
      const double a81_other = __shfl_down_sync(p81_mask, a81, p81_offset);
      const long long b81_other = __shfl_down_sync(p81_mask, b81, p81_offset);
      if (p81_lane + p81_offset < p81_width && (a81_other < a81 || (a81_other == a81 && b81_other < b81))) {
        a81 = a81_other;
        b81 = b81_other;
      }
    }
    a81 = __shfl_sync(p81_mask, a81, 0);
    b81 = __shfl_sync(p81_mask, b81, 0);
    out_a[g] = (double)a81;
    out_b[g] = (double)b81;
  }
}

__global__ void pk82(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a82 = (double)in[g];
    long long b82 = t;
    __shared__ double a82_warps[32];
    __shared__ long long b82_warps[32];
    const unsigned p82_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p82_lane = p82_rank % 32u;
    const unsigned p82_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned p82_offset = 16; p82_offset > 0; p82_offset /= 2) {
      const double a82_other = __shfl_down_sync(0xffffffffu, a82, p82_offset);
      const long long b82_other = __shfl_down_sync(0xffffffffu, b82, p82_offset);
      if (a82_other < a82 || (a82_other == a82 && b82_other < b82)) {
        a82 = a82_other;
        b82 = b82_other;
      }
    }
    __syncthreads();
    if (p82_lane == 0) {
      a82_warps[p82_rank / 32u] = a82;
      b82_warps[p82_rank / 32u] = b82;
    }
    __syncthreads();
    if (p82_rank < 32u) {
      const unsigned p82_count = (p82_threads + 31u) / 32u;
      if (p82_rank < p82_count) {
        a82 = a82_warps[p82_rank];
        b82 = b82_warps[p82_rank];
      }
      for (unsigned p82_offset = 16; p82_offset > 0; p82_offset /= 2) {
        const double a82_other = __shfl_down_sync(0xffffffffu, a82, p82_offset);
        const long long b82_other = __shfl_down_sync(0xffffffffu, b82, p82_offset);
        if (p82_lane + p82_offset < p82_count && (a82_other < a82 || (a82_other == a82 && b82_other < b82))) {
          a82 = a82_other;
          b82 = b82_other;
        }
      }
    }
    if (p82_rank == 0) {
      a82_warps[0] = a82;
      b82_warps[0] = b82;
    }
    __syncthreads();
    a82 = a82_warps[0];
    b82 = b82_warps[0];
    out_a[g] = (double)a82;
    out_b[g] = (double)b82;
  }
}

__global__ void pk83(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a83 = (double)in[g];
    long long b83 = t;
    for (unsigned p83_offset = 16; p83_offset > 0; p83_offset /= 2) {
      const double a83_other = __shfl_down_sync(0xffffffffu, a83, p83_offset);
      const long long b83_other = __shfl_down_sync(0xffffffffu, b83, p83_offset);
      if (a83_other < a83 || (a83_other == a83 && b83_other < b83)) {
        a83 = a83_other;
        b83 = b83_other;
      }
    }
    a83 = __shfl_sync(0xffffffffu, a83, 0);
    b83 = __shfl_sync(0xffffffffu, b83, 0);
    out_a[g] = (double)a83;
    out_b[g] = (double)b83;
  }
}

__global__ void pk84(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a84 = (double)in[g];
    long long b84 = t;
    __shared__ double a84_warps[32];
    __shared__ long long b84_warps[32];
    const unsigned p84_rank = threadIdx.x;
    const unsigned p84_lane = p84_rank % 32u;
    const unsigned p84_threads = blockDim.x;
    const unsigned p84_width = min(32u, p84_threads - (p84_rank - p84_lane));
    const unsigned p84_mask = p84_width == 32u ? 0xffffffffu : (1u << p84_width) - 1u;
    for (unsigned p84_offset = 16; p84_offset > 0; p84_offset /= 2) {
      const double a84_other = __shfl_down_sync(p84_mask, a84, p84_offset);
      const long long b84_other = __shfl_down_sync(p84_mask, b84, p84_offset);
      if (p84_lane + p84_offset < p84_width && (a84_other < a84 || (a84_other == a84 && b84_other < b84))) {
        a84 = a84_other;
        b84 = b84_other;
      }
    }
    __syncthreads();
    if (p84_lane == 0) {
      a84_warps[p84_rank / 32u] = a84;
      b84_warps[p84_rank / 32u] = b84;
    }
    __syncthreads();
    if (p84_rank < 32u) {
      const unsigned p84_count = (p84_threads + 31u) / 32u;
      if (p84_rank < p84_count) {
        a84 = a84_warps[p84_rank];
        b84 = b84_warps[p84_rank];
      }
      for (unsigned p84_offset = 16; p84_offset > 0; p84_offset /= 2) {
        const double a84_other = __shfl_down_sync(p84_mask, a84, p84_offset);
        const long long b84_other = __shfl_down_sync(p84_mask, b84, p84_offset);
        if (p84_lane + p84_offset < p84_count && (a84_other < a84 || (a84_other == a84 && b84_other < b84))) {
          a84 = a84_other;
          b84 = b84_other;
        }
      }
    }
    if (p84_rank == 0) {
      a84_warps[0] = a84;
      b84_warps[0] = b84;
    }
    __syncthreads();
    a84 = a84_warps[0];
    b84 = b84_warps[0];
    out_a[g] = (double)a84;
    out_b[g] = (double)b84;
  }
}

__global__ void pk85(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a85 = (double)in[g];
    long long b85 = t;
    const unsigned p85_rank = threadIdx.x;
    const unsigned p85_lane = p85_rank % 32u;
    const unsigned p85_threads = blockDim.x;
    const unsigned p85_width = min(32u, p85_threads - (p85_rank - p85_lane));
    const unsigned p85_mask = p85_width == 32u ? 0xffffffffu : (1u << p85_width) - 1u;
    for (unsigned p85_offset = 16; p85_offset > 0; p85_offset /= 2) {
      const double a85_other = __shfl_down_sync(p85_mask, a85, p85_offset);
      const long long b85_other = __shfl_down_sync(p85_mask, b85, p85_offset);
      if (p85_lane + p85_offset < p85_width && (a85_other < a85 || (a85_other == a85 && b85_other < b85))) {
        a85 = a85_other;
        b85 = b85_other;
      }
    }
    a85 = __shfl_sync(p85_mask, a85, 0);
    b85 = __shfl_sync(p85_mask, b85, 0);
    out_a[g] = (double)a85;
    out_b[g] = (double)b85;
  }
}

__global__ void pk86(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a86 = (double)in[g];
    long long b86 = t;
    __shared__ double a86_warps[32];
    __shared__ long long b86_warps[32];
    const unsigned p86_rank = threadIdx.x;
    const unsigned p86_lane = p86_rank % 32u;
    const unsigned p86_threads = blockDim.x;
    for (unsigned p86_offset = 16; p86_offset > 0; p86_offset /= 2) {
      const double a86_other = __shfl_down_sync(0xffffffffu, a86, p86_offset);
      const long long b86_other = __shfl_down_sync(0xffffffffu, b86, p86_offset);
      if (a86_other < a86 || (a86_other == a86 && b86_other < b86)) {
        a86 = a86_other;
        b86 = b86_other;
      }
    }
    __syncthreads();
    if (p86_lane == 0) {
      a86_warps[p86_rank / 32u] = a86;
      b86_warps[p86_rank / 32u] = b86;
    }
    __syncthreads();
    if (p86_rank < 32u) {
      const unsigned p86_count = (p86_threads + 31u) / 32u;
      if (p86_rank < p86_count) {
        a86 = a86_warps[p86_rank];
        b86 = b86_warps[p86_rank];
      }
      for (unsigned p86_offset = 16; p86_offset > 0; p86_offset /= 2) {
        const double a86_other = __shfl_down_sync(0xffffffffu, a86, p86_offset);
        const long long b86_other = __shfl_down_sync(0xffffffffu, b86, p86_offset);
        if (p86_lane + p86_offset < p86_count && (a86_other < a86 || (a86_other == a86 && b86_other < b86))) {
          a86 = a86_other;
          b86 = b86_other;
        }
      }
    }
    if (p86_rank == 0) {
      a86_warps[0] = a86;
      b86_warps[0] = b86;
    }
    __syncthreads();
    a86 = a86_warps[0];
    b86 = b86_warps[0];
    out_a[g] = (double)a86;
    out_b[g] = (double)b86;
  }
}

__global__ void pk87(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a87 = (double)in[g];
    long long b87 = t;
    for (unsigned p87_offset = 16; p87_offset > 0; p87_offset /= 2) {
      const double a87_other = __shfl_down_sync(0xffffffffu, a87, p87_offset);
      const long long b87_other = __shfl_down_sync(0xffffffffu, b87, p87_offset);
      if (a87_other < a87 || (a87_other == a87 && b87_other < b87)) {
        a87 = a87_other;
        b87 = b87_other;
      }
    }
    a87 = __shfl_sync(0xffffffffu, a87, 0);
    b87 = __shfl_sync(0xffffffffu, b87, 0);
    out_a[g] = (double)a87;
    out_b[g] = (double)b87;
  }
}

__global__ void pk88(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a88 = (unsigned)in[g];
    unsigned b88 = t;
    __shared__ unsigned a88_warps[32];
    __shared__ unsigned b88_warps[32];
    const unsigned p88_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p88_lane = p88_rank % 32u;
    const unsigned p88_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p88_width = min(32u, p88_threads - (p88_rank - p88_lane));
    const unsigned p88_mask = p88_width == 32u ? 0xffffffffu : (1u << p88_width) - 1u;
    for (unsigned p88_offset = 16; p88_offset > 0; p88_offset /= 2) {
      const unsigned a88_other = __shfl_down_sync(p88_mask, a88, p88_offset);
      const unsigned b88_other = __shfl_down_sync(p88_mask, b88, p88_offset);
      if (p88_lane + p88_offset < p88_width && (a88_other < a88 || (a88_other == a88 && b88_other < b88))) {
        a88 = a88_other;
        b88 = b88_other;
      }
    }
    __syncthreads();
    if (p88_lane == 0) {
      a88_warps[p88_rank / 32u] = a88;
      b88_warps[p88_rank / 32u] = b88;
    }
    __syncthreads();
    if (p88_rank < 32u) {
      const unsigned p88_count = (p88_threads + 31u) / 32u;
      if (p88_rank < p88_count) {
        a88 = a88_warps[p88_rank];
        b88 = b88_warps[p88_rank];
      }
      for (unsigned p88_offset = 16; p88_offset > 0; p88_offset /= 2) {
        const unsigned a88_other = __shfl_down_sync(p88_mask, a88, p88_offset);
        const unsigned b88_other = __shfl_down_sync(p88_mask, b88, p88_offset);
        if (p88_lane + p88_offset < p88_count && (a88_other < a88 || (a88_other == a88 && b88_other < b88))) {
          a88 = a88_other;
          b88 = b88_other;
        }
      }
    }
    if (p88_rank == 0) {
      a88_warps[0] = a88;
      b88_warps[0] = b88;
    }
    __syncthreads();
    a88 = a88_warps[0];
    b88 = b88_warps[0];
    out_a[g] = (double)a88;
    out_b[g] = (double)b88;
  }
}

__global__ void pk89(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a89 = (unsigned)in[g];
    unsigned b89 = t;
    const unsigned p89_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p89_lane = p89_rank % 32u;
    const unsigned p89_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p89_width = min(32u, p89_threads - (p89_rank - p89_lane));
    const unsigned p89_mask = p89_width == 32u ? 0xffffffffu : (1u << p89_width) - 1u;
    for (unsigned p89_offset = 16; p89_offset > 0; p89_offset /= 2) {
      const unsigned a89_other = __shfl_down_sync(p89_mask, a89, p89_offset);
      const unsigned b89_other = __shfl_down_sync(p89_mask, b89, p89_offset);
      if (p89_lane + p89_offset < p89_width && (a89_other < a89 || (a89_other == a89 && b89_other < b89))) {
        a89 = a89_other;
        b89 = b89_other;
      }
    }
    a89 = __shfl_sync(p89_mask, a89, 0);
    b89 = __shfl_sync(p89_mask, b89, 0);
    out_a[g] = (double)a89;
    out_b[g] = (double)b89;
  }
}

__global__ void pk90(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a90 = (unsigned)in[g];
    unsigned b90 = t;
    __shared__ unsigned a90_warps[32];
    __shared__ unsigned b90_warps[32];
    const unsigned p90_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p90_lane = p90_rank % 32u;
    const unsigned p90_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned p90_offset = 16; p90_offset > 0; p90_offset /= 2) {
      const unsigned a90_other = __shfl_down_sync(0xffffffffu, a90, p90_offset);
      const unsigned b90_other = __shfl_down_sync(0xffffffffu, b90, p90_offset);
      if (a90_other < a90 || (a90_other == a90 && b90_other < b90)) {
        a90 = a90_other;
        b90 = b90_other;
      }
    }
    __syncthreads();
    if (p90_lane == 0) {
      a90_warps[p90_rank / 32u] = a90;
      b90_warps[p90_rank / 32u] = b90;
    }
    __syncthreads();
    if (p90_rank < 32u) {
      const unsigned p90_count = (p90_threads + 31u) / 32u;
      if (p90_rank < p90_count) {
        a90 = a90_warps[p90_rank];
        b90 = b90_warps[p90_rank];
      }
      for (unsigned p90_offset = 16; p90_offset > 0; p90_offset /= 2) {
        const unsigned a90_other = __shfl_down_sync(0xffffffffu, a90, p90_offset);
        const unsigned b90_other = __shfl_down_sync(0xffffffffu, b90, p90_offset);
        if (p90_lane + p90_offset < p90_count && (a90_other < a90 || (a90_other == a90 && b90_other < b90))) {
          a90 = a90_other;
          b90 = b90_other;
        }
      }
    }
    if (p90_rank == 0) {
      a90_warps[0] = a90;
      b90_warps[0] = b90;
    }
    __syncthreads();
    a90 = a90_warps[0];
    b90 = b90_warps[0];
    out_a[g] = (double)a90;
    out_b[g] = (double)b90;
  }
}

__global__ void pk91(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a91 = (unsigned)in[g];
    unsigned b91 = t;
    for (unsigned p91_offset = 16; p91_offset > 0; p91_offset /= 2) {
      const unsigned a91_other = __shfl_down_sync(0xffffffffu, a91, p91_offset);
      const unsigned b91_other = __shfl_down_sync(0xffffffffu, b91, p91_offset);
      if (a91_other < a91 || (a91_other == a91 && b91_other < b91)) {
        a91 = a91_other;
        b91 = b91_other;
      }
    }
    a91 = __shfl_sync(0xffffffffu, a91, 0);
    b91 = __shfl_sync(0xffffffffu, b91, 0);
    out_a[g] = (double)a91;
    out_b[g] = (double)b91;
  }
}

__global__ void pk92(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a92 = (unsigned)in[g];
    unsigned b92 = t;
    __shared__ unsigned a92_warps[32];
    __shared__ unsigned b92_warps[32];
    const unsigned p92_rank = threadIdx.x;
    const unsigned p92_lane = p92_rank % 32u;
    const unsigned p92_threads = blockDim.x;
    const unsigned p92_width = min(32u, p92_threads - (p92_rank - p92_lane));
    const unsigned p92_mask = p92_width == 32u ? 0xffffffffu : (1u << p92_width) - 1u;
    for (unsigned p92_offset = 16; p92_offset > 0; p92_offset /= 2) {
      const unsigned a92_other = __shfl_down_sync(p92_mask, a92, p92_offset);
      const unsigned b92_other = __shfl_down_sync(p92_mask, b92, p92_offset);
      if (p92_lane + p92_offset < p92_width && (a92_other < a92 || (a92_other == a92 && b92_other < b92))) {
        a92 = a92_other;
        b92 = b92_other;
      }
    }
    __syncthreads();
    if (p92_lane == 0) {
      a92_warps[p92_rank / 32u] = a92;
      b92_warps[p92_rank / 32u] = b92;
    }
    __syncthreads();
    if (p92_rank < 32u) {
      const unsigned p92_count = (p92_threads + 31u) / 32u;
      if (p92_rank < p92_count) {
        a92 = a92_warps[p92_rank];
        b92 = b92_warps[p92_rank];
      }
      for (unsigned p92_offset = 16; p92_offset > 0; p92_offset /= 2) {
        const unsigned a92_other = __shfl_down_sync(p92_mask, a92, p92_offset);
        const unsigned b92_other = __shfl_down_sync(p92_mask, b92, p92_offset);
        if (p92_lane + p92_offset < p92_count && (a92_other < a92 || (a92_other == a92 && b92_other < b92))) {
          a92 = a92_other;
          b92 = b92_other;
        }
      }
    }
    if (p92_rank == 0) {
      a92_warps[0] = a92;
      b92_warps[0] = b92;
    }
    __syncthreads();
    a92 = a92_warps[0];
    b92 = b92_warps[0];
    out_a[g] = (double)a92;
    out_b[g] = (double)b92;
  }
}

__global__ void pk93(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a93 = (unsigned)in[g];
    unsigned b93 = t;
    const unsigned p93_rank = threadIdx.x;
    const unsigned p93_lane = p93_rank % 32u;
    const unsigned p93_threads = blockDim.x;
    const unsigned p93_width = min(32u, p93_threads - (p93_rank - p93_lane));
    const unsigned p93_mask = p93_width == 32u ? 0xffffffffu : (1u << p93_width) - 1u;
    for (unsigned p93_offset = 16; p93_offset > 0; p93_offset /= 2) {
      const unsigned a93_other = __shfl_down_sync(p93_mask, a93, p93_offset);
      const unsigned b93_other = __shfl_down_sync(p93_mask, b93, p93_offset);
      if (p93_lane + p93_offset < p93_width && (a93_other < a93 || (a93_other == a93 && b93_other < b93))) {
        a93 = a93_other;
        b93 = b93_other;
      }
    }
    a93 = __shfl_sync(p93_mask, a93, 0);
    b93 = __shfl_sync(p93_mask, b93, 0);
    out_a[g] = (double)a93;
    out_b[g] = (double)b93;
  }
}

__global__ void pk94(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a94 = (unsigned)in[g];
    unsigned b94 = t;
    __shared__ unsigned a94_warps[32];
    __shared__ unsigned b94_warps[32];
    const unsigned p94_rank = threadIdx.x;
    const unsigned p94_lane = p94_rank % 32u;
    const unsigned p94_threads = blockDim.x;
    for (unsigned p94_offset = 16; p94_offset > 0; p94_offset /= 2) {
      const unsigned a94_other = __shfl_down_sync(0xffffffffu, a94, p94_offset);
      const unsigned b94_other = __shfl_down_sync(0xffffffffu, b94, p94_offset);
      if (a94_other < a94 || (a94_other == a94 && b94_other < b94)) {
        a94 = a94_other;
        b94 = b94_other;
      }
    }
    __syncthreads();
    if (p94_lane == 0) {
      a94_warps[p94_rank / 32u] = a94;
      b94_warps[p94_rank / 32u] = b94;
    }
    __syncthreads();
    if (p94_rank < 32u) {
      const unsigned p94_count = (p94_threads + 31u) / 32u;
      if (p94_rank < p94_count) {
        a94 = a94_warps[p94_rank];
        b94 = b94_warps[p94_rank];
      }
      for (unsigned p94_offset = 16; p94_offset > 0; p94_offset /= 2) {
        const unsigned a94_other = __shfl_down_sync(0xffffffffu, a94, p94_offset);
        const unsigned b94_other = __shfl_down_sync(0xffffffffu, b94, p94_offset);
        if (p94_lane + p94_offset < p94_count && (a94_other < a94 || (a94_other == a94 && b94_other < b94))) {
          a94 = a94_other;
          b94 = b94_other;
        }
      }
    }
    if (p94_rank == 0) {
      a94_warps[0] = a94;
      b94_warps[0] = b94;
    }
    __syncthreads();
    a94 = a94_warps[0];
    b94 = b94_warps[0];
    out_a[g] = (double)a94;
    out_b[g] = (double)b94;
  }
}

__global__ void pk95(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a95 = (unsigned)in[g];
    unsigned b95 = t;
    for (unsigned p95_offset = 16; p95_offset > 0; p95_offset /= 2) {
      const unsigned a95_other = __shfl_down_sync(0xffffffffu, a95, p95_offset);
      const unsigned b95_other = __shfl_down_sync(0xffffffffu, b95, p95_offset);
      if (a95_other < a95 || (a95_other == a95 && b95_other < b95)) {
        a95 = a95_other;
        b95 = b95_other;
      }
    }
    a95 = __shfl_sync(0xffffffffu, a95, 0);
    b95 = __shfl_sync(0xffffffffu, b95, 0);
    out_a[g] = (double)a95;
    out_b[g] = (double)b95;
  }
}

__global__ void pk96(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a96 = (float)in[g];
    int b96 = t;
    __shared__ float a96_warps[32];
    __shared__ int b96_warps[32];
    const unsigned p96_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p96_lane = p96_rank % 32u;
    const unsigned p96_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p96_width = min(32u, p96_threads - (p96_rank - p96_lane));
    const unsigned p96_mask = p96_width == 32u ? 0xffffffffu : (1u << p96_width) - 1u;
    for (unsigned p96_offset = 16; p96_offset > 0; p96_offset /= 2) {
      const float a96_other = __shfl_down_sync(p96_mask, a96, p96_offset);
      const int b96_other = __shfl_down_sync(p96_mask, b96, p96_offset);
      if (p96_lane + p96_offset < p96_width && (a96_other < a96 || (a96_other == a96 && b96_other > b96))) {
        a96 = a96_other;
        b96 = b96_other;
      }
    }
    __syncthreads();
    if (p96_lane == 0) {
      a96_warps[p96_rank / 32u] = a96;
      b96_warps[p96_rank / 32u] = b96;
    }
    __syncthreads();
    if (p96_rank < 32u) {
      const unsigned p96_count = (p96_threads + 31u) / 32u;
      if (p96_rank < p96_count) {
        a96 = a96_warps[p96_rank];
        b96 = b96_warps[p96_rank];
      }
      for (unsigned p96_offset = 16; p96_offset > 0; p96_offset /= 2) {
        const float a96_other = __shfl_down_sync(p96_mask, a96, p96_offset);
        const int b96_other = __shfl_down_sync(p96_mask, b96, p96_offset);
        if (p96_lane + p96_offset < p96_count && (a96_other < a96 || (a96_other == a96 && b96_other > b96))) {
          a96 = a96_other;
          b96 = b96_other;
        }
      }
    }
    if (p96_rank == 0) {
      a96_warps[0] = a96;
      b96_warps[0] = b96;
    }
    __syncthreads();
    a96 = a96_warps[0];
    b96 = b96_warps[0];
    out_a[g] = (double)a96;
    out_b[g] = (double)b96;
  }
}

__global__ void pk97(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a97 = (float)in[g];
    int b97 = t;
    const unsigned p97_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p97_lane = p97_rank % 32u;
    const unsigned p97_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p97_width = min(32u, p97_threads - (p97_rank - p97_lane));
    const unsigned p97_mask = p97_width == 32u ? 0xffffffffu : (1u << p97_width) - 1u;
    for (unsigned p97_offset = 16; p97_offset > 0; p97_offset /= 2) {
      const float a97_other = __shfl_down_sync(p97_mask, a97, p97_offset);
      const int b97_other = __shfl_down_sync(p97_mask, b97, p97_offset);
      if (p97_lane + p97_offset < p97_width && (a97_other < a97 || (a97_other == a97 && b97_other > b97))) {
        a97 = a97_other;
        b97 = b97_other;
      }
    }
    a97 = __shfl_sync(p97_mask, a97, 0);
    b97 = __shfl_sync(p97_mask, b97, 0);
    out_a[g] = (double)a97;
    out_b[g] = (double)b97;
  }
}

__global__ void pk98(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a98 = (float)in[g];
    int b98 = t;
    __shared__ float a98_warps[32];
    __shared__ int b98_warps[32];
    const unsigned p98_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p98_lane = p98_rank % 32u;
    const unsigned p98_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned p98_offset = 16; p98_offset > 0; p98_offset /= 2) {
      const float a98_other = __shfl_down_sync(0xffffffffu, a98, p98_offset);
      const int b98_other = __shfl_down_sync(0xffffffffu, b98, p98_offset);
      if (a98_other < a98 || (a98_other == a98 && b98_other > b98)) {
        a98 = a98_other;
        b98 = b98_other;
      }
    }
    __syncthreads();
    if (p98_lane == 0) {
      a98_warps[p98_rank / 32u] = a98;
      b98_warps[p98_rank / 32u] = b98;
    }
    __syncthreads();
    if (p98_rank < 32u) {
      const unsigned p98_count = (p98_threads + 31u) / 32u;
      if (p98_rank < p98_count) {
        a98 = a98_warps[p98_rank];
        b98 = b98_warps[p98_rank];
      }
      for (unsigned p98_offset = 16; p98_offset > 0; p98_offset /= 2) {
        const float a98_other = __shfl_down_sync(0xffffffffu, a98, p98_offset);
        const int b98_other = __shfl_down_sync(0xffffffffu, b98, p98_offset);
        if (p98_lane + p98_offset < p98_count && (a98_other < a98 || (a98_other == a98 && b98_other > b98))) {
          a98 = a98_other;
          b98 = b98_other;
        }
      }
    }
    if (p98_rank == 0) {
      a98_warps[0] = a98;
      b98_warps[0] = b98;
    }
    __syncthreads();
    a98 = a98_warps[0];
    b98 = b98_warps[0];
    out_a[g] = (double)a98;
    out_b[g] = (double)b98;
  }
}

__global__ void pk99(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a99 = (float)in[g];
    int b99 = t;
    for (unsigned p99_offset = 16; p99_offset > 0; p99_offset /= 2) {
      const float a99_other = __shfl_down_sync(0xffffffffu, a99, p99_offset);
      const int b99_other = __shfl_down_sync(0xffffffffu, b99, p99_offset);
      if (a99_other < a99 || (a99_other == a99 && b99_other > b99)) {
        a99 = a99_other;
        b99 = b99_other;
      }
    }
    a99 = __shfl_sync(0xffffffffu, a99, 0);
    b99 = __shfl_sync(0xffffffffu, b99, 0);
    out_a[g] = (double)a99;
    out_b[g] = (double)b99;
  }
}

__global__ void pk100(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a100 = (float)in[g];
    int b100 = t;
    __shared__ float a100_warps[32];
    __shared__ int b100_warps[32];
    const unsigned p100_rank = threadIdx.x;
    const unsigned p100_lane = p100_rank % 32u;
    const unsigned p100_threads = blockDim.x;
    const unsigned p100_width = min(32u, p100_threads - (p100_rank - p100_lane));
    const unsigned p100_mask = p100_width == 32u ? 0xffffffffu : (1u << p100_width) - 1u;
    for (unsigned p100_offset = 16; p100_offset > 0; p100_offset /= 2) {
      const float a100_other = __shfl_down_sync(p100_mask, a100, p100_offset);
      const int b100_other = __shfl_down_sync(p100_mask, b100, p100_offset);
      if (p100_lane + p100_offset < p100_width && (a100_other < a100 || (a100_other == a100 && b100_other > b100))) {
        a100 = a100_other;
        b100 = b100_other;
      }
    }
    __syncthreads();
    if (p100_lane == 0) {
      a100_warps[p100_rank / 32u] = a100;
      b100_warps[p100_rank / 32u] = b100;
    }
    __syncthreads();
    if (p100_rank < 32u) {
      const unsigned p100_count = (p100_threads + 31u) / 32u;
      if (p100_rank < p100_count) {
        a100 = a100_warps[p100_rank];
        b100 = b100_warps[p100_rank];
      }
      for (unsigned p100_offset = 16; p100_offset > 0; p100_offset /= 2) {
        const float a100_other = __shfl_down_sync(p100_mask, a100, p100_offset);
        const int b100_other = __shfl_down_sync(p100_mask, b100, p100_offset);
        if (p100_lane + p100_offset < p100_count && (a100_other < a100 || (a100_other == a100 && b100_other > b100))) {
          a100 = a100_other;
          b100 = b100_other;
        }
      }
    }
    if (p100_rank == 0) {
      a100_warps[0] = a100;
      b100_warps[0] = b100;
    }
    __syncthreads();
    a100 = a100_warps[0];
    b100 = b100_warps[0];
    out_a[g] = (double)a100;
    out_b[g] = (double)b100;
  }
}

__global__ void pk101(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a101 = (float)in[g];
    int b101 = t;
    const unsigned p101_rank = threadIdx.x;
    const unsigned p101_lane = p101_rank % 32u;
    const unsigned p101_threads = blockDim.x;
    const unsigned p101_width = min(32u, p101_threads - (p101_rank - p101_lane));
    const unsigned p101_mask = p101_width == 32u ? 0xffffffffu : (1u << p101_width) - 1u;
    for (unsigned p101_offset = 16; p101_offset > 0; p101_offset /= 2) {
      const float a101_other = __shfl_down_sync(p101_mask, a101, p101_offset);
      const int b101_other = __shfl_down_sync(p101_mask, b101, p101_offset);
      if (p101_lane + p101_offset < p101_width && (a101_other < a101 || (a101_other == a101 && b101_other > b101))) {
        a101 = a101_other;
        b101 = b101_other;
      }
    }
    a101 = __shfl_sync(p101_mask, a101, 0);
    b101 = __shfl_sync(p101_mask, b101, 0);
    out_a[g] = (double)a101;
    out_b[g] = (double)b101;
  }
}

__global__ void pk102(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a102 = (float)in[g];
    int b102 = t;
    __shared__ float a102_warps[32];
    __shared__ int b102_warps[32];
    const unsigned p102_rank = threadIdx.x;
    const unsigned p102_lane = p102_rank % 32u;
    const unsigned p102_threads = blockDim.x;
    for (unsigned p102_offset = 16; p102_offset > 0; p102_offset /= 2) {
      const float a102_other = __shfl_down_sync(0xffffffffu, a102, p102_offset);
      const int b102_other = __shfl_down_sync(0xffffffffu, b102, p102_offset);
      if (a102_other < a102 || (a102_other == a102 && b102_other > b102)) {
        a102 = a102_other;
        b102 = b102_other;
      }
    }
    __syncthreads();
    if (p102_lane == 0) {
      a102_warps[p102_rank / 32u] = a102;
      b102_warps[p102_rank / 32u] = b102;
    }
    __syncthreads();
    if (p102_rank < 32u) {
      const unsigned p102_count = (p102_threads + 31u) / 32u;
      if (p102_rank < p102_count) {
        a102 = a102_warps[p102_rank];
        b102 = b102_warps[p102_rank];
      }
      for (unsigned p102_offset = 16; p102_offset > 0; p102_offset /= 2) {
        const float a102_other = __shfl_down_sync(0xffffffffu, a102, p102_offset);
        const int b102_other = __shfl_down_sync(0xffffffffu, b102, p102_offset);
        if (p102_lane + p102_offset < p102_count && (a102_other < a102 || (a102_other == a102 && b102_other > b102))) {
          a102 = a102_other;
          b102 = b102_other;
        }
      }
    }
    if (p102_rank == 0) {
      a102_warps[0] = a102;
      b102_warps[0] = b102;
    }
    __syncthreads();
    a102 = a102_warps[0];
    b102 = b102_warps[0];
    out_a[g] = (double)a102;
    out_b[g] = (double)b102;
  }
}

__global__ void pk103(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a103 = (float)in[g];
    int b103 = t;
    for (unsigned p103_offset = 16; p103_offset > 0; p103_offset /= 2) {
      const float a103_other = __shfl_down_sync(0xffffffffu, a103, p103_offset);
      const int b103_other = __shfl_down_sync(0xffffffffu, b103, p103_offset);
      if (a103_other < a103 || (a103_other == a103 && b103_other > b103)) {
        a103 = a103_other;
        b103 = b103_other;
      }
    }
    a103 = __shfl_sync(0xffffffffu, a103, 0);
    b103 = __shfl_sync(0xffffffffu, b103, 0);
    out_a[g] = (double)a103;
    out_b[g] = (double)b103;
  }
}

__global__ void pk104(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a104 = (int)in[g];
    size_t b104 = t;
    __shared__ int a104_warps[32];
    __shared__ size_t b104_warps[32];
    const unsigned p104_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p104_lane = p104_rank % 32u;
    const unsigned p104_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p104_width = min(32u, p104_threads - (p104_rank - p104_lane));
    const unsigned p104_mask = p104_width == 32u ? 0xffffffffu : (1u << p104_width) - 1u;
    for (unsigned p104_offset = 16; p104_offset > 0; p104_offset /= 2) {
      const int a104_other = __shfl_down_sync(p104_mask, a104, p104_offset);
      const size_t b104_other = __shfl_down_sync(p104_mask, b104, p104_offset);
      if (p104_lane + p104_offset < p104_width && (a104_other < a104 || (a104_other == a104 && b104_other > b104))) {
        a104 = a104_other;
        b104 = b104_other;
      }
    }
    __syncthreads();
    if (p104_lane == 0) {
      a104_warps[p104_rank / 32u] = a104;
      b104_warps[p104_rank / 32u] = b104;
    }
    __syncthreads();
    if (p104_rank < 32u) {
      const unsigned p104_count = (p104_threads + 31u) / 32u;
      if (p104_rank < p104_count) {
        a104 = a104_warps[p104_rank];
        b104 = b104_warps[p104_rank];
      }
      for (unsigned p104_offset = 16; p104_offset > 0; p104_offset /= 2) {
        const int a104_other = __shfl_down_sync(p104_mask, a104, p104_offset);
        const size_t b104_other = __shfl_down_sync(p104_mask, b104, p104_offset);
        if (p104_lane + p104_offset < p104_count && (a104_other < a104 || (a104_other == a104 && b104_other > b104))) {
          a104 = a104_other;
          b104 = b104_other;
        }
      }
    }
    if (p104_rank == 0) {
      a104_warps[0] = a104;
      b104_warps[0] = b104;
    }
    __syncthreads();
    a104 = a104_warps[0];
    b104 = b104_warps[0];
    out_a[g] = (double)a104;
    out_b[g] = (double)b104;
  }
}

__global__ void pk105(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a105 = (int)in[g];
    size_t b105 = t;
    const unsigned p105_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p105_lane = p105_rank % 32u;
    const unsigned p105_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p105_width = min(32u, p105_threads - (p105_rank - p105_lane));
    const unsigned p105_mask = p105_width == 32u ? 0xffffffffu : (1u << p105_width) - 1u;
    for (unsigned p105_offset = 16; p105_offset > 0; p105_offset /= 2) {
      const int a105_other = __shfl_down_sync(p105_mask, a105, p105_offset);
      const size_t b105_other = __shfl_down_sync(p105_mask, b105, p105_offset);
      if (p105_lane + p105_offset < p105_width && (a105_other < a105 || (a105_other == a105 && b105_other > b105))) {
        a105 = a105_other;
        b105 = b105_other;
      }
    }
    a105 = __shfl_sync(p105_mask, a105, 0);
    b105 = __shfl_sync(p105_mask, b105, 0);
    out_a[g] = (double)a105;
    out_b[g] = (double)b105;
  }
}

__global__ void pk106(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a106 = (int)in[g];
    size_t b106 = t;
    __shared__ int a106_warps[32];
    __shared__ size_t b106_warps[32];
    const unsigned p106_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p106_lane = p106_rank % 32u;
    const unsigned p106_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned p106_offset = 16; p106_offset > 0; p106_offset /= 2) {
      const int a106_other = __shfl_down_sync(0xffffffffu, a106, p106_offset);
      const size_t b106_other = __shfl_down_sync(0xffffffffu, b106, p106_offset);
      if (a106_other < a106 || (a106_other == a106 && b106_other > b106)) {
        a106 = a106_other;
        b106 = b106_other;
      }
    }
    __syncthreads();
    if (p106_lane == 0) {
      a106_warps[p106_rank / 32u] = a106;
      b106_warps[p106_rank / 32u] = b106;
    }
    __syncthreads();
    if (p106_rank < 32u) {
      const unsigned p106_count = (p106_threads + 31u) / 32u;
      if (p106_rank < p106_count) {
        a106 = a106_warps[p106_rank];
        b106 = b106_warps[p106_rank];
      }
      for (unsigned p106_offset = 16; p106_offset > 0; p106_offset /= 2) {
        const int a106_other = __shfl_down_sync(0xffffffffu, a106, p106_offset);
        const size_t b106_other = __shfl_down_sync(0xffffffffu, b106, p106_offset);
        if (p106_lane + p106_offset < p106_count && (a106_other < a106 || (a106_other == a106 && b106_other > b106))) {
          a106 = a106_other;
          b106 = b106_other;
        }
      }
    }
    if (p106_rank == 0) {
      a106_warps[0] = a106;
      b106_warps[0] = b106;
    }
    __syncthreads();
    a106 = a106_warps[0];
    b106 = b106_warps[0];
    out_a[g] = (double)a106;
    out_b[g] = (double)b106;
  }
}

__global__ void pk107(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a107 = (int)in[g];
    size_t b107 = t;
    for (unsigned p107_offset = 16; p107_offset > 0; p107_offset /= 2) {
      const int a107_other = __shfl_down_sync(0xffffffffu, a107, p107_offset);
      const size_t b107_other = __shfl_down_sync(0xffffffffu, b107, p107_offset);
      if (a107_other < a107 || (a107_other == a107 && b107_other > b107)) {
        a107 = a107_other;
        b107 = b107_other;
      }
    }
    a107 = __shfl_sync(0xffffffffu, a107, 0);
    b107 = __shfl_sync(0xffffffffu, b107, 0);
    out_a[g] = (double)a107;
    out_b[g] = (double)b107;
  }
}

__global__ void pk108(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a108 = (int)in[g];
    size_t b108 = t;
    __shared__ int a108_warps[32];
    __shared__ size_t b108_warps[32];
    const unsigned p108_rank = threadIdx.x;
    const unsigned p108_lane = p108_rank % 32u;
    const unsigned p108_threads = blockDim.x;
    const unsigned p108_width = min(32u, p108_threads - (p108_rank - p108_lane));
    const unsigned p108_mask = p108_width == 32u ? 0xffffffffu : (1u << p108_width) - 1u;
    for (unsigned p108_offset = 16; p108_offset > 0; p108_offset /= 2) {
      const int a108_other = __shfl_down_sync(p108_mask, a108, p108_offset);
      const size_t b108_other = __shfl_down_sync(p108_mask, b108, p108_offset);
      if (p108_lane + p108_offset < p108_width && (a108_other < a108 || (a108_other == a108 && b108_other > b108))) {
        a108 = a108_other;
        b108 = b108_other;
      }
    }
    __syncthreads();
    if (p108_lane == 0) {
      a108_warps[p108_rank / 32u] = a108;
      b108_warps[p108_rank / 32u] = b108;
    }
    __syncthreads();
    if (p108_rank < 32u) {
      const unsigned p108_count = (p108_threads + 31u) / 32u;
      if (p108_rank < p108_count) {
        a108 = a108_warps[p108_rank];
        b108 = b108_warps[p108_rank];
      }
      for (unsigned p108_offset = 16; p108_offset > 0; p108_offset /= 2) {
        const int a108_other = __shfl_down_sync(p108_mask, a108, p108_offset);
        const size_t b108_other = __shfl_down_sync(p108_mask, b108, p108_offset);
        if (p108_lane + p108_offset < p108_count && (a108_other < a108 || (a108_other == a108 && b108_other > b108))) {
          a108 = a108_other;
          b108 = b108_other;
        }
      }
    }
    if (p108_rank == 0) {
      a108_warps[0] = a108;
      b108_warps[0] = b108;
    }
    __syncthreads();
    a108 = a108_warps[0];
    b108 = b108_warps[0];
    out_a[g] = (double)a108;
    out_b[g] = (double)b108;
  }
}

__global__ void pk109(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a109 = (int)in[g];
    size_t b109 = t;
    const unsigned p109_rank = threadIdx.x;
    const unsigned p109_lane = p109_rank % 32u;
    const unsigned p109_threads = blockDim.x;
    const unsigned p109_width = min(32u, p109_threads - (p109_rank - p109_lane));
    const unsigned p109_mask = p109_width == 32u ? 0xffffffffu : (1u << p109_width) - 1u;
    for (unsigned p109_offset = 16; p109_offset > 0; p109_offset /= 2) {
      const int a109_other = __shfl_down_sync(p109_mask, a109, p109_offset);
      const size_t b109_other = __shfl_down_sync(p109_mask, b109, p109_offset);
      if (p109_lane + p109_offset < p109_width && (a109_other < a109 || (a109_other == a109 && b109_other > b109))) {
        a109 = a109_other;
        b109 = b109_other;
      }
    }
    a109 = __shfl_sync(p109_mask, a109, 0);
    b109 = __shfl_sync(p109_mask, b109, 0);
    out_a[g] = (double)a109;
    out_b[g] = (double)b109;
  }
}

__global__ void pk110(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a110 = (int)in[g];
    size_t b110 = t;
    __shared__ int a110_warps[32];
    __shared__ size_t b110_warps[32];
    const unsigned p110_rank = threadIdx.x;
    const unsigned p110_lane = p110_rank % 32u;
    const unsigned p110_threads = blockDim.x;
    for (unsigned p110_offset = 16; p110_offset > 0; p110_offset /= 2) {
      const int a110_other = __shfl_down_sync(0xffffffffu, a110, p110_offset);
      const size_t b110_other = __shfl_down_sync(0xffffffffu, b110, p110_offset);
      if (a110_other < a110 || (a110_other == a110 && b110_other > b110)) {
        a110 = a110_other;
        b110 = b110_other;
      }
    }
    __syncthreads();
    if (p110_lane == 0) {
      a110_warps[p110_rank / 32u] = a110;
      b110_warps[p110_rank / 32u] = b110;
    }
    __syncthreads();
    if (p110_rank < 32u) {
      const unsigned p110_count = (p110_threads + 31u) / 32u;
      if (p110_rank < p110_count) {
        a110 = a110_warps[p110_rank];
        b110 = b110_warps[p110_rank];
      }
      for (unsigned p110_offset = 16; p110_offset > 0; p110_offset /= 2) {
        const int a110_other = __shfl_down_sync(0xffffffffu, a110, p110_offset);
        const size_t b110_other = __shfl_down_sync(0xffffffffu, b110, p110_offset);
        if (p110_lane + p110_offset < p110_count && (a110_other < a110 || (a110_other == a110 && b110_other > b110))) {
          a110 = a110_other;
          b110 = b110_other;
        }
      }
    }
    if (p110_rank == 0) {
      a110_warps[0] = a110;
      b110_warps[0] = b110;
    }
    __syncthreads();
    a110 = a110_warps[0];
    b110 = b110_warps[0];
    out_a[g] = (double)a110;
    out_b[g] = (double)b110;
  }
}

__global__ void pk111(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int a111 = (int)in[g];
    size_t b111 = t;
    for (unsigned p111_offset = 16; p111_offset > 0; p111_offset /= 2) {
      const int a111_other = __shfl_down_sync(0xffffffffu, a111, p111_offset);
      const size_t b111_other = __shfl_down_sync(0xffffffffu, b111, p111_offset);
      if (a111_other < a111 || (a111_other == a111 && b111_other > b111)) {
        a111 = a111_other;
        b111 = b111_other;
      }
    }
    a111 = __shfl_sync(0xffffffffu, a111, 0);
    b111 = __shfl_sync(0xffffffffu, b111, 0);
    out_a[g] = (double)a111;
    out_b[g] = (double)b111;
  }
}

__global__ void pk112(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a112 = (double)in[g];
    long long b112 = t;
    __shared__ double a112_warps[32];
    __shared__ long long b112_warps[32];
    const unsigned p112_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p112_lane = p112_rank % 32u;
    const unsigned p112_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p112_width = min(32u, p112_threads - (p112_rank - p112_lane));
    const unsigned p112_mask = p112_width == 32u ? 0xffffffffu : (1u << p112_width) - 1u;
    for (unsigned p112_offset = 16; p112_offset > 0; p112_offset /= 2) {
      const double a112_other = __shfl_down_sync(p112_mask, a112, p112_offset);
      const long long b112_other = __shfl_down_sync(p112_mask, b112, p112_offset);
      if (p112_lane + p112_offset < p112_width && (a112_other < a112 || (a112_other == a112 && b112_other > b112))) {
        a112 = a112_other;
        b112 = b112_other;
      }
    }
    __syncthreads();
    if (p112_lane == 0) {
      a112_warps[p112_rank / 32u] = a112;
      b112_warps[p112_rank / 32u] = b112;
    }
    __syncthreads();
    if (p112_rank < 32u) {
      const unsigned p112_count = (p112_threads + 31u) / 32u;
      if (p112_rank < p112_count) {
        a112 = a112_warps[p112_rank];
        b112 = b112_warps[p112_rank];
      }
      for (unsigned p112_offset = 16; p112_offset > 0; p112_offset /= 2) {
        const double a112_other = __shfl_down_sync(p112_mask, a112, p112_offset);
        const long long b112_other = __shfl_down_sync(p112_mask, b112, p112_offset);
        if (p112_lane + p112_offset < p112_count && (a112_other < a112 || (a112_other == a112 && b112_other > b112))) {
          a112 = a112_other;
          b112 = b112_other;
        }
      }
    }
    if (p112_rank == 0) {
      a112_warps[0] = a112;
      b112_warps[0] = b112;
    }
    __syncthreads();
    a112 = a112_warps[0];
    b112 = b112_warps[0];
    out_a[g] = (double)a112;
    out_b[g] = (double)b112;
  }
}

__global__ void pk113(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a113 = (double)in[g];
    long long b113 = t;
    const unsigned p113_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p113_lane = p113_rank % 32u;
    const unsigned p113_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p113_width = min(32u, p113_threads - (p113_rank - p113_lane));
    const unsigned p113_mask = p113_width == 32u ? 0xffffffffu : (1u << p113_width) - 1u;
    for (unsigned p113_offset = 16; p113_offset > 0; p113_offset /= 2) {
      const double a113_other = __shfl_down_sync(p113_mask, a113, p113_offset);
      const long long b113_other = __shfl_down_sync(p113_mask, b113, p113_offset);
      if (p113_lane + p113_offset < p113_width && (a113_other < a113 || (a113_other == a113 && b113_other > b113))) {
        a113 = a113_other;
        b113 = b113_other;
      }
    }
    a113 = __shfl_sync(p113_mask, a113, 0);
    b113 = __shfl_sync(p113_mask, b113, 0);
    out_a[g] = (double)a113;
    out_b[g] = (double)b113;
  }
}

__global__ void pk114(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a114 = (double)in[g];
    long long b114 = t;
    __shared__ double a114_warps[32];
    __shared__ long long b114_warps[32];
    const unsigned p114_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p114_lane = p114_rank % 32u;
    const unsigned p114_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned p114_offset = 16; p114_offset > 0; p114_offset /= 2) {
      const double a114_other = __shfl_down_sync(0xffffffffu, a114, p114_offset);
      const long long b114_other = __shfl_down_sync(0xffffffffu, b114, p114_offset);
      if (a114_other < a114 || (a114_other == a114 && b114_other > b114)) {
        a114 = a114_other;
        b114 = b114_other;
      }
    }
    __syncthreads();
    if (p114_lane == 0) {
      a114_warps[p114_rank / 32u] = a114;
      b114_warps[p114_rank / 32u] = b114;
    }
    __syncthreads();
    if (p114_rank < 32u) {
      const unsigned p114_count = (p114_threads + 31u) / 32u;
      if (p114_rank < p114_count) {
        a114 = a114_warps[p114_rank];
        b114 = b114_warps[p114_rank];
      }
      for (unsigned p114_offset = 16; p114_offset > 0; p114_offset /= 2) {
        const double a114_other = __shfl_down_sync(0xffffffffu, a114, p114_offset);
        const long long b114_other = __shfl_down_sync(0xffffffffu, b114, p114_offset);
        if (p114_lane + p114_offset < p114_count && (a114_other < a114 || (a114_other == a114 && b114_other > b114))) {
          a114 = a114_other;
          b114 = b114_other;
        }
      }
    }
    if (p114_rank == 0) {
      a114_warps[0] = a114;
      b114_warps[0] = b114;
    }
    __syncthreads();
    a114 = a114_warps[0];
    b114 = b114_warps[0];
    out_a[g] = (double)a114;
    out_b[g] = (double)b114;
  }
}

__global__ void pk115(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a115 = (double)in[g];
    long long b115 = t;
    for (unsigned p115_offset = 16; p115_offset > 0; p115_offset /= 2) {
      const double a115_other = __shfl_down_sync(0xffffffffu, a115, p115_offset);
      const long long b115_other = __shfl_down_sync(0xffffffffu, b115, p115_offset);
      if (a115_other < a115 || (a115_other == a115 && b115_other > b115)) {
        a115 = a115_other;
        b115 = b115_other;
      }
    }
    a115 = __shfl_sync(0xffffffffu, a115, 0);
    b115 = __shfl_sync(0xffffffffu, b115, 0);
    out_a[g] = (double)a115;
    out_b[g] = (double)b115;
  }
}

__global__ void pk116(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a116 = (double)in[g];
    long long b116 = t;
    __shared__ double a116_warps[32];
    __shared__ long long b116_warps[32];
    const unsigned p116_rank = threadIdx.x;
    const unsigned p116_lane = p116_rank % 32u;
    const unsigned p116_threads = blockDim.x;
    const unsigned p116_width = min(32u, p116_threads - (p116_rank - p116_lane));
    const unsigned p116_mask = p116_width == 32u ? 0xffffffffu : (1u << p116_width) - 1u;
    for (unsigned p116_offset = 16; p116_offset > 0; p116_offset /= 2) {
      const double a116_other = __shfl_down_sync(p116_mask, a116, p116_offset);
      const long long b116_other = __shfl_down_sync(p116_mask, b116, p116_offset);
      if (p116_lane + p116_offset < p116_width && (a116_other < a116 || (a116_other == a116 && b116_other > b116))) {
        a116 = a116_other;
        b116 = b116_other;
      }
    }
    __syncthreads();
    if (p116_lane == 0) {
      a116_warps[p116_rank / 32u] = a116;
      b116_warps[p116_rank / 32u] = b116;
    }
    __syncthreads();
    if (p116_rank < 32u) {
      const unsigned p116_count = (p116_threads + 31u) / 32u;
      if (p116_rank < p116_count) {
        a116 = a116_warps[p116_rank];
        b116 = b116_warps[p116_rank];
      }
      for (unsigned p116_offset = 16; p116_offset > 0; p116_offset /= 2) {
        const double a116_other = __shfl_down_sync(p116_mask, a116, p116_offset);
        const long long b116_other = __shfl_down_sync(p116_mask, b116, p116_offset);
        if (p116_lane + p116_offset < p116_count && (a116_other < a116 || (a116_other == a116 && b116_other > b116))) {
          a116 = a116_other;
          b116 = b116_other;
        }
      }
    }
    if (p116_rank == 0) {
      a116_warps[0] = a116;
      b116_warps[0] = b116;
    }
    __syncthreads();
    a116 = a116_warps[0];
    b116 = b116_warps[0];
    out_a[g] = (double)a116;
    out_b[g] = (double)b116;
  }
}

__global__ void pk117(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a117 = (double)in[g];
    long long b117 = t;
    const unsigned p117_rank = threadIdx.x;
    const unsigned p117_lane = p117_rank % 32u;
    const unsigned p117_threads = blockDim.x;
    const unsigned p117_width = min(32u, p117_threads - (p117_rank - p117_lane));
    const unsigned p117_mask = p117_width == 32u ? 0xffffffffu : (1u << p117_width) - 1u;
    for (unsigned p117_offset = 16; p117_offset > 0; p117_offset /= 2) {
      const double a117_other = __shfl_down_sync(p117_mask, a117, p117_offset);
      const long long b117_other = __shfl_down_sync(p117_mask, b117, p117_offset);
      if (p117_lane + p117_offset < p117_width && (a117_other < a117 || (a117_other == a117 && b117_other > b117))) {
        a117 = a117_other;
        b117 = b117_other;
      }
    }
    a117 = __shfl_sync(p117_mask, a117, 0);
    b117 = __shfl_sync(p117_mask, b117, 0);
    out_a[g] = (double)a117;
    out_b[g] = (double)b117;
  }
}

__global__ void pk118(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a118 = (double)in[g];
    long long b118 = t;
    __shared__ double a118_warps[32];
    __shared__ long long b118_warps[32];
    const unsigned p118_rank = threadIdx.x;
    const unsigned p118_lane = p118_rank % 32u;
    const unsigned p118_threads = blockDim.x;
    for (unsigned p118_offset = 16; p118_offset > 0; p118_offset /= 2) {
      const double a118_other = __shfl_down_sync(0xffffffffu, a118, p118_offset);
      const long long b118_other = __shfl_down_sync(0xffffffffu, b118, p118_offset);
      if (a118_other < a118 || (a118_other == a118 && b118_other > b118)) {
        a118 = a118_other;
        b118 = b118_other;
      }
    }
    __syncthreads();
    if (p118_lane == 0) {
      a118_warps[p118_rank / 32u] = a118;
      b118_warps[p118_rank / 32u] = b118;
    }
    __syncthreads();
    if (p118_rank < 32u) {
      const unsigned p118_count = (p118_threads + 31u) / 32u;
      if (p118_rank < p118_count) {
        a118 = a118_warps[p118_rank];
        b118 = b118_warps[p118_rank];
      }
      for (unsigned p118_offset = 16; p118_offset > 0; p118_offset /= 2) {
        const double a118_other = __shfl_down_sync(0xffffffffu, a118, p118_offset);
        const long long b118_other = __shfl_down_sync(0xffffffffu, b118, p118_offset);
        if (p118_lane + p118_offset < p118_count && (a118_other < a118 || (a118_other == a118 && b118_other > b118))) {
          a118 = a118_other;
          b118 = b118_other;
        }
      }
    }
    if (p118_rank == 0) {
      a118_warps[0] = a118;
      b118_warps[0] = b118;
    }
    __syncthreads();
    a118 = a118_warps[0];
    b118 = b118_warps[0];
    out_a[g] = (double)a118;
    out_b[g] = (double)b118;
  }
}

__global__ void pk119(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a119 = (double)in[g];
    long long b119 = t;
    for (unsigned p119_offset = 16; p119_offset > 0; p119_offset /= 2) {
      const double a119_other = __shfl_down_sync(0xffffffffu, a119, p119_offset);
      const long long b119_other = __shfl_down_sync(0xffffffffu, b119, p119_offset);
      if (a119_other < a119 || (a119_other == a119 && b119_other > b119)) {
        a119 = a119_other;
        b119 = b119_other;
      }
    }
    a119 = __shfl_sync(0xffffffffu, a119, 0);
    b119 = __shfl_sync(0xffffffffu, b119, 0);
    out_a[g] = (double)a119;
    out_b[g] = (double)b119;
  }
}

__global__ void pk120(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a120 = (unsigned)in[g];
    unsigned b120 = t;
    __shared__ unsigned a120_warps[32];
    __shared__ unsigned b120_warps[32];
    const unsigned p120_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p120_lane = p120_rank % 32u;
    const unsigned p120_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p120_width = min(32u, p120_threads - (p120_rank - p120_lane));
    const unsigned p120_mask = p120_width == 32u ? 0xffffffffu : (1u << p120_width) - 1u;
    for (unsigned p120_offset = 16; p120_offset > 0; p120_offset /= 2) {
      const unsigned a120_other = __shfl_down_sync(p120_mask, a120, p120_offset);
      const unsigned b120_other = __shfl_down_sync(p120_mask, b120, p120_offset);
      if (p120_lane + p120_offset < p120_width && (a120_other < a120 || (a120_other == a120 && b120_other > b120))) {
        a120 = a120_other;
        b120 = b120_other;
      }
    }
    __syncthreads();
    if (p120_lane == 0) {
      a120_warps[p120_rank / 32u] = a120;
      b120_warps[p120_rank / 32u] = b120;
    }
    __syncthreads();
    if (p120_rank < 32u) {
      const unsigned p120_count = (p120_threads + 31u) / 32u;
      if (p120_rank < p120_count) {
        a120 = a120_warps[p120_rank];
        b120 = b120_warps[p120_rank];
      }
      for (unsigned p120_offset = 16; p120_offset > 0; p120_offset /= 2) {
        const unsigned a120_other = __shfl_down_sync(p120_mask, a120, p120_offset);
        const unsigned b120_other = __shfl_down_sync(p120_mask, b120, p120_offset);
        if (p120_lane + p120_offset < p120_count && (a120_other < a120 || (a120_other == a120 && b120_other > b120))) {
          a120 = a120_other;
          b120 = b120_other;
        }
      }
    }
    if (p120_rank == 0) {
      a120_warps[0] = a120;
      b120_warps[0] = b120;
    }
    __syncthreads();
    a120 = a120_warps[0];
    b120 = b120_warps[0];
    out_a[g] = (double)a120;
    out_b[g] = (double)b120;
  }
}

__global__ void pk121(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a121 = (unsigned)in[g];
    unsigned b121 = t;
    const unsigned p121_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p121_lane = p121_rank % 32u;
    const unsigned p121_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p121_width = min(32u, p121_threads - (p121_rank - p121_lane));
    const unsigned p121_mask = p121_width == 32u ? 0xffffffffu : (1u << p121_width) - 1u;
    for (unsigned p121_offset = 16; p121_offset > 0; p121_offset /= 2) {
      const unsigned a121_other = __shfl_down_sync(p121_mask, a121, p121_offset);
      const unsigned b121_other = __shfl_down_sync(p121_mask, b121, p121_offset);
      if (p121_lane + p121_offset < p121_width && (a121_other < a121 || (a121_other == a121 && b121_other > b121))) {
        a121 = a121_other;
        b121 = b121_other;
      }
    }
    a121 = __shfl_sync(p121_mask, a121, 0);
    b121 = __shfl_sync(p121_mask, b121, 0);
    out_a[g] = (double)a121;
    out_b[g] = (double)b121;
  }
}

__global__ void pk122(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a122 = (unsigned)in[g];
    unsigned b122 = t;
    __shared__ unsigned a122_warps[32];
    __shared__ unsigned b122_warps[32];
    const unsigned p122_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p122_lane = p122_rank % 32u;
    const unsigned p122_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned p122_offset = 16; p122_offset > 0; p122_offset /= 2) {
      const unsigned a122_other = __shfl_down_sync(0xffffffffu, a122, p122_offset);
      const unsigned b122_other = __shfl_down_sync(0xffffffffu, b122, p122_offset);
      if (a122_other < a122 || (a122_other == a122 && b122_other > b122)) {
        a122 = a122_other;
        b122 = b122_other;
      }
    }
    __syncthreads();
    if (p122_lane == 0) {
      a122_warps[p122_rank / 32u] = a122;
      b122_warps[p122_rank / 32u] = b122;
    }
    __syncthreads();
    if (p122_rank < 32u) {
      const unsigned p122_count = (p122_threads + 31u) / 32u;
      if (p122_rank < p122_count) {
        a122 = a122_warps[p122_rank];
        b122 = b122_warps[p122_rank];
      }
      for (unsigned p122_offset = 16; p122_offset > 0; p122_offset /= 2) {
        const unsigned a122_other = __shfl_down_sync(0xffffffffu, a122, p122_offset);
        const unsigned b122_other = __shfl_down_sync(0xffffffffu, b122, p122_offset);
        if (p122_lane + p122_offset < p122_count && (a122_other < a122 || (a122_other == a122 && b122_other > b122))) {
          a122 = a122_other;
          b122 = b122_other;
        }
      }
    }
    if (p122_rank == 0) {
      a122_warps[0] = a122;
      b122_warps[0] = b122;
    }
    __syncthreads();
    a122 = a122_warps[0];
    b122 = b122_warps[0];
    out_a[g] = (double)a122;
    out_b[g] = (double)b122;
  }
}

__global__ void pk123(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a123 = (unsigned)in[g];
    unsigned b123 = t;
    for (unsigned p123_offset = 16; p123_offset > 0; p123_offset /= 2) {
      const unsigned a123_other = __shfl_down_sync(0xffffffffu, a123, p123_offset);
      const unsigned b123_other = __shfl_down_sync(0xffffffffu, b123, p123_offset);
      if (a123_other < a123 || (a123_other == a123 && b123_other > b123)) {
        a123 = a123_other;
        b123 = b123_other;
      }
    }
    a123 = __shfl_sync(0xffffffffu, a123, 0);
    b123 = __shfl_sync(0xffffffffu, b123, 0);
    out_a[g] = (double)a123;
    out_b[g] = (double)b123;
  }
}

__global__ void pk124(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a124 = (unsigned)in[g];
    unsigned b124 = t;
    __shared__ unsigned a124_warps[32];
    __shared__ unsigned b124_warps[32];
    const unsigned p124_rank = threadIdx.x;
    const unsigned p124_lane = p124_rank % 32u;
    const unsigned p124_threads = blockDim.x;
    const unsigned p124_width = min(32u, p124_threads - (p124_rank - p124_lane));
    const unsigned p124_mask = p124_width == 32u ? 0xffffffffu : (1u << p124_width) - 1u;
    for (unsigned p124_offset = 16; p124_offset > 0; p124_offset /= 2) {
      const unsigned a124_other = __shfl_down_sync(p124_mask, a124, p124_offset);
      const unsigned b124_other = __shfl_down_sync(p124_mask, b124, p124_offset);
      if (p124_lane + p124_offset < p124_width && (a124_other < a124 || (a124_other == a124 && b124_other > b124))) {
        a124 = a124_other;
        b124 = b124_other;
      }
    }
    __syncthreads();
    if (p124_lane == 0) {
      a124_warps[p124_rank / 32u] = a124;
      b124_warps[p124_rank / 32u] = b124;
    }
    __syncthreads();
    if (p124_rank < 32u) {
      const unsigned p124_count = (p124_threads + 31u) / 32u;
      if (p124_rank < p124_count) {
        a124 = a124_warps[p124_rank];
        b124 = b124_warps[p124_rank];
      }
      for (unsigned p124_offset = 16; p124_offset > 0; p124_offset /= 2) {
        const unsigned a124_other = __shfl_down_sync(p124_mask, a124, p124_offset);
        const unsigned b124_other = __shfl_down_sync(p124_mask, b124, p124_offset);
        if (p124_lane + p124_offset < p124_count && (a124_other < a124 || (a124_other == a124 && b124_other > b124))) {
          a124 = a124_other;
          b124 = b124_other;
        }
      }
    }
    if (p124_rank == 0) {
      a124_warps[0] = a124;
      b124_warps[0] = b124;
    }
    __syncthreads();
    a124 = a124_warps[0];
    b124 = b124_warps[0];
    out_a[g] = (double)a124;
    out_b[g] = (double)b124;
  }
}

__global__ void pk125(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a125 = (unsigned)in[g];
    unsigned b125 = t;
    const unsigned p125_rank = threadIdx.x;
    const unsigned p125_lane = p125_rank % 32u;
    const unsigned p125_threads = blockDim.x;
    const unsigned p125_width = min(32u, p125_threads - (p125_rank - p125_lane));
    const unsigned p125_mask = p125_width == 32u ? 0xffffffffu : (1u << p125_width) - 1u;
    for (unsigned p125_offset = 16; p125_offset > 0; p125_offset /= 2) {
      const unsigned a125_other = __shfl_down_sync(p125_mask, a125, p125_offset);
      const unsigned b125_other = __shfl_down_sync(p125_mask, b125, p125_offset);
      if (p125_lane + p125_offset < p125_width && (a125_other < a125 || (a125_other == a125 && b125_other > b125))) {
        a125 = a125_other;
        b125 = b125_other;
      }
    }
    a125 = __shfl_sync(p125_mask, a125, 0);
    b125 = __shfl_sync(p125_mask, b125, 0);
    out_a[g] = (double)a125;
    out_b[g] = (double)b125;
  }
}

__global__ void pk126(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a126 = (unsigned)in[g];
    unsigned b126 = t;
    __shared__ unsigned a126_warps[32];
    __shared__ unsigned b126_warps[32];
    const unsigned p126_rank = threadIdx.x;
    const unsigned p126_lane = p126_rank % 32u;
    const unsigned p126_threads = blockDim.x;
    for (unsigned p126_offset = 16; p126_offset > 0; p126_offset /= 2) {
      const unsigned a126_other = __shfl_down_sync(0xffffffffu, a126, p126_offset);
      const unsigned b126_other = __shfl_down_sync(0xffffffffu, b126, p126_offset);
      if (a126_other < a126 || (a126_other == a126 && b126_other > b126)) {
        a126 = a126_other;
        b126 = b126_other;
      }
    }
    __syncthreads();
    if (p126_lane == 0) {
      a126_warps[p126_rank / 32u] = a126;
      b126_warps[p126_rank / 32u] = b126;
    }
    __syncthreads();
    if (p126_rank < 32u) {
      const unsigned p126_count = (p126_threads + 31u) / 32u;
      if (p126_rank < p126_count) {
        a126 = a126_warps[p126_rank];
        b126 = b126_warps[p126_rank];
      }
      for (unsigned p126_offset = 16; p126_offset > 0; p126_offset /= 2) {
        const unsigned a126_other = __shfl_down_sync(0xffffffffu, a126, p126_offset);
        const unsigned b126_other = __shfl_down_sync(0xffffffffu, b126, p126_offset);
        if (p126_lane + p126_offset < p126_count && (a126_other < a126 || (a126_other == a126 && b126_other > b126))) {
          a126 = a126_other;
          b126 = b126_other;
        }
      }
    }
    if (p126_rank == 0) {
      a126_warps[0] = a126;
      b126_warps[0] = b126;
    }
    __syncthreads();
    a126 = a126_warps[0];
    b126 = b126_warps[0];
    out_a[g] = (double)a126;
    out_b[g] = (double)b126;
  }
}

__global__ void pk127(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned a127 = (unsigned)in[g];
    unsigned b127 = t;
    for (unsigned p127_offset = 16; p127_offset > 0; p127_offset /= 2) {
      const unsigned a127_other = __shfl_down_sync(0xffffffffu, a127, p127_offset);
      const unsigned b127_other = __shfl_down_sync(0xffffffffu, b127, p127_offset);
      if (a127_other < a127 || (a127_other == a127 && b127_other > b127)) {
        a127 = a127_other;
        b127 = b127_other;
      }
    }
    a127 = __shfl_sync(0xffffffffu, a127, 0);
    b127 = __shfl_sync(0xffffffffu, b127, 0);
    out_a[g] = (double)a127;
    out_b[g] = (double)b127;
  }
}

__global__ void pk128(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float a128 = t % 3 == 2 ? -INFINITY : (float)in[g];
    float b128 = t % 3 == 2 ? 0 : 1;
    __shared__ float a128_warps[32];
    __shared__ float b128_warps[32];
    const unsigned p128_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p128_lane = p128_rank % 32u;
    const unsigned p128_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p128_width = min(32u, p128_threads - (p128_rank - p128_lane));
    const unsigned p128_mask = p128_width == 32u ? 0xffffffffu : (1u << p128_width) - 1u;
    for (unsigned p128_offset = 16; p128_offset > 0; p128_offset /= 2) {
      const float a128_other = __shfl_down_sync(p128_mask, a128, p128_offset);
      const float b128_other = __shfl_down_sync(p128_mask, b128, p128_offset);
      if (p128_lane + p128_offset < p128_width) {
        const float a128_max = a128 < a128_other ? a128_other : a128;
        b128 = b128 * (a128 == a128_max ? 1 : expf(a128 - a128_max)) + b128_other * (a128_other == a128_max ? 1 : expf(a128_other - a128_max));
        a128 = a128_max;
      }
    }
    if (p128_lane == 0) {
      a128_warps[p128_rank / 32u] = a128;
      b128_warps[p128_rank / 32u] = b128;
    }
    __syncthreads();
    if (p128_rank < 32u) {
      const unsigned p128_count = (p128_threads + 31u) / 32u;
      if (p128_rank < p128_count) {
        a128 = a128_warps[p128_rank];
        b128 = b128_warps[p128_rank];
      }
      for (unsigned p128_offset = 16; p128_offset > 0; p128_offset /= 2) {
        const float a128_other = __shfl_down_sync(p128_mask, a128, p128_offset);
        const float b128_other = __shfl_down_sync(p128_mask, b128, p128_offset);
        if (p128_lane + p128_offset < p128_count) {
          const float a128_max = a128 < a128_other ? a128_other : a128;
          b128 = b128 * (a128 == a128_max ? 1 : expf(a128 - a128_max)) + b128_other * (a128_other == a128_max ? 1 : expf(a128_other - a128_max));
          a128 = a128_max;
        }
      }
    }
    if (p128_rank == 0) {
      a128_warps[0] = a128;
      b128_warps[0] = b128;
    }
    __syncthreads();
    a128 = a128_warps[0];
    b128 = b128_warps[0];
    out_a[g] = (double)a128;
    out_b[g] = (double)b128;
  }
}

__global__ void pk129(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a129 = t % 3 == 2 ? -INFINITY : (float)in[g];
    float b129 = t % 3 == 2 ? 0 : 1;
    const unsigned p129_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p129_lane = p129_rank % 32u;
    const unsigned p129_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p129_width = min(32u, p129_threads - (p129_rank - p129_lane));
    const unsigned p129_mask = p129_width == 32u ? 0xffffffffu : (1u << p129_width) - 1u;
    for (unsigned p129_offset = 16; p129_offset > 0; p129_offset /= 2) {
      const float a129_other = __shfl_down_sync(p129_mask, a129, p129_offset);
      const float b129_other = __shfl_down_sync(p129_mask, b129, p129_offset);
      if (p129_lane + p129_offset < p129_width) {
        const float a129_max = a129 < a129_other ? a129_other : a129;
        b129 = b129 * (a129 == a129_max ? 1 : expf(a129 - a129_max)) + b129_other * (a129_other == a129_max ? 1 : expf(a129_other - a129_max));
        a129 = a129_max;
      }
    }
    a129 = __shfl_sync(p129_mask, a129, 0);
    b129 = __shfl_sync(p129_mask, b129, 0);
    out_a[g] = (double)a129;
    out_b[g] = (double)b129;
  }
}

__global__ void pk130(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float a130 = t % 3 == 2 ? -INFINITY : (float)in[g];
    float b130 = t % 3 == 2 ? 0 : 1;
    __shared__ float a130_warps[32];
    __shared__ float b130_warps[32];
    const unsigned p130_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p130_lane = p130_rank % 32u;
    const unsigned p130_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned p130_offset = 16; p130_offset > 0; p130_offset /= 2) {
      const float a130_other = __shfl_down_sync(0xffffffffu, a130, p130_offset);
      const float b130_other = __shfl_down_sync(0xffffffffu, b130, p130_offset);
      const float a130_max = a130 < a130_other ? a130_other : a130;
      b130 = b130 * (a130 == a130_max ? 1 : expf(a130 - a130_max)) + b130_other * (a130_other == a130_max ? 1 : expf(a130_other - a130_max));
      a130 = a130_max;
    }
    if (p130_lane == 0) {
      a130_warps[p130_rank / 32u] = a130;
      b130_warps[p130_rank / 32u] = b130;
    }
    __syncthreads();
    if (p130_rank < 32u) {
      const unsigned p130_count = (p130_threads + 31u) / 32u;
      if (p130_rank < p130_count) {
        a130 = a130_warps[p130_rank];
        b130 = b130_warps[p130_rank];
      }
      for (unsigned p130_offset = 16; p130_offset > 0; p130_offset /= 2) {
        const float a130_other = __shfl_down_sync(0xffffffffu, a130, p130_offset);
        const float b130_other = __shfl_down_sync(0xffffffffu, b130, p130_offset);
        if (p130_lane + p130_offset < p130_count) {
          const float a130_max = a130 < a130_other ? a130_other : a130;
          b130 = b130 * (a130 == a130_max ? 1 : expf(a130 - a130_max)) + b130_other * (a130_other == a130_max ? 1 : expf(a130_other - a130_max));
          a130 = a130_max;
        }
      }
    }
    if (p130_rank == 0) {
      a130_warps[0] = a130;
      b130_warps[0] = b130;
    }
    __syncthreads();
    a130 = a130_warps[0];
    b130 = b130_warps[0];
    out_a[g] = (double)a130;
    out_b[g] = (double)b130;
  }
}

__global__ void pk131(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a131 = t % 3 == 2 ? -INFINITY : (float)in[g];
    float b131 = t % 3 == 2 ? 0 : 1;
    for (unsigned p131_offset = 16; p131_offset > 0; p131_offset /= 2) {
      const float a131_other = __shfl_down_sync(0xffffffffu, a131, p131_offset);
      const float b131_other = __shfl_down_sync(0xffffffffu, b131, p131_offset);
      const float a131_max = a131 < a131_other ? a131_other : a131;
      b131 = b131 * (a131 == a131_max ? 1 : expf(a131 - a131_max)) + b131_other * (a131_other == a131_max ? 1 : expf(a131_other - a131_max));
      a131 = a131_max;
    }
    a131 = __shfl_sync(0xffffffffu, a131, 0);
    b131 = __shfl_sync(0xffffffffu, b131, 0);
    out_a[g] = (double)a131;
    out_b[g] = (double)b131;
  }
}

__global__ void pk132(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float a132 = t % 3 == 2 ? -INFINITY : (float)in[g];
    float b132 = t % 3 == 2 ? 0 : 1;
    __shared__ float a132_warps[32];
    __shared__ float b132_warps[32];
    const unsigned p132_rank = threadIdx.x;
    const unsigned p132_lane = p132_rank % 32u;
    const unsigned p132_threads = blockDim.x;
    const unsigned p132_width = min(32u, p132_threads - (p132_rank - p132_lane));
    const unsigned p132_mask = p132_width == 32u ? 0xffffffffu : (1u << p132_width) - 1u;
    for (unsigned p132_offset = 16; p132_offset > 0; p132_offset /= 2) {
      const float a132_other = __shfl_down_sync(p132_mask, a132, p132_offset);
      const float b132_other = __shfl_down_sync(p132_mask, b132, p132_offset);
      if (p132_lane + p132_offset < p132_width) {
        const float a132_max = a132 < a132_other ? a132_other : a132;
        b132 = b132 * (a132 == a132_max ? 1 : expf(a132 - a132_max)) + b132_other * (a132_other == a132_max ? 1 : expf(a132_other - a132_max));
        a132 = a132_max;
      }
    }
    if (p132_lane == 0) {
      a132_warps[p132_rank / 32u] = a132;
      b132_warps[p132_rank / 32u] = b132;
    }
    __syncthreads();
    if (p132_rank < 32u) {
      const unsigned p132_count = (p132_threads + 31u) / 32u;
      if (p132_rank < p132_count) {
        a132 = a132_warps[p132_rank];
        b132 = b132_warps[p132_rank];
      }
      for (unsigned p132_offset = 16; p132_offset > 0; p132_offset /= 2) {
        const float a132_other = __shfl_down_sync(p132_mask, a132, p132_offset);
        const float b132_other = __shfl_down_sync(p132_mask, b132, p132_offset);
        if (p132_lane + p132_offset < p132_count) {
          const float a132_max = a132 < a132_other ? a132_other : a132;
          b132 = b132 * (a132 == a132_max ? 1 : expf(a132 - a132_max)) + b132_other * (a132_other == a132_max ? 1 : expf(a132_other - a132_max));
          a132 = a132_max;
        }
      }
    }
    if (p132_rank == 0) {
      a132_warps[0] = a132;
      b132_warps[0] = b132;
    }
    __syncthreads();
    a132 = a132_warps[0];
    b132 = b132_warps[0];
    out_a[g] = (double)a132;
    out_b[g] = (double)b132;
  }
}

__global__ void pk133(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a133 = t % 3 == 2 ? -INFINITY : (float)in[g];
    float b133 = t % 3 == 2 ? 0 : 1;
    const unsigned p133_rank = threadIdx.x;
    const unsigned p133_lane = p133_rank % 32u;
    const unsigned p133_threads = blockDim.x;
    const unsigned p133_width = min(32u, p133_threads - (p133_rank - p133_lane));
    const unsigned p133_mask = p133_width == 32u ? 0xffffffffu : (1u << p133_width) - 1u;
    for (unsigned p133_offset = 16; p133_offset > 0; p133_offset /= 2) {
      const float a133_other = __shfl_down_sync(p133_mask, a133, p133_offset);
      const float b133_other = __shfl_down_sync(p133_mask, b133, p133_offset);
      if (p133_lane + p133_offset < p133_width) {
        const float a133_max = a133 < a133_other ? a133_other : a133;
        b133 = b133 * (a133 == a133_max ? 1 : expf(a133 - a133_max)) + b133_other * (a133_other == a133_max ? 1 : expf(a133_other - a133_max));
        a133 = a133_max;
      }
    }
    a133 = __shfl_sync(p133_mask, a133, 0);
    b133 = __shfl_sync(p133_mask, b133, 0);
    out_a[g] = (double)a133;
    out_b[g] = (double)b133;
  }
}

__global__ void pk134(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float a134 = t % 3 == 2 ? -INFINITY : (float)in[g];
    float b134 = t % 3 == 2 ? 0 : 1;
    __shared__ float a134_warps[32];
    __shared__ float b134_warps[32];
    const unsigned p134_rank = threadIdx.x;
    const unsigned p134_lane = p134_rank % 32u;
    const unsigned p134_threads = blockDim.x;
    for (unsigned p134_offset = 16; p134_offset > 0; p134_offset /= 2) {
      const float a134_other = __shfl_down_sync(0xffffffffu, a134, p134_offset);
      const float b134_other = __shfl_down_sync(0xffffffffu, b134, p134_offset);
      const float a134_max = a134 < a134_other ? a134_other : a134;
      b134 = b134 * (a134 == a134_max ? 1 : expf(a134 - a134_max)) + b134_other * (a134_other == a134_max ? 1 : expf(a134_other - a134_max));
      a134 = a134_max;
    }
    if (p134_lane == 0) {
      a134_warps[p134_rank / 32u] = a134;
      b134_warps[p134_rank / 32u] = b134;
    }
    __syncthreads();
    if (p134_rank < 32u) {
      const unsigned p134_count = (p134_threads + 31u) / 32u;
      if (p134_rank < p134_count) {
        a134 = a134_warps[p134_rank];
        b134 = b134_warps[p134_rank];
      }
      for (unsigned p134_offset = 16; p134_offset > 0; p134_offset /= 2) {
        const float a134_other = __shfl_down_sync(0xffffffffu, a134, p134_offset);
        const float b134_other = __shfl_down_sync(0xffffffffu, b134, p134_offset);
        if (p134_lane + p134_offset < p134_count) {
          const float a134_max = a134 < a134_other ? a134_other : a134;
          b134 = b134 * (a134 == a134_max ? 1 : expf(a134 - a134_max)) + b134_other * (a134_other == a134_max ? 1 : expf(a134_other - a134_max));
          a134 = a134_max;
        }
      }
    }
    if (p134_rank == 0) {
      a134_warps[0] = a134;
      b134_warps[0] = b134;
    }
    __syncthreads();
    a134 = a134_warps[0];
    b134 = b134_warps[0];
    out_a[g] = (double)a134;
    out_b[g] = (double)b134;
  }
}

__global__ void pk135(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a135 = t % 3 == 2 ? -INFINITY : (float)in[g];
    float b135 = t % 3 == 2 ? 0 : 1;
    for (unsigned p135_offset = 16; p135_offset > 0; p135_offset /= 2) {
      const float a135_other = __shfl_down_sync(0xffffffffu, a135, p135_offset);
      const float b135_other = __shfl_down_sync(0xffffffffu, b135, p135_offset);
      const float a135_max = a135 < a135_other ? a135_other : a135;
      b135 = b135 * (a135 == a135_max ? 1 : expf(a135 - a135_max)) + b135_other * (a135_other == a135_max ? 1 : expf(a135_other - a135_max));
      a135 = a135_max;
    }
    a135 = __shfl_sync(0xffffffffu, a135, 0);
    b135 = __shfl_sync(0xffffffffu, b135, 0);
    out_a[g] = (double)a135;
    out_b[g] = (double)b135;
  }
}

__global__ void pk136(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    double a136 = t % 3 == 2 ? -INFINITY : (double)in[g];
    double b136 = t % 3 == 2 ? 0 : 1;
    __shared__ double a136_warps[32];
    __shared__ double b136_warps[32];
    const unsigned p136_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p136_lane = p136_rank % 32u;
    const unsigned p136_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p136_width = min(32u, p136_threads - (p136_rank - p136_lane));
    const unsigned p136_mask = p136_width == 32u ? 0xffffffffu : (1u << p136_width) - 1u;
    for (unsigned p136_offset = 16; p136_offset > 0; p136_offset /= 2) {
      const double a136_other = __shfl_down_sync(p136_mask, a136, p136_offset);
      const double b136_other = __shfl_down_sync(p136_mask, b136, p136_offset);
      if (p136_lane + p136_offset < p136_width) {
        const double a136_max = a136 < a136_other ? a136_other : a136;
        b136 = b136 * (a136 == a136_max ? 1 : exp(a136 - a136_max)) + b136_other * (a136_other == a136_max ? 1 : exp(a136_other - a136_max));
        a136 = a136_max;
      }
    }
    if (p136_lane == 0) {
      a136_warps[p136_rank / 32u] = a136;
      b136_warps[p136_rank / 32u] = b136;
    }
    __syncthreads();
    if (p136_rank < 32u) {
      const unsigned p136_count = (p136_threads + 31u) / 32u;
      if (p136_rank < p136_count) {
        a136 = a136_warps[p136_rank];
        b136 = b136_warps[p136_rank];
      }
      for (unsigned p136_offset = 16; p136_offset > 0; p136_offset /= 2) {
        const double a136_other = __shfl_down_sync(p136_mask, a136, p136_offset);
        const double b136_other = __shfl_down_sync(p136_mask, b136, p136_offset);
        if (p136_lane + p136_offset < p136_count) {
          const double a136_max = a136 < a136_other ? a136_other : a136;
          b136 = b136 * (a136 == a136_max ? 1 : exp(a136 - a136_max)) + b136_other * (a136_other == a136_max ? 1 : exp(a136_other - a136_max));
          a136 = a136_max;
        }
      }
    }
    if (p136_rank == 0) {
      a136_warps[0] = a136;
      b136_warps[0] = b136;
    }
    __syncthreads();
    a136 = a136_warps[0];
    b136 = b136_warps[0];
    out_a[g] = (double)a136;
    out_b[g] = (double)b136;
  }
}

__global__ void pk137(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a137 = t % 3 == 2 ? -INFINITY : (double)in[g];
    double b137 = t % 3 == 2 ? 0 : 1;
    const unsigned p137_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p137_lane = p137_rank % 32u;
    const unsigned p137_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned p137_width = min(32u, p137_threads - (p137_rank - p137_lane));
    const unsigned p137_mask = p137_width == 32u ? 0xffffffffu : (1u << p137_width) - 1u;
    for (unsigned p137_offset = 16; p137_offset > 0; p137_offset /= 2) {
      const double a137_other = __shfl_down_sync(p137_mask, a137, p137_offset);
      const double b137_other = __shfl_down_sync(p137_mask, b137, p137_offset);
      if (p137_lane + p137_offset < p137_width) {
        const double a137_max = a137 < a137_other ? a137_other : a137;
        b137 = b137 * (a137 == a137_max ? 1 : exp(a137 - a137_max)) + b137_other * (a137_other == a137_max ? 1 : exp(a137_other - a137_max));
        a137 = a137_max;
      }
    }
    a137 = __shfl_sync(p137_mask, a137, 0);
    b137 = __shfl_sync(p137_mask, b137, 0);
    out_a[g] = (double)a137;
    out_b[g] = (double)b137;
  }
}

__global__ void pk138(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    double a138 = t % 3 == 2 ? -INFINITY : (double)in[g];
    double b138 = t % 3 == 2 ? 0 : 1;
    __shared__ double a138_warps[32];
    __shared__ double b138_warps[32];
    const unsigned p138_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p138_lane = p138_rank % 32u;
    const unsigned p138_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned p138_offset = 16; p138_offset > 0; p138_offset /= 2) {
      const double a138_other = __shfl_down_sync(0xffffffffu, a138, p138_offset);
      const double b138_other = __shfl_down_sync(0xffffffffu, b138, p138_offset);
      const double a138_max = a138 < a138_other ? a138_other : a138;
      b138 = b138 * (a138 == a138_max ? 1 : exp(a138 - a138_max)) + b138_other * (a138_other == a138_max ? 1 : exp(a138_other - a138_max));
      a138 = a138_max;
    }
    if (p138_lane == 0) {
      a138_warps[p138_rank / 32u] = a138;
      b138_warps[p138_rank / 32u] = b138;
    }
    __syncthreads();
    if (p138_rank < 32u) {
      const unsigned p138_count = (p138_threads + 31u) / 32u;
      if (p138_rank < p138_count) {
        a138 = a138_warps[p138_rank];
        b138 = b138_warps[p138_rank];
      }
      for (unsigned p138_offset = 16; p138_offset > 0; p138_offset /= 2) {
        const double a138_other = __shfl_down_sync(0xffffffffu, a138, p138_offset);
        const double b138_other = __shfl_down_sync(0xffffffffu, b138, p138_offset);
        if (p138_lane + p138_offset < p138_count) {
          const double a138_max = a138 < a138_other ? a138_other : a138;
          b138 = b138 * (a138 == a138_max ? 1 : exp(a138 - a138_max)) + b138_other * (a138_other == a138_max ? 1 : exp(a138_other - a138_max));
          a138 = a138_max;
        }
      }
    }
    if (p138_rank == 0) {
      a138_warps[0] = a138;
      b138_warps[0] = b138;
    }
    __syncthreads();
    a138 = a138_warps[0];
    b138 = b138_warps[0];
    out_a[g] = (double)a138;
    out_b[g] = (double)b138;
  }
}

__global__ void pk139(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a139 = t % 3 == 2 ? -INFINITY : (double)in[g];
    double b139 = t % 3 == 2 ? 0 : 1;
    for (unsigned p139_offset = 16; p139_offset > 0; p139_offset /= 2) {
      const double a139_other = __shfl_down_sync(0xffffffffu, a139, p139_offset);
      const double b139_other = __shfl_down_sync(0xffffffffu, b139, p139_offset);
      const double a139_max = a139 < a139_other ? a139_other : a139;
      b139 = b139 * (a139 == a139_max ? 1 : exp(a139 - a139_max)) + b139_other * (a139_other == a139_max ? 1 : exp(a139_other - a139_max));
      a139 = a139_max;
    }
    a139 = __shfl_sync(0xffffffffu, a139, 0);
    b139 = __shfl_sync(0xffffffffu, b139, 0);
    out_a[g] = (double)a139;
    out_b[g] = (double)b139;
  }
}

__global__ void pk140(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    double a140 = t % 3 == 2 ? -INFINITY : (double)in[g];
    double b140 = t % 3 == 2 ? 0 : 1;
    __shared__ double a140_warps[32];
    __shared__ double b140_warps[32];
    const unsigned p140_rank = threadIdx.x;
    const unsigned p140_lane = p140_rank % 32u;
    const unsigned p140_threads = blockDim.x;
    const unsigned p140_width = min(32u, p140_threads - (p140_rank - p140_lane));
    const unsigned p140_mask = p140_width == 32u ? 0xffffffffu : (1u << p140_width) - 1u;
    for (unsigned p140_offset = 16; p140_offset > 0; p140_offset /= 2) {
      const double a140_other = __shfl_down_sync(p140_mask, a140, p140_offset);
      const double b140_other = __shfl_down_sync(p140_mask, b140, p140_offset);
      if (p140_lane + p140_offset < p140_width) {
        const double a140_max = a140 < a140_other ? a140_other : a140;
        b140 = b140 * (a140 == a140_max ? 1 : exp(a140 - a140_max)) + b140_other * (a140_other == a140_max ? 1 : exp(a140_other - a140_max));
        a140 = a140_max;
      }
    }
    if (p140_lane == 0) {
      a140_warps[p140_rank / 32u] = a140;
      b140_warps[p140_rank / 32u] = b140;
    }
    __syncthreads();
    if (p140_rank < 32u) {
      const unsigned p140_count = (p140_threads + 31u) / 32u;
      if (p140_rank < p140_count) {
        a140 = a140_warps[p140_rank];
        b140 = b140_warps[p140_rank];
      }
      for (unsigned p140_offset = 16; p140_offset > 0; p140_offset /= 2) {
        const double a140_other = __shfl_down_sync(p140_mask, a140, p140_offset);
        const double b140_other = __shfl_down_sync(p140_mask, b140, p140_offset);
        if (p140_lane + p140_offset < p140_count) {
          const double a140_max = a140 < a140_other ? a140_other : a140;
          b140 = b140 * (a140 == a140_max ? 1 : exp(a140 - a140_max)) + b140_other * (a140_other == a140_max ? 1 : exp(a140_other - a140_max));
          a140 = a140_max;
        }
      }
    }
    if (p140_rank == 0) {
      a140_warps[0] = a140;
      b140_warps[0] = b140;
    }
    __syncthreads();
    a140 = a140_warps[0];
    b140 = b140_warps[0];
    out_a[g] = (double)a140;
    out_b[g] = (double)b140;
  }
}

__global__ void pk141(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a141 = t % 3 == 2 ? -INFINITY : (double)in[g];
    double b141 = t % 3 == 2 ? 0 : 1;
    const unsigned p141_rank = threadIdx.x;
    const unsigned p141_lane = p141_rank % 32u;
    const unsigned p141_threads = blockDim.x;
    const unsigned p141_width = min(32u, p141_threads - (p141_rank - p141_lane));
    const unsigned p141_mask = p141_width == 32u ? 0xffffffffu : (1u << p141_width) - 1u;
    for (unsigned p141_offset = 16; p141_offset > 0; p141_offset /= 2) {
      const double a141_other = __shfl_down_sync(p141_mask, a141, p141_offset);
      const double b141_other = __shfl_down_sync(p141_mask, b141, p141_offset);
      if (p141_lane + p141_offset < p141_width) {
        const double a141_max = a141 < a141_other ? a141_other : a141;
        b141 = b141 * (a141 == a141_max ? 1 : exp(a141 - a141_max)) + b141_other * (a141_other == a141_max ? 1 : exp(a141_other - a141_max));
        a141 = a141_max;
      }
    }
    a141 = __shfl_sync(p141_mask, a141, 0);
    b141 = __shfl_sync(p141_mask, b141, 0);
    out_a[g] = (double)a141;
    out_b[g] = (double)b141;
  }
}

__global__ void pk142(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    double a142 = t % 3 == 2 ? -INFINITY : (double)in[g];
    double b142 = t % 3 == 2 ? 0 : 1;
    __shared__ double a142_warps[32];
    __shared__ double b142_warps[32];
    const unsigned p142_rank = threadIdx.x;
    const unsigned p142_lane = p142_rank % 32u;
    const unsigned p142_threads = blockDim.x;
    for (unsigned p142_offset = 16; p142_offset > 0; p142_offset /= 2) {
      const double a142_other = __shfl_down_sync(0xffffffffu, a142, p142_offset);
      const double b142_other = __shfl_down_sync(0xffffffffu, b142, p142_offset);
      const double a142_max = a142 < a142_other ? a142_other : a142;
      b142 = b142 * (a142 == a142_max ? 1 : exp(a142 - a142_max)) + b142_other * (a142_other == a142_max ? 1 : exp(a142_other - a142_max));
      a142 = a142_max;
    }
    if (p142_lane == 0) {
      a142_warps[p142_rank / 32u] = a142;
      b142_warps[p142_rank / 32u] = b142;
    }
    __syncthreads();
    if (p142_rank < 32u) {
      const unsigned p142_count = (p142_threads + 31u) / 32u;
      if (p142_rank < p142_count) {
        a142 = a142_warps[p142_rank];
        b142 = b142_warps[p142_rank];
      }
      for (unsigned p142_offset = 16; p142_offset > 0; p142_offset /= 2) {
        const double a142_other = __shfl_down_sync(0xffffffffu, a142, p142_offset);
        const double b142_other = __shfl_down_sync(0xffffffffu, b142, p142_offset);
        if (p142_lane + p142_offset < p142_count) {
          const double a142_max = a142 < a142_other ? a142_other : a142;
          b142 = b142 * (a142 == a142_max ? 1 : exp(a142 - a142_max)) + b142_other * (a142_other == a142_max ? 1 : exp(a142_other - a142_max));
          a142 = a142_max;
        }
      }
    }
    if (p142_rank == 0) {
      a142_warps[0] = a142;
      b142_warps[0] = b142;
    }
    __syncthreads();
    a142 = a142_warps[0];
    b142 = b142_warps[0];
    out_a[g] = (double)a142;
    out_b[g] = (double)b142;
  }
}

__global__ void pk143(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a143 = t % 3 == 2 ? -INFINITY : (double)in[g];
    double b143 = t % 3 == 2 ? 0 : 1;
    for (unsigned p143_offset = 16; p143_offset > 0; p143_offset /= 2) {
      const double a143_other = __shfl_down_sync(0xffffffffu, a143, p143_offset);
      const double b143_other = __shfl_down_sync(0xffffffffu, b143, p143_offset);
      const double a143_max = a143 < a143_other ? a143_other : a143;
      b143 = b143 * (a143 == a143_max ? 1 : exp(a143 - a143_max)) + b143_other * (a143_other == a143_max ? 1 : exp(a143_other - a143_max));
      a143 = a143_max;
    }
    a143 = __shfl_sync(0xffffffffu, a143, 0);
    b143 = __shfl_sync(0xffffffffu, b143, 0);
    out_a[g] = (double)a143;
    out_b[g] = (double)b143;
  }
}

__global__ void pk144(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a144 = (float)in[g];
    int b144 = t;
    __shared__ float a144_tree[256];
    __shared__ int b144_tree[256];
    const unsigned p144_rank = threadIdx.x;
    __syncthreads();
    a144_tree[p144_rank] = a144;
    b144_tree[p144_rank] = b144;
    __syncthreads();
    for (unsigned p144_stride = 128; p144_stride > 0; p144_stride /= 2) {
      if (p144_rank < p144_stride) {
        const float a144_other = a144_tree[p144_rank + p144_stride];
        const int b144_other = b144_tree[p144_rank + p144_stride];
        if (a144_other > a144 || (a144_other == a144 && b144_other < b144)) {
          a144 = a144_other;
          b144 = b144_other;
        }
        a144_tree[p144_rank] = a144;
        b144_tree[p144_rank] = b144;
      }
      __syncthreads();
    }
    a144 = a144_tree[0];
    b144 = b144_tree[0];
    out_a[g] = (double)a144;
    out_b[g] = (double)b144;
  }
}

__global__ void pk145(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a145 = (float)in[g];
    int b145 = t;
    __shared__ float a145_tree[256];
    __shared__ int b145_tree[256];
    const unsigned p145_rank = threadIdx.x;
    __syncthreads();
    a145_tree[p145_rank] = a145;
    b145_tree[p145_rank] = b145;
    __syncthreads();
    for (unsigned p145_stride = 128; p145_stride > 0; p145_stride /= 2) {
      if (p145_rank < p145_stride) {
        const float a145_other = a145_tree[p145_rank + p145_stride];
        const int b145_other = b145_tree[p145_rank + p145_stride];
        if (a145_other > a145 || (a145_other == a145 && b145_other > b145)) {
          a145 = a145_other;
          b145 = b145_other;
        }
        a145_tree[p145_rank] = a145;
        b145_tree[p145_rank] = b145;
      }
      __syncthreads();
    }
    a145 = a145_tree[0];
    b145 = b145_tree[0];
    out_a[g] = (double)a145;
    out_b[g] = (double)b145;
  }
}

__global__ void pk146(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a146 = (float)in[g];
    int b146 = t;
    __shared__ float a146_tree[256];
    __shared__ int b146_tree[256];
    const unsigned p146_rank = threadIdx.x;
    __syncthreads();
    a146_tree[p146_rank] = a146;
    b146_tree[p146_rank] = b146;
    __syncthreads();
    for (unsigned p146_stride = 128; p146_stride > 0; p146_stride /= 2) {
      if (p146_rank < p146_stride) {
        const float a146_other = a146_tree[p146_rank + p146_stride];
        const int b146_other = b146_tree[p146_rank + p146_stride];
        if (a146_other < a146 || (a146_other == a146 && b146_other < b146)) {
          a146 = a146_other;
          b146 = b146_other;
        }
        a146_tree[p146_rank] = a146;
        b146_tree[p146_rank] = b146;
      }
      __syncthreads();
    }
    a146 = a146_tree[0];
    b146 = b146_tree[0];
    out_a[g] = (double)a146;
    out_b[g] = (double)b146;
  }
}

__global__ void pk147(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a147 = (float)in[g];
    int b147 = t;
    __shared__ float a147_tree[256];
    __shared__ int b147_tree[256];
    const unsigned p147_rank = threadIdx.x;
    __syncthreads();
    a147_tree[p147_rank] = a147;
    b147_tree[p147_rank] = b147;
    __syncthreads();
    for (unsigned p147_stride = 128; p147_stride > 0; p147_stride /= 2) {
      if (p147_rank < p147_stride) {
        const float a147_other = a147_tree[p147_rank + p147_stride];
        const int b147_other = b147_tree[p147_rank + p147_stride];
        if (a147_other < a147 || (a147_other == a147 && b147_other > b147)) {
          a147 = a147_other;
          b147 = b147_other;
        }
        a147_tree[p147_rank] = a147;
        b147_tree[p147_rank] = b147;
      }
      __syncthreads();
    }
    a147 = a147_tree[0];
    b147 = b147_tree[0];
    out_a[g] = (double)a147;
    out_b[g] = (double)b147;
  }
}

__global__ void pk148(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a148 = t % 3 == 2 ? -INFINITY : (float)in[g];
    float b148 = t % 3 == 2 ? 0 : 1;
    __shared__ float a148_tree[256];
    __shared__ float b148_tree[256];
    const unsigned p148_rank = threadIdx.x;
    __syncthreads();
    a148_tree[p148_rank] = a148;
    b148_tree[p148_rank] = b148;
    __syncthreads();
    for (unsigned p148_stride = 128; p148_stride > 0; p148_stride /= 2) {
      if (p148_rank < p148_stride) {
        const float a148_other = a148_tree[p148_rank + p148_stride];
        const float b148_other = b148_tree[p148_rank + p148_stride];
        const float a148_max = a148 < a148_other ? a148_other : a148;
        b148 = b148 * (a148 == a148_max ? 1 : expf(a148 - a148_max)) + b148_other * (a148_other == a148_max ? 1 : expf(a148_other - a148_max));
        a148 = a148_max;
        a148_tree[p148_rank] = a148;
        b148_tree[p148_rank] = b148;
      }
      __syncthreads();
    }
    a148 = a148_tree[0];
    b148 = b148_tree[0];
    out_a[g] = (double)a148;
    out_b[g] = (double)b148;
  }
}

__global__ void pk149(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a149 = t % 3 == 2 ? -INFINITY : (double)in[g];
    double b149 = t % 3 == 2 ? 0 : 1;
    __shared__ double a149_tree[256];
    __shared__ double b149_tree[256];
    const unsigned p149_rank = threadIdx.x;
    __syncthreads();
    a149_tree[p149_rank] = a149;
    b149_tree[p149_rank] = b149;
    __syncthreads();
    for (unsigned p149_stride = 128; p149_stride > 0; p149_stride /= 2) {
      if (p149_rank < p149_stride) {
        const double a149_other = a149_tree[p149_rank + p149_stride];
        const double b149_other = b149_tree[p149_rank + p149_stride];
        const double a149_max = a149 < a149_other ? a149_other : a149;
        b149 = b149 * (a149 == a149_max ? 1 : exp(a149 - a149_max)) + b149_other * (a149_other == a149_max ? 1 : exp(a149_other - a149_max));
        a149 = a149_max;
        a149_tree[p149_rank] = a149;
        b149_tree[p149_rank] = b149;
      }
      __syncthreads();
    }
    a149 = a149_tree[0];
    b149 = b149_tree[0];
    out_a[g] = (double)a149;
    out_b[g] = (double)b149;
  }
}

__global__ void pk150(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a150 = (float)in[g];
    int b150 = t;
    __shared__ float a150_tree[1024];
    __shared__ int b150_tree[1024];
    const unsigned p150_rank = threadIdx.x;
    __syncthreads();
    a150_tree[p150_rank] = a150;
    b150_tree[p150_rank] = b150;
    __syncthreads();
    for (unsigned p150_stride = 512; p150_stride > 0; p150_stride /= 2) {
      if (p150_rank < p150_stride) {
        const float a150_other = a150_tree[p150_rank + p150_stride];
        const int b150_other = b150_tree[p150_rank + p150_stride];
        if (a150_other > a150 || (a150_other == a150 && b150_other < b150)) {
          a150 = a150_other;
          b150 = b150_other;
        }
        a150_tree[p150_rank] = a150;
        b150_tree[p150_rank] = b150;
      }
      __syncthreads();
    }
    a150 = a150_tree[0];
    b150 = b150_tree[0];
    out_a[g] = (double)a150;
    out_b[g] = (double)b150;
  }
}

__global__ void pk151(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a151 = (float)in[g];
    int b151 = t;
    __shared__ float a151_tree[1024];
    __shared__ int b151_tree[1024];
    const unsigned p151_rank = threadIdx.x;
    __syncthreads();
    a151_tree[p151_rank] = a151;
    b151_tree[p151_rank] = b151;
    __syncthreads();
    for (unsigned p151_stride = 512; p151_stride > 0; p151_stride /= 2) {
      if (p151_rank < p151_stride) {
        const float a151_other = a151_tree[p151_rank + p151_stride];
        const int b151_other = b151_tree[p151_rank + p151_stride];
        if (a151_other > a151 || (a151_other == a151 && b151_other > b151)) {
          a151 = a151_other;
          b151 = b151_other;
        }
        a151_tree[p151_rank] = a151;
        b151_tree[p151_rank] = b151;
      }
      __syncthreads();
    }
    a151 = a151_tree[0];
    b151 = b151_tree[0];
    out_a[g] = (double)a151;
    out_b[g] = (double)b151;
  }
}

__global__ void pk152(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a152 = (float)in[g];
    int b152 = t;
    __shared__ float a152_tree[1024];
    __shared__ int b152_tree[1024];
    const unsigned p152_rank = threadIdx.x;
    __syncthreads();
    a152_tree[p152_rank] = a152;
    b152_tree[p152_rank] = b152;
    __syncthreads();
    for (unsigned p152_stride = 512; p152_stride > 0; p152_stride /= 2) {
      if (p152_rank < p152_stride) {
        const float a152_other = a152_tree[p152_rank + p152_stride];
        const int b152_other = b152_tree[p152_rank + p152_stride];
        if (a152_other < a152 || (a152_other == a152 && b152_other < b152)) {
          a152 = a152_other;
          b152 = b152_other;
        }
        a152_tree[p152_rank] = a152;
        b152_tree[p152_rank] = b152;
      }
      __syncthreads();
    }
    a152 = a152_tree[0];
    b152 = b152_tree[0];
    out_a[g] = (double)a152;
    out_b[g] = (double)b152;
  }
}

__global__ void pk153(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a153 = (float)in[g];
    int b153 = t;
    __shared__ float a153_tree[1024];
    __shared__ int b153_tree[1024];
    const unsigned p153_rank = threadIdx.x;
    __syncthreads();
    a153_tree[p153_rank] = a153;
    b153_tree[p153_rank] = b153;
    __syncthreads();
    for (unsigned p153_stride = 512; p153_stride > 0; p153_stride /= 2) {
      if (p153_rank < p153_stride) {
        const float a153_other = a153_tree[p153_rank + p153_stride];
        const int b153_other = b153_tree[p153_rank + p153_stride];
        if (a153_other < a153 || (a153_other == a153 && b153_other > b153)) {
          a153 = a153_other;
          b153 = b153_other;
        }
        a153_tree[p153_rank] = a153;
        b153_tree[p153_rank] = b153;
      }
      __syncthreads();
    }
    a153 = a153_tree[0];
    b153 = b153_tree[0];
    out_a[g] = (double)a153;
    out_b[g] = (double)b153;
  }
}

__global__ void pk154(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a154 = t % 3 == 2 ? -INFINITY : (float)in[g];
    float b154 = t % 3 == 2 ? 0 : 1;
    __shared__ float a154_tree[1024];
    __shared__ float b154_tree[1024];
    const unsigned p154_rank = threadIdx.x;
    __syncthreads();
    a154_tree[p154_rank] = a154;
    b154_tree[p154_rank] = b154;
    __syncthreads();
    for (unsigned p154_stride = 512; p154_stride > 0; p154_stride /= 2) {
      if (p154_rank < p154_stride) {
        const float a154_other = a154_tree[p154_rank + p154_stride];
        const float b154_other = b154_tree[p154_rank + p154_stride];
        const float a154_max = a154 < a154_other ? a154_other : a154;
        b154 = b154 * (a154 == a154_max ? 1 : expf(a154 - a154_max)) + b154_other * (a154_other == a154_max ? 1 : expf(a154_other - a154_max));
        a154 = a154_max;
        a154_tree[p154_rank] = a154;
        b154_tree[p154_rank] = b154;
      }
      __syncthreads();
    }
    a154 = a154_tree[0];
    b154 = b154_tree[0];
    out_a[g] = (double)a154;
    out_b[g] = (double)b154;
  }
}

__global__ void pk155(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a155 = t % 3 == 2 ? -INFINITY : (double)in[g];
    double b155 = t % 3 == 2 ? 0 : 1;
    __shared__ double a155_tree[1024];
    __shared__ double b155_tree[1024];
    const unsigned p155_rank = threadIdx.x;
    __syncthreads();
    a155_tree[p155_rank] = a155;
    b155_tree[p155_rank] = b155;
    __syncthreads();
    for (unsigned p155_stride = 512; p155_stride > 0; p155_stride /= 2) {
      if (p155_rank < p155_stride) {
        const double a155_other = a155_tree[p155_rank + p155_stride];
        const double b155_other = b155_tree[p155_rank + p155_stride];
        const double a155_max = a155 < a155_other ? a155_other : a155;
        b155 = b155 * (a155 == a155_max ? 1 : exp(a155 - a155_max)) + b155_other * (a155_other == a155_max ? 1 : exp(a155_other - a155_max));
        a155 = a155_max;
        a155_tree[p155_rank] = a155;
        b155_tree[p155_rank] = b155;
      }
      __syncthreads();
    }
    a155 = a155_tree[0];
    b155 = b155_tree[0];
    out_a[g] = (double)a155;
    out_b[g] = (double)b155;
  }
}

__global__ void pk156(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a156 = (float)in[g];
    int b156 = t;
    __shared__ float a156_tree[128];
    __shared__ int b156_tree[128];
    const unsigned p156_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    __syncthreads();
    a156_tree[p156_rank] = a156;
    b156_tree[p156_rank] = b156;
    __syncthreads();
    for (unsigned p156_stride = 64; p156_stride > 0; p156_stride /= 2) {
      if (p156_rank < p156_stride) {
        const float a156_other = a156_tree[p156_rank + p156_stride];
        const int b156_other = b156_tree[p156_rank + p156_stride];
        if (a156_other > a156 || (a156_other == a156 && b156_other < b156)) {
          a156 = a156_other;
          b156 = b156_other;
        }
        a156_tree[p156_rank] = a156;
        b156_tree[p156_rank] = b156;
      }
      __syncthreads();
    }
    a156 = a156_tree[0];
    b156 = b156_tree[0];
    out_a[g] = (double)a156;
    out_b[g] = (double)b156;
  }
}

__global__ void pk157(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a157 = (float)in[g];
    int b157 = t;
    __shared__ float a157_tree[128];
    __shared__ int b157_tree[128];
    const unsigned p157_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    __syncthreads();
    a157_tree[p157_rank] = a157;
    b157_tree[p157_rank] = b157;
    __syncthreads();
    for (unsigned p157_stride = 64; p157_stride > 0; p157_stride /= 2) {
      if (p157_rank < p157_stride) {
        const float a157_other = a157_tree[p157_rank + p157_stride];
        const int b157_other = b157_tree[p157_rank + p157_stride];
        if (a157_other > a157 || (a157_other == a157 && b157_other > b157)) {
          a157 = a157_other;
          b157 = b157_other;
        }
        a157_tree[p157_rank] = a157;
        b157_tree[p157_rank] = b157;
      }
      __syncthreads();
    }
    a157 = a157_tree[0];
    b157 = b157_tree[0];
    out_a[g] = (double)a157;
    out_b[g] = (double)b157;
  }
}

__global__ void pk158(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a158 = (float)in[g];
    int b158 = t;
    __shared__ float a158_tree[128];
    __shared__ int b158_tree[128];
    const unsigned p158_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    __syncthreads();
    a158_tree[p158_rank] = a158;
    b158_tree[p158_rank] = b158;
    __syncthreads();
    for (unsigned p158_stride = 64; p158_stride > 0; p158_stride /= 2) {
      if (p158_rank < p158_stride) {
        const float a158_other = a158_tree[p158_rank + p158_stride];
        const int b158_other = b158_tree[p158_rank + p158_stride];
        if (a158_other < a158 || (a158_other == a158 && b158_other < b158)) {
          a158 = a158_other;
          b158 = b158_other;
        }
        a158_tree[p158_rank] = a158;
        b158_tree[p158_rank] = b158;
      }
      __syncthreads();
    }
    a158 = a158_tree[0];
    b158 = b158_tree[0];
    out_a[g] = (double)a158;
    out_b[g] = (double)b158;
  }
}

__global__ void pk159(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a159 = (float)in[g];
    int b159 = t;
    __shared__ float a159_tree[128];
    __shared__ int b159_tree[128];
    const unsigned p159_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    __syncthreads();
    a159_tree[p159_rank] = a159;
    b159_tree[p159_rank] = b159;
    __syncthreads();
    for (unsigned p159_stride = 64; p159_stride > 0; p159_stride /= 2) {
      if (p159_rank < p159_stride) {
        const float a159_other = a159_tree[p159_rank + p159_stride];
        const int b159_other = b159_tree[p159_rank + p159_stride];
        if (a159_other < a159 || (a159_other == a159 && b159_other > b159)) {
          a159 = a159_other;
          b159 = b159_other;
        }
        a159_tree[p159_rank] = a159;
        b159_tree[p159_rank] = b159;
      }
      __syncthreads();
    }
    a159 = a159_tree[0];
    b159 = b159_tree[0];
    out_a[g] = (double)a159;
    out_b[g] = (double)b159;
  }
}

__global__ void pk160(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a160 = t % 3 == 2 ? -INFINITY : (float)in[g];
    float b160 = t % 3 == 2 ? 0 : 1;
    __shared__ float a160_tree[128];
    __shared__ float b160_tree[128];
    const unsigned p160_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    __syncthreads();
    a160_tree[p160_rank] = a160;
    b160_tree[p160_rank] = b160;
    __syncthreads();
    for (unsigned p160_stride = 64; p160_stride > 0; p160_stride /= 2) {
      if (p160_rank < p160_stride) {
        const float a160_other = a160_tree[p160_rank + p160_stride];
        const float b160_other = b160_tree[p160_rank + p160_stride];
        const float a160_max = a160 < a160_other ? a160_other : a160;
        b160 = b160 * (a160 == a160_max ? 1 : expf(a160 - a160_max)) + b160_other * (a160_other == a160_max ? 1 : expf(a160_other - a160_max));
        a160 = a160_max;
        a160_tree[p160_rank] = a160;
        b160_tree[p160_rank] = b160;
      }
      __syncthreads();
    }
    a160 = a160_tree[0];
    b160 = b160_tree[0];
    out_a[g] = (double)a160;
    out_b[g] = (double)b160;
  }
}

__global__ void pk161(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a161 = t % 3 == 2 ? -INFINITY : (double)in[g];
    double b161 = t % 3 == 2 ? 0 : 1;
    __shared__ double a161_tree[128];
    __shared__ double b161_tree[128];
    const unsigned p161_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    __syncthreads();
    a161_tree[p161_rank] = a161;
    b161_tree[p161_rank] = b161;
    __syncthreads();
    for (unsigned p161_stride = 64; p161_stride > 0; p161_stride /= 2) {
      if (p161_rank < p161_stride) {
        const double a161_other = a161_tree[p161_rank + p161_stride];
        const double b161_other = b161_tree[p161_rank + p161_stride];
        const double a161_max = a161 < a161_other ? a161_other : a161;
        b161 = b161 * (a161 == a161_max ? 1 : exp(a161 - a161_max)) + b161_other * (a161_other == a161_max ? 1 : exp(a161_other - a161_max));
        a161 = a161_max;
        a161_tree[p161_rank] = a161;
        b161_tree[p161_rank] = b161;
      }
      __syncthreads();
    }
    a161 = a161_tree[0];
    b161 = b161_tree[0];
    out_a[g] = (double)a161;
    out_b[g] = (double)b161;
  }
}

__global__ void pk162(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a162 = (float)in[g];
    int b162 = t;
    __shared__ float a162_tree[96];
    __shared__ int b162_tree[96];
    const unsigned p162_rank = threadIdx.x;
    const unsigned p162_lane = p162_rank % 32u;
    __syncwarp();
    a162_tree[p162_rank] = a162;
    b162_tree[p162_rank] = b162;
    __syncwarp();
    for (unsigned p162_stride = 16; p162_stride > 0; p162_stride /= 2) {
      if (p162_lane < p162_stride) {
        const float a162_other = a162_tree[p162_rank + p162_stride];
        const int b162_other = b162_tree[p162_rank + p162_stride];
        if (a162_other > a162 || (a162_other == a162 && b162_other < b162)) {
          a162 = a162_other;
          b162 = b162_other;
        }
        a162_tree[p162_rank] = a162;
        b162_tree[p162_rank] = b162;
      }
      __syncwarp();
    }
    a162 = a162_tree[p162_rank - p162_lane];
    b162 = b162_tree[p162_rank - p162_lane];
    out_a[g] = (double)a162;
    out_b[g] = (double)b162;
  }
}

__global__ void pk163(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a163 = (float)in[g];
    int b163 = t;
    __shared__ float a163_tree[96];
    __shared__ int b163_tree[96];
    const unsigned p163_rank = threadIdx.x;
    const unsigned p163_lane = p163_rank % 32u;
    __syncwarp();
    a163_tree[p163_rank] = a163;
    b163_tree[p163_rank] = b163;
    __syncwarp();
    for (unsigned p163_stride = 16; p163_stride > 0; p163_stride /= 2) {
      if (p163_lane < p163_stride) {
        const float a163_other = a163_tree[p163_rank + p163_stride];
        const int b163_other = b163_tree[p163_rank + p163_stride];
        if (a163_other > a163 || (a163_other == a163 && b163_other > b163)) {
          a163 = a163_other;
          b163 = b163_other;
        }
        a163_tree[p163_rank] = a163;
        b163_tree[p163_rank] = b163;
      }
      __syncwarp();
    }
    a163 = a163_tree[p163_rank - p163_lane];
    b163 = b163_tree[p163_rank - p163_lane];
    out_a[g] = (double)a163;
    out_b[g] = (double)b163;
  }
}

__global__ void pk164(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a164 = (float)in[g];
    int b164 = t;
    __shared__ float a164_tree[96];
    __shared__ int b164_tree[96];
    const unsigned p164_rank = threadIdx.x;
    const unsigned p164_lane = p164_rank % 32u;
    __syncwarp();
    a164_tree[p164_rank] = a164;
    b164_tree[p164_rank] = b164;
    __syncwarp();
    for (unsigned p164_stride = 16; p164_stride > 0; p164_stride /= 2) {
      if (p164_lane < p164_stride) {
        const float a164_other = a164_tree[p164_rank + p164_stride];
        const int b164_other = b164_tree[p164_rank + p164_stride];
        if (a164_other < a164 || (a164_other == a164 && b164_other < b164)) {
          a164 = a164_other;
          b164 = b164_other;
        }
        a164_tree[p164_rank] = a164;
        b164_tree[p164_rank] = b164;
      }
      __syncwarp();
    }
    a164 = a164_tree[p164_rank - p164_lane];
    b164 = b164_tree[p164_rank - p164_lane];
    out_a[g] = (double)a164;
    out_b[g] = (double)b164;
  }
}

__global__ void pk165(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a165 = (float)in[g];
    int b165 = t;
    __shared__ float a165_tree[96];
    __shared__ int b165_tree[96];
    const unsigned p165_rank = threadIdx.x;
    const unsigned p165_lane = p165_rank % 32u;
    __syncwarp();
    a165_tree[p165_rank] = a165;
    b165_tree[p165_rank] = b165;
    __syncwarp();
    for (unsigned p165_stride = 16; p165_stride > 0; p165_stride /= 2) {
      if (p165_lane < p165_stride) {
        const float a165_other = a165_tree[p165_rank + p165_stride];
        const int b165_other = b165_tree[p165_rank + p165_stride];
        if (a165_other < a165 || (a165_other == a165 && b165_other > b165)) {
          a165 = a165_other;
          b165 = b165_other;
        }
        a165_tree[p165_rank] = a165;
        b165_tree[p165_rank] = b165;
      }
      __syncwarp();
    }
    a165 = a165_tree[p165_rank - p165_lane];
    b165 = b165_tree[p165_rank - p165_lane];
    out_a[g] = (double)a165;
    out_b[g] = (double)b165;
  }
}

__global__ void pk166(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a166 = t % 3 == 2 ? -INFINITY : (float)in[g];
    float b166 = t % 3 == 2 ? 0 : 1;
    __shared__ float a166_tree[96];
    __shared__ float b166_tree[96];
    const unsigned p166_rank = threadIdx.x;
    const unsigned p166_lane = p166_rank % 32u;
    __syncwarp();
    a166_tree[p166_rank] = a166;
    b166_tree[p166_rank] = b166;
    __syncwarp();
    for (unsigned p166_stride = 16; p166_stride > 0; p166_stride /= 2) {
      if (p166_lane < p166_stride) {
        const float a166_other = a166_tree[p166_rank + p166_stride];
        const float b166_other = b166_tree[p166_rank + p166_stride];
        const float a166_max = a166 < a166_other ? a166_other : a166;
        b166 = b166 * (a166 == a166_max ? 1 : expf(a166 - a166_max)) + b166_other * (a166_other == a166_max ? 1 : expf(a166_other - a166_max));
        a166 = a166_max;
        a166_tree[p166_rank] = a166;
        b166_tree[p166_rank] = b166;
      }
      __syncwarp();
    }
    a166 = a166_tree[p166_rank - p166_lane];
    b166 = b166_tree[p166_rank - p166_lane];
    out_a[g] = (double)a166;
    out_b[g] = (double)b166;
  }
}

__global__ void pk167(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a167 = t % 3 == 2 ? -INFINITY : (double)in[g];
    double b167 = t % 3 == 2 ? 0 : 1;
    __shared__ double a167_tree[96];
    __shared__ double b167_tree[96];
    const unsigned p167_rank = threadIdx.x;
    const unsigned p167_lane = p167_rank % 32u;
    __syncwarp();
    a167_tree[p167_rank] = a167;
    b167_tree[p167_rank] = b167;
    __syncwarp();
    for (unsigned p167_stride = 16; p167_stride > 0; p167_stride /= 2) {
      if (p167_lane < p167_stride) {
        const double a167_other = a167_tree[p167_rank + p167_stride];
        const double b167_other = b167_tree[p167_rank + p167_stride];
        const double a167_max = a167 < a167_other ? a167_other : a167;
        b167 = b167 * (a167 == a167_max ? 1 : exp(a167 - a167_max)) + b167_other * (a167_other == a167_max ? 1 : exp(a167_other - a167_max));
        a167 = a167_max;
        a167_tree[p167_rank] = a167;
        b167_tree[p167_rank] = b167;
      }
      __syncwarp();
    }
    a167 = a167_tree[p167_rank - p167_lane];
    b167 = b167_tree[p167_rank - p167_lane];
    out_a[g] = (double)a167;
    out_b[g] = (double)b167;
  }
}

__global__ void pk168(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a168 = (float)in[g];
    int b168 = t;
    __shared__ float a168_tree[128];
    __shared__ int b168_tree[128];
    const unsigned p168_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p168_lane = p168_rank % 32u;
    __syncwarp();
    a168_tree[p168_rank] = a168;
    b168_tree[p168_rank] = b168;
    __syncwarp();
    for (unsigned p168_stride = 16; p168_stride > 0; p168_stride /= 2) {
      if (p168_lane < p168_stride) {
        const float a168_other = a168_tree[p168_rank + p168_stride];
        const int b168_other = b168_tree[p168_rank + p168_stride];
        if (a168_other > a168 || (a168_other == a168 && b168_other < b168)) {
          a168 = a168_other;
          b168 = b168_other;
        }
        a168_tree[p168_rank] = a168;
        b168_tree[p168_rank] = b168;
      }
      __syncwarp();
    }
    a168 = a168_tree[p168_rank - p168_lane];
    b168 = b168_tree[p168_rank - p168_lane];
    out_a[g] = (double)a168;
    out_b[g] = (double)b168;
  }
}

__global__ void pk169(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a169 = (float)in[g];
    int b169 = t;
    __shared__ float a169_tree[128];
    __shared__ int b169_tree[128];
    const unsigned p169_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p169_lane = p169_rank % 32u;
    __syncwarp();
    a169_tree[p169_rank] = a169;
    b169_tree[p169_rank] = b169;
    __syncwarp();
    for (unsigned p169_stride = 16; p169_stride > 0; p169_stride /= 2) {
      if (p169_lane < p169_stride) {
        const float a169_other = a169_tree[p169_rank + p169_stride];
        const int b169_other = b169_tree[p169_rank + p169_stride];
        if (a169_other > a169 || (a169_other == a169 && b169_other > b169)) {
          a169 = a169_other;
          b169 = b169_other;
        }
        a169_tree[p169_rank] = a169;
        b169_tree[p169_rank] = b169;
      }
      __syncwarp();
    }
    a169 = a169_tree[p169_rank - p169_lane];
    b169 = b169_tree[p169_rank - p169_lane];
    out_a[g] = (double)a169;
    out_b[g] = (double)b169;
  }
}

__global__ void pk170(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a170 = (float)in[g];
    int b170 = t;
    __shared__ float a170_tree[128];
    __shared__ int b170_tree[128];
    const unsigned p170_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p170_lane = p170_rank % 32u;
    __syncwarp();
    a170_tree[p170_rank] = a170;
    b170_tree[p170_rank] = b170;
    __syncwarp();
    for (unsigned p170_stride = 16; p170_stride > 0; p170_stride /= 2) {
      if (p170_lane < p170_stride) {
        const float a170_other = a170_tree[p170_rank + p170_stride];
        const int b170_other = b170_tree[p170_rank + p170_stride];
        if (a170_other < a170 || (a170_other == a170 && b170_other < b170)) {
          a170 = a170_other;
          b170 = b170_other;
        }
        a170_tree[p170_rank] = a170;
        b170_tree[p170_rank] = b170;
      }
      __syncwarp();
    }
    a170 = a170_tree[p170_rank - p170_lane];
    b170 = b170_tree[p170_rank - p170_lane];
    out_a[g] = (double)a170;
    out_b[g] = (double)b170;
  }
}

__global__ void pk171(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a171 = (float)in[g];
    int b171 = t;
    __shared__ float a171_tree[128];
    __shared__ int b171_tree[128];
    const unsigned p171_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p171_lane = p171_rank % 32u;
    __syncwarp();
    a171_tree[p171_rank] = a171;
    b171_tree[p171_rank] = b171;
    __syncwarp();
    for (unsigned p171_stride = 16; p171_stride > 0; p171_stride /= 2) {
      if (p171_lane < p171_stride) {
        const float a171_other = a171_tree[p171_rank + p171_stride];
        const int b171_other = b171_tree[p171_rank + p171_stride];
        if (a171_other < a171 || (a171_other == a171 && b171_other > b171)) {
          a171 = a171_other;
          b171 = b171_other;
        }
        a171_tree[p171_rank] = a171;
        b171_tree[p171_rank] = b171;
      }
      __syncwarp();
    }
    a171 = a171_tree[p171_rank - p171_lane];
    b171 = b171_tree[p171_rank - p171_lane];
    out_a[g] = (double)a171;
    out_b[g] = (double)b171;
  }
}

__global__ void pk172(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float a172 = t % 3 == 2 ? -INFINITY : (float)in[g];
    float b172 = t % 3 == 2 ? 0 : 1;
    __shared__ float a172_tree[128];
    __shared__ float b172_tree[128];
    const unsigned p172_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p172_lane = p172_rank % 32u;
    __syncwarp();
    a172_tree[p172_rank] = a172;
    b172_tree[p172_rank] = b172;
    __syncwarp();
    for (unsigned p172_stride = 16; p172_stride > 0; p172_stride /= 2) {
      if (p172_lane < p172_stride) {
        const float a172_other = a172_tree[p172_rank + p172_stride];
        const float b172_other = b172_tree[p172_rank + p172_stride];
        const float a172_max = a172 < a172_other ? a172_other : a172;
        b172 = b172 * (a172 == a172_max ? 1 : expf(a172 - a172_max)) + b172_other * (a172_other == a172_max ? 1 : expf(a172_other - a172_max));
        a172 = a172_max;
        a172_tree[p172_rank] = a172;
        b172_tree[p172_rank] = b172;
      }
      __syncwarp();
    }
    a172 = a172_tree[p172_rank - p172_lane];
    b172 = b172_tree[p172_rank - p172_lane];
    out_a[g] = (double)a172;
    out_b[g] = (double)b172;
  }
}

__global__ void pk173(const double *in, double *out_a, double *out_b) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double a173 = t % 3 == 2 ? -INFINITY : (double)in[g];
    double b173 = t % 3 == 2 ? 0 : 1;
    __shared__ double a173_tree[128];
    __shared__ double b173_tree[128];
    const unsigned p173_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned p173_lane = p173_rank % 32u;
    __syncwarp();
    a173_tree[p173_rank] = a173;
    b173_tree[p173_rank] = b173;
    __syncwarp();
    for (unsigned p173_stride = 16; p173_stride > 0; p173_stride /= 2) {
      if (p173_lane < p173_stride) {
        const double a173_other = a173_tree[p173_rank + p173_stride];
        const double b173_other = b173_tree[p173_rank + p173_stride];
        const double a173_max = a173 < a173_other ? a173_other : a173;
        b173 = b173 * (a173 == a173_max ? 1 : exp(a173 - a173_max)) + b173_other * (a173_other == a173_max ? 1 : exp(a173_other - a173_max));
        a173 = a173_max;
        a173_tree[p173_rank] = a173;
        b173_tree[p173_rank] = b173;
      }
      __syncwarp();
    }
    a173 = a173_tree[p173_rank - p173_lane];
    b173 = b173_tree[p173_rank - p173_lane];
    out_a[g] = (double)a173;
    out_b[g] = (double)b173;
  }
}


typedef void (*Kernel)(const double *, double *, double *);
// kind: 0 argmax, 1 argmin, 2 online softmax.
// only: run the kernel on blocks of this many threads alone (0: all).
int check(const char *name, Kernel k, int kind, bool last, bool block, bool full, bool oned, unsigned only) {
  const dim3 shapes[] = {dim3(256), dim3(1024), dim3(96), dim3(100), dim3(33), dim3(7), dim3(1),
                         dim3(32, 4), dim3(16, 3), dim3(5, 3, 2)};
  int bad = 0;
  for (dim3 b : shapes) {
    unsigned nt = b.x * b.y * b.z;
    if ((full && nt % 32) || (oned && (b.y > 1 || b.z > 1)) || (only && nt != only))
      continue;
    const unsigned blocks = 3;
    size_t n = (size_t)blocks * nt;
    std::vector<double> in(n);
    for (size_t i = 0; i < n; ++i)
      in[i] = kind == 2 ? (rand() % 1000) / 100.0 - 5.0 : (double)(rand() % 5); // argmax: many ties
    double *din, *da, *db;
    cudaMalloc(&din, n * sizeof(double));
    cudaMalloc(&da, n * sizeof(double));
    cudaMalloc(&db, n * sizeof(double));
    cudaMemcpy(din, in.data(), n * sizeof(double), cudaMemcpyHostToDevice);
    k<<<blocks, b>>>(din, da, db);
    std::vector<double> a(n), bb(n);
    cudaMemcpy(a.data(), da, n * sizeof(double), cudaMemcpyDeviceToHost);
    if (cudaMemcpy(bb.data(), db, n * sizeof(double), cudaMemcpyDeviceToHost) != cudaSuccess) {
      printf("%s: CUDA error %s\n", name, cudaGetErrorString(cudaGetLastError()));
      return 1;
    }
    for (unsigned blk = 0; blk < blocks; ++blk)
      for (unsigned w = 0; w < (block ? 1 : (nt + 31) / 32); ++w) {
        unsigned lo = block ? 0 : w * 32, hi = block ? nt : (w * 32 + 32 < nt ? w * 32 + 32 : nt);
        // The serial loop over the group's elements in rank order.
        double wa = kind == 2 ? -INFINITY : in[(size_t)blk * nt + lo], wb = kind == 2 ? 0 : 0;
        for (unsigned t = lo + (kind == 2 ? 0 : 1); t < hi; ++t) {
          double v = in[(size_t)blk * nt + t];
          if (kind == 2) {
            if ((t - 0) % 3 == 2)
              continue;
            double mn = v > wa ? v : wa;
            wb = wb * exp(wa - mn) + exp(v - mn);
            wa = mn;
          } else if (kind == 0 ? (last ? v >= wa : v > wa) : (last ? v <= wa : v < wa)) {
            wa = v;
            wb = t - lo;
          }
        }
        for (unsigned t = lo; t < hi; ++t) {
          size_t g = (size_t)blk * nt + t;
          double ga = a[g], gb = kind == 2 ? bb[g] : bb[g] - lo;
          bool ok = kind == 2 ? (std::isinf(wa) ? ga == wa && gb == 0 : fabs(ga - wa) <= 1e-6 * fabs(wa) &&
                                                                          fabs(gb - wb) <= 1e-4 * fabs(wb))
                              : ga == wa && gb == wb;
          if (!ok) {
            printf("%s: block (%u,%u,%u) group %u thread %u: got (%g, %g), want (%g, %g)\n", name, b.x, b.y, b.z,
                   blk, t, ga, gb, wa, wb);
            ++bad;
            break;
          }
        }
      }
    cudaFree(din);
    cudaFree(da);
    cudaFree(db);
  }
  return bad;
}

int main() {
  int bad = 0;
  bad += check("pk0", pk0, 0, false, true, false, false, 0);
  bad += check("pk1", pk1, 0, false, false, false, false, 0);
  bad += check("pk2", pk2, 0, false, true, true, false, 0);
  bad += check("pk3", pk3, 0, false, false, true, false, 0);
  bad += check("pk4", pk4, 0, false, true, false, true, 0);
  bad += check("pk5", pk5, 0, false, false, false, true, 0);
  bad += check("pk6", pk6, 0, false, true, true, true, 0);
  bad += check("pk7", pk7, 0, false, false, true, true, 0);
  bad += check("pk8", pk8, 0, false, true, false, false, 0);
  bad += check("pk9", pk9, 0, false, false, false, false, 0);
  bad += check("pk10", pk10, 0, false, true, true, false, 0);
  bad += check("pk11", pk11, 0, false, false, true, false, 0);
  bad += check("pk12", pk12, 0, false, true, false, true, 0);
  bad += check("pk13", pk13, 0, false, false, false, true, 0);
  bad += check("pk14", pk14, 0, false, true, true, true, 0);
  bad += check("pk15", pk15, 0, false, false, true, true, 0);
  bad += check("pk16", pk16, 0, false, true, false, false, 0);
  bad += check("pk17", pk17, 0, false, false, false, false, 0);
  bad += check("pk18", pk18, 0, false, true, true, false, 0);
  bad += check("pk19", pk19, 0, false, false, true, false, 0);
  bad += check("pk20", pk20, 0, false, true, false, true, 0);
  bad += check("pk21", pk21, 0, false, false, false, true, 0);
  bad += check("pk22", pk22, 0, false, true, true, true, 0);
  bad += check("pk23", pk23, 0, false, false, true, true, 0);
  bad += check("pk24", pk24, 0, false, true, false, false, 0);
  bad += check("pk25", pk25, 0, false, false, false, false, 0);
  bad += check("pk26", pk26, 0, false, true, true, false, 0);
  bad += check("pk27", pk27, 0, false, false, true, false, 0);
  bad += check("pk28", pk28, 0, false, true, false, true, 0);
  bad += check("pk29", pk29, 0, false, false, false, true, 0);
  bad += check("pk30", pk30, 0, false, true, true, true, 0);
  bad += check("pk31", pk31, 0, false, false, true, true, 0);
  bad += check("pk32", pk32, 0, true, true, false, false, 0);
  bad += check("pk33", pk33, 0, true, false, false, false, 0);
  bad += check("pk34", pk34, 0, true, true, true, false, 0);
  bad += check("pk35", pk35, 0, true, false, true, false, 0);
  bad += check("pk36", pk36, 0, true, true, false, true, 0);
  bad += check("pk37", pk37, 0, true, false, false, true, 0);
  bad += check("pk38", pk38, 0, true, true, true, true, 0);
  bad += check("pk39", pk39, 0, true, false, true, true, 0);
  bad += check("pk40", pk40, 0, true, true, false, false, 0);
  bad += check("pk41", pk41, 0, true, false, false, false, 0);
  bad += check("pk42", pk42, 0, true, true, true, false, 0);
  bad += check("pk43", pk43, 0, true, false, true, false, 0);
  bad += check("pk44", pk44, 0, true, true, false, true, 0);
  bad += check("pk45", pk45, 0, true, false, false, true, 0);
  bad += check("pk46", pk46, 0, true, true, true, true, 0);
  bad += check("pk47", pk47, 0, true, false, true, true, 0);
  bad += check("pk48", pk48, 0, true, true, false, false, 0);
  bad += check("pk49", pk49, 0, true, false, false, false, 0);
  bad += check("pk50", pk50, 0, true, true, true, false, 0);
  bad += check("pk51", pk51, 0, true, false, true, false, 0);
  bad += check("pk52", pk52, 0, true, true, false, true, 0);
  bad += check("pk53", pk53, 0, true, false, false, true, 0);
  bad += check("pk54", pk54, 0, true, true, true, true, 0);
  bad += check("pk55", pk55, 0, true, false, true, true, 0);
  bad += check("pk56", pk56, 0, true, true, false, false, 0);
  bad += check("pk57", pk57, 0, true, false, false, false, 0);
  bad += check("pk58", pk58, 0, true, true, true, false, 0);
  bad += check("pk59", pk59, 0, true, false, true, false, 0);
  bad += check("pk60", pk60, 0, true, true, false, true, 0);
  bad += check("pk61", pk61, 0, true, false, false, true, 0);
  bad += check("pk62", pk62, 0, true, true, true, true, 0);
  bad += check("pk63", pk63, 0, true, false, true, true, 0);
  bad += check("pk64", pk64, 1, false, true, false, false, 0);
  bad += check("pk65", pk65, 1, false, false, false, false, 0);
  bad += check("pk66", pk66, 1, false, true, true, false, 0);
  bad += check("pk67", pk67, 1, false, false, true, false, 0);
  bad += check("pk68", pk68, 1, false, true, false, true, 0);
  bad += check("pk69", pk69, 1, false, false, false, true, 0);
  bad += check("pk70", pk70, 1, false, true, true, true, 0);
  bad += check("pk71", pk71, 1, false, false, true, true, 0);
  bad += check("pk72", pk72, 1, false, true, false, false, 0);
  bad += check("pk73", pk73, 1, false, false, false, false, 0);
  bad += check("pk74", pk74, 1, false, true, true, false, 0);
  bad += check("pk75", pk75, 1, false, false, true, false, 0);
  bad += check("pk76", pk76, 1, false, true, false, true, 0);
  bad += check("pk77", pk77, 1, false, false, false, true, 0);
  bad += check("pk78", pk78, 1, false, true, true, true, 0);
  bad += check("pk79", pk79, 1, false, false, true, true, 0);
  bad += check("pk80", pk80, 1, false, true, false, false, 0);
  bad += check("pk81", pk81, 1, false, false, false, false, 0);
  bad += check("pk82", pk82, 1, false, true, true, false, 0);
  bad += check("pk83", pk83, 1, false, false, true, false, 0);
  bad += check("pk84", pk84, 1, false, true, false, true, 0);
  bad += check("pk85", pk85, 1, false, false, false, true, 0);
  bad += check("pk86", pk86, 1, false, true, true, true, 0);
  bad += check("pk87", pk87, 1, false, false, true, true, 0);
  bad += check("pk88", pk88, 1, false, true, false, false, 0);
  bad += check("pk89", pk89, 1, false, false, false, false, 0);
  bad += check("pk90", pk90, 1, false, true, true, false, 0);
  bad += check("pk91", pk91, 1, false, false, true, false, 0);
  bad += check("pk92", pk92, 1, false, true, false, true, 0);
  bad += check("pk93", pk93, 1, false, false, false, true, 0);
  bad += check("pk94", pk94, 1, false, true, true, true, 0);
  bad += check("pk95", pk95, 1, false, false, true, true, 0);
  bad += check("pk96", pk96, 1, true, true, false, false, 0);
  bad += check("pk97", pk97, 1, true, false, false, false, 0);
  bad += check("pk98", pk98, 1, true, true, true, false, 0);
  bad += check("pk99", pk99, 1, true, false, true, false, 0);
  bad += check("pk100", pk100, 1, true, true, false, true, 0);
  bad += check("pk101", pk101, 1, true, false, false, true, 0);
  bad += check("pk102", pk102, 1, true, true, true, true, 0);
  bad += check("pk103", pk103, 1, true, false, true, true, 0);
  bad += check("pk104", pk104, 1, true, true, false, false, 0);
  bad += check("pk105", pk105, 1, true, false, false, false, 0);
  bad += check("pk106", pk106, 1, true, true, true, false, 0);
  bad += check("pk107", pk107, 1, true, false, true, false, 0);
  bad += check("pk108", pk108, 1, true, true, false, true, 0);
  bad += check("pk109", pk109, 1, true, false, false, true, 0);
  bad += check("pk110", pk110, 1, true, true, true, true, 0);
  bad += check("pk111", pk111, 1, true, false, true, true, 0);
  bad += check("pk112", pk112, 1, true, true, false, false, 0);
  bad += check("pk113", pk113, 1, true, false, false, false, 0);
  bad += check("pk114", pk114, 1, true, true, true, false, 0);
  bad += check("pk115", pk115, 1, true, false, true, false, 0);
  bad += check("pk116", pk116, 1, true, true, false, true, 0);
  bad += check("pk117", pk117, 1, true, false, false, true, 0);
  bad += check("pk118", pk118, 1, true, true, true, true, 0);
  bad += check("pk119", pk119, 1, true, false, true, true, 0);
  bad += check("pk120", pk120, 1, true, true, false, false, 0);
  bad += check("pk121", pk121, 1, true, false, false, false, 0);
  bad += check("pk122", pk122, 1, true, true, true, false, 0);
  bad += check("pk123", pk123, 1, true, false, true, false, 0);
  bad += check("pk124", pk124, 1, true, true, false, true, 0);
  bad += check("pk125", pk125, 1, true, false, false, true, 0);
  bad += check("pk126", pk126, 1, true, true, true, true, 0);
  bad += check("pk127", pk127, 1, true, false, true, true, 0);
  bad += check("pk128", pk128, 2, false, true, false, false, 0);
  bad += check("pk129", pk129, 2, false, false, false, false, 0);
  bad += check("pk130", pk130, 2, false, true, true, false, 0);
  bad += check("pk131", pk131, 2, false, false, true, false, 0);
  bad += check("pk132", pk132, 2, false, true, false, true, 0);
  bad += check("pk133", pk133, 2, false, false, false, true, 0);
  bad += check("pk134", pk134, 2, false, true, true, true, 0);
  bad += check("pk135", pk135, 2, false, false, true, true, 0);
  bad += check("pk136", pk136, 2, false, true, false, false, 0);
  bad += check("pk137", pk137, 2, false, false, false, false, 0);
  bad += check("pk138", pk138, 2, false, true, true, false, 0);
  bad += check("pk139", pk139, 2, false, false, true, false, 0);
  bad += check("pk140", pk140, 2, false, true, false, true, 0);
  bad += check("pk141", pk141, 2, false, false, false, true, 0);
  bad += check("pk142", pk142, 2, false, true, true, true, 0);
  bad += check("pk143", pk143, 2, false, false, true, true, 0);
  bad += check("pk144", pk144, 0, false, true, true, true, 256);
  bad += check("pk145", pk145, 0, true, true, true, true, 256);
  bad += check("pk146", pk146, 1, false, true, true, true, 256);
  bad += check("pk147", pk147, 1, true, true, true, true, 256);
  bad += check("pk148", pk148, 2, false, true, true, true, 256);
  bad += check("pk149", pk149, 2, false, true, true, true, 256);
  bad += check("pk150", pk150, 0, false, true, true, true, 1024);
  bad += check("pk151", pk151, 0, true, true, true, true, 1024);
  bad += check("pk152", pk152, 1, false, true, true, true, 1024);
  bad += check("pk153", pk153, 1, true, true, true, true, 1024);
  bad += check("pk154", pk154, 2, false, true, true, true, 1024);
  bad += check("pk155", pk155, 2, false, true, true, true, 1024);
  bad += check("pk156", pk156, 0, false, true, true, false, 128);
  bad += check("pk157", pk157, 0, true, true, true, false, 128);
  bad += check("pk158", pk158, 1, false, true, true, false, 128);
  bad += check("pk159", pk159, 1, true, true, true, false, 128);
  bad += check("pk160", pk160, 2, false, true, true, false, 128);
  bad += check("pk161", pk161, 2, false, true, true, false, 128);
  bad += check("pk162", pk162, 0, false, false, true, true, 96);
  bad += check("pk163", pk163, 0, true, false, true, true, 96);
  bad += check("pk164", pk164, 1, false, false, true, true, 96);
  bad += check("pk165", pk165, 1, true, false, true, true, 96);
  bad += check("pk166", pk166, 2, false, false, true, true, 96);
  bad += check("pk167", pk167, 2, false, false, true, true, 96);
  bad += check("pk168", pk168, 0, false, false, true, false, 128);
  bad += check("pk169", pk169, 0, true, false, true, false, 128);
  bad += check("pk170", pk170, 1, false, false, true, false, 128);
  bad += check("pk171", pk171, 1, true, false, true, false, 128);
  bad += check("pk172", pk172, 2, false, false, true, false, 128);
  bad += check("pk173", pk173, 2, false, false, true, false, 128);
  printf("%d mismatches\n", bad);
  return bad != 0;
}
