//===- Intrinsics.cpp - Tables of CUDA functions and types ----------------===//
#include "klineage/Cuda/Intrinsics.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using llvm::StringRef;

namespace klineage {
namespace cuda {

bool isPureCallee(StringRef N) {
  static const char *const Pure[] = {
      "make_float4", "make_float2", "make_int4", "make_int2", "make_uint4", "make_uint2",
      "make_float3", "make_int3", "min", "max", "fminf", "fmaxf", "fabsf", "sqrtf", "rsqrtf",
      "expf", "__expf", "exp2f", "logf", "__logf", "log2f", "tanhf", "sinf", "cosf", "__sinf",
      "__cosf", "powf", "__powf", "fmaf", "__fmaf_rn", "__fmul_rn", "__fadd_rn", "__fdividef",
      "__frcp_rn", "floorf", "ceilf", "roundf", "truncf", "abs", "fabs", "sqrt", "exp", "log",
      "tanh", "erff", "__saturatef", "__float2int_rn", "__int2float_rn", "__mul24", "__umul24",
      "__popc", "__clz", "__ffs", "__brev", "rintf", "copysignf", "isnan", "isinf", "__ldg",
      "__shfl_sync", "__shfl_down_sync", "__shfl_up_sync", "__shfl_xor_sync", "__ballot_sync",
      "__any_sync", "__all_sync", "static_cast"};
  for (const char *P : Pure)
    if (N == P)
      return true;
  return false;
}

bool isAtomicCallee(StringRef N) {
  return N.starts_with("atomic") || N.starts_with("__atomic") || N.starts_with("__nv_atomic") ||
         N.starts_with("__hip_atomic") || N.starts_with("__nvvm_atom") || N.starts_with("__red") ||
         N.starts_with("red_");
}

bool isCacheHintStore(StringRef N) {
  return N.starts_with("__stcg") || N.starts_with("__stcs") || N.starts_with("__stwb") ||
         N.starts_with("__stwt");
}

bool isAtomicOrStoreCallee(StringRef N) { return isAtomicCallee(N) || isCacheHintStore(N); }

bool isCacheHintLoad(StringRef N) {
  return llvm::StringSwitch<bool>(N)
      .Cases("__ldg", "__ldca", "__ldcg", "__ldcs", "__ldlu", "__ldcv", true)
      .Default(false);
}

bool isWarpShuffle(StringRef N) {
  return llvm::StringSwitch<bool>(N)
      .Cases("__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", true)
      .Cases("__shfl", "__shfl_up", "__shfl_down", "__shfl_xor", true)
      .Default(false);
}

bool isWarpCollective(StringRef N) {
  return isWarpShuffle(N) || N.starts_with("__match_") || N.starts_with("__reduce_") ||
         N.starts_with("__lanemask_") ||
         llvm::StringSwitch<bool>(N)
             .Cases("__ballot_sync", "__any_sync", "__all_sync", "__uni_sync", "__activemask", true)
             .Cases("__ballot", "__any", "__all", "__syncwarp", true)
             .Default(false);
}

bool isBlockBarrier(StringRef N) {
  return llvm::StringSwitch<bool>(N)
      .Cases("__syncthreads", "__syncthreads_count", "__syncthreads_and", "__syncthreads_or", true)
      .Cases("__barrier_sync", "__nvvm_barrier0", "__nvvm_barrier_sync", true)
      .Default(false);
}

const char *syncScopeName(SyncScope S) {
  switch (S) {
  case SyncScope::Warp: return "warp";
  case SyncScope::Block: return "block";
  case SyncScope::Grid: return "grid";
  }
  return "block";
}

/// The scope of a cooperative group of type \p T, by its class's name in
/// namespace cooperative_groups (the headers' inline namespaces vary).
static std::optional<SyncScope> groupScope(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier())
    return std::nullopt;
  bool InCG = false;
  for (const DeclContext *DC = RD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      InCG |= NS->getName() == "cooperative_groups";
  if (!InCG)
    return std::nullopt;
  return llvm::StringSwitch<std::optional<SyncScope>>(RD->getName())
      .Case("thread_block", SyncScope::Block)
      .Cases("grid_group", "multi_grid_group", SyncScope::Grid)
      .Cases("thread_block_tile", "coalesced_group", SyncScope::Warp)
      .Default(std::nullopt);
}

std::optional<SyncScope> barrierScope(const CallExpr *C) {
  const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
  if (!F || !F->getIdentifier())
    return std::nullopt;
  StringRef N = F->getName();
  if (isBlockBarrier(N))
    return SyncScope::Block;
  if (N == "__syncwarp")
    return SyncScope::Warp;
  if (N != "sync")
    return std::nullopt;
  // `g.sync()`: sync may be a static member (thread_block's is), so read
  // the object's type off the callee rather than a CXXMemberCallExpr.
  if (const auto *M = dyn_cast<MemberExpr>(C->getCallee()->IgnoreParenImpCasts())) {
    QualType T = M->getBase()->getType();
    return groupScope(M->isArrow() ? T->getPointeeType() : T);
  }
  if (C->getNumArgs() == 1)
    return groupScope(C->getArg(0)->getType());
  return std::nullopt;
}

std::optional<std::string> scalarKind(QualType T) {
  T = T.getCanonicalType();
  if (T.isVolatileQualified())
    return std::nullopt;
  const auto *BT = T->getAs<BuiltinType>();
  if (!BT)
    return std::nullopt;
  switch (BT->getKind()) {
  case BuiltinType::Float: return std::string("float");
  case BuiltinType::Int: return std::string("int");
  case BuiltinType::UInt: return std::string("uint");
  default: return std::nullopt;
  }
}

std::optional<std::pair<std::string, unsigned>> vectorKind(QualType T) {
  T = T.getCanonicalType();
  const auto *RD = T->getAsRecordDecl();
  if (!RD || !RD->getIdentifier())
    return std::nullopt;
  StringRef N = RD->getName();
  for (const char *E : {"float", "int", "uint"})
    for (unsigned V : {2u, 4u})
      if (N == (llvm::Twine(E) + llvm::Twine(V)).str())
        return std::make_pair(std::string(E), V);
  return std::nullopt;
}

bool isHalfPrecisionMember(const FunctionDecl *F) {
  const auto *M = dyn_cast_or_null<CXXMethodDecl>(F);
  const CXXRecordDecl *RD = M ? M->getParent() : nullptr;
  if (!RD || !RD->getIdentifier())
    return false;
  for (const char *Half : {"__half", "__half2", "__nv_bfloat16", "__nv_bfloat162"})
    if (RD->getName() == Half)
      return true;
  return false;
}

bool ldgSupports(ASTContext &Ctx, QualType Pointee) {
  QualType T = Pointee.getCanonicalType().getUnqualifiedType();
  IdentifierInfo &II = Ctx.Idents.get("__ldg");
  for (NamedDecl *ND : Ctx.getTranslationUnitDecl()->lookup(DeclarationName(&II))) {
    const auto *FD = dyn_cast<FunctionDecl>(ND);
    if (!FD || FD->getNumParams() != 1)
      continue;
    if (const auto *PT = FD->getParamDecl(0)->getType()->getAs<PointerType>())
      if (Ctx.hasSameUnqualifiedType(PT->getPointeeType(), T))
        return true;
  }
  return false;
}

} // namespace cuda
} // namespace klineage
