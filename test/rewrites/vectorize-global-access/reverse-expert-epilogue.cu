// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=reverse
// Expert-kernel shapes from SGEMM and conv2d: a vector load into a register
// array element (`bStage[0] = ...`, assigned lane by lane), a store of a
// register-array element (`bStage[i]`, split into its lanes), a vector
// store that is the whole body of an unbraced `if` (braces are added), and a
// read-modify-write temporary through a float4 pointer variable: the
// temporary is modified, so it stays and its load becomes four scalar loads
// in place (make_float4); its store is split.
__global__ void epilogue(const float *__restrict__ B, float *__restrict__ C, float *__restrict__ out,
                         float alpha, int N, int W, int H) {
  __shared__ float Bs[8][128];
  float4 bStage[2];
  int tid = threadIdx.x;
  bStage[0] = reinterpret_cast<const float4 *>(B)[tid];
  // CHECK-FIXES: {{^}}  bStage[0].x = B[4 * tid];{{$}}
  // CHECK-FIXES: {{^}}  bStage[0].w = B[4 * tid + 3];{{$}}
  const int r = tid / 32, c = (tid % 32) * 4;
  *reinterpret_cast<float4 *>(&Bs[r][c]) = bStage[0];
  // CHECK-FIXES: {{^}}  Bs[r][c] = bStage[0].x;{{$}}
  // CHECK-FIXES: {{^}}  Bs[r][c + 3] = bStage[0].w;{{$}}
  __syncthreads();
  const int gy = blockIdx.y, gx = 4 * tid;
  if (gy < H)
    *reinterpret_cast<float4 *>(&out[(size_t)gy * W + gx]) =
        make_float4(Bs[r][0], Bs[r][1], Bs[r][2], Bs[r][3]);
  // CHECK-FIXES: {{^}}    {{[{]}}{{$}}
  // CHECK-FIXES: {{^}}      out[(size_t)gy * W + gx] = Bs[r][0];{{$}}
  // CHECK-FIXES: {{^}}      out[(size_t)gy * W + gx + 3] = Bs[r][3];{{$}}
  // CHECK-FIXES: {{^}}    }{{$}}
  float4 *cp = reinterpret_cast<float4 *>(&C[(size_t)gy * N + gx]);
  float4 v = *cp;
  // CHECK-FIXES: {{^}}  float4 v = make_float4(C[(size_t)gy * N + gx], C[(size_t)gy * N + gx + 1], C[(size_t)gy * N + gx + 2], C[(size_t)gy * N + gx + 3]);{{$}}
  v.x = alpha * v.x;
  v.y = alpha * v.y;
  v.z = alpha * v.z;
  v.w = alpha * v.w;
  *cp = v;
  // CHECK-FIXES: {{^}}  C[(size_t)gy * N + gx] = v.x;{{$}}
  // CHECK-FIXES: {{^}}  C[(size_t)gy * N + gx + 3] = v.w;{{$}}
}
