// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2 -- --extra-arg=-isystem%S/Inputs
// The kernel is also declared in a system header (found through -isystem),
// which no rewrite edits (a user header would be edited with the definition,
// test/tool/headers-apply.test). Changing only the definition's `float *in`
// to `const float *__restrict__ in` would make the definition a different
// function (an overload): the header's `blur(float *, ...)` would then have no
// definition, and every other file that includes the header and launches it
// would fail to link. Edit the header by hand first.
#include <kernels.h>

__global__ void blur(float *in, float *__restrict__ out, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:29: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'all-declarations-rewritable' fails: 'blur' is also declared in {{.*}}kernels.h:3, which this rewrite does not edit{{.*}} [KL1304]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i + 1 < n) out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.f;
}

// An explicit specialization spells the parameter types of the template with
// concrete arguments: changing the template's `T *in` alone would leave
// `scale<int>(int *, ...)` matching no template, and changing the
// specialization alone would too.
template <typename T>
__global__ void scale(T *in, T *__restrict__ out) { out[threadIdx.x] = 2 * in[threadIdx.x]; }
// CHECK-MESSAGES: :[[@LINE-1]]:26: error: cannot apply 'readonly-restrict' (forward) at site 2: precondition 'all-declarations-rewritable' fails: the explicit specialization of 'scale' at line [[@LINE+3]] would no longer match the changed template [KL1304]

template <>
__global__ void scale<int>(int *in, int *__restrict__ out) { out[threadIdx.x] = in[threadIdx.x] << 1; }
// CHECK-MESSAGES: :[[@LINE-1]]:33: error: cannot apply 'readonly-restrict' (forward) at site 3: precondition 'all-declarations-rewritable' fails: 'scale' is an explicit specialization{{.*}} [KL1304]

void launch(float *a, float *b) { scale<<<1, 32>>>(a, b); }
