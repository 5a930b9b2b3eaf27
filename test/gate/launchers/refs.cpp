// CPU references of the launcher tests (floats as double, integers native).
void u8_copy_ref(const unsigned char *in, unsigned char *out, int n) {
  for (int i = 0; i < n; ++i) out[i] = in[i];
}
void i8_negate_ref(int n, const signed char *in, signed char *out) {
  for (int i = 0; i < n; ++i) out[i] = (signed char)-in[i];
}
void int_patterns_ref(int n, const int *sel, const short *a, const unsigned short *b, int *out, short *a2,
                      unsigned short *b2) {
  for (int i = 0; i < n; ++i) {
    out[i] = sel[i] ? (int)0xA5A5A5A5u : (int)0xB4B4B4B4u;
    a2[i] = a[i];
    b2[i] = b[i];
  }
}
// No stream parameter: the reference takes the launcher's parameters without it.
void saxpy_stream_ref(int n, double a, const double *x, const double *y, double *z) {
  for (int i = 0; i < n; ++i) z[i] = a * x[i] + y[i];
}
void axpy_inout_ref(int n, double a, const double *x, double *y) {
  for (int i = 0; i < n; ++i) y[i] = a * x[i] + y[i];
}
void axpy_half_ref(int n, double a, const double *x, double *y) {
  for (int i = 0; i < n / 2; ++i) y[i] = a * x[i] + y[i];
}
void check_ranges_ref(int n, int, const int *, const long long *, const double *, const double *, const short *,
                      const unsigned short *, unsigned char *ok) {
  for (int i = 0; i < n; ++i) ok[i] = 1;
}
