// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate
// Two-pass softmax whose first pass is online and branchy, written with
// while loops over a long column index, in double precision: the sum is
// rescaled only when the maximum moves, and otherwise accumulated.
__global__ void softmax_online_while(const double *in, double *out, long nrows, long ncols) {
  long i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nrows)
    return;
  double mx = -1.0e300, den = 0.0;
  long j = 0;
  while (j < ncols) {
    double a = in[i * ncols + j];
    if (a > mx) {
      den *= exp(mx - a);
      mx = a;
    }
    den += exp(a - mx);
    j++;
  }
  long k = 0;
  while (k < ncols) {
    out[i * ncols + k] = exp(in[i * ncols + k] - mx) / den;
    ++k;
  }
}

void softmax_rows(const double *in, double *out, long nrows, long ncols) {
  softmax_online_while<<<(nrows + 63) / 64, 64>>>(in, out, nrows, ncols);
}
// CHECK-FIXES: {{^}}  for (long i = blockIdx.x; i < nrows; i += gridDim.x) {
// CHECK-FIXES: {{^}}  long j = threadIdx.x;
// CHECK-FIXES: {{^}}    j += blockDim.x;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  __shared__ double mx_warps[32];
// CHECK-FIXES-NEXT: {{^}}  __shared__ double den_warps[32];
// The kernel's own exp, in double.
// CHECK-FIXES: {{^}}      const double mx_max = mx < mx_other ? mx_other : mx;
// CHECK-FIXES-NEXT: {{^}}      den = den * (mx == mx_max ? 1 : exp(mx - mx_max)) + den_other * (mx_other == mx_max ? 1 : exp(mx_other - mx_max));
// CHECK-FIXES: {{^}}  mx = mx_warps[0];
// CHECK-FIXES-NEXT: {{^}}  den = den_warps[0];
// CHECK-FIXES-NEXT: {{^}}  long k = threadIdx.x;
// CHECK-FIXES: {{^}}    k += blockDim.x;
// CHECK-FIXES: {{^}}  softmax_online_while<<<(nrows) < 2147483647 ? (unsigned)(nrows) : 2147483647u, 256>>>(in, out, nrows, ncols);
