#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <math.h>

__global__ void k0(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    int v0 = in[g];
    __shared__ int r0_warps[32];
    const unsigned r0_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r0_lane = r0_rank % 32u;
    const unsigned r0_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r0_width = min(32u, r0_threads - (r0_rank - r0_lane));
    const unsigned r0_mask = r0_width == 32u ? 0xffffffffu : (1u << r0_width) - 1u;
    for (unsigned r0_offset = 16; r0_offset > 0; r0_offset /= 2) {
      const int r0_other = __shfl_down_sync(r0_mask, v0, r0_offset);
      if (r0_lane + r0_offset < r0_width)
        v0 += r0_other;
    }
    if (r0_lane == 0)
      r0_warps[r0_rank / 32u] = v0;
    __syncthreads();
    if (r0_rank < 32u) {
      v0 = r0_rank < (r0_threads + 31u) / 32u ? r0_warps[r0_rank] : 0;
      for (unsigned r0_offset = 16; r0_offset > 0; r0_offset /= 2) {
        const int r0_other = __shfl_down_sync(r0_mask, v0, r0_offset);
        if (r0_lane + r0_offset < r0_width)
          v0 += r0_other;
      }
    }
    if (r0_rank == 0)
      out[blockIdx.x] = v0;
  }
}

__global__ void k1(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    int v1 = in[g];
    const unsigned r1_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r1_lane = r1_rank % 32u;
    const unsigned r1_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r1_width = min(32u, r1_threads - (r1_rank - r1_lane));
    const unsigned r1_mask = r1_width == 32u ? 0xffffffffu : (1u << r1_width) - 1u;
    for (unsigned r1_offset = 16; r1_offset > 0; r1_offset /= 2) {
      const int r1_other = __shfl_down_sync(r1_mask, v1, r1_offset);
      if (r1_lane + r1_offset < r1_width)
        v1 += r1_other;
    }
    if (r1_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v1;
  }
}

__global__ void k2(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int v2 = in[g];
    __shared__ int r2_warps[32];
    const unsigned r2_rank = threadIdx.x;
    const unsigned r2_lane = r2_rank % 32u;
    const unsigned r2_threads = blockDim.x;
    for (unsigned r2_offset = 16; r2_offset > 0; r2_offset /= 2)
      v2 += __shfl_down_sync(0xffffffffu, v2, r2_offset);
    __syncthreads();
    if (r2_lane == 0)
      r2_warps[r2_rank / 32u] = v2;
    __syncthreads();
    if (r2_rank < 32u) {
      v2 = r2_rank < (r2_threads + 31u) / 32u ? r2_warps[r2_rank] : 0;
      for (unsigned r2_offset = 16; r2_offset > 0; r2_offset /= 2)
        v2 += __shfl_down_sync(0xffffffffu, v2, r2_offset);
    }
    if (r2_rank == 0)
      r2_warps[0] = v2;
    __syncthreads();
    v2 = r2_warps[0];
    out[g] = v2;
  }
}

__global__ void k3(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    int v3 = in[g];
    const unsigned r3_rank = threadIdx.x;
    const unsigned r3_lane = r3_rank % 32u;
    const unsigned r3_threads = blockDim.x;
    const unsigned r3_width = min(32u, r3_threads - (r3_rank - r3_lane));
    const unsigned r3_mask = r3_width == 32u ? 0xffffffffu : (1u << r3_width) - 1u;
    for (unsigned r3_offset = 16; r3_offset > 0; r3_offset /= 2) {
      const int r3_other = __shfl_down_sync(r3_mask, v3, r3_offset);
      if (r3_lane + r3_offset < r3_width)
        v3 += r3_other;
    }
    v3 = __shfl_sync(r3_mask, v3, 0);
    out[g] = v3;
  }
}

__global__ void k4(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    int v4 = in[g];
    __shared__ int r4_warps[32];
    const unsigned r4_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r4_lane = r4_rank % 32u;
    const unsigned r4_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r4_width = min(32u, r4_threads - (r4_rank - r4_lane));
    const unsigned r4_mask = r4_width == 32u ? 0xffffffffu : (1u << r4_width) - 1u;
    for (unsigned r4_offset = 16; r4_offset > 0; r4_offset /= 2) {
      const int r4_other = __shfl_down_sync(r4_mask, v4, r4_offset);
      if (r4_lane + r4_offset < r4_width)
        v4 = max(v4, r4_other);
    }
    if (r4_lane == 0)
      r4_warps[r4_rank / 32u] = v4;
    __syncthreads();
    if (r4_rank < 32u) {
      v4 = r4_rank < (r4_threads + 31u) / 32u ? r4_warps[r4_rank] : (-2147483647 - 1);
      for (unsigned r4_offset = 16; r4_offset > 0; r4_offset /= 2) {
        const int r4_other = __shfl_down_sync(r4_mask, v4, r4_offset);
        if (r4_lane + r4_offset < r4_width)
          v4 = max(v4, r4_other);
      }
    }
    if (r4_rank == 0)
      out[blockIdx.x] = v4;
  }
}

__global__ void k5(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    int v5 = in[g];
    const unsigned r5_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r5_lane = r5_rank % 32u;
    const unsigned r5_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r5_width = min(32u, r5_threads - (r5_rank - r5_lane));
    const unsigned r5_mask = r5_width == 32u ? 0xffffffffu : (1u << r5_width) - 1u;
    for (unsigned r5_offset = 16; r5_offset > 0; r5_offset /= 2) {
      const int r5_other = __shfl_down_sync(r5_mask, v5, r5_offset);
      if (r5_lane + r5_offset < r5_width)
        v5 = max(v5, r5_other);
    }
    if (r5_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v5;
  }
}

__global__ void k6(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int v6 = in[g];
    __shared__ int r6_warps[32];
    const unsigned r6_rank = threadIdx.x;
    const unsigned r6_lane = r6_rank % 32u;
    const unsigned r6_threads = blockDim.x;
    for (unsigned r6_offset = 16; r6_offset > 0; r6_offset /= 2)
      v6 = max(v6, __shfl_down_sync(0xffffffffu, v6, r6_offset));
    __syncthreads();
    if (r6_lane == 0)
      r6_warps[r6_rank / 32u] = v6;
    __syncthreads();
    if (r6_rank < 32u) {
      v6 = r6_rank < (r6_threads + 31u) / 32u ? r6_warps[r6_rank] : (-2147483647 - 1);
      for (unsigned r6_offset = 16; r6_offset > 0; r6_offset /= 2)
        v6 = max(v6, __shfl_down_sync(0xffffffffu, v6, r6_offset));
    }
    if (r6_rank == 0)
      r6_warps[0] = v6;
    __syncthreads();
    v6 = r6_warps[0];
    out[g] = v6;
  }
}

__global__ void k7(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    int v7 = in[g];
    const unsigned r7_rank = threadIdx.x;
    const unsigned r7_lane = r7_rank % 32u;
    const unsigned r7_threads = blockDim.x;
    const unsigned r7_width = min(32u, r7_threads - (r7_rank - r7_lane));
    const unsigned r7_mask = r7_width == 32u ? 0xffffffffu : (1u << r7_width) - 1u;
    for (unsigned r7_offset = 16; r7_offset > 0; r7_offset /= 2) {
      const int r7_other = __shfl_down_sync(r7_mask, v7, r7_offset);
      if (r7_lane + r7_offset < r7_width)
        v7 = max(v7, r7_other);
    }
    v7 = __shfl_sync(r7_mask, v7, 0);
    out[g] = v7;
  }
}

__global__ void k8(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    int v8 = in[g];
    __shared__ int r8_warps[32];
    const unsigned r8_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r8_lane = r8_rank % 32u;
    const unsigned r8_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r8_width = min(32u, r8_threads - (r8_rank - r8_lane));
    const unsigned r8_mask = r8_width == 32u ? 0xffffffffu : (1u << r8_width) - 1u;
    for (unsigned r8_offset = 16; r8_offset > 0; r8_offset /= 2) {
      const int r8_other = __shfl_down_sync(r8_mask, v8, r8_offset);
      if (r8_lane + r8_offset < r8_width)
        v8 = min(v8, r8_other);
    }
    if (r8_lane == 0)
      r8_warps[r8_rank / 32u] = v8;
    __syncthreads();
    if (r8_rank < 32u) {
      v8 = r8_rank < (r8_threads + 31u) / 32u ? r8_warps[r8_rank] : 2147483647;
      for (unsigned r8_offset = 16; r8_offset > 0; r8_offset /= 2) {
        const int r8_other = __shfl_down_sync(r8_mask, v8, r8_offset);
        if (r8_lane + r8_offset < r8_width)
          v8 = min(v8, r8_other);
      }
    }
    if (r8_rank == 0)
      out[blockIdx.x] = v8;
  }
}

__global__ void k9(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    int v9 = in[g];
    const unsigned r9_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r9_lane = r9_rank % 32u;
    const unsigned r9_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r9_width = min(32u, r9_threads - (r9_rank - r9_lane));
    const unsigned r9_mask = r9_width == 32u ? 0xffffffffu : (1u << r9_width) - 1u;
    for (unsigned r9_offset = 16; r9_offset > 0; r9_offset /= 2) {
      const int r9_other = __shfl_down_sync(r9_mask, v9, r9_offset);
      if (r9_lane + r9_offset < r9_width)
        v9 = min(v9, r9_other);
    }
    if (r9_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v9;
  }
}

__global__ void k10(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int v10 = in[g];
    __shared__ int r10_warps[32];
    const unsigned r10_rank = threadIdx.x;
    const unsigned r10_lane = r10_rank % 32u;
    const unsigned r10_threads = blockDim.x;
    for (unsigned r10_offset = 16; r10_offset > 0; r10_offset /= 2)
      v10 = min(v10, __shfl_down_sync(0xffffffffu, v10, r10_offset));
    __syncthreads();
    if (r10_lane == 0)
      r10_warps[r10_rank / 32u] = v10;
    __syncthreads();
    if (r10_rank < 32u) {
      v10 = r10_rank < (r10_threads + 31u) / 32u ? r10_warps[r10_rank] : 2147483647;
      for (unsigned r10_offset = 16; r10_offset > 0; r10_offset /= 2)
        v10 = min(v10, __shfl_down_sync(0xffffffffu, v10, r10_offset));
    }
    if (r10_rank == 0)
      r10_warps[0] = v10;
    __syncthreads();
    v10 = r10_warps[0];
    out[g] = v10;
  }
}

__global__ void k11(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    int v11 = in[g];
    const unsigned r11_rank = threadIdx.x;
    const unsigned r11_lane = r11_rank % 32u;
    const unsigned r11_threads = blockDim.x;
    const unsigned r11_width = min(32u, r11_threads - (r11_rank - r11_lane));
    const unsigned r11_mask = r11_width == 32u ? 0xffffffffu : (1u << r11_width) - 1u;
    for (unsigned r11_offset = 16; r11_offset > 0; r11_offset /= 2) {
      const int r11_other = __shfl_down_sync(r11_mask, v11, r11_offset);
      if (r11_lane + r11_offset < r11_width)
        v11 = min(v11, r11_other);
    }
    v11 = __shfl_sync(r11_mask, v11, 0);
    out[g] = v11;
  }
}

__global__ void k12(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    int v12 = in[g];
    __shared__ int r12_warps[32];
    const unsigned r12_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r12_lane = r12_rank % 32u;
    const unsigned r12_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r12_width = min(32u, r12_threads - (r12_rank - r12_lane));
    const unsigned r12_mask = r12_width == 32u ? 0xffffffffu : (1u << r12_width) - 1u;
    for (unsigned r12_offset = 16; r12_offset > 0; r12_offset /= 2) {
      const int r12_other = __shfl_down_sync(r12_mask, v12, r12_offset);
      if (r12_lane + r12_offset < r12_width)
        v12 &= r12_other;
    }
    if (r12_lane == 0)
      r12_warps[r12_rank / 32u] = v12;
    __syncthreads();
    if (r12_rank < 32u) {
      v12 = r12_rank < (r12_threads + 31u) / 32u ? r12_warps[r12_rank] : ~0;
      for (unsigned r12_offset = 16; r12_offset > 0; r12_offset /= 2) {
        const int r12_other = __shfl_down_sync(r12_mask, v12, r12_offset);
        if (r12_lane + r12_offset < r12_width)
          v12 &= r12_other;
      }
    }
    if (r12_rank == 0)
      out[blockIdx.x] = v12;
  }
}

__global__ void k13(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    int v13 = in[g];
    const unsigned r13_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r13_lane = r13_rank % 32u;
    const unsigned r13_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r13_width = min(32u, r13_threads - (r13_rank - r13_lane));
    const unsigned r13_mask = r13_width == 32u ? 0xffffffffu : (1u << r13_width) - 1u;
    for (unsigned r13_offset = 16; r13_offset > 0; r13_offset /= 2) {
      const int r13_other = __shfl_down_sync(r13_mask, v13, r13_offset);
      if (r13_lane + r13_offset < r13_width)
        v13 &= r13_other;
    }
    if (r13_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v13;
  }
}

__global__ void k14(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int v14 = in[g];
    __shared__ int r14_warps[32];
    const unsigned r14_rank = threadIdx.x;
    const unsigned r14_lane = r14_rank % 32u;
    const unsigned r14_threads = blockDim.x;
    for (unsigned r14_offset = 16; r14_offset > 0; r14_offset /= 2)
      v14 &= __shfl_down_sync(0xffffffffu, v14, r14_offset);
    __syncthreads();
    if (r14_lane == 0)
      r14_warps[r14_rank / 32u] = v14;
    __syncthreads();
    if (r14_rank < 32u) {
      v14 = r14_rank < (r14_threads + 31u) / 32u ? r14_warps[r14_rank] : ~0;
      for (unsigned r14_offset = 16; r14_offset > 0; r14_offset /= 2)
        v14 &= __shfl_down_sync(0xffffffffu, v14, r14_offset);
    }
    if (r14_rank == 0)
      r14_warps[0] = v14;
    __syncthreads();
    v14 = r14_warps[0];
    out[g] = v14;
  }
}

__global__ void k15(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    int v15 = in[g];
    const unsigned r15_rank = threadIdx.x;
    const unsigned r15_lane = r15_rank % 32u;
    const unsigned r15_threads = blockDim.x;
    const unsigned r15_width = min(32u, r15_threads - (r15_rank - r15_lane));
    const unsigned r15_mask = r15_width == 32u ? 0xffffffffu : (1u << r15_width) - 1u;
    for (unsigned r15_offset = 16; r15_offset > 0; r15_offset /= 2) {
      const int r15_other = __shfl_down_sync(r15_mask, v15, r15_offset);
      if (r15_lane + r15_offset < r15_width)
        v15 &= r15_other;
    }
    v15 = __shfl_sync(r15_mask, v15, 0);
    out[g] = v15;
  }
}

__global__ void k16(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    int v16 = in[g];
    __shared__ int r16_warps[32];
    const unsigned r16_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r16_lane = r16_rank % 32u;
    const unsigned r16_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r16_width = min(32u, r16_threads - (r16_rank - r16_lane));
    const unsigned r16_mask = r16_width == 32u ? 0xffffffffu : (1u << r16_width) - 1u;
    for (unsigned r16_offset = 16; r16_offset > 0; r16_offset /= 2) {
      const int r16_other = __shfl_down_sync(r16_mask, v16, r16_offset);
      if (r16_lane + r16_offset < r16_width)
        v16 |= r16_other;
    }
    if (r16_lane == 0)
      r16_warps[r16_rank / 32u] = v16;
    __syncthreads();
    if (r16_rank < 32u) {
      v16 = r16_rank < (r16_threads + 31u) / 32u ? r16_warps[r16_rank] : 0;
      for (unsigned r16_offset = 16; r16_offset > 0; r16_offset /= 2) {
        const int r16_other = __shfl_down_sync(r16_mask, v16, r16_offset);
        if (r16_lane + r16_offset < r16_width)
          v16 |= r16_other;
      }
    }
    if (r16_rank == 0)
      out[blockIdx.x] = v16;
  }
}

__global__ void k17(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    int v17 = in[g];
    const unsigned r17_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r17_lane = r17_rank % 32u;
    const unsigned r17_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r17_width = min(32u, r17_threads - (r17_rank - r17_lane));
    const unsigned r17_mask = r17_width == 32u ? 0xffffffffu : (1u << r17_width) - 1u;
    for (unsigned r17_offset = 16; r17_offset > 0; r17_offset /= 2) {
      const int r17_other = __shfl_down_sync(r17_mask, v17, r17_offset);
      if (r17_lane + r17_offset < r17_width)
        v17 |= r17_other;
    }
    if (r17_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v17;
  }
}

__global__ void k18(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int v18 = in[g];
    __shared__ int r18_warps[32];
    const unsigned r18_rank = threadIdx.x;
    const unsigned r18_lane = r18_rank % 32u;
    const unsigned r18_threads = blockDim.x;
    for (unsigned r18_offset = 16; r18_offset > 0; r18_offset /= 2)
      v18 |= __shfl_down_sync(0xffffffffu, v18, r18_offset);
    __syncthreads();
    if (r18_lane == 0)
      r18_warps[r18_rank / 32u] = v18;
    __syncthreads();
    if (r18_rank < 32u) {
      v18 = r18_rank < (r18_threads + 31u) / 32u ? r18_warps[r18_rank] : 0;
      for (unsigned r18_offset = 16; r18_offset > 0; r18_offset /= 2)
        v18 |= __shfl_down_sync(0xffffffffu, v18, r18_offset);
    }
    if (r18_rank == 0)
      r18_warps[0] = v18;
    __syncthreads();
    v18 = r18_warps[0];
    out[g] = v18;
  }
}

__global__ void k19(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    int v19 = in[g];
    const unsigned r19_rank = threadIdx.x;
    const unsigned r19_lane = r19_rank % 32u;
    const unsigned r19_threads = blockDim.x;
    const unsigned r19_width = min(32u, r19_threads - (r19_rank - r19_lane));
    const unsigned r19_mask = r19_width == 32u ? 0xffffffffu : (1u << r19_width) - 1u;
    for (unsigned r19_offset = 16; r19_offset > 0; r19_offset /= 2) {
      const int r19_other = __shfl_down_sync(r19_mask, v19, r19_offset);
      if (r19_lane + r19_offset < r19_width)
        v19 |= r19_other;
    }
    v19 = __shfl_sync(r19_mask, v19, 0);
    out[g] = v19;
  }
}

__global__ void k20(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    int v20 = in[g];
    __shared__ int r20_warps[32];
    const unsigned r20_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r20_lane = r20_rank % 32u;
    const unsigned r20_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r20_width = min(32u, r20_threads - (r20_rank - r20_lane));
    const unsigned r20_mask = r20_width == 32u ? 0xffffffffu : (1u << r20_width) - 1u;
    for (unsigned r20_offset = 16; r20_offset > 0; r20_offset /= 2) {
      const int r20_other = __shfl_down_sync(r20_mask, v20, r20_offset);
      if (r20_lane + r20_offset < r20_width)
        v20 ^= r20_other;
    }
    if (r20_lane == 0)
      r20_warps[r20_rank / 32u] = v20;
    __syncthreads();
    if (r20_rank < 32u) {
      v20 = r20_rank < (r20_threads + 31u) / 32u ? r20_warps[r20_rank] : 0;
      for (unsigned r20_offset = 16; r20_offset > 0; r20_offset /= 2) {
        const int r20_other = __shfl_down_sync(r20_mask, v20, r20_offset);
        if (r20_lane + r20_offset < r20_width)
          v20 ^= r20_other;
      }
    }
    if (r20_rank == 0)
      out[blockIdx.x] = v20;
  }
}

