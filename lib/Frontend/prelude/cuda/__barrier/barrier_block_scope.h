//===- cuda/__barrier/barrier_block_scope.h - Parse __shared__ cuda::barrier -===//
//
// Part of KLineage. nvcc accepts `__shared__ cuda::barrier<thread_scope_block>
// bar;` (warning #20054-D: the constructor is not run, init(&bar, n) does the
// work). Clang refuses it ("initialization is not supported for __shared__
// variables") because the block-scope barrier's destructor has a body
// (mbarrier.inval through NV_DISPATCH_TARGET), marks `bar` invalid, and every
// use of it becomes a RecoveryExpr. This in-memory header is found before
// CUDA's include/cccl and wraps the real one with NV_DISPATCH_TARGET expanding
// to nothing, so the destructor's body is empty and Clang's CUDA rule for
// __shared__ variables (empty constructor and destructor) accepts it. Only
// the bodies of this header's functions change; their declarations, which
// are all user code sees, do not (test/tool/prelude-shared-barrier.cu).
//
//===----------------------------------------------------------------------===//
#include <nv/target>
#pragma push_macro("NV_DISPATCH_TARGET")
#undef NV_DISPATCH_TARGET
#define NV_DISPATCH_TARGET(...)
#include_next <cuda/__barrier/barrier_block_scope.h>
#pragma pop_macro("NV_DISPATCH_TARGET")
