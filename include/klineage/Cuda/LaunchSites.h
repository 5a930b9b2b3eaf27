//===- LaunchSites.h - Kernel launches: <<<>>> and the runtime API -*- C++ -*-===//
//
// Part of KLineage. One definition of "a kernel launch" for every layer
// above: the triple-chevron launch (a CUDAKernelCallExpr, which parses in
// device-only mode too), cudaLaunchKernel (the C API and the templated
// overload), cudaLaunchKernelEx (its cudaLaunchConfig_t fields read from the
// config variable) and cudaLaunchCooperativeKernel. Launches in host function
// templates are found in each instantiation (the pattern's kernel may be
// dependent); the kernel of a template launch is its primary template.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_CUDA_LAUNCHSITES_H
#define KLINEAGE_CUDA_LAUNCHSITES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceLocation.h"
#include <optional>
#include <string>
#include <vector>

namespace klineage {
namespace cuda {

enum class LaunchForm { Chevron, LaunchKernel, LaunchKernelEx, LaunchCooperativeKernel };
/// "<<<>>>", "cudaLaunchKernel", "cudaLaunchKernelEx", "cudaLaunchCooperativeKernel".
const char *launchFormName(LaunchForm F);

/// One launch-configuration argument: grid, block, dynamic shared memory or
/// stream.
struct LaunchArg {
  /// The expression as the AST has it (for grid and block, of type dim3: an
  /// integer argument sits under its conversion). Null when defaulted or, for
  /// cudaLaunchKernelEx, when the config field's value was not found.
  const clang::Expr *E = nullptr;
  /// Not written: the API's default (<<<g, b>>> has no smem or stream; a
  /// value-initialised cudaLaunchConfig_t field).
  bool Defaulted = false;
  /// E's text in the main file (a whole macro use or a macro argument
  /// counts, text inside a macro's body does not); invalid otherwise.
  clang::CharSourceRange Range;
};

struct LaunchSite {
  LaunchForm Form = LaunchForm::Chevron;
  /// The CUDAKernelCallExpr or the runtime API call.
  const clang::CallExpr *Call = nullptr;
  /// The function the launch is written in; for a launch in a lambda, the
  /// named function around it (the launcher a co-rewrite edits).
  const clang::FunctionDecl *Launcher = nullptr;
  /// The kernel, as kernelOf() names it; null when the launched function is
  /// not a kernel's name (a function pointer, a void* variable).
  const clang::FunctionDecl *Kernel = nullptr;
  /// The function launched: the specialization for a kernel template.
  const clang::FunctionDecl *KernelInstance = nullptr;
  /// The reference naming the kernel in the launch (null with Kernel).
  const clang::DeclRefExpr *KernelRef = nullptr;
  LaunchArg Grid, Block, SharedMem, Stream;
  /// cudaLaunchKernelEx: the cudaLaunchConfig_t variable the fields come from.
  const clang::VarDecl *Config = nullptr;
  /// The launch and every written configuration argument are main-file text
  /// outside macros, so a launch-configuration edit can change them.
  bool Editable = false;
  /// Where the launch is (its expansion location, for a launch in a macro).
  clang::SourceLocation Loc;
};

/// Every launch in the traversal scope (the main file), in source order.
std::vector<LaunchSite> findLaunchSites(clang::ASTContext &Ctx);

/// The canonical declaration naming kernel \p FD: the primary template's
/// for a specialization of a kernel template, else FD's own.
const clang::FunctionDecl *kernelOf(const clang::FunctionDecl *FD);

/// The launch form of call \p C (a <<<>>> launch or a runtime launch API
/// call), if it is a launch.
std::optional<LaunchForm> launchFormOf(const clang::CallExpr *C);

/// The kernel named by \p E (a launch's or an API call's function argument,
/// through parentheses, casts and '&'), or null.
const clang::DeclRefExpr *kernelReference(const clang::Expr *E);

/// \p E without the conversions around a dim3 value: parentheses, implicit
/// constructor conversions, no-op casts, temporaries and functional casts.
const clang::Expr *stripDim3Conversions(const clang::Expr *E);

/// One component (x, y or z) of a launch-configuration argument as written.
struct Dim3Component {
  /// The integer expression of the component: the argument itself for an
  /// integer converted to dim3 (`n / 256` is x), the constructor's argument
  /// for `dim3(a, b)`; null when defaulted or when the dim3 is an object.
  const clang::Expr *Value = nullptr;
  /// Not written: the constructor's default, 1.
  bool Defaulted = false;
  /// A dim3 object (a variable, a call) whose component is read as `obj.x`.
  const clang::Expr *Object = nullptr;
  /// Value is the whole argument: an integer converted to dim3 implicitly.
  bool Whole = false;
};
/// Component \p Dim (0 = x) of launch-configuration expression \p E.
Dim3Component dim3Component(const clang::Expr *E, unsigned Dim);

/// The expression a launch passes for the kernel's parameter number
/// \p Param: the argument of a `<<<>>>` launch or of cudaLaunchKernelEx; for
/// cudaLaunchKernel / cudaLaunchCooperativeKernel, the object whose address
/// the local `void *args[] = {&a, ...}` array holds at that position (when
/// the array is only ever passed to launches). Null when not found or
/// defaulted.
const clang::Expr *launchArgument(clang::ASTContext &Ctx, const LaunchSite &Site, unsigned Param);

/// The canonical declaration of the function \p FD stands for, across
/// redeclarations and template instantiations. Unlike kernelOf, an
/// explicit specialization is a function of its own (its parameter types
/// are spelled apart from the template's).
const clang::FunctionDecl *functionIdentity(const clang::FunctionDecl *FD);

/// Runtime functions that take a kernel without launching it (attributes,
/// occupancy queries): passing a kernel to them is not an escape.
bool isKernelQueryCallee(const clang::FunctionDecl *Callee);

} // namespace cuda
} // namespace klineage

#endif