__global__ void k21(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    int v21 = in[g];
    const unsigned r21_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r21_lane = r21_rank % 32u;
    const unsigned r21_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r21_width = min(32u, r21_threads - (r21_rank - r21_lane));
    const unsigned r21_mask = r21_width == 32u ? 0xffffffffu : (1u << r21_width) - 1u;
    for (unsigned r21_offset = 16; r21_offset > 0; r21_offset /= 2) {
      const int r21_other = __shfl_down_sync(r21_mask, v21, r21_offset);
      if (r21_lane + r21_offset < r21_width)
        v21 ^= r21_other;
    }
    if (r21_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v21;
  }
}

__global__ void k22(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    int v22 = in[g];
    __shared__ int r22_warps[32];
    const unsigned r22_rank = threadIdx.x;
    const unsigned r22_lane = r22_rank % 32u;
    const unsigned r22_threads = blockDim.x;
    for (unsigned r22_offset = 16; r22_offset > 0; r22_offset /= 2)
      v22 ^= __shfl_down_sync(0xffffffffu, v22, r22_offset);
    __syncthreads();
    if (r22_lane == 0)
      r22_warps[r22_rank / 32u] = v22;
    __syncthreads();
    if (r22_rank < 32u) {
      v22 = r22_rank < (r22_threads + 31u) / 32u ? r22_warps[r22_rank] : 0;
      for (unsigned r22_offset = 16; r22_offset > 0; r22_offset /= 2)
        v22 ^= __shfl_down_sync(0xffffffffu, v22, r22_offset);
    }
    if (r22_rank == 0)
      r22_warps[0] = v22;
    __syncthreads();
    v22 = r22_warps[0];
    out[g] = v22;
  }
}

__global__ void k23(const int *in, int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    int v23 = in[g];
    const unsigned r23_rank = threadIdx.x;
    const unsigned r23_lane = r23_rank % 32u;
    const unsigned r23_threads = blockDim.x;
    const unsigned r23_width = min(32u, r23_threads - (r23_rank - r23_lane));
    const unsigned r23_mask = r23_width == 32u ? 0xffffffffu : (1u << r23_width) - 1u;
    for (unsigned r23_offset = 16; r23_offset > 0; r23_offset /= 2) {
      const int r23_other = __shfl_down_sync(r23_mask, v23, r23_offset);
      if (r23_lane + r23_offset < r23_width)
        v23 ^= r23_other;
    }
    v23 = __shfl_sync(r23_mask, v23, 0);
    out[g] = v23;
  }
}

__global__ void k24(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned int v24 = in[g];
    __shared__ unsigned int r24_warps[32];
    const unsigned r24_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r24_lane = r24_rank % 32u;
    const unsigned r24_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r24_width = min(32u, r24_threads - (r24_rank - r24_lane));
    const unsigned r24_mask = r24_width == 32u ? 0xffffffffu : (1u << r24_width) - 1u;
    for (unsigned r24_offset = 16; r24_offset > 0; r24_offset /= 2) {
      const unsigned int r24_other = __shfl_down_sync(r24_mask, v24, r24_offset);
      if (r24_lane + r24_offset < r24_width)
        v24 += r24_other;
    }
    if (r24_lane == 0)
      r24_warps[r24_rank / 32u] = v24;
    __syncthreads();
    if (r24_rank < 32u) {
      v24 = r24_rank < (r24_threads + 31u) / 32u ? r24_warps[r24_rank] : 0u;
      for (unsigned r24_offset = 16; r24_offset > 0; r24_offset /= 2) {
        const unsigned int r24_other = __shfl_down_sync(r24_mask, v24, r24_offset);
        if (r24_lane + r24_offset < r24_width)
          v24 += r24_other;
      }
    }
    if (r24_rank == 0)
      out[blockIdx.x] = v24;
  }
}

__global__ void k25(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned int v25 = in[g];
    const unsigned r25_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r25_lane = r25_rank % 32u;
    const unsigned r25_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r25_width = min(32u, r25_threads - (r25_rank - r25_lane));
    const unsigned r25_mask = r25_width == 32u ? 0xffffffffu : (1u << r25_width) - 1u;
    for (unsigned r25_offset = 16; r25_offset > 0; r25_offset /= 2) {
      const unsigned int r25_other = __shfl_down_sync(r25_mask, v25, r25_offset);
      if (r25_lane + r25_offset < r25_width)
        v25 += r25_other;
    }
    if (r25_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v25;
  }
}

__global__ void k26(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned int v26 = in[g];
    __shared__ unsigned int r26_warps[32];
    const unsigned r26_rank = threadIdx.x;
    const unsigned r26_lane = r26_rank % 32u;
    const unsigned r26_threads = blockDim.x;
    for (unsigned r26_offset = 16; r26_offset > 0; r26_offset /= 2)
      v26 += __shfl_down_sync(0xffffffffu, v26, r26_offset);
    __syncthreads();
    if (r26_lane == 0)
      r26_warps[r26_rank / 32u] = v26;
    __syncthreads();
    if (r26_rank < 32u) {
      v26 = r26_rank < (r26_threads + 31u) / 32u ? r26_warps[r26_rank] : 0u;
      for (unsigned r26_offset = 16; r26_offset > 0; r26_offset /= 2)
        v26 += __shfl_down_sync(0xffffffffu, v26, r26_offset);
    }
    if (r26_rank == 0)
      r26_warps[0] = v26;
    __syncthreads();
    v26 = r26_warps[0];
    out[g] = v26;
  }
}

__global__ void k27(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned int v27 = in[g];
    const unsigned r27_rank = threadIdx.x;
    const unsigned r27_lane = r27_rank % 32u;
    const unsigned r27_threads = blockDim.x;
    const unsigned r27_width = min(32u, r27_threads - (r27_rank - r27_lane));
    const unsigned r27_mask = r27_width == 32u ? 0xffffffffu : (1u << r27_width) - 1u;
    for (unsigned r27_offset = 16; r27_offset > 0; r27_offset /= 2) {
      const unsigned int r27_other = __shfl_down_sync(r27_mask, v27, r27_offset);
      if (r27_lane + r27_offset < r27_width)
        v27 += r27_other;
    }
    v27 = __shfl_sync(r27_mask, v27, 0);
    out[g] = v27;
  }
}

__global__ void k28(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned int v28 = in[g];
    __shared__ unsigned int r28_warps[32];
    const unsigned r28_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r28_lane = r28_rank % 32u;
    const unsigned r28_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r28_width = min(32u, r28_threads - (r28_rank - r28_lane));
    const unsigned r28_mask = r28_width == 32u ? 0xffffffffu : (1u << r28_width) - 1u;
    for (unsigned r28_offset = 16; r28_offset > 0; r28_offset /= 2) {
      const unsigned int r28_other = __shfl_down_sync(r28_mask, v28, r28_offset);
      if (r28_lane + r28_offset < r28_width)
        v28 = max(v28, r28_other);
    }
    if (r28_lane == 0)
      r28_warps[r28_rank / 32u] = v28;
    __syncthreads();
    if (r28_rank < 32u) {
      v28 = r28_rank < (r28_threads + 31u) / 32u ? r28_warps[r28_rank] : 0u;
      for (unsigned r28_offset = 16; r28_offset > 0; r28_offset /= 2) {
        const unsigned int r28_other = __shfl_down_sync(r28_mask, v28, r28_offset);
        if (r28_lane + r28_offset < r28_width)
          v28 = max(v28, r28_other);
      }
    }
    if (r28_rank == 0)
      out[blockIdx.x] = v28;
  }
}

__global__ void k29(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned int v29 = in[g];
    const unsigned r29_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r29_lane = r29_rank % 32u;
    const unsigned r29_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r29_width = min(32u, r29_threads - (r29_rank - r29_lane));
    const unsigned r29_mask = r29_width == 32u ? 0xffffffffu : (1u << r29_width) - 1u;
    for (unsigned r29_offset = 16; r29_offset > 0; r29_offset /= 2) {
      const unsigned int r29_other = __shfl_down_sync(r29_mask, v29, r29_offset);
      if (r29_lane + r29_offset < r29_width)
        v29 = max(v29, r29_other);
    }
    if (r29_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v29;
  }
}

__global__ void k30(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned int v30 = in[g];
    __shared__ unsigned int r30_warps[32];
    const unsigned r30_rank = threadIdx.x;
    const unsigned r30_lane = r30_rank % 32u;
    const unsigned r30_threads = blockDim.x;
    for (unsigned r30_offset = 16; r30_offset > 0; r30_offset /= 2)
      v30 = max(v30, __shfl_down_sync(0xffffffffu, v30, r30_offset));
    __syncthreads();
    if (r30_lane == 0)
      r30_warps[r30_rank / 32u] = v30;
    __syncthreads();
    if (r30_rank < 32u) {
      v30 = r30_rank < (r30_threads + 31u) / 32u ? r30_warps[r30_rank] : 0u;
      for (unsigned r30_offset = 16; r30_offset > 0; r30_offset /= 2)
        v30 = max(v30, __shfl_down_sync(0xffffffffu, v30, r30_offset));
    }
    if (r30_rank == 0)
      r30_warps[0] = v30;
    __syncthreads();
    v30 = r30_warps[0];
    out[g] = v30;
  }
}

__global__ void k31(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned int v31 = in[g];
    const unsigned r31_rank = threadIdx.x;
    const unsigned r31_lane = r31_rank % 32u;
    const unsigned r31_threads = blockDim.x;
    const unsigned r31_width = min(32u, r31_threads - (r31_rank - r31_lane));
    const unsigned r31_mask = r31_width == 32u ? 0xffffffffu : (1u << r31_width) - 1u;
    for (unsigned r31_offset = 16; r31_offset > 0; r31_offset /= 2) {
      const unsigned int r31_other = __shfl_down_sync(r31_mask, v31, r31_offset);
      if (r31_lane + r31_offset < r31_width)
        v31 = max(v31, r31_other);
    }
    v31 = __shfl_sync(r31_mask, v31, 0);
    out[g] = v31;
  }
}

__global__ void k32(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned int v32 = in[g];
    __shared__ unsigned int r32_warps[32];
    const unsigned r32_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r32_lane = r32_rank % 32u;
    const unsigned r32_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r32_width = min(32u, r32_threads - (r32_rank - r32_lane));
    const unsigned r32_mask = r32_width == 32u ? 0xffffffffu : (1u << r32_width) - 1u;
    for (unsigned r32_offset = 16; r32_offset > 0; r32_offset /= 2) {
      const unsigned int r32_other = __shfl_down_sync(r32_mask, v32, r32_offset);
      if (r32_lane + r32_offset < r32_width)
        v32 = min(v32, r32_other);
    }
    if (r32_lane == 0)
      r32_warps[r32_rank / 32u] = v32;
    __syncthreads();
    if (r32_rank < 32u) {
      v32 = r32_rank < (r32_threads + 31u) / 32u ? r32_warps[r32_rank] : 0xffffffffu;
      for (unsigned r32_offset = 16; r32_offset > 0; r32_offset /= 2) {
        const unsigned int r32_other = __shfl_down_sync(r32_mask, v32, r32_offset);
        if (r32_lane + r32_offset < r32_width)
          v32 = min(v32, r32_other);
      }
    }
    if (r32_rank == 0)
      out[blockIdx.x] = v32;
  }
}

__global__ void k33(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned int v33 = in[g];
    const unsigned r33_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r33_lane = r33_rank % 32u;
    const unsigned r33_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r33_width = min(32u, r33_threads - (r33_rank - r33_lane));
    const unsigned r33_mask = r33_width == 32u ? 0xffffffffu : (1u << r33_width) - 1u;
    for (unsigned r33_offset = 16; r33_offset > 0; r33_offset /= 2) {
      const unsigned int r33_other = __shfl_down_sync(r33_mask, v33, r33_offset);
      if (r33_lane + r33_offset < r33_width)
        v33 = min(v33, r33_other);
    }
    if (r33_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v33;
  }
}

__global__ void k34(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned int v34 = in[g];
    __shared__ unsigned int r34_warps[32];
    const unsigned r34_rank = threadIdx.x;
    const unsigned r34_lane = r34_rank % 32u;
    const unsigned r34_threads = blockDim.x;
    for (unsigned r34_offset = 16; r34_offset > 0; r34_offset /= 2)
      v34 = min(v34, __shfl_down_sync(0xffffffffu, v34, r34_offset));
    __syncthreads();
    if (r34_lane == 0)
      r34_warps[r34_rank / 32u] = v34;
    __syncthreads();
    if (r34_rank < 32u) {
      v34 = r34_rank < (r34_threads + 31u) / 32u ? r34_warps[r34_rank] : 0xffffffffu;
      for (unsigned r34_offset = 16; r34_offset > 0; r34_offset /= 2)
        v34 = min(v34, __shfl_down_sync(0xffffffffu, v34, r34_offset));
    }
    if (r34_rank == 0)
      r34_warps[0] = v34;
    __syncthreads();
    v34 = r34_warps[0];
    out[g] = v34;
  }
}

__global__ void k35(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned int v35 = in[g];
    const unsigned r35_rank = threadIdx.x;
    const unsigned r35_lane = r35_rank % 32u;
    const unsigned r35_threads = blockDim.x;
    const unsigned r35_width = min(32u, r35_threads - (r35_rank - r35_lane));
    const unsigned r35_mask = r35_width == 32u ? 0xffffffffu : (1u << r35_width) - 1u;
    for (unsigned r35_offset = 16; r35_offset > 0; r35_offset /= 2) {
      const unsigned int r35_other = __shfl_down_sync(r35_mask, v35, r35_offset);
      if (r35_lane + r35_offset < r35_width)
        v35 = min(v35, r35_other);
    }
    v35 = __shfl_sync(r35_mask, v35, 0);
    out[g] = v35;
  }
}

__global__ void k36(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned int v36 = in[g];
    __shared__ unsigned int r36_warps[32];
    const unsigned r36_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r36_lane = r36_rank % 32u;
    const unsigned r36_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r36_width = min(32u, r36_threads - (r36_rank - r36_lane));
    const unsigned r36_mask = r36_width == 32u ? 0xffffffffu : (1u << r36_width) - 1u;
    for (unsigned r36_offset = 16; r36_offset > 0; r36_offset /= 2) {
      const unsigned int r36_other = __shfl_down_sync(r36_mask, v36, r36_offset);
      if (r36_lane + r36_offset < r36_width)
        v36 &= r36_other;
    }
    if (r36_lane == 0)
      r36_warps[r36_rank / 32u] = v36;
    __syncthreads();
    if (r36_rank < 32u) {
      v36 = r36_rank < (r36_threads + 31u) / 32u ? r36_warps[r36_rank] : ~0u;
      for (unsigned r36_offset = 16; r36_offset > 0; r36_offset /= 2) {
        const unsigned int r36_other = __shfl_down_sync(r36_mask, v36, r36_offset);
        if (r36_lane + r36_offset < r36_width)
          v36 &= r36_other;
      }
    }
    if (r36_rank == 0)
      out[blockIdx.x] = v36;
  }
}

__global__ void k37(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned int v37 = in[g];
    const unsigned r37_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r37_lane = r37_rank % 32u;
    const unsigned r37_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r37_width = min(32u, r37_threads - (r37_rank - r37_lane));
    const unsigned r37_mask = r37_width == 32u ? 0xffffffffu : (1u << r37_width) - 1u;
    for (unsigned r37_offset = 16; r37_offset > 0; r37_offset /= 2) {
      const unsigned int r37_other = __shfl_down_sync(r37_mask, v37, r37_offset);
      if (r37_lane + r37_offset < r37_width)
        v37 &= r37_other;
    }
    if (r37_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v37;
  }
}

__global__ void k38(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned int v38 = in[g];
    __shared__ unsigned int r38_warps[32];
    const unsigned r38_rank = threadIdx.x;
    const unsigned r38_lane = r38_rank % 32u;
    const unsigned r38_threads = blockDim.x;
    for (unsigned r38_offset = 16; r38_offset > 0; r38_offset /= 2)
      v38 &= __shfl_down_sync(0xffffffffu, v38, r38_offset);
    __syncthreads();
    if (r38_lane == 0)
      r38_warps[r38_rank / 32u] = v38;
    __syncthreads();
    if (r38_rank < 32u) {
      v38 = r38_rank < (r38_threads + 31u) / 32u ? r38_warps[r38_rank] : ~0u;
      for (unsigned r38_offset = 16; r38_offset > 0; r38_offset /= 2)
        v38 &= __shfl_down_sync(0xffffffffu, v38, r38_offset);
    }
    if (r38_rank == 0)
      r38_warps[0] = v38;
    __syncthreads();
    v38 = r38_warps[0];
    out[g] = v38;
  }
}

__global__ void k39(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned int v39 = in[g];
    const unsigned r39_rank = threadIdx.x;
    const unsigned r39_lane = r39_rank % 32u;
    const unsigned r39_threads = blockDim.x;
    const unsigned r39_width = min(32u, r39_threads - (r39_rank - r39_lane));
    const unsigned r39_mask = r39_width == 32u ? 0xffffffffu : (1u << r39_width) - 1u;
    for (unsigned r39_offset = 16; r39_offset > 0; r39_offset /= 2) {
      const unsigned int r39_other = __shfl_down_sync(r39_mask, v39, r39_offset);
      if (r39_lane + r39_offset < r39_width)
        v39 &= r39_other;
    }
    v39 = __shfl_sync(r39_mask, v39, 0);
    out[g] = v39;
  }
}

__global__ void k40(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned int v40 = in[g];
    __shared__ unsigned int r40_warps[32];
    const unsigned r40_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r40_lane = r40_rank % 32u;
    const unsigned r40_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r40_width = min(32u, r40_threads - (r40_rank - r40_lane));
    const unsigned r40_mask = r40_width == 32u ? 0xffffffffu : (1u << r40_width) - 1u;
    for (unsigned r40_offset = 16; r40_offset > 0; r40_offset /= 2) {
      const unsigned int r40_other = __shfl_down_sync(r40_mask, v40, r40_offset);
      if (r40_lane + r40_offset < r40_width)
        v40 |= r40_other;
    }
    if (r40_lane == 0)
      r40_warps[r40_rank / 32u] = v40;
    __syncthreads();
    if (r40_rank < 32u) {
      v40 = r40_rank < (r40_threads + 31u) / 32u ? r40_warps[r40_rank] : 0u;
      for (unsigned r40_offset = 16; r40_offset > 0; r40_offset /= 2) {
        const unsigned int r40_other = __shfl_down_sync(r40_mask, v40, r40_offset);
        if (r40_lane + r40_offset < r40_width)
          v40 |= r40_other;
      }
    }
    if (r40_rank == 0)
      out[blockIdx.x] = v40;
  }
}

