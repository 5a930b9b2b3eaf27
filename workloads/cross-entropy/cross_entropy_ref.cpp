// CPU reference for workloads/cross-entropy (double precision; the gate's
// prototype has no stream parameter and i64 as long long).
#include <cmath>

void cross_entropy_ref(const double *logits, const long long *labels, double *losses, int batch, int vocab) {
#pragma omp parallel for schedule(static)
  for (int b = 0; b < batch; ++b) {
    const double *row = logits + (long long)b * vocab;
    double mx = row[0];
    for (int v = 1; v < vocab; ++v) mx = row[v] > mx ? row[v] : mx;
    double sum = 0;
    for (int v = 0; v < vocab; ++v) sum += std::exp(row[v] - mx);
    losses[b] = std::log(sum) + mx - row[labels[b]];
  }
}
