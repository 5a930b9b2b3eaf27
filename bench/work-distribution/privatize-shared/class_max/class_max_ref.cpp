// CPU reference for bench/work-distribution/privatize-shared/class_max.
#include <climits>
void class_max_ref(int n, const int *labels, const int *scores, int *best) {
  for (int c = 0; c < 16; ++c)
    best[c] = INT_MIN;
  for (long long i = 0; i < n; ++i)
    if (labels[i] >= 0 && labels[i] < 16 && scores[i] > best[labels[i]])
      best[labels[i]] = scores[i];
}
