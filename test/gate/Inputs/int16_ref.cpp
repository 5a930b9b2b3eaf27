void int16_ref(short bias, const short *a, unsigned short *acc, short *out, unsigned short n) {
  for (int i = 0; i < n; ++i) { out[i] = (short)(a[i] + bias); acc[i] = (unsigned short)(acc[i] + 1); }
}
