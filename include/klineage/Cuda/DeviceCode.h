//===- DeviceCode.h - Which code runs on the device, by nvcc's rules -*- C++ -*-===//
//
// Part of KLineage. Clang marks constexpr functions and unannotated lambdas
// implicitly `__host__ __device__`; nvcc does not (a constexpr function
// without `__device__` is host-only unless --expt-relaxed-constexpr, and a
// lambda takes the execution space of the function around it). Every pair
// asks "is this device code?" here, so the answer is nvcc's everywhere.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_CUDA_DEVICECODE_H
#define KLINEAGE_CUDA_DEVICECODE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include <string>
#include <vector>

namespace klineage {
namespace cuda {

/// `__global__`.
bool isKernel(const clang::FunctionDecl *FD);
/// The kernels defined in the translation unit that code is generated for,
/// each once, in traversal order: plain kernels and the instantiations of
/// templated ones (the templates themselves are dependent and skipped).
std::vector<const clang::FunctionDecl *> kernelDefinitions(clang::ASTContext &Ctx);
/// `__global__`, or `__device__` spelled in the source (implicit attributes
/// do not count).
bool isWrittenAsDevice(const clang::FunctionDecl *FD);
/// Clang gave \p FD an implicit `__device__` (constexpr functions, lambdas)
/// that nvcc does not: device code for clang's parse, not for nvcc's.
bool isImplicitlyDeviceForClang(const clang::FunctionDecl *FD);
/// The function that makes \p FD device code: \p FD itself when written as
/// device code, else for a lambda's call operator the nearest enclosing
/// function written as device code; null when \p FD is host code for nvcc.
const clang::FunctionDecl *deviceContextOf(const clang::FunctionDecl *FD);
/// Whether nvcc compiles \p FD for the device.
inline bool isDeviceCode(const clang::FunctionDecl *FD) { return deviceContextOf(FD) != nullptr; }
/// The host function that makes \p FD host code (the outermost function
/// around a lambda, or \p FD itself), for a refusal's wording.
const clang::FunctionDecl *hostContextOf(const clang::FunctionDecl *FD);
/// "__global__", "__host__ __device__" or "__device__" as written.
std::string executionSpace(const clang::FunctionDecl *FD);
/// The nearest enclosing function of \p S (a lambda's call operator counts).
const clang::FunctionDecl *enclosingFunction(clang::ASTContext &Ctx, const clang::Stmt &S);
/// The reference to a function that \p E names, through parentheses, casts,
/// non-type template argument substitutions and `&` (`&kernel<T>`, a
/// template's function-pointer argument); null otherwise.
const clang::DeclRefExpr *functionReference(const clang::Expr *E);
/// The function \p C calls: its direct callee, or the function a non-type
/// template argument names in a template instance (llm.c's
/// `template <reduction_func_t warp_reduction> ... warp_reduction(val)`);
/// null for other indirect calls.
const clang::FunctionDecl *calledFunction(const clang::CallExpr *C);

} // namespace cuda
} // namespace klineage

#endif
