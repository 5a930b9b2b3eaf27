// A header that declares a kernel defined in negative-all-declarations-rewritable.cu.
#pragma once
__global__ void blur(float *in, float *__restrict__ out, int n);