__global__ void k41(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned int v41 = in[g];
    const unsigned r41_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r41_lane = r41_rank % 32u;
    const unsigned r41_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r41_width = min(32u, r41_threads - (r41_rank - r41_lane));
    const unsigned r41_mask = r41_width == 32u ? 0xffffffffu : (1u << r41_width) - 1u;
    for (unsigned r41_offset = 16; r41_offset > 0; r41_offset /= 2) {
      const unsigned int r41_other = __shfl_down_sync(r41_mask, v41, r41_offset);
      if (r41_lane + r41_offset < r41_width)
        v41 |= r41_other;
    }
    if (r41_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v41;
  }
}

__global__ void k42(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned int v42 = in[g];
    __shared__ unsigned int r42_warps[32];
    const unsigned r42_rank = threadIdx.x;
    const unsigned r42_lane = r42_rank % 32u;
    const unsigned r42_threads = blockDim.x;
    for (unsigned r42_offset = 16; r42_offset > 0; r42_offset /= 2)
      v42 |= __shfl_down_sync(0xffffffffu, v42, r42_offset);
    __syncthreads();
    if (r42_lane == 0)
      r42_warps[r42_rank / 32u] = v42;
    __syncthreads();
    if (r42_rank < 32u) {
      v42 = r42_rank < (r42_threads + 31u) / 32u ? r42_warps[r42_rank] : 0u;
      for (unsigned r42_offset = 16; r42_offset > 0; r42_offset /= 2)
        v42 |= __shfl_down_sync(0xffffffffu, v42, r42_offset);
    }
    if (r42_rank == 0)
      r42_warps[0] = v42;
    __syncthreads();
    v42 = r42_warps[0];
    out[g] = v42;
  }
}

__global__ void k43(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned int v43 = in[g];
    const unsigned r43_rank = threadIdx.x;
    const unsigned r43_lane = r43_rank % 32u;
    const unsigned r43_threads = blockDim.x;
    const unsigned r43_width = min(32u, r43_threads - (r43_rank - r43_lane));
    const unsigned r43_mask = r43_width == 32u ? 0xffffffffu : (1u << r43_width) - 1u;
    for (unsigned r43_offset = 16; r43_offset > 0; r43_offset /= 2) {
      const unsigned int r43_other = __shfl_down_sync(r43_mask, v43, r43_offset);
      if (r43_lane + r43_offset < r43_width)
        v43 |= r43_other;
    }
    v43 = __shfl_sync(r43_mask, v43, 0);
    out[g] = v43;
  }
}

__global__ void k44(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned int v44 = in[g];
    __shared__ unsigned int r44_warps[32];
    const unsigned r44_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r44_lane = r44_rank % 32u;
    const unsigned r44_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r44_width = min(32u, r44_threads - (r44_rank - r44_lane));
    const unsigned r44_mask = r44_width == 32u ? 0xffffffffu : (1u << r44_width) - 1u;
    for (unsigned r44_offset = 16; r44_offset > 0; r44_offset /= 2) {
      const unsigned int r44_other = __shfl_down_sync(r44_mask, v44, r44_offset);
      if (r44_lane + r44_offset < r44_width)
        v44 ^= r44_other;
    }
    if (r44_lane == 0)
      r44_warps[r44_rank / 32u] = v44;
    __syncthreads();
    if (r44_rank < 32u) {
      v44 = r44_rank < (r44_threads + 31u) / 32u ? r44_warps[r44_rank] : 0u;
      for (unsigned r44_offset = 16; r44_offset > 0; r44_offset /= 2) {
        const unsigned int r44_other = __shfl_down_sync(r44_mask, v44, r44_offset);
        if (r44_lane + r44_offset < r44_width)
          v44 ^= r44_other;
      }
    }
    if (r44_rank == 0)
      out[blockIdx.x] = v44;
  }
}

__global__ void k45(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned int v45 = in[g];
    const unsigned r45_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r45_lane = r45_rank % 32u;
    const unsigned r45_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r45_width = min(32u, r45_threads - (r45_rank - r45_lane));
    const unsigned r45_mask = r45_width == 32u ? 0xffffffffu : (1u << r45_width) - 1u;
    for (unsigned r45_offset = 16; r45_offset > 0; r45_offset /= 2) {
      const unsigned int r45_other = __shfl_down_sync(r45_mask, v45, r45_offset);
      if (r45_lane + r45_offset < r45_width)
        v45 ^= r45_other;
    }
    if (r45_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v45;
  }
}

__global__ void k46(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned int v46 = in[g];
    __shared__ unsigned int r46_warps[32];
    const unsigned r46_rank = threadIdx.x;
    const unsigned r46_lane = r46_rank % 32u;
    const unsigned r46_threads = blockDim.x;
    for (unsigned r46_offset = 16; r46_offset > 0; r46_offset /= 2)
      v46 ^= __shfl_down_sync(0xffffffffu, v46, r46_offset);
    __syncthreads();
    if (r46_lane == 0)
      r46_warps[r46_rank / 32u] = v46;
    __syncthreads();
    if (r46_rank < 32u) {
      v46 = r46_rank < (r46_threads + 31u) / 32u ? r46_warps[r46_rank] : 0u;
      for (unsigned r46_offset = 16; r46_offset > 0; r46_offset /= 2)
        v46 ^= __shfl_down_sync(0xffffffffu, v46, r46_offset);
    }
    if (r46_rank == 0)
      r46_warps[0] = v46;
    __syncthreads();
    v46 = r46_warps[0];
    out[g] = v46;
  }
}

__global__ void k47(const unsigned int *in, unsigned int *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned int v47 = in[g];
    const unsigned r47_rank = threadIdx.x;
    const unsigned r47_lane = r47_rank % 32u;
    const unsigned r47_threads = blockDim.x;
    const unsigned r47_width = min(32u, r47_threads - (r47_rank - r47_lane));
    const unsigned r47_mask = r47_width == 32u ? 0xffffffffu : (1u << r47_width) - 1u;
    for (unsigned r47_offset = 16; r47_offset > 0; r47_offset /= 2) {
      const unsigned int r47_other = __shfl_down_sync(r47_mask, v47, r47_offset);
      if (r47_lane + r47_offset < r47_width)
        v47 ^= r47_other;
    }
    v47 = __shfl_sync(r47_mask, v47, 0);
    out[g] = v47;
  }
}

__global__ void k48(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    long long v48 = in[g];
    __shared__ long long r48_warps[32];
    const unsigned r48_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r48_lane = r48_rank % 32u;
    const unsigned r48_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r48_width = min(32u, r48_threads - (r48_rank - r48_lane));
    const unsigned r48_mask = r48_width == 32u ? 0xffffffffu : (1u << r48_width) - 1u;
    for (unsigned r48_offset = 16; r48_offset > 0; r48_offset /= 2) {
      const long long r48_other = __shfl_down_sync(r48_mask, v48, r48_offset);
      if (r48_lane + r48_offset < r48_width)
        v48 += r48_other;
    }
    if (r48_lane == 0)
      r48_warps[r48_rank / 32u] = v48;
    __syncthreads();
    if (r48_rank < 32u) {
      v48 = r48_rank < (r48_threads + 31u) / 32u ? r48_warps[r48_rank] : 0ll;
      for (unsigned r48_offset = 16; r48_offset > 0; r48_offset /= 2) {
        const long long r48_other = __shfl_down_sync(r48_mask, v48, r48_offset);
        if (r48_lane + r48_offset < r48_width)
          v48 += r48_other;
      }
    }
    if (r48_rank == 0)
      out[blockIdx.x] = v48;
  }
}

__global__ void k49(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    long long v49 = in[g];
    const unsigned r49_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r49_lane = r49_rank % 32u;
    const unsigned r49_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r49_width = min(32u, r49_threads - (r49_rank - r49_lane));
    const unsigned r49_mask = r49_width == 32u ? 0xffffffffu : (1u << r49_width) - 1u;
    for (unsigned r49_offset = 16; r49_offset > 0; r49_offset /= 2) {
      const long long r49_other = __shfl_down_sync(r49_mask, v49, r49_offset);
      if (r49_lane + r49_offset < r49_width)
        v49 += r49_other;
    }
    if (r49_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v49;
  }
}

__global__ void k50(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    long long v50 = in[g];
    __shared__ long long r50_warps[32];
    const unsigned r50_rank = threadIdx.x;
    const unsigned r50_lane = r50_rank % 32u;
    const unsigned r50_threads = blockDim.x;
    for (unsigned r50_offset = 16; r50_offset > 0; r50_offset /= 2)
      v50 += __shfl_down_sync(0xffffffffu, v50, r50_offset);
    __syncthreads();
    if (r50_lane == 0)
      r50_warps[r50_rank / 32u] = v50;
    __syncthreads();
    if (r50_rank < 32u) {
      v50 = r50_rank < (r50_threads + 31u) / 32u ? r50_warps[r50_rank] : 0ll;
      for (unsigned r50_offset = 16; r50_offset > 0; r50_offset /= 2)
        v50 += __shfl_down_sync(0xffffffffu, v50, r50_offset);
    }
    if (r50_rank == 0)
      r50_warps[0] = v50;
    __syncthreads();
    v50 = r50_warps[0];
    out[g] = v50;
  }
}

__global__ void k51(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    long long v51 = in[g];
    const unsigned r51_rank = threadIdx.x;
    const unsigned r51_lane = r51_rank % 32u;
    const unsigned r51_threads = blockDim.x;
    const unsigned r51_width = min(32u, r51_threads - (r51_rank - r51_lane));
    const unsigned r51_mask = r51_width == 32u ? 0xffffffffu : (1u << r51_width) - 1u;
    for (unsigned r51_offset = 16; r51_offset > 0; r51_offset /= 2) {
      const long long r51_other = __shfl_down_sync(r51_mask, v51, r51_offset);
      if (r51_lane + r51_offset < r51_width)
        v51 += r51_other;
    }
    v51 = __shfl_sync(r51_mask, v51, 0);
    out[g] = v51;
  }
}

__global__ void k52(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    long long v52 = in[g];
    __shared__ long long r52_warps[32];
    const unsigned r52_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r52_lane = r52_rank % 32u;
    const unsigned r52_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r52_width = min(32u, r52_threads - (r52_rank - r52_lane));
    const unsigned r52_mask = r52_width == 32u ? 0xffffffffu : (1u << r52_width) - 1u;
    for (unsigned r52_offset = 16; r52_offset > 0; r52_offset /= 2) {
      const long long r52_other = __shfl_down_sync(r52_mask, v52, r52_offset);
      if (r52_lane + r52_offset < r52_width)
        v52 = max(v52, r52_other);
    }
    if (r52_lane == 0)
      r52_warps[r52_rank / 32u] = v52;
    __syncthreads();
    if (r52_rank < 32u) {
      v52 = r52_rank < (r52_threads + 31u) / 32u ? r52_warps[r52_rank] : (-9223372036854775807ll - 1);
      for (unsigned r52_offset = 16; r52_offset > 0; r52_offset /= 2) {
        const long long r52_other = __shfl_down_sync(r52_mask, v52, r52_offset);
        if (r52_lane + r52_offset < r52_width)
          v52 = max(v52, r52_other);
      }
    }
    if (r52_rank == 0)
      out[blockIdx.x] = v52;
  }
}

__global__ void k53(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    long long v53 = in[g];
    const unsigned r53_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r53_lane = r53_rank % 32u;
    const unsigned r53_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r53_width = min(32u, r53_threads - (r53_rank - r53_lane));
    const unsigned r53_mask = r53_width == 32u ? 0xffffffffu : (1u << r53_width) - 1u;
    for (unsigned r53_offset = 16; r53_offset > 0; r53_offset /= 2) {
      const long long r53_other = __shfl_down_sync(r53_mask, v53, r53_offset);
      if (r53_lane + r53_offset < r53_width)
        v53 = max(v53, r53_other);
    }
    if (r53_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v53;
  }
}

__global__ void k54(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    long long v54 = in[g];
    __shared__ long long r54_warps[32];
    const unsigned r54_rank = threadIdx.x;
    const unsigned r54_lane = r54_rank % 32u;
    const unsigned r54_threads = blockDim.x;
    for (unsigned r54_offset = 16; r54_offset > 0; r54_offset /= 2)
      v54 = max(v54, __shfl_down_sync(0xffffffffu, v54, r54_offset));
    __syncthreads();
    if (r54_lane == 0)
      r54_warps[r54_rank / 32u] = v54;
    __syncthreads();
    if (r54_rank < 32u) {
      v54 = r54_rank < (r54_threads + 31u) / 32u ? r54_warps[r54_rank] : (-9223372036854775807ll - 1);
      for (unsigned r54_offset = 16; r54_offset > 0; r54_offset /= 2)
        v54 = max(v54, __shfl_down_sync(0xffffffffu, v54, r54_offset));
    }
    if (r54_rank == 0)
      r54_warps[0] = v54;
    __syncthreads();
    v54 = r54_warps[0];
    out[g] = v54;
  }
}

__global__ void k55(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    long long v55 = in[g];
    const unsigned r55_rank = threadIdx.x;
    const unsigned r55_lane = r55_rank % 32u;
    const unsigned r55_threads = blockDim.x;
    const unsigned r55_width = min(32u, r55_threads - (r55_rank - r55_lane));
    const unsigned r55_mask = r55_width == 32u ? 0xffffffffu : (1u << r55_width) - 1u;
    for (unsigned r55_offset = 16; r55_offset > 0; r55_offset /= 2) {
      const long long r55_other = __shfl_down_sync(r55_mask, v55, r55_offset);
      if (r55_lane + r55_offset < r55_width)
        v55 = max(v55, r55_other);
    }
    v55 = __shfl_sync(r55_mask, v55, 0);
    out[g] = v55;
  }
}

__global__ void k56(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    long long v56 = in[g];
    __shared__ long long r56_warps[32];
    const unsigned r56_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r56_lane = r56_rank % 32u;
    const unsigned r56_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r56_width = min(32u, r56_threads - (r56_rank - r56_lane));
    const unsigned r56_mask = r56_width == 32u ? 0xffffffffu : (1u << r56_width) - 1u;
    for (unsigned r56_offset = 16; r56_offset > 0; r56_offset /= 2) {
      const long long r56_other = __shfl_down_sync(r56_mask, v56, r56_offset);
      if (r56_lane + r56_offset < r56_width)
        v56 = min(v56, r56_other);
    }
    if (r56_lane == 0)
      r56_warps[r56_rank / 32u] = v56;
    __syncthreads();
    if (r56_rank < 32u) {
      v56 = r56_rank < (r56_threads + 31u) / 32u ? r56_warps[r56_rank] : 9223372036854775807ll;
      for (unsigned r56_offset = 16; r56_offset > 0; r56_offset /= 2) {
        const long long r56_other = __shfl_down_sync(r56_mask, v56, r56_offset);
        if (r56_lane + r56_offset < r56_width)
          v56 = min(v56, r56_other);
      }
    }
    if (r56_rank == 0)
      out[blockIdx.x] = v56;
  }
}

__global__ void k57(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    long long v57 = in[g];
    const unsigned r57_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r57_lane = r57_rank % 32u;
    const unsigned r57_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r57_width = min(32u, r57_threads - (r57_rank - r57_lane));
    const unsigned r57_mask = r57_width == 32u ? 0xffffffffu : (1u << r57_width) - 1u;
    for (unsigned r57_offset = 16; r57_offset > 0; r57_offset /= 2) {
      const long long r57_other = __shfl_down_sync(r57_mask, v57, r57_offset);
      if (r57_lane + r57_offset < r57_width)
        v57 = min(v57, r57_other);
    }
    if (r57_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v57;
  }
}

__global__ void k58(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    long long v58 = in[g];
    __shared__ long long r58_warps[32];
    const unsigned r58_rank = threadIdx.x;
    const unsigned r58_lane = r58_rank % 32u;
    const unsigned r58_threads = blockDim.x;
    for (unsigned r58_offset = 16; r58_offset > 0; r58_offset /= 2)
      v58 = min(v58, __shfl_down_sync(0xffffffffu, v58, r58_offset));
    __syncthreads();
    if (r58_lane == 0)
      r58_warps[r58_rank / 32u] = v58;
    __syncthreads();
    if (r58_rank < 32u) {
      v58 = r58_rank < (r58_threads + 31u) / 32u ? r58_warps[r58_rank] : 9223372036854775807ll;
      for (unsigned r58_offset = 16; r58_offset > 0; r58_offset /= 2)
        v58 = min(v58, __shfl_down_sync(0xffffffffu, v58, r58_offset));
    }
    if (r58_rank == 0)
      r58_warps[0] = v58;
    __syncthreads();
    v58 = r58_warps[0];
    out[g] = v58;
  }
}

__global__ void k59(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    long long v59 = in[g];
    const unsigned r59_rank = threadIdx.x;
    const unsigned r59_lane = r59_rank % 32u;
    const unsigned r59_threads = blockDim.x;
    const unsigned r59_width = min(32u, r59_threads - (r59_rank - r59_lane));
    const unsigned r59_mask = r59_width == 32u ? 0xffffffffu : (1u << r59_width) - 1u;
    for (unsigned r59_offset = 16; r59_offset > 0; r59_offset /= 2) {
      const long long r59_other = __shfl_down_sync(r59_mask, v59, r59_offset);
      if (r59_lane + r59_offset < r59_width)
        v59 = min(v59, r59_other);
    }
    v59 = __shfl_sync(r59_mask, v59, 0);
    out[g] = v59;
  }
}

__global__ void k60(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    long long v60 = in[g];
    __shared__ long long r60_warps[32];
    const unsigned r60_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r60_lane = r60_rank % 32u;
    const unsigned r60_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r60_width = min(32u, r60_threads - (r60_rank - r60_lane));
    const unsigned r60_mask = r60_width == 32u ? 0xffffffffu : (1u << r60_width) - 1u;
    for (unsigned r60_offset = 16; r60_offset > 0; r60_offset /= 2) {
      const long long r60_other = __shfl_down_sync(r60_mask, v60, r60_offset);
      if (r60_lane + r60_offset < r60_width)
        v60 &= r60_other;
    }
    if (r60_lane == 0)
      r60_warps[r60_rank / 32u] = v60;
    __syncthreads();
    if (r60_rank < 32u) {
      v60 = r60_rank < (r60_threads + 31u) / 32u ? r60_warps[r60_rank] : ~0ll;
      for (unsigned r60_offset = 16; r60_offset > 0; r60_offset /= 2) {
        const long long r60_other = __shfl_down_sync(r60_mask, v60, r60_offset);
        if (r60_lane + r60_offset < r60_width)
          v60 &= r60_other;
      }
    }
    if (r60_rank == 0)
      out[blockIdx.x] = v60;
  }
}

__global__ void k61(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    long long v61 = in[g];
    const unsigned r61_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r61_lane = r61_rank % 32u;
    const unsigned r61_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r61_width = min(32u, r61_threads - (r61_rank - r61_lane));
    const unsigned r61_mask = r61_width == 32u ? 0xffffffffu : (1u << r61_width) - 1u;
    for (unsigned r61_offset = 16; r61_offset > 0; r61_offset /= 2) {
      const long long r61_other = __shfl_down_sync(r61_mask, v61, r61_offset);
      if (r61_lane + r61_offset < r61_width)
        v61 &= r61_other;
    }
    if (r61_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v61;
  }
}

