// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=reverse
// REQUIRES: nvcc
// Reverse on private histograms replicated C times (bin * C + copy, one
// copy per lane group so a warp's atomics spread over the banks): every
// update goes to the global bin, through an index term, an offset pointer
// or a helper that receives the pointer, and the merge that combines each
// bin's copies goes with the fill, the declaration and the barriers.
#include <cuda_runtime.h>

#define NB 64
#define REP 4

// The copy index in the index: `bin * REP + lane % REP`, a macro count, the
// merge reading the copies in order and skipping nothing.
__global__ void byindex(const int *__restrict__ keys, int n, unsigned *__restrict__ counts) {
  __shared__ unsigned local[NB * REP];
  for (int j = threadIdx.x; j < NB * REP; j += blockDim.x)
    local[j] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[(keys[i] & (NB - 1)) * REP + threadIdx.x % REP], 1u);
  __syncthreads();
  for (int bin = threadIdx.x; bin < NB; bin += blockDim.x) {
    unsigned total = 0;
    for (int r = 0; r < REP; r++)
      total = total + local[bin * REP + r];
    atomicAdd(counts + bin, total);
  }
}
// CHECK-FIXES:      {{^}}__global__ void byindex(const int *__restrict__ keys, int n, unsigned *__restrict__ counts) {
// CHECK-FIXES-NEXT: {{^}}  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
// CHECK-FIXES-NEXT: {{^}}    atomicAdd(&counts[(keys[i] & (NB - 1))], 1u);
// CHECK-FIXES-NEXT: {{^}}}

// A lane pointer into the copies, a helper that takes it and strides by
// the copy count, 64-bit counters with atomicMax, the merge reading the
// copies rotated by the bin (xor) and skipping empty bins through a local.
constexpr int kBins = 32;
constexpr int kCopies = 8;

__device__ void record(unsigned long long *h, unsigned v, unsigned long long w) {
  atomicMax(&h[(v % kBins) * kCopies], w);
}

__global__ void lanes(const unsigned *__restrict__ v, const unsigned long long *__restrict__ w, int n,
                      unsigned long long *__restrict__ best) {
  __shared__ unsigned long long h[kBins * kCopies];
  if (threadIdx.x < kBins * kCopies)
    h[threadIdx.x] = 0;
  __syncthreads();
  unsigned long long *lane = h + (threadIdx.x & (kCopies - 1));
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    record(lane, v[i], w[i]);
  __syncthreads();
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) {
    unsigned long long m = 0;
#pragma unroll
    for (int c = 0; c < kCopies; ++c)
      m = max(m, h[b * kCopies + (c ^ (b & (kCopies - 1)))]);
    if (m != 0)
      atomicMax(&best[b], m);
  }
}
// CHECK-FIXES:      {{^}}__device__ void record(unsigned long long *h, unsigned v, unsigned long long w) {
// CHECK-FIXES-NEXT: {{^}}  atomicMax(&h[(v % kBins)], w);
// CHECK-FIXES-NEXT: {{^}}}
// CHECK-FIXES:      {{^}}                      unsigned long long *__restrict__ best) {
// CHECK-FIXES-NEXT: {{^}}  int i = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (i < n)
// CHECK-FIXES-NEXT: {{^}}    record(best, v[i], w[i]);
// CHECK-FIXES-NEXT: {{^}}}

// One copy per warp, each a whole histogram (copy-major: warp * WBINS +
// bin), reached through the warp's pointer into its copy; the launches show
// 128 threads, so the warp index stays below WARPS.
#define WBINS 128
#define WARPS 4
__global__ void perwarp(const unsigned short *__restrict__ s, int n, unsigned *__restrict__ h) {
  __shared__ unsigned sub[WARPS * WBINS];
  for (int j = threadIdx.x; j < WARPS * WBINS; j += blockDim.x)
    sub[j] = 0;
  __syncthreads();
  unsigned *mine = sub + (threadIdx.x >> 5) * WBINS;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(mine + (s[i] >> 9), 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < WBINS; b += blockDim.x) {
    unsigned t = 0;
    for (int w = 0; w < WARPS; ++w)
      t += sub[w * WBINS + b];
    if (t > 0)
      atomicAdd(&h[b], t);
  }
}
// CHECK-FIXES:      {{^}}__global__ void perwarp(const unsigned short *__restrict__ s, int n, unsigned *__restrict__ h) {
// CHECK-FIXES-NEXT: {{^}}  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
// CHECK-FIXES-NEXT: {{^}}    atomicAdd(&h[(s[i] >> 9)], 1u);
// CHECK-FIXES-NEXT: {{^}}}

// A helper given the copy and its stride (a constant at the call): the
// stride stands for its value, the helper's update loses it.
__device__ __forceinline__ void add4(unsigned *h, int stride, unsigned w) {
  for (int k = 0; k < 4; ++k)
    atomicAdd(h + ((w >> (8 * k)) & 255) * stride, 1u);
}

