// A system header (-isystem) that declares a kernel of negative-all-declarations-rewritable.cu.
#pragma once
__global__ void blur(float *in, float *__restrict__ out, int n);
