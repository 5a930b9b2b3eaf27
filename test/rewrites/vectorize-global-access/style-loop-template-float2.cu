// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:in:8 --assume=aligned:out:8
// A template kernel instantiated once, with a loop over a template width
// N = 2 and an int element type: the lanes become one int2. Compound
// assignment `out[...] += ...` reads and writes the lanes.
template <int N, typename T>
__global__ void accum(const T *__restrict__ in, T *__restrict__ out, int n) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * N;
  if (i < n) {
    for (int k = 0; k < N; ++k)
      out[i + k] += in[i + k] * 2;
    // CHECK-FIXES: {{^}}    int2 out_v0 = *reinterpret_cast<const int2*>(&out[i]);{{$}}
    // CHECK-FIXES-NEXT: {{^}}    const int2 in_v0 = *reinterpret_cast<const int2*>(&in[i]);{{$}}
    // CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < N; ++k){{$}}
    // CHECK-FIXES-NEXT: {{^}}      reinterpret_cast<int*>(&out_v0)[k] += reinterpret_cast<const int*>(&in_v0)[k] * 2;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    *reinterpret_cast<int2*>(&out[i]) = out_v0;{{$}}
  }
}
template __global__ void accum<2, int>(const int *, int *, int);