__global__ void strided(const unsigned *__restrict__ words, int n, unsigned *__restrict__ out) {
  __shared__ unsigned s_h[256 * 16];
  for (int j = threadIdx.x; j < 256 * 16; j += blockDim.x)
    s_h[j] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    add4(s_h + threadIdx.x % 16, 16, words[i]);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) {
    unsigned acc = 0;
    for (int c = 0; c < 16; ++c)
      acc += s_h[b * 16 + (c + b) % 16];
    if (acc)
      atomicAdd(&out[b], acc);
  }
}
// CHECK-FIXES:      {{^}}__device__ __forceinline__ void add4(unsigned *h, int stride, unsigned w) {
// CHECK-FIXES-NEXT: {{^}}  for (int k = 0; k < 4; ++k)
// CHECK-FIXES-NEXT: {{^}}    atomicAdd(&h[((w >> (8 * k)) & 255)], 1u);
// CHECK-FIXES-NEXT: {{^}}}
// CHECK-FIXES:      {{^}}__global__ void strided(const unsigned *__restrict__ words, int n, unsigned *__restrict__ out) {
// CHECK-FIXES-NEXT: {{^}}  int i = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (i < n)
// CHECK-FIXES-NEXT: {{^}}    add4(out, 16, words[i]);
// CHECK-FIXES-NEXT: {{^}}}

// Two copies, the lane's pointer `&part[lane]` from a local lane index, the
// accumulator starting from copy 0 and the loop adding the other one.
__global__ void firstcopy(const unsigned char *__restrict__ px, int n, unsigned *__restrict__ hist) {
  __shared__ unsigned part[256 * 2];
  for (int j = threadIdx.x; j < 512; j += blockDim.x)
    part[j] = 0;
  __syncthreads();
  const int lane = threadIdx.x & 1;
  unsigned *const mine = &part[lane];
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(mine + 2 * px[i], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) {
    unsigned v = part[2 * b];
    for (int c = 1; c < 2; ++c)
      v += part[2 * b + c];
    atomicAdd(&hist[b], v);
  }
}
// CHECK-FIXES:      {{^}}__global__ void firstcopy(const unsigned char *__restrict__ px, int n, unsigned *__restrict__ hist) {
// CHECK-FIXES-NEXT: {{^}}  const int lane = threadIdx.x & 1;
// CHECK-FIXES-NEXT: {{^}}  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
// CHECK-FIXES-NEXT: {{^}}    atomicAdd(&hist[px[i]], 1u);
// CHECK-FIXES-NEXT: {{^}}}

// A helper that another kernel also calls on a global array: the kernel
// calls a copy of it that updates the global bins; the other keeps it.
__device__ void bump(unsigned *h, unsigned char v) { atomicAdd(&h[v * 4], 1u); }

__global__ void withcopy(const unsigned char *__restrict__ px, int n, unsigned *__restrict__ hist4) {
  __shared__ unsigned s4[256 * 4];
  for (int j = threadIdx.x; j < 256 * 4; j += blockDim.x)
    s4[j] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    bump(s4 + threadIdx.x % 4, px[i]);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) {
    unsigned sum = 0;
    for (int c = 0; c < 4; ++c)
      sum += s4[b * 4 + c];
    if (sum)
      atomicAdd(&hist4[b], sum);
  }
}

__global__ void onglobal(const unsigned char *__restrict__ px, unsigned *__restrict__ wide) {
  bump(wide + (threadIdx.x & 3), px[blockIdx.x * blockDim.x + threadIdx.x]);
}
// CHECK-FIXES:      {{^}}__device__ void bump(unsigned *h, unsigned char v) { atomicAdd(&h[v * 4], 1u); }
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: {{^}}__device__ void bump_global(unsigned *h, unsigned char v) { atomicAdd(&h[v], 1u); }
// CHECK-FIXES:      {{^}}__global__ void withcopy(const unsigned char *__restrict__ px, int n, unsigned *__restrict__ hist4) {
// CHECK-FIXES-NEXT: {{^}}  int i = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (i < n)
// CHECK-FIXES-NEXT: {{^}}    bump_global(hist4, px[i]);
// CHECK-FIXES-NEXT: {{^}}}
// CHECK-FIXES:      {{^}}  bump(wide + (threadIdx.x & 3), px[blockIdx.x * blockDim.x + threadIdx.x]);

void launch(const int *keys, int n, unsigned *counts, const unsigned *v, const unsigned long long *w,
            unsigned long long *best, const unsigned short *s, unsigned *h, const unsigned *words,
            unsigned *out, const unsigned char *px, unsigned *hist, unsigned *hist4, unsigned *wide) {
  byindex<<<120, 256>>>(keys, n, counts);
  lanes<<<(n + 255) / 256, 256>>>(v, w, n, best);
  perwarp<<<64, 128>>>(s, n, h);
  strided<<<(n + 255) / 256, 256>>>(words, n, out);
  firstcopy<<<120, 256>>>(px, n, hist);
  withcopy<<<120, 256>>>(px, n, hist4);
  onglobal<<<n / 256, 256>>>(px, wide);
}
