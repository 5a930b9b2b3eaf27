// Helper for bug2-written-through-helper-restrict.cu: the write happens here.
#pragma once
__device__ inline void put(float *p, float v) { *p = v; }
