// The shared-memory histogram of "CUDA by Example" (Sanders & Kandrot,
// chapter 9, hist_gpu_shmem_atomics.cu) as written there: a per-block
// shared copy of the 256 bins zeroed and merged by thread threadIdx.x (256
// threads), a grid-stride `while` loop, twice as many blocks as SMs. The
// launcher takes the bundled histogram workload's arguments.
#include <cuda_runtime.h>

__global__ void histo_kernel( unsigned char *buffer,
                              long size,
                              unsigned int *histo ) {

    int i = threadIdx.x + blockIdx.x * blockDim.x;
    int offset = blockDim.x * gridDim.x;
    while (i < size) {
        atomicAdd( &histo[buffer[i]], 1);
        i += offset;
    }
}

void histogram_launch(int N, const unsigned char *pixels, unsigned int *bins) {
    cudaMemsetAsync(bins, 0, 256 * sizeof(unsigned int));
    int device = 0, blocks = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&blocks, cudaDevAttrMultiProcessorCount, device);
    histo_kernel<<<blocks*2,256>>>( const_cast<unsigned char *>(pixels), N, bins );
}
