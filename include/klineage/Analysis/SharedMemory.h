//===- SharedMemory.h - __shared__ arrays: sizes, limits, banks ----*- C++ -*-===//
//
// Part of KLineage. The __shared__ variables a kernel uses (declared in it,
// in the __device__ functions it calls — the instantiation called, so a
// template's dependent sizes are evaluated per instantiation — or at file
// scope), their bytes per block (static; dynamic `extern __shared__ T s[]`
// from a launch's smem argument, given by the caller), checked against the
// static and opt-in limits; and for an access `s[i]..[j]` its 4-byte word
// index as a LinearForm and the bank-conflict degree across the 32 lanes of
// a warp, assuming lanes differ in threadIdx.x by one (blockDim.x a multiple
// of 32: threadIdx.y and .z are the same in a warp). Side-effect free.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_SHAREDMEMORY_H
#define KLINEAGE_ANALYSIS_SHAREDMEMORY_H

#include "klineage/Analysis/LinearForm.h"
#include "klineage/Analysis/Uniformity.h"
#include "klineage/Cuda/LaunchSites.h"
#include "clang/AST/ASTContext.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace analysis {

struct SharedDecl {
  const clang::VarDecl *Var = nullptr;
  /// The function declaring it (the kernel or a helper); null at file scope.
  const clang::FunctionDecl *Function = nullptr;
  bool Dynamic = false;          ///< `extern __shared__ T s[]`: sized at launch
  std::vector<uint64_t> Dims;    ///< known extents, outermost first
  uint64_t ElemBytes = 0;        ///< of the innermost element (0 when dependent)
  std::optional<uint64_t> Bytes; ///< static size; unset when dynamic or dependent
};

struct SharedUsage {
  std::vector<SharedDecl> Decls;
  uint64_t StaticBytes = 0;
  bool StaticKnown = true; ///< every static size was evaluated
  bool UsesDynamic = false;
  std::optional<uint64_t> DynamicBytes; ///< as given by the caller
};

/// The shared memory of one block of \p Kernel (an instantiation for a
/// kernel template); \p DynamicBytes: the launch's smem argument when known.
SharedUsage sharedUsage(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel,
                        std::optional<uint64_t> DynamicBytes = std::nullopt);

/// A launch's dynamic shared memory: 0 when not written, the value of a
/// constant expression, else nullopt.
std::optional<uint64_t> launchSharedBytes(const clang::ASTContext &Ctx, const cuda::LaunchSite &Site);

/// Per-block limits: static allocations stop at 48 KiB; more (static plus
/// dynamic) needs cudaFuncAttributeMaxDynamicSharedMemorySize, up to
/// 227 KiB on sm_90.
struct SharedLimits {
  uint64_t StaticMax = 48 * 1024;
  uint64_t OptInMax = 227 * 1024;
};

struct LimitCheck {
  enum Verdict { Fits, NeedsOptIn, Exceeds, Unknown } V = Unknown;
  uint64_t Bytes = 0; ///< static plus dynamic, as far as known
  std::string Why;
};
LimitCheck checkLimits(const SharedUsage &U, const SharedLimits &L = {});

/// One access to a __shared__ array element.
struct SharedAccess {
  const clang::Expr *E = nullptr;
  const clang::VarDecl *Array = nullptr;
  uint64_t ElemBytes = 0;
  /// The 4-byte word index from the array's start (its bank is this mod
  /// 32); unset when an index has no linear form or an element is not a
  /// whole number of words (Why).
  std::optional<LinearForm> Words;
  std::string Why;
};

struct BankConflict {
  std::optional<unsigned> Degree;      ///< 1: conflict-free (or a broadcast)
  std::optional<int64_t> LaneStride;   ///< words between neighbouring lanes
  std::string Why;                     ///< when Degree is unset
};

/// Shared accesses of the function of \p U (whose levels tell which terms
/// are the same for every lane).
class SharedBanks {
public:
  SharedBanks(clang::ASTContext &Ctx, Uniformity &U) : Ctx(Ctx), U(U), Lin(Ctx) {}
  /// \p E as an element of a __shared__ array, or nullopt when it is not one.
  std::optional<SharedAccess> access(const clang::Expr *E);
  BankConflict conflict(const SharedAccess &A);

private:
  clang::ASTContext &Ctx;
  Uniformity &U;
  Linearizer Lin;
};

} // namespace analysis
} // namespace klineage

#endif
