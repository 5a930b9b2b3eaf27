// Two loops. A pragma inserted above the first moves every later line, which
// the static_assert pins: no pair models __LINE__, only the re-parse sees it.
__global__ void first(float *x) {
  for (int i = 0; i < 4; ++i)
    x[i] = 0.0f;
}
static_assert(__LINE__ == 7, "this line must not move");
__global__ void second(float *x) {
  for (int i = 0; i < 4; ++i)
    x[i] = 1.0f;
}
