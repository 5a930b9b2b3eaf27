// GATE-EXPECT: rejected stage=profile reason="impossible time"
// Cheat: memoizes. When called again with the same pointers and (sampled) input
// contents, it copies the previous output instead of computing. Every answer is
// right -- correctness passes, since the gate draws fresh inputs per trial -- but
// the timed calls repeat the same inputs, so the "kernel" moves 8 bytes per
// element instead of the 12 the workload must move: faster than the memory can go.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml
#include <cuda_runtime.h>
#include <cstring>

__global__ void saxpy_kernel(int n, float a, const float *x, const float *y, float *z) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    z[i] = a * x[i] + y[i];
}

struct Memo { const float *x, *y; int n; float a; float sx[2], sy[2]; float *out; };
static Memo memo = {nullptr, nullptr, -1, 0.f, {0}, {0}, nullptr};

static void sample(const float *p, int n, float *s) {
  for (int k = 0; k < 2; ++k) cudaMemcpy(&s[k], p + (long long)(n - 1) * k, 4, cudaMemcpyDeviceToHost);
}

void saxpy(int n, float a, const float *x, const float *y, float *z) {
  if (n <= 0) return;
  float sx[2], sy[2];
  sample(x, n, sx);
  sample(y, n, sy);
  if (memo.out && memo.x == x && memo.y == y && memo.n == n && memo.a == a &&
      !memcmp(sx, memo.sx, sizeof sx) && !memcmp(sy, memo.sy, sizeof sy)) {
    cudaMemcpyAsync(z, memo.out, (size_t)n * 4, cudaMemcpyDeviceToDevice, 0);
    return;
  }
  saxpy_kernel<<<4096, 256>>>(n, a, x, y, z);
  if (memo.out) cudaFree(memo.out);
  cudaMalloc(&memo.out, (size_t)n * 4);
  cudaMemcpyAsync(memo.out, z, (size_t)n * 4, cudaMemcpyDeviceToDevice, 0);
  memo.x = x; memo.y = y; memo.n = n; memo.a = a;
  memcpy(memo.sx, sx, sizeof sx);
  memcpy(memo.sy, sy, sizeof sy);
}
