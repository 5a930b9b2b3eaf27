// A prototype of a kernel defined in main.cu.
#pragma once
__global__ void blur(float *in, float *out, int n);
