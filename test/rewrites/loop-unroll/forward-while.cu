// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward
// while and do loops with a counted index: the start value is the statement
// right before the loop, the update is the body's last statement; the loop
// is simulated like a `for` (a `do` runs its body once before the test).
// A `for` with a comma step counts the index the condition tests.
#define STAGES 4

__global__ void pipeline(const float *in, float *out) {
  float acc = 0.f;
  int s = 0;
  while (s < STAGES) {
    acc = acc * 0.5f + in[s * blockDim.x + threadIdx.x];
    ++s;
  }
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  while (s < STAGES) {
  unsigned mask = 16;
  do {
    acc += __shfl_xor_sync(0xffffffffu, acc, mask);
    mask >>= 1;
  } while (mask > 0);
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  do {
  for (int k = 0, back = 7; k < 8; ++k, --back)
    acc += in[k] * in[back];
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int k = 0, back = 7; k < 8; ++k, --back)
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
