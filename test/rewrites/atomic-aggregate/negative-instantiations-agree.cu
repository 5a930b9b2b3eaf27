// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward --expect-exit=2
// A template's max over int and unsigned: the identity (the type's lowest
// value) is spelled differently for each instantiation, so one text cannot
// serve both: the engine refuses the site (instantiations-agree). A sum
// would be spelled T(-0.0) for both.
template <typename T>
__global__ void block_max(const T *v, int n, T *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicMax(out, v[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'atomic-aggregate' (forward) at site 1: precondition 'instantiations-agree' fails: template instantiations need different edits of the same source text [KL101]
  // CHECK-MESSAGES: note: {{.*}} is instantiated here and needs {{[0-9]+}} edits [instantiation]
  // CHECK-MESSAGES: note: {{.*}} is instantiated here and needs {{[0-9]+}} different edits [instantiation]
}
template __global__ void block_max<int>(const int *, int, int *);
template __global__ void block_max<unsigned>(const unsigned *, int, unsigned *);