__global__ void k62(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    long long v62 = in[g];
    __shared__ long long r62_warps[32];
    const unsigned r62_rank = threadIdx.x;
    const unsigned r62_lane = r62_rank % 32u;
    const unsigned r62_threads = blockDim.x;
    for (unsigned r62_offset = 16; r62_offset > 0; r62_offset /= 2)
      v62 &= __shfl_down_sync(0xffffffffu, v62, r62_offset);
    __syncthreads();
    if (r62_lane == 0)
      r62_warps[r62_rank / 32u] = v62;
    __syncthreads();
    if (r62_rank < 32u) {
      v62 = r62_rank < (r62_threads + 31u) / 32u ? r62_warps[r62_rank] : ~0ll;
      for (unsigned r62_offset = 16; r62_offset > 0; r62_offset /= 2)
        v62 &= __shfl_down_sync(0xffffffffu, v62, r62_offset);
    }
    if (r62_rank == 0)
      r62_warps[0] = v62;
    __syncthreads();
    v62 = r62_warps[0];
    out[g] = v62;
  }
}

__global__ void k63(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    long long v63 = in[g];
    const unsigned r63_rank = threadIdx.x;
    const unsigned r63_lane = r63_rank % 32u;
    const unsigned r63_threads = blockDim.x;
    const unsigned r63_width = min(32u, r63_threads - (r63_rank - r63_lane));
    const unsigned r63_mask = r63_width == 32u ? 0xffffffffu : (1u << r63_width) - 1u;
    for (unsigned r63_offset = 16; r63_offset > 0; r63_offset /= 2) {
      const long long r63_other = __shfl_down_sync(r63_mask, v63, r63_offset);
      if (r63_lane + r63_offset < r63_width)
        v63 &= r63_other;
    }
    v63 = __shfl_sync(r63_mask, v63, 0);
    out[g] = v63;
  }
}

__global__ void k64(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    long long v64 = in[g];
    __shared__ long long r64_warps[32];
    const unsigned r64_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r64_lane = r64_rank % 32u;
    const unsigned r64_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r64_width = min(32u, r64_threads - (r64_rank - r64_lane));
    const unsigned r64_mask = r64_width == 32u ? 0xffffffffu : (1u << r64_width) - 1u;
    for (unsigned r64_offset = 16; r64_offset > 0; r64_offset /= 2) {
      const long long r64_other = __shfl_down_sync(r64_mask, v64, r64_offset);
      if (r64_lane + r64_offset < r64_width)
        v64 |= r64_other;
    }
    if (r64_lane == 0)
      r64_warps[r64_rank / 32u] = v64;
    __syncthreads();
    if (r64_rank < 32u) {
      v64 = r64_rank < (r64_threads + 31u) / 32u ? r64_warps[r64_rank] : 0ll;
      for (unsigned r64_offset = 16; r64_offset > 0; r64_offset /= 2) {
        const long long r64_other = __shfl_down_sync(r64_mask, v64, r64_offset);
        if (r64_lane + r64_offset < r64_width)
          v64 |= r64_other;
      }
    }
    if (r64_rank == 0)
      out[blockIdx.x] = v64;
  }
}

__global__ void k65(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    long long v65 = in[g];
    const unsigned r65_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r65_lane = r65_rank % 32u;
    const unsigned r65_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r65_width = min(32u, r65_threads - (r65_rank - r65_lane));
    const unsigned r65_mask = r65_width == 32u ? 0xffffffffu : (1u << r65_width) - 1u;
    for (unsigned r65_offset = 16; r65_offset > 0; r65_offset /= 2) {
      const long long r65_other = __shfl_down_sync(r65_mask, v65, r65_offset);
      if (r65_lane + r65_offset < r65_width)
        v65 |= r65_other;
    }
    if (r65_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v65;
  }
}

__global__ void k66(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    long long v66 = in[g];
    __shared__ long long r66_warps[32];
    const unsigned r66_rank = threadIdx.x;
    const unsigned r66_lane = r66_rank % 32u;
    const unsigned r66_threads = blockDim.x;
    for (unsigned r66_offset = 16; r66_offset > 0; r66_offset /= 2)
      v66 |= __shfl_down_sync(0xffffffffu, v66, r66_offset);
    __syncthreads();
    if (r66_lane == 0)
      r66_warps[r66_rank / 32u] = v66;
    __syncthreads();
    if (r66_rank < 32u) {
      v66 = r66_rank < (r66_threads + 31u) / 32u ? r66_warps[r66_rank] : 0ll;
      for (unsigned r66_offset = 16; r66_offset > 0; r66_offset /= 2)
        v66 |= __shfl_down_sync(0xffffffffu, v66, r66_offset);
    }
    if (r66_rank == 0)
      r66_warps[0] = v66;
    __syncthreads();
    v66 = r66_warps[0];
    out[g] = v66;
  }
}

__global__ void k67(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    long long v67 = in[g];
    const unsigned r67_rank = threadIdx.x;
    const unsigned r67_lane = r67_rank % 32u;
    const unsigned r67_threads = blockDim.x;
    const unsigned r67_width = min(32u, r67_threads - (r67_rank - r67_lane));
    const unsigned r67_mask = r67_width == 32u ? 0xffffffffu : (1u << r67_width) - 1u;
    for (unsigned r67_offset = 16; r67_offset > 0; r67_offset /= 2) {
      const long long r67_other = __shfl_down_sync(r67_mask, v67, r67_offset);
      if (r67_lane + r67_offset < r67_width)
        v67 |= r67_other;
    }
    v67 = __shfl_sync(r67_mask, v67, 0);
    out[g] = v67;
  }
}

__global__ void k68(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    long long v68 = in[g];
    __shared__ long long r68_warps[32];
    const unsigned r68_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r68_lane = r68_rank % 32u;
    const unsigned r68_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r68_width = min(32u, r68_threads - (r68_rank - r68_lane));
    const unsigned r68_mask = r68_width == 32u ? 0xffffffffu : (1u << r68_width) - 1u;
    for (unsigned r68_offset = 16; r68_offset > 0; r68_offset /= 2) {
      const long long r68_other = __shfl_down_sync(r68_mask, v68, r68_offset);
      if (r68_lane + r68_offset < r68_width)
        v68 ^= r68_other;
    }
    if (r68_lane == 0)
      r68_warps[r68_rank / 32u] = v68;
    __syncthreads();
    if (r68_rank < 32u) {
      v68 = r68_rank < (r68_threads + 31u) / 32u ? r68_warps[r68_rank] : 0ll;
      for (unsigned r68_offset = 16; r68_offset > 0; r68_offset /= 2) {
        const long long r68_other = __shfl_down_sync(r68_mask, v68, r68_offset);
        if (r68_lane + r68_offset < r68_width)
          v68 ^= r68_other;
      }
    }
    if (r68_rank == 0)
      out[blockIdx.x] = v68;
  }
}

__global__ void k69(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    long long v69 = in[g];
    const unsigned r69_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r69_lane = r69_rank % 32u;
    const unsigned r69_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r69_width = min(32u, r69_threads - (r69_rank - r69_lane));
    const unsigned r69_mask = r69_width == 32u ? 0xffffffffu : (1u << r69_width) - 1u;
    for (unsigned r69_offset = 16; r69_offset > 0; r69_offset /= 2) {
      const long long r69_other = __shfl_down_sync(r69_mask, v69, r69_offset);
      if (r69_lane + r69_offset < r69_width)
        v69 ^= r69_other;
    }
    if (r69_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v69;
  }
}

__global__ void k70(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    long long v70 = in[g];
    __shared__ long long r70_warps[32];
    const unsigned r70_rank = threadIdx.x;
    const unsigned r70_lane = r70_rank % 32u;
    const unsigned r70_threads = blockDim.x;
    for (unsigned r70_offset = 16; r70_offset > 0; r70_offset /= 2)
      v70 ^= __shfl_down_sync(0xffffffffu, v70, r70_offset);
    __syncthreads();
    if (r70_lane == 0)
      r70_warps[r70_rank / 32u] = v70;
    __syncthreads();
    if (r70_rank < 32u) {
      v70 = r70_rank < (r70_threads + 31u) / 32u ? r70_warps[r70_rank] : 0ll;
      for (unsigned r70_offset = 16; r70_offset > 0; r70_offset /= 2)
        v70 ^= __shfl_down_sync(0xffffffffu, v70, r70_offset);
    }
    if (r70_rank == 0)
      r70_warps[0] = v70;
    __syncthreads();
    v70 = r70_warps[0];
    out[g] = v70;
  }
}

__global__ void k71(const long long *in, long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    long long v71 = in[g];
    const unsigned r71_rank = threadIdx.x;
    const unsigned r71_lane = r71_rank % 32u;
    const unsigned r71_threads = blockDim.x;
    const unsigned r71_width = min(32u, r71_threads - (r71_rank - r71_lane));
    const unsigned r71_mask = r71_width == 32u ? 0xffffffffu : (1u << r71_width) - 1u;
    for (unsigned r71_offset = 16; r71_offset > 0; r71_offset /= 2) {
      const long long r71_other = __shfl_down_sync(r71_mask, v71, r71_offset);
      if (r71_lane + r71_offset < r71_width)
        v71 ^= r71_other;
    }
    v71 = __shfl_sync(r71_mask, v71, 0);
    out[g] = v71;
  }
}

__global__ void k72(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned long long v72 = in[g];
    __shared__ unsigned long long r72_warps[32];
    const unsigned r72_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r72_lane = r72_rank % 32u;
    const unsigned r72_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r72_width = min(32u, r72_threads - (r72_rank - r72_lane));
    const unsigned r72_mask = r72_width == 32u ? 0xffffffffu : (1u << r72_width) - 1u;
    for (unsigned r72_offset = 16; r72_offset > 0; r72_offset /= 2) {
      const unsigned long long r72_other = __shfl_down_sync(r72_mask, v72, r72_offset);
      if (r72_lane + r72_offset < r72_width)
        v72 += r72_other;
    }
    if (r72_lane == 0)
      r72_warps[r72_rank / 32u] = v72;
    __syncthreads();
    if (r72_rank < 32u) {
      v72 = r72_rank < (r72_threads + 31u) / 32u ? r72_warps[r72_rank] : 0ull;
      for (unsigned r72_offset = 16; r72_offset > 0; r72_offset /= 2) {
        const unsigned long long r72_other = __shfl_down_sync(r72_mask, v72, r72_offset);
        if (r72_lane + r72_offset < r72_width)
          v72 += r72_other;
      }
    }
    if (r72_rank == 0)
      out[blockIdx.x] = v72;
  }
}

__global__ void k73(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned long long v73 = in[g];
    const unsigned r73_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r73_lane = r73_rank % 32u;
    const unsigned r73_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r73_width = min(32u, r73_threads - (r73_rank - r73_lane));
    const unsigned r73_mask = r73_width == 32u ? 0xffffffffu : (1u << r73_width) - 1u;
    for (unsigned r73_offset = 16; r73_offset > 0; r73_offset /= 2) {
      const unsigned long long r73_other = __shfl_down_sync(r73_mask, v73, r73_offset);
      if (r73_lane + r73_offset < r73_width)
        v73 += r73_other;
    }
    if (r73_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v73;
  }
}

__global__ void k74(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned long long v74 = in[g];
    __shared__ unsigned long long r74_warps[32];
    const unsigned r74_rank = threadIdx.x;
    const unsigned r74_lane = r74_rank % 32u;
    const unsigned r74_threads = blockDim.x;
    for (unsigned r74_offset = 16; r74_offset > 0; r74_offset /= 2)
      v74 += __shfl_down_sync(0xffffffffu, v74, r74_offset);
    __syncthreads();
    if (r74_lane == 0)
      r74_warps[r74_rank / 32u] = v74;
    __syncthreads();
    if (r74_rank < 32u) {
      v74 = r74_rank < (r74_threads + 31u) / 32u ? r74_warps[r74_rank] : 0ull;
      for (unsigned r74_offset = 16; r74_offset > 0; r74_offset /= 2)
        v74 += __shfl_down_sync(0xffffffffu, v74, r74_offset);
    }
    if (r74_rank == 0)
      r74_warps[0] = v74;
    __syncthreads();
    v74 = r74_warps[0];
    out[g] = v74;
  }
}

__global__ void k75(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned long long v75 = in[g];
    const unsigned r75_rank = threadIdx.x;
    const unsigned r75_lane = r75_rank % 32u;
    const unsigned r75_threads = blockDim.x;
    const unsigned r75_width = min(32u, r75_threads - (r75_rank - r75_lane));
    const unsigned r75_mask = r75_width == 32u ? 0xffffffffu : (1u << r75_width) - 1u;
    for (unsigned r75_offset = 16; r75_offset > 0; r75_offset /= 2) {
      const unsigned long long r75_other = __shfl_down_sync(r75_mask, v75, r75_offset);
      if (r75_lane + r75_offset < r75_width)
        v75 += r75_other;
    }
    v75 = __shfl_sync(r75_mask, v75, 0);
    out[g] = v75;
  }
}

__global__ void k76(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned long long v76 = in[g];
    __shared__ unsigned long long r76_warps[32];
    const unsigned r76_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r76_lane = r76_rank % 32u;
    const unsigned r76_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r76_width = min(32u, r76_threads - (r76_rank - r76_lane));
    const unsigned r76_mask = r76_width == 32u ? 0xffffffffu : (1u << r76_width) - 1u;
    for (unsigned r76_offset = 16; r76_offset > 0; r76_offset /= 2) {
      const unsigned long long r76_other = __shfl_down_sync(r76_mask, v76, r76_offset);
      if (r76_lane + r76_offset < r76_width)
        v76 = max(v76, r76_other);
    }
    if (r76_lane == 0)
      r76_warps[r76_rank / 32u] = v76;
    __syncthreads();
    if (r76_rank < 32u) {
      v76 = r76_rank < (r76_threads + 31u) / 32u ? r76_warps[r76_rank] : 0ull;
      for (unsigned r76_offset = 16; r76_offset > 0; r76_offset /= 2) {
        const unsigned long long r76_other = __shfl_down_sync(r76_mask, v76, r76_offset);
        if (r76_lane + r76_offset < r76_width)
          v76 = max(v76, r76_other);
      }
    }
    if (r76_rank == 0)
      out[blockIdx.x] = v76;
  }
}

__global__ void k77(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned long long v77 = in[g];
    const unsigned r77_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r77_lane = r77_rank % 32u;
    const unsigned r77_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r77_width = min(32u, r77_threads - (r77_rank - r77_lane));
    const unsigned r77_mask = r77_width == 32u ? 0xffffffffu : (1u << r77_width) - 1u;
    for (unsigned r77_offset = 16; r77_offset > 0; r77_offset /= 2) {
      const unsigned long long r77_other = __shfl_down_sync(r77_mask, v77, r77_offset);
      if (r77_lane + r77_offset < r77_width)
        v77 = max(v77, r77_other);
    }
    if (r77_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v77;
  }
}

__global__ void k78(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned long long v78 = in[g];
    __shared__ unsigned long long r78_warps[32];
    const unsigned r78_rank = threadIdx.x;
    const unsigned r78_lane = r78_rank % 32u;
    const unsigned r78_threads = blockDim.x;
    for (unsigned r78_offset = 16; r78_offset > 0; r78_offset /= 2)
      v78 = max(v78, __shfl_down_sync(0xffffffffu, v78, r78_offset));
    __syncthreads();
    if (r78_lane == 0)
      r78_warps[r78_rank / 32u] = v78;
    __syncthreads();
    if (r78_rank < 32u) {
      v78 = r78_rank < (r78_threads + 31u) / 32u ? r78_warps[r78_rank] : 0ull;
      for (unsigned r78_offset = 16; r78_offset > 0; r78_offset /= 2)
        v78 = max(v78, __shfl_down_sync(0xffffffffu, v78, r78_offset));
    }
    if (r78_rank == 0)
      r78_warps[0] = v78;
    __syncthreads();
    v78 = r78_warps[0];
    out[g] = v78;
  }
}

__global__ void k79(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned long long v79 = in[g];
    const unsigned r79_rank = threadIdx.x;
    const unsigned r79_lane = r79_rank % 32u;
    const unsigned r79_threads = blockDim.x;
    const unsigned r79_width = min(32u, r79_threads - (r79_rank - r79_lane));
    const unsigned r79_mask = r79_width == 32u ? 0xffffffffu : (1u << r79_width) - 1u;
    for (unsigned r79_offset = 16; r79_offset > 0; r79_offset /= 2) {
      const unsigned long long r79_other = __shfl_down_sync(r79_mask, v79, r79_offset);
      if (r79_lane + r79_offset < r79_width)
        v79 = max(v79, r79_other);
    }
    v79 = __shfl_sync(r79_mask, v79, 0);
    out[g] = v79;
  }
}

__global__ void k80(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned long long v80 = in[g];
    __shared__ unsigned long long r80_warps[32];
    const unsigned r80_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r80_lane = r80_rank % 32u;
    const unsigned r80_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r80_width = min(32u, r80_threads - (r80_rank - r80_lane));
    const unsigned r80_mask = r80_width == 32u ? 0xffffffffu : (1u << r80_width) - 1u;
    for (unsigned r80_offset = 16; r80_offset > 0; r80_offset /= 2) {
      const unsigned long long r80_other = __shfl_down_sync(r80_mask, v80, r80_offset);
      if (r80_lane + r80_offset < r80_width)
        v80 = min(v80, r80_other);
    }
    if (r80_lane == 0)
      r80_warps[r80_rank / 32u] = v80;
    __syncthreads();
    if (r80_rank < 32u) {
      v80 = r80_rank < (r80_threads + 31u) / 32u ? r80_warps[r80_rank] : 0xffffffffffffffffull;
      for (unsigned r80_offset = 16; r80_offset > 0; r80_offset /= 2) {
        const unsigned long long r80_other = __shfl_down_sync(r80_mask, v80, r80_offset);
        if (r80_lane + r80_offset < r80_width)
          v80 = min(v80, r80_other);
      }
    }
    if (r80_rank == 0)
      out[blockIdx.x] = v80;
  }
}

__global__ void k81(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned long long v81 = in[g];
    const unsigned r81_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r81_lane = r81_rank % 32u;
    const unsigned r81_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r81_width = min(32u, r81_threads - (r81_rank - r81_lane));
    const unsigned r81_mask = r81_width == 32u ? 0xffffffffu : (1u << r81_width) - 1u;
    for (unsigned r81_offset = 16; r81_offset > 0; r81_offset /= 2) {
      const unsigned long long r81_other = __shfl_down_sync(r81_mask, v81, r81_offset);
      if (r81_lane + r81_offset < r81_width)
        v81 = min(v81, r81_other);
    }
    if (r81_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v81;
  }
}

