//===- LaunchFacts.h - Block and grid shape of a kernel's launches -*- C++ -*-===//
//
// Part of KLineage. What blockDim and gridDim are inside a kernel, as far as
// the file shows: evaluated from every launch's configuration (integer
// constant expressions, `dim3 b(16, 16)`, `dim3(256)`, const/constexpr
// locals, macros, template arguments, a plain local never written before the
// launch, a cudaLaunchKernelEx config whose field is set plainly), bounded by
// __launch_bounds__, or given by the caller (LaunchFactSource): the shape the
// user asserts (--assume=block:X[,Y,Z]) and the values a workload passes to
// a launcher's parameters (a gate manifest); this layer knows neither flag
// nor manifest. A write that may change a value before the launch (Mutation.h)
// makes it unknown, with the write as evidence. A shape is Known only when
// every launch of the kernel is found (KernelLauncherGraph::allLaunchesKnown)
// and all agree.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_LAUNCHFACTS_H
#define KLINEAGE_ANALYSIS_LAUNCHFACTS_H

#include "klineage/Cuda/KernelLauncherGraph.h"
#include "clang/AST/ASTContext.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <functional>
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

/// A value a workload passes to a launcher's parameter at every call: the
/// parameter at Index (of Arity) of the function named Launcher. Value is
/// unset when the workload's expression depends on its sizes.
struct WorkloadParam {
  std::string Launcher; ///< qualified name
  unsigned Index = 0, Arity = 0;
  std::string Expr;     ///< the value as the workload writes it ("256", "N")
  std::optional<int64_t> Value;
  std::string Origin;   ///< where the workload says it ("axpy.yaml:12:5")
};

/// Shapes the user asserts for a kernel (--assume=block:..., grid:...).
struct AssumedLaunch {
  std::optional<Dim3> Block, Grid;
};

/// Facts about launches that the file does not show, given by the caller.
struct LaunchFactSource {
  /// The shapes asserted for a kernel; unset: none.
  std::function<AssumedLaunch(const clang::FunctionDecl *Kernel)> Assumed;
  /// Launcher parameter values from a workload.
  std::vector<WorkloadParam> Params;

  AssumedLaunch assumed(const clang::FunctionDecl *Kernel) const {
    return Assumed ? Assumed(Kernel) : AssumedLaunch{};
  }
  /// The workload's value of parameter \p P, if it names one.
  const WorkloadParam *param(const clang::ParmVarDecl *P) const;
};

/// The value of one launch-configuration argument, or why it has none.
struct ShapeValue {
  std::optional<Dim3> Shape;
  std::string Why; ///< when Shape is unset: "'n' is a parameter of 'run'"
  /// When Shape is unset because of a write that may reach the launch: the
  /// write (an assignment, a call taking a reference, `&cfg`, a store
  /// through a pointer to the config).
  const clang::Expr *Write = nullptr;
  /// Workload values the shape was computed with.
  std::vector<const WorkloadParam *> Workload;
};

/// Evaluates \p Arg (one of \p Site's Grid, Block, SharedMem, Stream) at
/// \p Site, with \p Source's workload values for the launcher's parameters.
ShapeValue evaluateShape(clang::ASTContext &Ctx, const cuda::LaunchSite &Site,
                         const cuda::LaunchArg &Arg, const LaunchFactSource *Source = nullptr);

/// One piece of evidence behind a fact: a launch's configuration argument,
/// the kernel's __launch_bounds__, or the assumption.
struct ShapeEvidence {
  const cuda::LaunchSite *Site = nullptr; ///< null for __launch_bounds__ and the assumption
  const clang::Expr *E = nullptr;         ///< the expression evaluated, when there is one
  clang::SourceLocation Loc;              ///< where (invalid for the assumption)
  std::string Role;  ///< "block of the <<<>>> launch in 'run'", "__launch_bounds__", "assumed"
  std::string Value; ///< "(256, 1, 1)", "at most 256 threads", or why it has no value
  const clang::Expr *Write = nullptr; ///< the write that leaves it without a value
};

struct ShapeFact {
  enum class Verdict { Known, Conflicting, Unknown };
  /// What settled a Known shape. LaunchBoundsOnly gives no shape, only
  /// MaxThreads, an upper bound on X*Y*Z. Workload: the launches, with
  /// values a workload passes to their launchers.
  enum class Source { Launch, Assumed, LaunchBoundsOnly, Workload };
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
/// "launch", "assumed", "launch-bounds-only", "workload".
const char *sourceName(ShapeFact::Source S);

struct LaunchFacts {
  ShapeFact Block, Grid;
};

/// blockDim and gridDim of \p Kernel's launches in \p Graph.
LaunchFacts launchFacts(clang::ASTContext &Ctx, const cuda::KernelLauncherGraph &Graph,
                        const clang::FunctionDecl *Kernel, const LaunchFactSource &Source);
LaunchFacts launchFacts(clang::ASTContext &Ctx, const cuda::KernelLauncherGraph &Graph,
                        const clang::FunctionDecl *Kernel, const AssumedLaunch &Assumed = {});

/// --list-launches: every kernel of the file with its launchers, their
/// configuration expressions and the kernel's launch facts.
llvm::json::Value launchReportJson(clang::ASTContext &Ctx, const LaunchFactSource &Source);
void printLaunchReport(llvm::raw_ostream &OS, clang::ASTContext &Ctx, const LaunchFactSource &Source);

} // namespace analysis
} // namespace klineage

#endif
