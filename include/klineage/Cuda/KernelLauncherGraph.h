//===- KernelLauncherGraph.h - Which host function launches which kernel -*- C++ -*-===//
//
// Part of KLineage. Built once per AST from findLaunchSites: kernel -> launch
// sites, launcher -> kernels. A rewrite that changes a kernel's launch
// configuration (coarsening, row-parallelisation, tiling) must co-rewrite
// every launch; it may only when every launch is found (the kernel's name is
// used nowhere but in launches and attribute/occupancy queries: a function
// pointer or a void* taken from it may launch it unseen) and editable.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_CUDA_KERNELLAUNCHERGRAPH_H
#define KLINEAGE_CUDA_KERNELLAUNCHERGRAPH_H

#include "klineage/Cuda/LaunchSites.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include <vector>

namespace klineage {
namespace cuda {

class KernelLauncherGraph {
public:
  explicit KernelLauncherGraph(clang::ASTContext &Ctx);

  /// Every launch in the main file, in source order (including those whose
  /// launched function is not a kernel's name).
  llvm::ArrayRef<LaunchSite> sites() const { return Sites; }
  /// Kernels defined or declared in the main file, or launched there, in
  /// source order; one entry per kernel template (kernelOf).
  llvm::ArrayRef<const clang::FunctionDecl *> kernels() const { return Kernels; }

  /// Launches of \p Kernel (any declaration or specialization of it).
  std::vector<const LaunchSite *> launchesOf(const clang::FunctionDecl *Kernel) const;
  /// The same, one per source location: a launch in a host function
  /// template stands once for all its instantiations (what an edit sees).
  std::vector<const LaunchSite *> distinctLaunchesOf(const clang::FunctionDecl *Kernel) const;
  /// The distinct functions that launch \p Kernel, in source order.
  std::vector<const clang::FunctionDecl *> launchersOf(const clang::FunctionDecl *Kernel) const;
  /// Launches written in \p Function (a lambda's launches count for the
  /// function around it).
  std::vector<const LaunchSite *> launchesIn(const clang::FunctionDecl *Function) const;
  /// The distinct kernels \p Function launches, in source order.
  std::vector<const clang::FunctionDecl *> kernelsLaunchedBy(const clang::FunctionDecl *Function) const;

  /// Uses of \p Kernel's name other than launching it or querying its
  /// attributes: each may launch it where no launch site is seen.
  llvm::ArrayRef<const clang::DeclRefExpr *> escapesOf(const clang::FunctionDecl *Kernel) const;
  /// Every launch of \p Kernel is known: it has launches and no escapes.
  bool allLaunchesKnown(const clang::FunctionDecl *Kernel) const;
  /// Every launch is known and editable: a launch co-rewrite is possible.
  bool launchesEditable(const clang::FunctionDecl *Kernel) const;

private:
  std::vector<LaunchSite> Sites;
  std::vector<const clang::FunctionDecl *> Kernels;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<const clang::DeclRefExpr *>> Escapes;
};

/// The first use of \p Kernel's address (any declaration or specialization
/// of it) that fixes its function type, so that a kernel with new parameter
/// types would no longer compile there: a typed function pointer, a
/// non-template parameter, a cast other than to `void *`, a template
/// argument, an initializer list, a return. Calls and launches by name and
/// conversions to `void *` do not fix it; nor does passing it to a function
/// template's deduced parameter or storing it in an `auto` variable, when
/// every use of that parameter or variable (in the specialization's body,
/// or the template's when the parse did not instantiate it) is again one of
/// these; the CUDA runtime's launch and attribute templates take it as
/// `const void *` (their bodies are skipped with the system headers'). A
/// template whose arguments are written out, or whose body is not there to
/// follow, fixes it. Returns the kernel's name in the file, or null.
const clang::DeclRefExpr *typedAddressUse(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel);

} // namespace cuda
} // namespace klineage

#endif