__global__ void k82(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned long long v82 = in[g];
    __shared__ unsigned long long r82_warps[32];
    const unsigned r82_rank = threadIdx.x;
    const unsigned r82_lane = r82_rank % 32u;
    const unsigned r82_threads = blockDim.x;
    for (unsigned r82_offset = 16; r82_offset > 0; r82_offset /= 2)
      v82 = min(v82, __shfl_down_sync(0xffffffffu, v82, r82_offset));
    __syncthreads();
    if (r82_lane == 0)
      r82_warps[r82_rank / 32u] = v82;
    __syncthreads();
    if (r82_rank < 32u) {
      v82 = r82_rank < (r82_threads + 31u) / 32u ? r82_warps[r82_rank] : 0xffffffffffffffffull;
      for (unsigned r82_offset = 16; r82_offset > 0; r82_offset /= 2)
        v82 = min(v82, __shfl_down_sync(0xffffffffu, v82, r82_offset));
    }
    if (r82_rank == 0)
      r82_warps[0] = v82;
    __syncthreads();
    v82 = r82_warps[0];
    out[g] = v82;
  }
}

__global__ void k83(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned long long v83 = in[g];
    const unsigned r83_rank = threadIdx.x;
    const unsigned r83_lane = r83_rank % 32u;
    const unsigned r83_threads = blockDim.x;
    const unsigned r83_width = min(32u, r83_threads - (r83_rank - r83_lane));
    const unsigned r83_mask = r83_width == 32u ? 0xffffffffu : (1u << r83_width) - 1u;
    for (unsigned r83_offset = 16; r83_offset > 0; r83_offset /= 2) {
      const unsigned long long r83_other = __shfl_down_sync(r83_mask, v83, r83_offset);
      if (r83_lane + r83_offset < r83_width)
        v83 = min(v83, r83_other);
    }
    v83 = __shfl_sync(r83_mask, v83, 0);
    out[g] = v83;
  }
}

__global__ void k84(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned long long v84 = in[g];
    __shared__ unsigned long long r84_warps[32];
    const unsigned r84_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r84_lane = r84_rank % 32u;
    const unsigned r84_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r84_width = min(32u, r84_threads - (r84_rank - r84_lane));
    const unsigned r84_mask = r84_width == 32u ? 0xffffffffu : (1u << r84_width) - 1u;
    for (unsigned r84_offset = 16; r84_offset > 0; r84_offset /= 2) {
      const unsigned long long r84_other = __shfl_down_sync(r84_mask, v84, r84_offset);
      if (r84_lane + r84_offset < r84_width)
        v84 &= r84_other;
    }
    if (r84_lane == 0)
      r84_warps[r84_rank / 32u] = v84;
    __syncthreads();
    if (r84_rank < 32u) {
      v84 = r84_rank < (r84_threads + 31u) / 32u ? r84_warps[r84_rank] : ~0ull;
      for (unsigned r84_offset = 16; r84_offset > 0; r84_offset /= 2) {
        const unsigned long long r84_other = __shfl_down_sync(r84_mask, v84, r84_offset);
        if (r84_lane + r84_offset < r84_width)
          v84 &= r84_other;
      }
    }
    if (r84_rank == 0)
      out[blockIdx.x] = v84;
  }
}

__global__ void k85(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned long long v85 = in[g];
    const unsigned r85_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r85_lane = r85_rank % 32u;
    const unsigned r85_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r85_width = min(32u, r85_threads - (r85_rank - r85_lane));
    const unsigned r85_mask = r85_width == 32u ? 0xffffffffu : (1u << r85_width) - 1u;
    for (unsigned r85_offset = 16; r85_offset > 0; r85_offset /= 2) {
      const unsigned long long r85_other = __shfl_down_sync(r85_mask, v85, r85_offset);
      if (r85_lane + r85_offset < r85_width)
        v85 &= r85_other;
    }
    if (r85_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v85;
  }
}

__global__ void k86(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned long long v86 = in[g];
    __shared__ unsigned long long r86_warps[32];
    const unsigned r86_rank = threadIdx.x;
    const unsigned r86_lane = r86_rank % 32u;
    const unsigned r86_threads = blockDim.x;
    for (unsigned r86_offset = 16; r86_offset > 0; r86_offset /= 2)
      v86 &= __shfl_down_sync(0xffffffffu, v86, r86_offset);
    __syncthreads();
    if (r86_lane == 0)
      r86_warps[r86_rank / 32u] = v86;
    __syncthreads();
    if (r86_rank < 32u) {
      v86 = r86_rank < (r86_threads + 31u) / 32u ? r86_warps[r86_rank] : ~0ull;
      for (unsigned r86_offset = 16; r86_offset > 0; r86_offset /= 2)
        v86 &= __shfl_down_sync(0xffffffffu, v86, r86_offset);
    }
    if (r86_rank == 0)
      r86_warps[0] = v86;
    __syncthreads();
    v86 = r86_warps[0];
    out[g] = v86;
  }
}

__global__ void k87(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned long long v87 = in[g];
    const unsigned r87_rank = threadIdx.x;
    const unsigned r87_lane = r87_rank % 32u;
    const unsigned r87_threads = blockDim.x;
    const unsigned r87_width = min(32u, r87_threads - (r87_rank - r87_lane));
    const unsigned r87_mask = r87_width == 32u ? 0xffffffffu : (1u << r87_width) - 1u;
    for (unsigned r87_offset = 16; r87_offset > 0; r87_offset /= 2) {
      const unsigned long long r87_other = __shfl_down_sync(r87_mask, v87, r87_offset);
      if (r87_lane + r87_offset < r87_width)
        v87 &= r87_other;
    }
    v87 = __shfl_sync(r87_mask, v87, 0);
    out[g] = v87;
  }
}

__global__ void k88(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned long long v88 = in[g];
    __shared__ unsigned long long r88_warps[32];
    const unsigned r88_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r88_lane = r88_rank % 32u;
    const unsigned r88_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r88_width = min(32u, r88_threads - (r88_rank - r88_lane));
    const unsigned r88_mask = r88_width == 32u ? 0xffffffffu : (1u << r88_width) - 1u;
    for (unsigned r88_offset = 16; r88_offset > 0; r88_offset /= 2) {
      const unsigned long long r88_other = __shfl_down_sync(r88_mask, v88, r88_offset);
      if (r88_lane + r88_offset < r88_width)
        v88 |= r88_other;
    }
    if (r88_lane == 0)
      r88_warps[r88_rank / 32u] = v88;
    __syncthreads();
    if (r88_rank < 32u) {
      v88 = r88_rank < (r88_threads + 31u) / 32u ? r88_warps[r88_rank] : 0ull;
      for (unsigned r88_offset = 16; r88_offset > 0; r88_offset /= 2) {
        const unsigned long long r88_other = __shfl_down_sync(r88_mask, v88, r88_offset);
        if (r88_lane + r88_offset < r88_width)
          v88 |= r88_other;
      }
    }
    if (r88_rank == 0)
      out[blockIdx.x] = v88;
  }
}

__global__ void k89(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned long long v89 = in[g];
    const unsigned r89_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r89_lane = r89_rank % 32u;
    const unsigned r89_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r89_width = min(32u, r89_threads - (r89_rank - r89_lane));
    const unsigned r89_mask = r89_width == 32u ? 0xffffffffu : (1u << r89_width) - 1u;
    for (unsigned r89_offset = 16; r89_offset > 0; r89_offset /= 2) {
      const unsigned long long r89_other = __shfl_down_sync(r89_mask, v89, r89_offset);
      if (r89_lane + r89_offset < r89_width)
        v89 |= r89_other;
    }
    if (r89_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v89;
  }
}

__global__ void k90(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned long long v90 = in[g];
    __shared__ unsigned long long r90_warps[32];
    const unsigned r90_rank = threadIdx.x;
    const unsigned r90_lane = r90_rank % 32u;
    const unsigned r90_threads = blockDim.x;
    for (unsigned r90_offset = 16; r90_offset > 0; r90_offset /= 2)
      v90 |= __shfl_down_sync(0xffffffffu, v90, r90_offset);
    __syncthreads();
    if (r90_lane == 0)
      r90_warps[r90_rank / 32u] = v90;
    __syncthreads();
    if (r90_rank < 32u) {
      v90 = r90_rank < (r90_threads + 31u) / 32u ? r90_warps[r90_rank] : 0ull;
      for (unsigned r90_offset = 16; r90_offset > 0; r90_offset /= 2)
        v90 |= __shfl_down_sync(0xffffffffu, v90, r90_offset);
    }
    if (r90_rank == 0)
      r90_warps[0] = v90;
    __syncthreads();
    v90 = r90_warps[0];
    out[g] = v90;
  }
}

__global__ void k91(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned long long v91 = in[g];
    const unsigned r91_rank = threadIdx.x;
    const unsigned r91_lane = r91_rank % 32u;
    const unsigned r91_threads = blockDim.x;
    const unsigned r91_width = min(32u, r91_threads - (r91_rank - r91_lane));
    const unsigned r91_mask = r91_width == 32u ? 0xffffffffu : (1u << r91_width) - 1u;
    for (unsigned r91_offset = 16; r91_offset > 0; r91_offset /= 2) {
      const unsigned long long r91_other = __shfl_down_sync(r91_mask, v91, r91_offset);
      if (r91_lane + r91_offset < r91_width)
        v91 |= r91_other;
    }
    v91 = __shfl_sync(r91_mask, v91, 0);
    out[g] = v91;
  }
}

__global__ void k92(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned long long v92 = in[g];
    __shared__ unsigned long long r92_warps[32];
    const unsigned r92_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r92_lane = r92_rank % 32u;
    const unsigned r92_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r92_width = min(32u, r92_threads - (r92_rank - r92_lane));
    const unsigned r92_mask = r92_width == 32u ? 0xffffffffu : (1u << r92_width) - 1u;
    for (unsigned r92_offset = 16; r92_offset > 0; r92_offset /= 2) {
      const unsigned long long r92_other = __shfl_down_sync(r92_mask, v92, r92_offset);
      if (r92_lane + r92_offset < r92_width)
        v92 ^= r92_other;
    }
    if (r92_lane == 0)
      r92_warps[r92_rank / 32u] = v92;
    __syncthreads();
    if (r92_rank < 32u) {
      v92 = r92_rank < (r92_threads + 31u) / 32u ? r92_warps[r92_rank] : 0ull;
      for (unsigned r92_offset = 16; r92_offset > 0; r92_offset /= 2) {
        const unsigned long long r92_other = __shfl_down_sync(r92_mask, v92, r92_offset);
        if (r92_lane + r92_offset < r92_width)
          v92 ^= r92_other;
      }
    }
    if (r92_rank == 0)
      out[blockIdx.x] = v92;
  }
}

__global__ void k93(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned long long v93 = in[g];
    const unsigned r93_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r93_lane = r93_rank % 32u;
    const unsigned r93_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r93_width = min(32u, r93_threads - (r93_rank - r93_lane));
    const unsigned r93_mask = r93_width == 32u ? 0xffffffffu : (1u << r93_width) - 1u;
    for (unsigned r93_offset = 16; r93_offset > 0; r93_offset /= 2) {
      const unsigned long long r93_other = __shfl_down_sync(r93_mask, v93, r93_offset);
      if (r93_lane + r93_offset < r93_width)
        v93 ^= r93_other;
    }
    if (r93_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v93;
  }
}

__global__ void k94(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    unsigned long long v94 = in[g];
    __shared__ unsigned long long r94_warps[32];
    const unsigned r94_rank = threadIdx.x;
    const unsigned r94_lane = r94_rank % 32u;
    const unsigned r94_threads = blockDim.x;
    for (unsigned r94_offset = 16; r94_offset > 0; r94_offset /= 2)
      v94 ^= __shfl_down_sync(0xffffffffu, v94, r94_offset);
    __syncthreads();
    if (r94_lane == 0)
      r94_warps[r94_rank / 32u] = v94;
    __syncthreads();
    if (r94_rank < 32u) {
      v94 = r94_rank < (r94_threads + 31u) / 32u ? r94_warps[r94_rank] : 0ull;
      for (unsigned r94_offset = 16; r94_offset > 0; r94_offset /= 2)
        v94 ^= __shfl_down_sync(0xffffffffu, v94, r94_offset);
    }
    if (r94_rank == 0)
      r94_warps[0] = v94;
    __syncthreads();
    v94 = r94_warps[0];
    out[g] = v94;
  }
}

__global__ void k95(const unsigned long long *in, unsigned long long *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    unsigned long long v95 = in[g];
    const unsigned r95_rank = threadIdx.x;
    const unsigned r95_lane = r95_rank % 32u;
    const unsigned r95_threads = blockDim.x;
    const unsigned r95_width = min(32u, r95_threads - (r95_rank - r95_lane));
    const unsigned r95_mask = r95_width == 32u ? 0xffffffffu : (1u << r95_width) - 1u;
    for (unsigned r95_offset = 16; r95_offset > 0; r95_offset /= 2) {
      const unsigned long long r95_other = __shfl_down_sync(r95_mask, v95, r95_offset);
      if (r95_lane + r95_offset < r95_width)
        v95 ^= r95_other;
    }
    v95 = __shfl_sync(r95_mask, v95, 0);
    out[g] = v95;
  }
}

__global__ void k96(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v96 = in[g];
    __shared__ float r96_warps[32];
    const unsigned r96_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r96_lane = r96_rank % 32u;
    const unsigned r96_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r96_width = min(32u, r96_threads - (r96_rank - r96_lane));
    const unsigned r96_mask = r96_width == 32u ? 0xffffffffu : (1u << r96_width) - 1u;
    for (unsigned r96_offset = 16; r96_offset > 0; r96_offset /= 2) {
      const float r96_other = __shfl_down_sync(r96_mask, v96, r96_offset);
      if (r96_lane + r96_offset < r96_width)
        v96 += r96_other;
    }
    if (r96_lane == 0)
      r96_warps[r96_rank / 32u] = v96;
    __syncthreads();
    if (r96_rank < 32u) {
      v96 = r96_rank < (r96_threads + 31u) / 32u ? r96_warps[r96_rank] : -0.0f;
      for (unsigned r96_offset = 16; r96_offset > 0; r96_offset /= 2) {
        const float r96_other = __shfl_down_sync(r96_mask, v96, r96_offset);
        if (r96_lane + r96_offset < r96_width)
          v96 += r96_other;
      }
    }
    if (r96_rank == 0)
      out[blockIdx.x] = v96;
  }
}

__global__ void k97(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v97 = in[g];
    const unsigned r97_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r97_lane = r97_rank % 32u;
    const unsigned r97_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r97_width = min(32u, r97_threads - (r97_rank - r97_lane));
    const unsigned r97_mask = r97_width == 32u ? 0xffffffffu : (1u << r97_width) - 1u;
    for (unsigned r97_offset = 16; r97_offset > 0; r97_offset /= 2) {
      const float r97_other = __shfl_down_sync(r97_mask, v97, r97_offset);
      if (r97_lane + r97_offset < r97_width)
        v97 += r97_other;
    }
    if (r97_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v97;
  }
}

__global__ void k98(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float v98 = in[g];
    __shared__ float r98_warps[32];
    const unsigned r98_rank = threadIdx.x;
    const unsigned r98_lane = r98_rank % 32u;
    const unsigned r98_threads = blockDim.x;
    for (unsigned r98_offset = 16; r98_offset > 0; r98_offset /= 2)
      v98 += __shfl_down_sync(0xffffffffu, v98, r98_offset);
    __syncthreads();
    if (r98_lane == 0)
      r98_warps[r98_rank / 32u] = v98;
    __syncthreads();
    if (r98_rank < 32u) {
      v98 = r98_rank < (r98_threads + 31u) / 32u ? r98_warps[r98_rank] : -0.0f;
      for (unsigned r98_offset = 16; r98_offset > 0; r98_offset /= 2)
        v98 += __shfl_down_sync(0xffffffffu, v98, r98_offset);
    }
    if (r98_rank == 0)
      r98_warps[0] = v98;
    __syncthreads();
    v98 = r98_warps[0];
    out[g] = v98;
  }
}

__global__ void k99(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v99 = in[g];
    const unsigned r99_rank = threadIdx.x;
    const unsigned r99_lane = r99_rank % 32u;
    const unsigned r99_threads = blockDim.x;
    const unsigned r99_width = min(32u, r99_threads - (r99_rank - r99_lane));
    const unsigned r99_mask = r99_width == 32u ? 0xffffffffu : (1u << r99_width) - 1u;
    for (unsigned r99_offset = 16; r99_offset > 0; r99_offset /= 2) {
      const float r99_other = __shfl_down_sync(r99_mask, v99, r99_offset);
      if (r99_lane + r99_offset < r99_width)
        v99 += r99_other;
    }
    v99 = __shfl_sync(r99_mask, v99, 0);
    out[g] = v99;
  }
}

__global__ void k100(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v100 = in[g];
    __shared__ float r100_warps[32];
    const unsigned r100_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r100_lane = r100_rank % 32u;
    const unsigned r100_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r100_width = min(32u, r100_threads - (r100_rank - r100_lane));
    const unsigned r100_mask = r100_width == 32u ? 0xffffffffu : (1u << r100_width) - 1u;
    for (unsigned r100_offset = 16; r100_offset > 0; r100_offset /= 2) {
      const float r100_other = __shfl_down_sync(r100_mask, v100, r100_offset);
      if (r100_lane + r100_offset < r100_width)
        v100 = max(v100, r100_other);
    }
    if (r100_lane == 0)
      r100_warps[r100_rank / 32u] = v100;
    __syncthreads();
    if (r100_rank < 32u) {
      v100 = r100_rank < (r100_threads + 31u) / 32u ? r100_warps[r100_rank] : -INFINITY;
      for (unsigned r100_offset = 16; r100_offset > 0; r100_offset /= 2) {
        const float r100_other = __shfl_down_sync(r100_mask, v100, r100_offset);
        if (r100_lane + r100_offset < r100_width)
          v100 = max(v100, r100_other);
      }
    }
    if (r100_rank == 0)
      out[blockIdx.x] = v100;
  }
}

__global__ void k101(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v101 = in[g];
    const unsigned r101_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r101_lane = r101_rank % 32u;
    const unsigned r101_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r101_width = min(32u, r101_threads - (r101_rank - r101_lane));
    const unsigned r101_mask = r101_width == 32u ? 0xffffffffu : (1u << r101_width) - 1u;
    for (unsigned r101_offset = 16; r101_offset > 0; r101_offset /= 2) {
      const float r101_other = __shfl_down_sync(r101_mask, v101, r101_offset);
      if (r101_lane + r101_offset < r101_width)
        v101 = max(v101, r101_other);
    }
    if (r101_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v101;
  }
}

__global__ void k102(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float v102 = in[g];
    __shared__ float r102_warps[32];
    const unsigned r102_rank = threadIdx.x;
    const unsigned r102_lane = r102_rank % 32u;
    const unsigned r102_threads = blockDim.x;
    for (unsigned r102_offset = 16; r102_offset > 0; r102_offset /= 2)
      v102 = max(v102, __shfl_down_sync(0xffffffffu, v102, r102_offset));
    __syncthreads();
    if (r102_lane == 0)
      r102_warps[r102_rank / 32u] = v102;
    __syncthreads();
    if (r102_rank < 32u) {
      v102 = r102_rank < (r102_threads + 31u) / 32u ? r102_warps[r102_rank] : -INFINITY;
      for (unsigned r102_offset = 16; r102_offset > 0; r102_offset /= 2)
        v102 = max(v102, __shfl_down_sync(0xffffffffu, v102, r102_offset));
    }
    if (r102_rank == 0)
      r102_warps[0] = v102;
    __syncthreads();
    v102 = r102_warps[0];
    out[g] = v102;
  }
}

