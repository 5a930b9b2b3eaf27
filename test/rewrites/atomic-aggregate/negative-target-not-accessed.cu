// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward --expect-exit=2
// The kernel reads its shared maximum right after the atomic, before any
// barrier: each thread used to see at least its own update there; after
// aggregation the block's update lands later (only after the reduction's
// own barrier and thread 0's atomic).
__global__ void winners(const int *score, int n, int *winner_of_block) {
  __shared__ int best;
  if (threadIdx.x == 0)
    best = -1;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int s = i < n ? score[i] : -1;
  atomicMax(&best, s);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'atomic-aggregate' (forward) at site 1: precondition 'target-not-accessed' fails: 'best' is accessed after the atomic and before a barrier{{.*}} [KL1506]
  // CHECK-MESSAGES: :[[@LINE+1]]:17: note: a read of 'best' [access]
  if (s >= 0 && best == s)
    winner_of_block[blockIdx.x] = i;
}
