// CPU reference of launch.cu's scale_launch (x *= a; the tail kernel does nothing).
void scale_ref(int n, double a, double *x, int, int) {
  for (int i = 0; i < n; ++i)
    x[i] *= a;
}