__global__ void k103(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v103 = in[g];
    const unsigned r103_rank = threadIdx.x;
    const unsigned r103_lane = r103_rank % 32u;
    const unsigned r103_threads = blockDim.x;
    const unsigned r103_width = min(32u, r103_threads - (r103_rank - r103_lane));
    const unsigned r103_mask = r103_width == 32u ? 0xffffffffu : (1u << r103_width) - 1u;
    for (unsigned r103_offset = 16; r103_offset > 0; r103_offset /= 2) {
      const float r103_other = __shfl_down_sync(r103_mask, v103, r103_offset);
      if (r103_lane + r103_offset < r103_width)
        v103 = max(v103, r103_other);
    }
    v103 = __shfl_sync(r103_mask, v103, 0);
    out[g] = v103;
  }
}

__global__ void k104(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v104 = in[g];
    __shared__ float r104_warps[32];
    const unsigned r104_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r104_lane = r104_rank % 32u;
    const unsigned r104_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r104_width = min(32u, r104_threads - (r104_rank - r104_lane));
    const unsigned r104_mask = r104_width == 32u ? 0xffffffffu : (1u << r104_width) - 1u;
    for (unsigned r104_offset = 16; r104_offset > 0; r104_offset /= 2) {
      const float r104_other = __shfl_down_sync(r104_mask, v104, r104_offset);
      if (r104_lane + r104_offset < r104_width)
        v104 = min(v104, r104_other);
    }
    if (r104_lane == 0)
      r104_warps[r104_rank / 32u] = v104;
    __syncthreads();
    if (r104_rank < 32u) {
      v104 = r104_rank < (r104_threads + 31u) / 32u ? r104_warps[r104_rank] : INFINITY;
      for (unsigned r104_offset = 16; r104_offset > 0; r104_offset /= 2) {
        const float r104_other = __shfl_down_sync(r104_mask, v104, r104_offset);
        if (r104_lane + r104_offset < r104_width)
          v104 = min(v104, r104_other);
      }
    }
    if (r104_rank == 0)
      out[blockIdx.x] = v104;
  }
}

__global__ void k105(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v105 = in[g];
    const unsigned r105_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r105_lane = r105_rank % 32u;
    const unsigned r105_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r105_width = min(32u, r105_threads - (r105_rank - r105_lane));
    const unsigned r105_mask = r105_width == 32u ? 0xffffffffu : (1u << r105_width) - 1u;
    for (unsigned r105_offset = 16; r105_offset > 0; r105_offset /= 2) {
      const float r105_other = __shfl_down_sync(r105_mask, v105, r105_offset);
      if (r105_lane + r105_offset < r105_width)
        v105 = min(v105, r105_other);
    }
    if (r105_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v105;
  }
}

__global__ void k106(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float v106 = in[g];
    __shared__ float r106_warps[32];
    const unsigned r106_rank = threadIdx.x;
    const unsigned r106_lane = r106_rank % 32u;
    const unsigned r106_threads = blockDim.x;
    for (unsigned r106_offset = 16; r106_offset > 0; r106_offset /= 2)
      v106 = min(v106, __shfl_down_sync(0xffffffffu, v106, r106_offset));
    __syncthreads();
    if (r106_lane == 0)
      r106_warps[r106_rank / 32u] = v106;
    __syncthreads();
    if (r106_rank < 32u) {
      v106 = r106_rank < (r106_threads + 31u) / 32u ? r106_warps[r106_rank] : INFINITY;
      for (unsigned r106_offset = 16; r106_offset > 0; r106_offset /= 2)
        v106 = min(v106, __shfl_down_sync(0xffffffffu, v106, r106_offset));
    }
    if (r106_rank == 0)
      r106_warps[0] = v106;
    __syncthreads();
    v106 = r106_warps[0];
    out[g] = v106;
  }
}

__global__ void k107(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v107 = in[g];
    const unsigned r107_rank = threadIdx.x;
    const unsigned r107_lane = r107_rank % 32u;
    const unsigned r107_threads = blockDim.x;
    const unsigned r107_width = min(32u, r107_threads - (r107_rank - r107_lane));
    const unsigned r107_mask = r107_width == 32u ? 0xffffffffu : (1u << r107_width) - 1u;
    for (unsigned r107_offset = 16; r107_offset > 0; r107_offset /= 2) {
      const float r107_other = __shfl_down_sync(r107_mask, v107, r107_offset);
      if (r107_lane + r107_offset < r107_width)
        v107 = min(v107, r107_other);
    }
    v107 = __shfl_sync(r107_mask, v107, 0);
    out[g] = v107;
  }
}

__global__ void k108(const double *in, double *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    double v108 = in[g];
    __shared__ double r108_warps[32];
    const unsigned r108_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r108_lane = r108_rank % 32u;
    const unsigned r108_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r108_width = min(32u, r108_threads - (r108_rank - r108_lane));
    const unsigned r108_mask = r108_width == 32u ? 0xffffffffu : (1u << r108_width) - 1u;
    for (unsigned r108_offset = 16; r108_offset > 0; r108_offset /= 2) {
      const double r108_other = __shfl_down_sync(r108_mask, v108, r108_offset);
      if (r108_lane + r108_offset < r108_width)
        v108 += r108_other;
    }
    if (r108_lane == 0)
      r108_warps[r108_rank / 32u] = v108;
    __syncthreads();
    if (r108_rank < 32u) {
      v108 = r108_rank < (r108_threads + 31u) / 32u ? r108_warps[r108_rank] : -0.0;
      for (unsigned r108_offset = 16; r108_offset > 0; r108_offset /= 2) {
        const double r108_other = __shfl_down_sync(r108_mask, v108, r108_offset);
        if (r108_lane + r108_offset < r108_width)
          v108 += r108_other;
      }
    }
    if (r108_rank == 0)
      out[blockIdx.x] = v108;
  }
}

__global__ void k109(const double *in, double *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    double v109 = in[g];
    const unsigned r109_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r109_lane = r109_rank % 32u;
    const unsigned r109_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r109_width = min(32u, r109_threads - (r109_rank - r109_lane));
    const unsigned r109_mask = r109_width == 32u ? 0xffffffffu : (1u << r109_width) - 1u;
    for (unsigned r109_offset = 16; r109_offset > 0; r109_offset /= 2) {
      const double r109_other = __shfl_down_sync(r109_mask, v109, r109_offset);
      if (r109_lane + r109_offset < r109_width)
        v109 += r109_other;
    }
    if (r109_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v109;
  }
}

__global__ void k110(const double *in, double *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double v110 = in[g];
    __shared__ double r110_warps[32];
    const unsigned r110_rank = threadIdx.x;
    const unsigned r110_lane = r110_rank % 32u;
    const unsigned r110_threads = blockDim.x;
    for (unsigned r110_offset = 16; r110_offset > 0; r110_offset /= 2)
      v110 += __shfl_down_sync(0xffffffffu, v110, r110_offset);
    __syncthreads();
    if (r110_lane == 0)
      r110_warps[r110_rank / 32u] = v110;
    __syncthreads();
    if (r110_rank < 32u) {
      v110 = r110_rank < (r110_threads + 31u) / 32u ? r110_warps[r110_rank] : -0.0;
      for (unsigned r110_offset = 16; r110_offset > 0; r110_offset /= 2)
        v110 += __shfl_down_sync(0xffffffffu, v110, r110_offset);
    }
    if (r110_rank == 0)
      r110_warps[0] = v110;
    __syncthreads();
    v110 = r110_warps[0];
    out[g] = v110;
  }
}

__global__ void k111(const double *in, double *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    double v111 = in[g];
    const unsigned r111_rank = threadIdx.x;
    const unsigned r111_lane = r111_rank % 32u;
    const unsigned r111_threads = blockDim.x;
    const unsigned r111_width = min(32u, r111_threads - (r111_rank - r111_lane));
    const unsigned r111_mask = r111_width == 32u ? 0xffffffffu : (1u << r111_width) - 1u;
    for (unsigned r111_offset = 16; r111_offset > 0; r111_offset /= 2) {
      const double r111_other = __shfl_down_sync(r111_mask, v111, r111_offset);
      if (r111_lane + r111_offset < r111_width)
        v111 += r111_other;
    }
    v111 = __shfl_sync(r111_mask, v111, 0);
    out[g] = v111;
  }
}

__global__ void k112(const double *in, double *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    double v112 = in[g];
    __shared__ double r112_warps[32];
    const unsigned r112_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r112_lane = r112_rank % 32u;
    const unsigned r112_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r112_width = min(32u, r112_threads - (r112_rank - r112_lane));
    const unsigned r112_mask = r112_width == 32u ? 0xffffffffu : (1u << r112_width) - 1u;
    for (unsigned r112_offset = 16; r112_offset > 0; r112_offset /= 2) {
      const double r112_other = __shfl_down_sync(r112_mask, v112, r112_offset);
      if (r112_lane + r112_offset < r112_width)
        v112 = max(v112, r112_other);
    }
    if (r112_lane == 0)
      r112_warps[r112_rank / 32u] = v112;
    __syncthreads();
    if (r112_rank < 32u) {
      v112 = r112_rank < (r112_threads + 31u) / 32u ? r112_warps[r112_rank] : -(double)INFINITY;
      for (unsigned r112_offset = 16; r112_offset > 0; r112_offset /= 2) {
        const double r112_other = __shfl_down_sync(r112_mask, v112, r112_offset);
        if (r112_lane + r112_offset < r112_width)
          v112 = max(v112, r112_other);
      }
    }
    if (r112_rank == 0)
      out[blockIdx.x] = v112;
  }
}

__global__ void k113(const double *in, double *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    double v113 = in[g];
    const unsigned r113_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r113_lane = r113_rank % 32u;
    const unsigned r113_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r113_width = min(32u, r113_threads - (r113_rank - r113_lane));
    const unsigned r113_mask = r113_width == 32u ? 0xffffffffu : (1u << r113_width) - 1u;
    for (unsigned r113_offset = 16; r113_offset > 0; r113_offset /= 2) {
      const double r113_other = __shfl_down_sync(r113_mask, v113, r113_offset);
      if (r113_lane + r113_offset < r113_width)
        v113 = max(v113, r113_other);
    }
    if (r113_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v113;
  }
}

__global__ void k114(const double *in, double *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double v114 = in[g];
    __shared__ double r114_warps[32];
    const unsigned r114_rank = threadIdx.x;
    const unsigned r114_lane = r114_rank % 32u;
    const unsigned r114_threads = blockDim.x;
    for (unsigned r114_offset = 16; r114_offset > 0; r114_offset /= 2)
      v114 = max(v114, __shfl_down_sync(0xffffffffu, v114, r114_offset));
    __syncthreads();
    if (r114_lane == 0)
      r114_warps[r114_rank / 32u] = v114;
    __syncthreads();
    if (r114_rank < 32u) {
      v114 = r114_rank < (r114_threads + 31u) / 32u ? r114_warps[r114_rank] : -(double)INFINITY;
      for (unsigned r114_offset = 16; r114_offset > 0; r114_offset /= 2)
        v114 = max(v114, __shfl_down_sync(0xffffffffu, v114, r114_offset));
    }
    if (r114_rank == 0)
      r114_warps[0] = v114;
    __syncthreads();
    v114 = r114_warps[0];
    out[g] = v114;
  }
}

__global__ void k115(const double *in, double *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    double v115 = in[g];
    const unsigned r115_rank = threadIdx.x;
    const unsigned r115_lane = r115_rank % 32u;
    const unsigned r115_threads = blockDim.x;
    const unsigned r115_width = min(32u, r115_threads - (r115_rank - r115_lane));
    const unsigned r115_mask = r115_width == 32u ? 0xffffffffu : (1u << r115_width) - 1u;
    for (unsigned r115_offset = 16; r115_offset > 0; r115_offset /= 2) {
      const double r115_other = __shfl_down_sync(r115_mask, v115, r115_offset);
      if (r115_lane + r115_offset < r115_width)
        v115 = max(v115, r115_other);
    }
    v115 = __shfl_sync(r115_mask, v115, 0);
    out[g] = v115;
  }
}

__global__ void k116(const double *in, double *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    double v116 = in[g];
    __shared__ double r116_warps[32];
    const unsigned r116_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r116_lane = r116_rank % 32u;
    const unsigned r116_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r116_width = min(32u, r116_threads - (r116_rank - r116_lane));
    const unsigned r116_mask = r116_width == 32u ? 0xffffffffu : (1u << r116_width) - 1u;
    for (unsigned r116_offset = 16; r116_offset > 0; r116_offset /= 2) {
      const double r116_other = __shfl_down_sync(r116_mask, v116, r116_offset);
      if (r116_lane + r116_offset < r116_width)
        v116 = min(v116, r116_other);
    }
    if (r116_lane == 0)
      r116_warps[r116_rank / 32u] = v116;
    __syncthreads();
    if (r116_rank < 32u) {
      v116 = r116_rank < (r116_threads + 31u) / 32u ? r116_warps[r116_rank] : (double)INFINITY;
      for (unsigned r116_offset = 16; r116_offset > 0; r116_offset /= 2) {
        const double r116_other = __shfl_down_sync(r116_mask, v116, r116_offset);
        if (r116_lane + r116_offset < r116_width)
          v116 = min(v116, r116_other);
      }
    }
    if (r116_rank == 0)
      out[blockIdx.x] = v116;
  }
}

__global__ void k117(const double *in, double *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    double v117 = in[g];
    const unsigned r117_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r117_lane = r117_rank % 32u;
    const unsigned r117_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r117_width = min(32u, r117_threads - (r117_rank - r117_lane));
    const unsigned r117_mask = r117_width == 32u ? 0xffffffffu : (1u << r117_width) - 1u;
    for (unsigned r117_offset = 16; r117_offset > 0; r117_offset /= 2) {
      const double r117_other = __shfl_down_sync(r117_mask, v117, r117_offset);
      if (r117_lane + r117_offset < r117_width)
        v117 = min(v117, r117_other);
    }
    if (r117_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v117;
  }
}

__global__ void k118(const double *in, double *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    double v118 = in[g];
    __shared__ double r118_warps[32];
    const unsigned r118_rank = threadIdx.x;
    const unsigned r118_lane = r118_rank % 32u;
    const unsigned r118_threads = blockDim.x;
    for (unsigned r118_offset = 16; r118_offset > 0; r118_offset /= 2)
      v118 = min(v118, __shfl_down_sync(0xffffffffu, v118, r118_offset));
    __syncthreads();
    if (r118_lane == 0)
      r118_warps[r118_rank / 32u] = v118;
    __syncthreads();
    if (r118_rank < 32u) {
      v118 = r118_rank < (r118_threads + 31u) / 32u ? r118_warps[r118_rank] : (double)INFINITY;
      for (unsigned r118_offset = 16; r118_offset > 0; r118_offset /= 2)
        v118 = min(v118, __shfl_down_sync(0xffffffffu, v118, r118_offset));
    }
    if (r118_rank == 0)
      r118_warps[0] = v118;
    __syncthreads();
    v118 = r118_warps[0];
    out[g] = v118;
  }
}

__global__ void k119(const double *in, double *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    double v119 = in[g];
    const unsigned r119_rank = threadIdx.x;
    const unsigned r119_lane = r119_rank % 32u;
    const unsigned r119_threads = blockDim.x;
    const unsigned r119_width = min(32u, r119_threads - (r119_rank - r119_lane));
    const unsigned r119_mask = r119_width == 32u ? 0xffffffffu : (1u << r119_width) - 1u;
    for (unsigned r119_offset = 16; r119_offset > 0; r119_offset /= 2) {
      const double r119_other = __shfl_down_sync(r119_mask, v119, r119_offset);
      if (r119_lane + r119_offset < r119_width)
        v119 = min(v119, r119_other);
    }
    v119 = __shfl_sync(r119_mask, v119, 0);
    out[g] = v119;
  }
}

__global__ void k120(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v120 = in[g];
    __shared__ float r120_warps[32];
    const unsigned r120_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r120_lane = r120_rank % 32u;
    const unsigned r120_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r120_width = min(32u, r120_threads - (r120_rank - r120_lane));
    const unsigned r120_mask = r120_width == 32u ? 0xffffffffu : (1u << r120_width) - 1u;
    for (unsigned r120_offset = 16; r120_offset > 0; r120_offset /= 2) {
      const float r120_other = __shfl_down_sync(r120_mask, v120, r120_offset);
      if (r120_lane + r120_offset < r120_width)
        v120 = max(v120, r120_other);
    }
    if (r120_lane == 0)
      r120_warps[r120_rank / 32u] = v120;
    __syncthreads();
    if (r120_rank < 32u) {
      v120 = r120_rank < (r120_threads + 31u) / 32u ? r120_warps[r120_rank] : -INFINITY;
      for (unsigned r120_offset = 16; r120_offset > 0; r120_offset /= 2) {
        const float r120_other = __shfl_down_sync(r120_mask, v120, r120_offset);
        if (r120_lane + r120_offset < r120_width)
          v120 = max(v120, r120_other);
      }
    }
    if (r120_rank == 0)
      out[blockIdx.x] = v120;
  }
}

__global__ void k121(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v121 = in[g];
    const unsigned r121_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r121_lane = r121_rank % 32u;
    const unsigned r121_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r121_width = min(32u, r121_threads - (r121_rank - r121_lane));
    const unsigned r121_mask = r121_width == 32u ? 0xffffffffu : (1u << r121_width) - 1u;
    for (unsigned r121_offset = 16; r121_offset > 0; r121_offset /= 2) {
      const float r121_other = __shfl_down_sync(r121_mask, v121, r121_offset);
      if (r121_lane + r121_offset < r121_width)
        v121 = max(v121, r121_other);
    }
    if (r121_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v121;
  }
}

__global__ void k122(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v122 = in[g];
    __shared__ float r122_warps[32];
    const unsigned r122_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r122_lane = r122_rank % 32u;
    const unsigned r122_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r122_width = min(32u, r122_threads - (r122_rank - r122_lane));
    const unsigned r122_mask = r122_width == 32u ? 0xffffffffu : (1u << r122_width) - 1u;
    for (unsigned r122_offset = 16; r122_offset > 0; r122_offset /= 2) {
      const float r122_other = __shfl_down_sync(r122_mask, v122, r122_offset);
      if (r122_lane + r122_offset < r122_width)
        v122 = max(v122, r122_other);
    }
    if (r122_lane == 0)
      r122_warps[r122_rank / 32u] = v122;
    __syncthreads();
    if (r122_rank < 32u) {
      v122 = r122_rank < (r122_threads + 31u) / 32u ? r122_warps[r122_rank] : -INFINITY;
      for (unsigned r122_offset = 16; r122_offset > 0; r122_offset /= 2) {
        const float r122_other = __shfl_down_sync(r122_mask, v122, r122_offset);
        if (r122_lane + r122_offset < r122_width)
          v122 = max(v122, r122_other);
      }
    }
    if (r122_rank == 0)
      r122_warps[0] = v122;
    __syncthreads();
    v122 = r122_warps[0];
    out[g] = v122;
  }
}

