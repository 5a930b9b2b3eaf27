//===- MemorySpace.cpp - Which memory a CUDA variable lives in ------------===//
#include "klineage/Cuda/MemorySpace.h"
#include "clang/AST/Attr.h"

using namespace clang;

namespace klineage {
namespace cuda {

bool isShared(const VarDecl *VD) { return VD && VD->hasAttr<CUDASharedAttr>(); }
bool isConstant(const VarDecl *VD) { return VD && VD->hasAttr<CUDAConstantAttr>(); }

} // namespace cuda
} // namespace klineage
