// CPU reference for bench/work-distribution/atomic-aggregate/count_guarded (exact).
void count_guarded_ref(int n, const int *keys, int key, int *count) {
  long long c = 0;
#pragma omp parallel for reduction(+ : c) schedule(static)
  for (long long i = 0; i < n; ++i)
    c += keys[i] == key;
  count[0] = (int)c;
}
