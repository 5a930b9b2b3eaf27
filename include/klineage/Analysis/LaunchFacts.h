//===- LaunchFacts.h - Block and grid shape of a kernel's launches -*- C++ -*-===//
//
// Part of KLineage. What blockDim and gridDim are inside a kernel, as far as
// the file shows: evaluated from every launch's configuration (integer
// constant expressions, `dim3 b(16, 16)`, `dim3(256)`, const/constexpr
// locals, macros, template arguments, a plain local never written before the
// launch), bounded by __launch_bounds__, or asserted by the user
// (--assume=block:X[,Y,Z]; the caller passes the assumed shape, this layer
// knows nothing of --assume). A shape is Known only when every launch of the
// kernel is found (KernelLauncherGraph::allLaunchesKnown) and all agree.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_LAUNCHFACTS_H
#define KLINEAGE_ANALYSIS_LAUNCHFACTS_H

#include "klineage/Cuda/KernelLauncherGraph.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace analysis {

struct Dim3 {
  uint64_t X = 1, Y = 1, Z = 1;
  uint64_t count() const { return X * Y * Z; }
  std::string str() const; ///< "(16, 16, 1)"
  bool operator==(const Dim3 &O) const { return X == O.X && Y == O.Y && Z == O.Z; }
  bool operator!=(const Dim3 &O) const { return !(*this == O); }
};

/// The value of one launch-configuration argument, or why it has none.
struct ShapeValue {
  std::optional<Dim3> Shape;
  std::string Why; ///< when Shape is unset: "'n' is a parameter of 'run'"
};

/// Evaluates \p Arg (a LaunchSite's Grid or Block) at \p Site.
ShapeValue evaluateShape(clang::ASTContext &Ctx, const cuda::LaunchSite &Site,
                         const cuda::LaunchArg &Arg);

/// One piece of evidence behind a fact: a launch's configuration argument,
/// the kernel's __launch_bounds__, or the assumption.
struct ShapeEvidence {
  const cuda::LaunchSite *Site = nullptr; ///< null for __launch_bounds__ and the assumption
  const clang::Expr *E = nullptr;         ///< the expression evaluated, when there is one
  clang::SourceLocation Loc;              ///< where (invalid for the assumption)
  std::string Role;  ///< "block of the <<<>>> launch in 'run'", "__launch_bounds__", "assumed"
  std::string Value; ///< "(256, 1, 1)", "at most 256 threads", or why it has no value
};

struct ShapeFact {
  enum class Verdict { Known, Conflicting, Unknown };
  /// What settled a Known shape. LaunchBoundsOnly gives no shape, only
  /// MaxThreads, an upper bound on X*Y*Z.
  enum class Source { Launch, Assumed, LaunchBoundsOnly };
  Verdict V = Verdict::Unknown;
  Source Src = Source::Launch;
  std::optional<Dim3> Shape;          ///< Known from the launches or the assumption
  std::optional<uint64_t> MaxThreads; ///< block only: __launch_bounds__'s maxThreads
  /// Unknown and Conflicting: why, naming the launches; Known from the
  /// assumption or the bounds: why the launches did not settle it.
  std::string Reason;
  std::vector<ShapeEvidence> Evidence;
};
const char *verdictName(ShapeFact::Verdict V); ///< "known", "conflicting", "unknown"
const char *sourceName(ShapeFact::Source S);   ///< "launch", "assumed", "launch-bounds-only"

/// Shapes the user asserts for a kernel (--assume=block:..., grid:...).
struct AssumedLaunch {
  std::optional<Dim3> Block, Grid;
};

struct LaunchFacts {
  ShapeFact Block, Grid;
};

/// blockDim and gridDim of \p Kernel's launches in \p Graph.
LaunchFacts launchFacts(clang::ASTContext &Ctx, const cuda::KernelLauncherGraph &Graph,
                        const clang::FunctionDecl *Kernel, const AssumedLaunch &Assumed = {});

/// What the user asserts for a kernel; the driver maps its --assume facts.
using AssumedLaunchFn = llvm::function_ref<AssumedLaunch(const clang::FunctionDecl *Kernel)>;

/// --list-launches: every kernel of the file with its launchers, their
/// configuration expressions and the kernel's launch facts.
llvm::json::Value launchReportJson(clang::ASTContext &Ctx, AssumedLaunchFn Assumed);
void printLaunchReport(llvm::raw_ostream &OS, clang::ASTContext &Ctx, AssumedLaunchFn Assumed);

} // namespace analysis
} // namespace klineage

#endif
