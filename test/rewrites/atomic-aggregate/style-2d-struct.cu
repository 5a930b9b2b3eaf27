// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward
// Image statistics: 2-D blocks of 32x8, the targets are fields of a struct
// the kernel gets a pointer to (`&stats->sum`), min and max as well as the
// sum. The rank is threadIdx.x + blockDim.x * threadIdx.y in a block whose
// 256 threads fill their warps; every atomic gets its own reduction.
struct ImageStats {
  unsigned long long sum;
  unsigned int min;
  unsigned int max;
};

__global__ void image_stats(const unsigned char *img, int width, int height, int pitch, ImageStats *stats) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) {
    unsigned int px = img[y * pitch + x];
    atomicAdd(&stats->sum, (unsigned long long)px);
    atomicMin(&stats->min, px);
    atomicMax(&stats->max, px);
  }
}
// CHECK-FIXES:      {{^}}  unsigned long long block_sum = 0ull;
// CHECK-FIXES-NEXT: {{^}}  unsigned int block_min = 0xffffffffu;
// CHECK-FIXES-NEXT: {{^}}  unsigned int block_max = 0u;
// CHECK-FIXES:      {{^}}    block_sum += (unsigned long long)px;
// CHECK-FIXES-NEXT: {{^}}    block_min = min(block_min, px);
// CHECK-FIXES-NEXT: {{^}}    block_max = max(block_max, px);
// CHECK-FIXES:      {{^}}  const unsigned block_sum_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
// CHECK-FIXES:      {{^}}    atomicAdd(&stats->sum, block_sum);
// CHECK-FIXES:      {{^}}    atomicMin(&stats->min, block_min);
// CHECK-FIXES:      {{^}}    atomicMax(&stats->max, block_max);

void image_stats_launch(const unsigned char *img, int w, int h, int pitch, ImageStats *stats) {
  const dim3 block(32, 8);
  const dim3 grid((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
  image_stats<<<grid, block>>>(img, w, h, pitch, stats);
}
