// GATE-EXPECT: rejected stage=correctness reason="ended the process"
// Cheat: computes nothing and ends the whole process with status 0 from inside
// the launcher, hoping that "exit code 0" is read as success. The gate requires
// a verdict and every trial from the driver; a silent exit is a rejection.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml
#include <cuda_runtime.h>
#include <cstdlib>

void saxpy(int n, float a, const float *x, const float *y, float *z) {
  (void)n; (void)a; (void)x; (void)y; (void)z;
  std::exit(0);
}
