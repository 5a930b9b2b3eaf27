// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward
// C style: a 64-bit histogram total of 16-bit samples with a `while` loop
// striding by the grid, C casts, and the accumulation in a signed long long
// target. atomicAdd has no `long long` overload, so the code adds through
// `unsigned long long *` (modular arithmetic: exact in any order).
typedef unsigned long long u64;

__global__ void total_energy(const short *samples, long long count, long long *energy) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    while (i < count) {
        long long s = samples[i];
        atomicAdd((u64 *)energy, (u64)(s * s));
        i += (long long)gridDim.x * blockDim.x;
    }
}
// CHECK-FIXES:      {{^}}    unsigned long long block_sum = 0ull;
// CHECK-FIXES-NEXT: {{^}}    while (i < count) {
// CHECK-FIXES-NEXT: {{^}}        long long s = samples[i];
// CHECK-FIXES-NEXT: {{^}}        block_sum += (u64)(s * s);
// CHECK-FIXES:      {{^}}        atomicAdd((u64 *)energy, block_sum);

void run(const short *samples, long long count, long long *energy, int sms) {
    total_energy<<<sms * 8, 192>>>(samples, count, energy);
}