__global__ void k123(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v123 = in[g];
    const unsigned r123_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r123_lane = r123_rank % 32u;
    const unsigned r123_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r123_width = min(32u, r123_threads - (r123_rank - r123_lane));
    const unsigned r123_mask = r123_width == 32u ? 0xffffffffu : (1u << r123_width) - 1u;
    for (unsigned r123_offset = 16; r123_offset > 0; r123_offset /= 2) {
      const float r123_other = __shfl_down_sync(r123_mask, v123, r123_offset);
      if (r123_lane + r123_offset < r123_width)
        v123 = max(v123, r123_other);
    }
    v123 = __shfl_sync(r123_mask, v123, 0);
    out[g] = v123;
  }
}

__global__ void k124(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v124 = in[g];
    __shared__ float r124_warps[32];
    const unsigned r124_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r124_lane = r124_rank % 32u;
    const unsigned r124_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned r124_offset = 16; r124_offset > 0; r124_offset /= 2)
      v124 = max(v124, __shfl_down_sync(0xffffffffu, v124, r124_offset));
    if (r124_lane == 0)
      r124_warps[r124_rank / 32u] = v124;
    __syncthreads();
    if (r124_rank < 32u) {
      v124 = r124_rank < (r124_threads + 31u) / 32u ? r124_warps[r124_rank] : -INFINITY;
      for (unsigned r124_offset = 16; r124_offset > 0; r124_offset /= 2)
        v124 = max(v124, __shfl_down_sync(0xffffffffu, v124, r124_offset));
    }
    if (r124_rank == 0)
      out[blockIdx.x] = v124;
  }
}

__global__ void k125(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v125 = in[g];
    const unsigned r125_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r125_lane = r125_rank % 32u;
    for (unsigned r125_offset = 16; r125_offset > 0; r125_offset /= 2)
      v125 = max(v125, __shfl_down_sync(0xffffffffu, v125, r125_offset));
    if (r125_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v125;
  }
}

__global__ void k126(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v126 = in[g];
    __shared__ float r126_warps[32];
    const unsigned r126_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r126_lane = r126_rank % 32u;
    const unsigned r126_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned r126_offset = 16; r126_offset > 0; r126_offset /= 2)
      v126 = max(v126, __shfl_down_sync(0xffffffffu, v126, r126_offset));
    if (r126_lane == 0)
      r126_warps[r126_rank / 32u] = v126;
    __syncthreads();
    if (r126_rank < 32u) {
      v126 = r126_rank < (r126_threads + 31u) / 32u ? r126_warps[r126_rank] : -INFINITY;
      for (unsigned r126_offset = 16; r126_offset > 0; r126_offset /= 2)
        v126 = max(v126, __shfl_down_sync(0xffffffffu, v126, r126_offset));
    }
    if (r126_rank == 0)
      r126_warps[0] = v126;
    __syncthreads();
    v126 = r126_warps[0];
    out[g] = v126;
  }
}

__global__ void k127(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v127 = in[g];
    const unsigned r127_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r127_lane = r127_rank % 32u;
    for (unsigned r127_offset = 16; r127_offset > 0; r127_offset /= 2)
      v127 = max(v127, __shfl_down_sync(0xffffffffu, v127, r127_offset));
    v127 = __shfl_sync(0xffffffffu, v127, 0);
    out[g] = v127;
  }
}

__global__ void k128(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v128 = in[g];
    __shared__ float r128_warps[32];
    const unsigned r128_rank = threadIdx.x;
    const unsigned r128_lane = r128_rank % 32u;
    const unsigned r128_threads = blockDim.x;
    const unsigned r128_width = min(32u, r128_threads - (r128_rank - r128_lane));
    const unsigned r128_mask = r128_width == 32u ? 0xffffffffu : (1u << r128_width) - 1u;
    for (unsigned r128_offset = 16; r128_offset > 0; r128_offset /= 2) {
      const float r128_other = __shfl_down_sync(r128_mask, v128, r128_offset);
      if (r128_lane + r128_offset < r128_width)
        v128 = max(v128, r128_other);
    }
    if (r128_lane == 0)
      r128_warps[r128_rank / 32u] = v128;
    __syncthreads();
    if (r128_rank < 32u) {
      v128 = r128_rank < (r128_threads + 31u) / 32u ? r128_warps[r128_rank] : -INFINITY;
      for (unsigned r128_offset = 16; r128_offset > 0; r128_offset /= 2) {
        const float r128_other = __shfl_down_sync(r128_mask, v128, r128_offset);
        if (r128_lane + r128_offset < r128_width)
          v128 = max(v128, r128_other);
      }
    }
    if (r128_rank == 0)
      out[blockIdx.x] = v128;
  }
}

__global__ void k129(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v129 = in[g];
    const unsigned r129_rank = threadIdx.x;
    const unsigned r129_lane = r129_rank % 32u;
    const unsigned r129_threads = blockDim.x;
    const unsigned r129_width = min(32u, r129_threads - (r129_rank - r129_lane));
    const unsigned r129_mask = r129_width == 32u ? 0xffffffffu : (1u << r129_width) - 1u;
    for (unsigned r129_offset = 16; r129_offset > 0; r129_offset /= 2) {
      const float r129_other = __shfl_down_sync(r129_mask, v129, r129_offset);
      if (r129_lane + r129_offset < r129_width)
        v129 = max(v129, r129_other);
    }
    if (r129_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v129;
  }
}

__global__ void k130(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v130 = in[g];
    __shared__ float r130_warps[32];
    const unsigned r130_rank = threadIdx.x;
    const unsigned r130_lane = r130_rank % 32u;
    const unsigned r130_threads = blockDim.x;
    const unsigned r130_width = min(32u, r130_threads - (r130_rank - r130_lane));
    const unsigned r130_mask = r130_width == 32u ? 0xffffffffu : (1u << r130_width) - 1u;
    for (unsigned r130_offset = 16; r130_offset > 0; r130_offset /= 2) {
      const float r130_other = __shfl_down_sync(r130_mask, v130, r130_offset);
      if (r130_lane + r130_offset < r130_width)
        v130 = max(v130, r130_other);
    }
    if (r130_lane == 0)
      r130_warps[r130_rank / 32u] = v130;
    __syncthreads();
    if (r130_rank < 32u) {
      v130 = r130_rank < (r130_threads + 31u) / 32u ? r130_warps[r130_rank] : -INFINITY;
      for (unsigned r130_offset = 16; r130_offset > 0; r130_offset /= 2) {
        const float r130_other = __shfl_down_sync(r130_mask, v130, r130_offset);
        if (r130_lane + r130_offset < r130_width)
          v130 = max(v130, r130_other);
      }
    }
    if (r130_rank == 0)
      r130_warps[0] = v130;
    __syncthreads();
    v130 = r130_warps[0];
    out[g] = v130;
  }
}

__global__ void k131(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v131 = in[g];
    const unsigned r131_rank = threadIdx.x;
    const unsigned r131_lane = r131_rank % 32u;
    const unsigned r131_threads = blockDim.x;
    const unsigned r131_width = min(32u, r131_threads - (r131_rank - r131_lane));
    const unsigned r131_mask = r131_width == 32u ? 0xffffffffu : (1u << r131_width) - 1u;
    for (unsigned r131_offset = 16; r131_offset > 0; r131_offset /= 2) {
      const float r131_other = __shfl_down_sync(r131_mask, v131, r131_offset);
      if (r131_lane + r131_offset < r131_width)
        v131 = max(v131, r131_other);
    }
    v131 = __shfl_sync(r131_mask, v131, 0);
    out[g] = v131;
  }
}

__global__ void k132(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v132 = in[g];
    __shared__ float r132_warps[32];
    const unsigned r132_rank = threadIdx.x;
    const unsigned r132_lane = r132_rank % 32u;
    const unsigned r132_threads = blockDim.x;
    for (unsigned r132_offset = 16; r132_offset > 0; r132_offset /= 2)
      v132 = max(v132, __shfl_down_sync(0xffffffffu, v132, r132_offset));
    if (r132_lane == 0)
      r132_warps[r132_rank / 32u] = v132;
    __syncthreads();
    if (r132_rank < 32u) {
      v132 = r132_rank < (r132_threads + 31u) / 32u ? r132_warps[r132_rank] : -INFINITY;
      for (unsigned r132_offset = 16; r132_offset > 0; r132_offset /= 2)
        v132 = max(v132, __shfl_down_sync(0xffffffffu, v132, r132_offset));
    }
    if (r132_rank == 0)
      out[blockIdx.x] = v132;
  }
}

__global__ void k133(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v133 = in[g];
    const unsigned r133_rank = threadIdx.x;
    const unsigned r133_lane = r133_rank % 32u;
    for (unsigned r133_offset = 16; r133_offset > 0; r133_offset /= 2)
      v133 = max(v133, __shfl_down_sync(0xffffffffu, v133, r133_offset));
    if (r133_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v133;
  }
}

__global__ void k134(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v134 = in[g];
    __shared__ float r134_warps[32];
    const unsigned r134_rank = threadIdx.x;
    const unsigned r134_lane = r134_rank % 32u;
    const unsigned r134_threads = blockDim.x;
    for (unsigned r134_offset = 16; r134_offset > 0; r134_offset /= 2)
      v134 = max(v134, __shfl_down_sync(0xffffffffu, v134, r134_offset));
    if (r134_lane == 0)
      r134_warps[r134_rank / 32u] = v134;
    __syncthreads();
    if (r134_rank < 32u) {
      v134 = r134_rank < (r134_threads + 31u) / 32u ? r134_warps[r134_rank] : -INFINITY;
      for (unsigned r134_offset = 16; r134_offset > 0; r134_offset /= 2)
        v134 = max(v134, __shfl_down_sync(0xffffffffu, v134, r134_offset));
    }
    if (r134_rank == 0)
      r134_warps[0] = v134;
    __syncthreads();
    v134 = r134_warps[0];
    out[g] = v134;
  }
}

__global__ void k135(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 1; ++rep) {
    float v135 = in[g];
    const unsigned r135_rank = threadIdx.x;
    const unsigned r135_lane = r135_rank % 32u;
    for (unsigned r135_offset = 16; r135_offset > 0; r135_offset /= 2)
      v135 = max(v135, __shfl_down_sync(0xffffffffu, v135, r135_offset));
    v135 = __shfl_sync(0xffffffffu, v135, 0);
    out[g] = v135;
  }
}

__global__ void k136(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float v136 = in[g];
    __shared__ float r136_warps[32];
    const unsigned r136_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r136_lane = r136_rank % 32u;
    const unsigned r136_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r136_width = min(32u, r136_threads - (r136_rank - r136_lane));
    const unsigned r136_mask = r136_width == 32u ? 0xffffffffu : (1u << r136_width) - 1u;
    for (unsigned r136_offset = 16; r136_offset > 0; r136_offset /= 2) {
      const float r136_other = __shfl_down_sync(r136_mask, v136, r136_offset);
      if (r136_lane + r136_offset < r136_width)
        v136 = max(v136, r136_other);
    }
    __syncthreads();
    if (r136_lane == 0)
      r136_warps[r136_rank / 32u] = v136;
    __syncthreads();
    if (r136_rank < 32u) {
      v136 = r136_rank < (r136_threads + 31u) / 32u ? r136_warps[r136_rank] : -INFINITY;
      for (unsigned r136_offset = 16; r136_offset > 0; r136_offset /= 2) {
        const float r136_other = __shfl_down_sync(r136_mask, v136, r136_offset);
        if (r136_lane + r136_offset < r136_width)
          v136 = max(v136, r136_other);
      }
    }
    if (r136_rank == 0)
      out[blockIdx.x] = v136;
  }
}

__global__ void k137(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float v137 = in[g];
    const unsigned r137_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r137_lane = r137_rank % 32u;
    const unsigned r137_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r137_width = min(32u, r137_threads - (r137_rank - r137_lane));
    const unsigned r137_mask = r137_width == 32u ? 0xffffffffu : (1u << r137_width) - 1u;
    for (unsigned r137_offset = 16; r137_offset > 0; r137_offset /= 2) {
      const float r137_other = __shfl_down_sync(r137_mask, v137, r137_offset);
      if (r137_lane + r137_offset < r137_width)
        v137 = max(v137, r137_other);
    }
    if (r137_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v137;
  }
}

__global__ void k138(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float v138 = in[g];
    __shared__ float r138_warps[32];
    const unsigned r138_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r138_lane = r138_rank % 32u;
    const unsigned r138_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r138_width = min(32u, r138_threads - (r138_rank - r138_lane));
    const unsigned r138_mask = r138_width == 32u ? 0xffffffffu : (1u << r138_width) - 1u;
    for (unsigned r138_offset = 16; r138_offset > 0; r138_offset /= 2) {
      const float r138_other = __shfl_down_sync(r138_mask, v138, r138_offset);
      if (r138_lane + r138_offset < r138_width)
        v138 = max(v138, r138_other);
    }
    __syncthreads();
    if (r138_lane == 0)
      r138_warps[r138_rank / 32u] = v138;
    __syncthreads();
    if (r138_rank < 32u) {
      v138 = r138_rank < (r138_threads + 31u) / 32u ? r138_warps[r138_rank] : -INFINITY;
      for (unsigned r138_offset = 16; r138_offset > 0; r138_offset /= 2) {
        const float r138_other = __shfl_down_sync(r138_mask, v138, r138_offset);
        if (r138_lane + r138_offset < r138_width)
          v138 = max(v138, r138_other);
      }
    }
    if (r138_rank == 0)
      r138_warps[0] = v138;
    __syncthreads();
    v138 = r138_warps[0];
    out[g] = v138;
  }
}

__global__ void k139(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float v139 = in[g];
    const unsigned r139_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r139_lane = r139_rank % 32u;
    const unsigned r139_threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned r139_width = min(32u, r139_threads - (r139_rank - r139_lane));
    const unsigned r139_mask = r139_width == 32u ? 0xffffffffu : (1u << r139_width) - 1u;
    for (unsigned r139_offset = 16; r139_offset > 0; r139_offset /= 2) {
      const float r139_other = __shfl_down_sync(r139_mask, v139, r139_offset);
      if (r139_lane + r139_offset < r139_width)
        v139 = max(v139, r139_other);
    }
    v139 = __shfl_sync(r139_mask, v139, 0);
    out[g] = v139;
  }
}

__global__ void k140(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float v140 = in[g];
    __shared__ float r140_warps[32];
    const unsigned r140_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r140_lane = r140_rank % 32u;
    const unsigned r140_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned r140_offset = 16; r140_offset > 0; r140_offset /= 2)
      v140 = max(v140, __shfl_down_sync(0xffffffffu, v140, r140_offset));
    __syncthreads();
    if (r140_lane == 0)
      r140_warps[r140_rank / 32u] = v140;
    __syncthreads();
    if (r140_rank < 32u) {
      v140 = r140_rank < (r140_threads + 31u) / 32u ? r140_warps[r140_rank] : -INFINITY;
      for (unsigned r140_offset = 16; r140_offset > 0; r140_offset /= 2)
        v140 = max(v140, __shfl_down_sync(0xffffffffu, v140, r140_offset));
    }
    if (r140_rank == 0)
      out[blockIdx.x] = v140;
  }
}

__global__ void k141(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float v141 = in[g];
    const unsigned r141_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r141_lane = r141_rank % 32u;
    for (unsigned r141_offset = 16; r141_offset > 0; r141_offset /= 2)
      v141 = max(v141, __shfl_down_sync(0xffffffffu, v141, r141_offset));
    if (r141_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v141;
  }
}

__global__ void k142(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float v142 = in[g];
    __shared__ float r142_warps[32];
    const unsigned r142_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r142_lane = r142_rank % 32u;
    const unsigned r142_threads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned r142_offset = 16; r142_offset > 0; r142_offset /= 2)
      v142 = max(v142, __shfl_down_sync(0xffffffffu, v142, r142_offset));
    __syncthreads();
    if (r142_lane == 0)
      r142_warps[r142_rank / 32u] = v142;
    __syncthreads();
    if (r142_rank < 32u) {
      v142 = r142_rank < (r142_threads + 31u) / 32u ? r142_warps[r142_rank] : -INFINITY;
      for (unsigned r142_offset = 16; r142_offset > 0; r142_offset /= 2)
        v142 = max(v142, __shfl_down_sync(0xffffffffu, v142, r142_offset));
    }
    if (r142_rank == 0)
      r142_warps[0] = v142;
    __syncthreads();
    v142 = r142_warps[0];
    out[g] = v142;
  }
}

__global__ void k143(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float v143 = in[g];
    const unsigned r143_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned r143_lane = r143_rank % 32u;
    for (unsigned r143_offset = 16; r143_offset > 0; r143_offset /= 2)
      v143 = max(v143, __shfl_down_sync(0xffffffffu, v143, r143_offset));
    v143 = __shfl_sync(0xffffffffu, v143, 0);
    out[g] = v143;
  }
}

__global__ void k144(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float v144 = in[g];
    __shared__ float r144_warps[32];
    const unsigned r144_rank = threadIdx.x;
    const unsigned r144_lane = r144_rank % 32u;
    const unsigned r144_threads = blockDim.x;
    const unsigned r144_width = min(32u, r144_threads - (r144_rank - r144_lane));
    const unsigned r144_mask = r144_width == 32u ? 0xffffffffu : (1u << r144_width) - 1u;
    for (unsigned r144_offset = 16; r144_offset > 0; r144_offset /= 2) {
      const float r144_other = __shfl_down_sync(r144_mask, v144, r144_offset);
      if (r144_lane + r144_offset < r144_width)
        v144 = max(v144, r144_other);
    }
    __syncthreads();
    if (r144_lane == 0)
      r144_warps[r144_rank / 32u] = v144;
    __syncthreads();
    if (r144_rank < 32u) {
      v144 = r144_rank < (r144_threads + 31u) / 32u ? r144_warps[r144_rank] : -INFINITY;
      for (unsigned r144_offset = 16; r144_offset > 0; r144_offset /= 2) {
        const float r144_other = __shfl_down_sync(r144_mask, v144, r144_offset);
        if (r144_lane + r144_offset < r144_width)
          v144 = max(v144, r144_other);
      }
    }
    if (r144_rank == 0)
      out[blockIdx.x] = v144;
  }
}

__global__ void k145(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float v145 = in[g];
    const unsigned r145_rank = threadIdx.x;
    const unsigned r145_lane = r145_rank % 32u;
    const unsigned r145_threads = blockDim.x;
    const unsigned r145_width = min(32u, r145_threads - (r145_rank - r145_lane));
    const unsigned r145_mask = r145_width == 32u ? 0xffffffffu : (1u << r145_width) - 1u;
    for (unsigned r145_offset = 16; r145_offset > 0; r145_offset /= 2) {
      const float r145_other = __shfl_down_sync(r145_mask, v145, r145_offset);
      if (r145_lane + r145_offset < r145_width)
        v145 = max(v145, r145_other);
    }
    if (r145_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v145;
  }
}

