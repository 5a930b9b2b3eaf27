// Declares a kernel of forward-header-const.cu whose input is already const.
#pragma once
__global__ void box3(const float *in, float *__restrict__ out, int n);
