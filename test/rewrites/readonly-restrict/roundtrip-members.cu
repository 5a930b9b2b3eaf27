// RUN: %check-roundtrip %s %t --rewrite=readonly-restrict --from=reverse
// reverse then forward gives back the input for field loads of a struct
// element: `__ldg(&p[i].f)` / `__ldg(&p->f)` unwrap to `p[i].f` / `p->f`,
// and forward wraps them again.
struct Cell { float rho; float u; int flag; };

__global__ void cells(const Cell *__restrict__ c, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && __ldg(&c[i].flag))
    out[i] = __ldg(&c[i].rho) * __ldg(&(c + i)->u);
}
