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

} // namespace cuda
} // namespace klineage

#endif