__global__ void k146(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float v146 = in[g];
    __shared__ float r146_warps[32];
    const unsigned r146_rank = threadIdx.x;
    const unsigned r146_lane = r146_rank % 32u;
    const unsigned r146_threads = blockDim.x;
    const unsigned r146_width = min(32u, r146_threads - (r146_rank - r146_lane));
    const unsigned r146_mask = r146_width == 32u ? 0xffffffffu : (1u << r146_width) - 1u;
    for (unsigned r146_offset = 16; r146_offset > 0; r146_offset /= 2) {
      const float r146_other = __shfl_down_sync(r146_mask, v146, r146_offset);
      if (r146_lane + r146_offset < r146_width)
        v146 = max(v146, r146_other);
    }
    __syncthreads();
    if (r146_lane == 0)
      r146_warps[r146_rank / 32u] = v146;
    __syncthreads();
    if (r146_rank < 32u) {
      v146 = r146_rank < (r146_threads + 31u) / 32u ? r146_warps[r146_rank] : -INFINITY;
      for (unsigned r146_offset = 16; r146_offset > 0; r146_offset /= 2) {
        const float r146_other = __shfl_down_sync(r146_mask, v146, r146_offset);
        if (r146_lane + r146_offset < r146_width)
          v146 = max(v146, r146_other);
      }
    }
    if (r146_rank == 0)
      r146_warps[0] = v146;
    __syncthreads();
    v146 = r146_warps[0];
    out[g] = v146;
  }
}

__global__ void k147(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float v147 = in[g];
    const unsigned r147_rank = threadIdx.x;
    const unsigned r147_lane = r147_rank % 32u;
    const unsigned r147_threads = blockDim.x;
    const unsigned r147_width = min(32u, r147_threads - (r147_rank - r147_lane));
    const unsigned r147_mask = r147_width == 32u ? 0xffffffffu : (1u << r147_width) - 1u;
    for (unsigned r147_offset = 16; r147_offset > 0; r147_offset /= 2) {
      const float r147_other = __shfl_down_sync(r147_mask, v147, r147_offset);
      if (r147_lane + r147_offset < r147_width)
        v147 = max(v147, r147_other);
    }
    v147 = __shfl_sync(r147_mask, v147, 0);
    out[g] = v147;
  }
}

__global__ void k148(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float v148 = in[g];
    __shared__ float r148_warps[32];
    const unsigned r148_rank = threadIdx.x;
    const unsigned r148_lane = r148_rank % 32u;
    const unsigned r148_threads = blockDim.x;
    for (unsigned r148_offset = 16; r148_offset > 0; r148_offset /= 2)
      v148 = max(v148, __shfl_down_sync(0xffffffffu, v148, r148_offset));
    __syncthreads();
    if (r148_lane == 0)
      r148_warps[r148_rank / 32u] = v148;
    __syncthreads();
    if (r148_rank < 32u) {
      v148 = r148_rank < (r148_threads + 31u) / 32u ? r148_warps[r148_rank] : -INFINITY;
      for (unsigned r148_offset = 16; r148_offset > 0; r148_offset /= 2)
        v148 = max(v148, __shfl_down_sync(0xffffffffu, v148, r148_offset));
    }
    if (r148_rank == 0)
      out[blockIdx.x] = v148;
  }
}

__global__ void k149(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float v149 = in[g];
    const unsigned r149_rank = threadIdx.x;
    const unsigned r149_lane = r149_rank % 32u;
    for (unsigned r149_offset = 16; r149_offset > 0; r149_offset /= 2)
      v149 = max(v149, __shfl_down_sync(0xffffffffu, v149, r149_offset));
    if (r149_lane == 0)
      out[(size_t)blockIdx.x * 32 + t / 32] = v149;
  }
}

__global__ void k150(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float v150 = in[g];
    __shared__ float r150_warps[32];
    const unsigned r150_rank = threadIdx.x;
    const unsigned r150_lane = r150_rank % 32u;
    const unsigned r150_threads = blockDim.x;
    for (unsigned r150_offset = 16; r150_offset > 0; r150_offset /= 2)
      v150 = max(v150, __shfl_down_sync(0xffffffffu, v150, r150_offset));
    __syncthreads();
    if (r150_lane == 0)
      r150_warps[r150_rank / 32u] = v150;
    __syncthreads();
    if (r150_rank < 32u) {
      v150 = r150_rank < (r150_threads + 31u) / 32u ? r150_warps[r150_rank] : -INFINITY;
      for (unsigned r150_offset = 16; r150_offset > 0; r150_offset /= 2)
        v150 = max(v150, __shfl_down_sync(0xffffffffu, v150, r150_offset));
    }
    if (r150_rank == 0)
      r150_warps[0] = v150;
    __syncthreads();
    v150 = r150_warps[0];
    out[g] = v150;
  }
}

__global__ void k151(const float *in, float *out) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const size_t g = (size_t)blockIdx.x * nt + t;
  for (int rep = 0; rep < 3; ++rep) {
    float v151 = in[g];
    const unsigned r151_rank = threadIdx.x;
    const unsigned r151_lane = r151_rank % 32u;
    for (unsigned r151_offset = 16; r151_offset > 0; r151_offset /= 2)
      v151 = max(v151, __shfl_down_sync(0xffffffffu, v151, r151_offset));
    v151 = __shfl_sync(0xffffffffu, v151, 0);
    out[g] = v151;
  }
}


template <typename T> T fold(int op, T a, T b) {
  switch (op) {
  case 0: return a + b;
  case 1: return a > b ? a : b;
  case 2: return a < b ? a : b;
  case 3: return (T)((unsigned long long)a & (unsigned long long)b);
  case 4: return (T)((unsigned long long)a | (unsigned long long)b);
  default: return (T)((unsigned long long)a ^ (unsigned long long)b);
  }
}

template <typename T>
int check(const char *name, void (*k)(const T *, T *), int op, bool block, bool all, bool full, bool oned) {
  const dim3 shapes[] = {dim3(256), dim3(1024), dim3(96), dim3(100), dim3(33), dim3(7), dim3(1),
                         dim3(32, 4), dim3(16, 3), dim3(5, 3, 2)};
  int bad = 0;
  for (dim3 b : shapes) {
    unsigned nt = b.x * b.y * b.z;
    if ((full && nt % 32) || (oned && (b.y > 1 || b.z > 1)))
      continue;
    const unsigned blocks = 3;
    size_t n = (size_t)blocks * nt;
    std::vector<T> in(n);
    for (size_t i = 0; i < n; ++i)
      in[i] = (T)(op >= 3 ? (rand() & 0xffff) : (rand() % 101) - (((T)-1 < (T)0) ? 50 : 0));
    size_t slots = all ? n : block ? blocks : (size_t)blocks * 32;
    T *din, *dout;
    cudaMalloc(&din, n * sizeof(T));
    cudaMalloc(&dout, slots * sizeof(T));
    cudaMemcpy(din, in.data(), n * sizeof(T), cudaMemcpyHostToDevice);
    cudaMemset(dout, 0, slots * sizeof(T));
    k<<<blocks, b>>>(din, dout);
    std::vector<T> out(slots);
    if (cudaMemcpy(out.data(), dout, slots * sizeof(T), cudaMemcpyDeviceToHost) != cudaSuccess) {
      printf("%s: CUDA error %s\n", name, cudaGetErrorString(cudaGetLastError()));
      return 1;
    }
    for (unsigned blk = 0; blk < blocks; ++blk)
      for (unsigned w = 0; w < (block ? 1 : (nt + 31) / 32); ++w) {
        unsigned lo = block ? 0 : w * 32, hi = block ? nt : (w * 32 + 32 < nt ? w * 32 + 32 : nt);
        T want = in[(size_t)blk * nt + lo];
        for (unsigned t = lo + 1; t < hi; ++t)
          want = fold(op, want, in[(size_t)blk * nt + t]);
        for (unsigned t = lo; t < hi; ++t) {
          size_t slot = all ? (size_t)blk * nt + t : block ? blk : (size_t)blk * 32 + w;
          if (out[slot] != want) {
            printf("%s: block (%u,%u,%u) group %u thread %u: got %g, want %g\n", name, b.x, b.y, b.z, blk, t,
                   (double)out[slot], (double)want);
            ++bad;
            break;
          }
          if (!all)
            break;
        }
      }
    cudaFree(din);
    cudaFree(dout);
  }
  return bad;
}

int main() {
  int bad = 0;
  bad += check<int>("k0", k0, 0, true, false, false, false);
  bad += check<int>("k1", k1, 0, false, false, false, false);
  bad += check<int>("k2", k2, 0, true, true, true, true);
  bad += check<int>("k3", k3, 0, false, true, false, true);
  bad += check<int>("k4", k4, 1, true, false, false, false);
  bad += check<int>("k5", k5, 1, false, false, false, false);
  bad += check<int>("k6", k6, 1, true, true, true, true);
  bad += check<int>("k7", k7, 1, false, true, false, true);
  bad += check<int>("k8", k8, 2, true, false, false, false);
  bad += check<int>("k9", k9, 2, false, false, false, false);
  bad += check<int>("k10", k10, 2, true, true, true, true);
  bad += check<int>("k11", k11, 2, false, true, false, true);
  bad += check<int>("k12", k12, 3, true, false, false, false);
  bad += check<int>("k13", k13, 3, false, false, false, false);
  bad += check<int>("k14", k14, 3, true, true, true, true);
  bad += check<int>("k15", k15, 3, false, true, false, true);
  bad += check<int>("k16", k16, 4, true, false, false, false);
  bad += check<int>("k17", k17, 4, false, false, false, false);
  bad += check<int>("k18", k18, 4, true, true, true, true);
  bad += check<int>("k19", k19, 4, false, true, false, true);
  bad += check<int>("k20", k20, 5, true, false, false, false);
  bad += check<int>("k21", k21, 5, false, false, false, false);
  bad += check<int>("k22", k22, 5, true, true, true, true);
  bad += check<int>("k23", k23, 5, false, true, false, true);
  bad += check<unsigned int>("k24", k24, 0, true, false, false, false);
  bad += check<unsigned int>("k25", k25, 0, false, false, false, false);
  bad += check<unsigned int>("k26", k26, 0, true, true, true, true);
  bad += check<unsigned int>("k27", k27, 0, false, true, false, true);
  bad += check<unsigned int>("k28", k28, 1, true, false, false, false);
  bad += check<unsigned int>("k29", k29, 1, false, false, false, false);
  bad += check<unsigned int>("k30", k30, 1, true, true, true, true);
  bad += check<unsigned int>("k31", k31, 1, false, true, false, true);
  bad += check<unsigned int>("k32", k32, 2, true, false, false, false);
  bad += check<unsigned int>("k33", k33, 2, false, false, false, false);
  bad += check<unsigned int>("k34", k34, 2, true, true, true, true);
  bad += check<unsigned int>("k35", k35, 2, false, true, false, true);
  bad += check<unsigned int>("k36", k36, 3, true, false, false, false);
  bad += check<unsigned int>("k37", k37, 3, false, false, false, false);
  bad += check<unsigned int>("k38", k38, 3, true, true, true, true);
  bad += check<unsigned int>("k39", k39, 3, false, true, false, true);
  bad += check<unsigned int>("k40", k40, 4, true, false, false, false);
  bad += check<unsigned int>("k41", k41, 4, false, false, false, false);
  bad += check<unsigned int>("k42", k42, 4, true, true, true, true);
  bad += check<unsigned int>("k43", k43, 4, false, true, false, true);
  bad += check<unsigned int>("k44", k44, 5, true, false, false, false);
  bad += check<unsigned int>("k45", k45, 5, false, false, false, false);
  bad += check<unsigned int>("k46", k46, 5, true, true, true, true);
  bad += check<unsigned int>("k47", k47, 5, false, true, false, true);
  bad += check<long long>("k48", k48, 0, true, false, false, false);
  bad += check<long long>("k49", k49, 0, false, false, false, false);
  bad += check<long long>("k50", k50, 0, true, true, true, true);
  bad += check<long long>("k51", k51, 0, false, true, false, true);
  bad += check<long long>("k52", k52, 1, true, false, false, false);
  bad += check<long long>("k53", k53, 1, false, false, false, false);
  bad += check<long long>("k54", k54, 1, true, true, true, true);
  bad += check<long long>("k55", k55, 1, false, true, false, true);
  bad += check<long long>("k56", k56, 2, true, false, false, false);
  bad += check<long long>("k57", k57, 2, false, false, false, false);
  bad += check<long long>("k58", k58, 2, true, true, true, true);
  bad += check<long long>("k59", k59, 2, false, true, false, true);
  bad += check<long long>("k60", k60, 3, true, false, false, false);
  bad += check<long long>("k61", k61, 3, false, false, false, false);
  bad += check<long long>("k62", k62, 3, true, true, true, true);
  bad += check<long long>("k63", k63, 3, false, true, false, true);
  bad += check<long long>("k64", k64, 4, true, false, false, false);
  bad += check<long long>("k65", k65, 4, false, false, false, false);
  bad += check<long long>("k66", k66, 4, true, true, true, true);
  bad += check<long long>("k67", k67, 4, false, true, false, true);
  bad += check<long long>("k68", k68, 5, true, false, false, false);
  bad += check<long long>("k69", k69, 5, false, false, false, false);
  bad += check<long long>("k70", k70, 5, true, true, true, true);
  bad += check<long long>("k71", k71, 5, false, true, false, true);
  bad += check<unsigned long long>("k72", k72, 0, true, false, false, false);
  bad += check<unsigned long long>("k73", k73, 0, false, false, false, false);
  bad += check<unsigned long long>("k74", k74, 0, true, true, true, true);
  bad += check<unsigned long long>("k75", k75, 0, false, true, false, true);
  bad += check<unsigned long long>("k76", k76, 1, true, false, false, false);
  bad += check<unsigned long long>("k77", k77, 1, false, false, false, false);
  bad += check<unsigned long long>("k78", k78, 1, true, true, true, true);
  bad += check<unsigned long long>("k79", k79, 1, false, true, false, true);
  bad += check<unsigned long long>("k80", k80, 2, true, false, false, false);
  bad += check<unsigned long long>("k81", k81, 2, false, false, false, false);
  bad += check<unsigned long long>("k82", k82, 2, true, true, true, true);
  bad += check<unsigned long long>("k83", k83, 2, false, true, false, true);
  bad += check<unsigned long long>("k84", k84, 3, true, false, false, false);
  bad += check<unsigned long long>("k85", k85, 3, false, false, false, false);
  bad += check<unsigned long long>("k86", k86, 3, true, true, true, true);
  bad += check<unsigned long long>("k87", k87, 3, false, true, false, true);
  bad += check<unsigned long long>("k88", k88, 4, true, false, false, false);
  bad += check<unsigned long long>("k89", k89, 4, false, false, false, false);
  bad += check<unsigned long long>("k90", k90, 4, true, true, true, true);
  bad += check<unsigned long long>("k91", k91, 4, false, true, false, true);
  bad += check<unsigned long long>("k92", k92, 5, true, false, false, false);
  bad += check<unsigned long long>("k93", k93, 5, false, false, false, false);
  bad += check<unsigned long long>("k94", k94, 5, true, true, true, true);
  bad += check<unsigned long long>("k95", k95, 5, false, true, false, true);
  bad += check<float>("k96", k96, 0, true, false, false, false);
  bad += check<float>("k97", k97, 0, false, false, false, false);
  bad += check<float>("k98", k98, 0, true, true, true, true);
  bad += check<float>("k99", k99, 0, false, true, false, true);
  bad += check<float>("k100", k100, 1, true, false, false, false);
  bad += check<float>("k101", k101, 1, false, false, false, false);
  bad += check<float>("k102", k102, 1, true, true, true, true);
  bad += check<float>("k103", k103, 1, false, true, false, true);
  bad += check<float>("k104", k104, 2, true, false, false, false);
  bad += check<float>("k105", k105, 2, false, false, false, false);
  bad += check<float>("k106", k106, 2, true, true, true, true);
  bad += check<float>("k107", k107, 2, false, true, false, true);
  bad += check<double>("k108", k108, 0, true, false, false, false);
  bad += check<double>("k109", k109, 0, false, false, false, false);
  bad += check<double>("k110", k110, 0, true, true, true, true);
  bad += check<double>("k111", k111, 0, false, true, false, true);
  bad += check<double>("k112", k112, 1, true, false, false, false);
  bad += check<double>("k113", k113, 1, false, false, false, false);
  bad += check<double>("k114", k114, 1, true, true, true, true);
  bad += check<double>("k115", k115, 1, false, true, false, true);
  bad += check<double>("k116", k116, 2, true, false, false, false);
  bad += check<double>("k117", k117, 2, false, false, false, false);
  bad += check<double>("k118", k118, 2, true, true, true, true);
  bad += check<double>("k119", k119, 2, false, true, false, true);
  bad += check<float>("k120", k120, 1, true, false, false, false);
  bad += check<float>("k121", k121, 1, false, false, false, false);
  bad += check<float>("k122", k122, 1, true, true, false, false);
  bad += check<float>("k123", k123, 1, false, true, false, false);
  bad += check<float>("k124", k124, 1, true, false, true, false);
  bad += check<float>("k125", k125, 1, false, false, true, false);
  bad += check<float>("k126", k126, 1, true, true, true, false);
  bad += check<float>("k127", k127, 1, false, true, true, false);
  bad += check<float>("k128", k128, 1, true, false, false, true);
  bad += check<float>("k129", k129, 1, false, false, false, true);
  bad += check<float>("k130", k130, 1, true, true, false, true);
  bad += check<float>("k131", k131, 1, false, true, false, true);
  bad += check<float>("k132", k132, 1, true, false, true, true);
  bad += check<float>("k133", k133, 1, false, false, true, true);
  bad += check<float>("k134", k134, 1, true, true, true, true);
  bad += check<float>("k135", k135, 1, false, true, true, true);
  bad += check<float>("k136", k136, 1, true, false, false, false);
  bad += check<float>("k137", k137, 1, false, false, false, false);
  bad += check<float>("k138", k138, 1, true, true, false, false);
  bad += check<float>("k139", k139, 1, false, true, false, false);
  bad += check<float>("k140", k140, 1, true, false, true, false);
  bad += check<float>("k141", k141, 1, false, false, true, false);
  bad += check<float>("k142", k142, 1, true, true, true, false);
  bad += check<float>("k143", k143, 1, false, true, true, false);
  bad += check<float>("k144", k144, 1, true, false, false, true);
  bad += check<float>("k145", k145, 1, false, false, false, true);
  bad += check<float>("k146", k146, 1, true, true, false, true);
  bad += check<float>("k147", k147, 1, false, true, false, true);
  bad += check<float>("k148", k148, 1, true, false, true, true);
  bad += check<float>("k149", k149, 1, false, false, true, true);
  bad += check<float>("k150", k150, 1, true, true, true, true);
  bad += check<float>("k151", k151, 1, false, true, true, true);
  printf("%d mismatches\n", bad);
  return bad != 0;
}
