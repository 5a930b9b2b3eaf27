//===- RegisterTile.h - What register-tile's two directions share -*- C++ -*-===//
//
// Part of KLineage. The precondition names of register-tile, and the reverse
// direction's entry point (Reverse.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITES_REGISTERTILE_H
#define KLINEAGE_REWRITES_REGISTERTILE_H

#include "klineage/Rewrite/RewritePair.h"
#include "clang/AST/Type.h"
#include <array>
#include <string>

namespace klineage {
namespace register_tile {

inline constexpr char Name[] = "register-tile";
// Forward.
inline constexpr char IndicesAffine[] = "indices-affine";
inline constexpr char TailGuarded[] = "tail-guarded";
inline constexpr char OutputsIndependent[] = "outputs-independent";
inline constexpr char OutputCodeReplicable[] = "output-code-replicable";
inline constexpr char RegistersFit[] = "registers-fit";
inline constexpr char LaunchEditable[] = "launch-editable";
inline constexpr char GridCoversBound[] = "grid-covers-bound";
// Reverse.
inline constexpr char TileLoopsRecognised[] = "tile-loops-recognised";
inline constexpr char IndexScalable[] = "index-scalable";
inline constexpr char ReverseLaunchEditable[] = "reverse-launch-editable";

/// A type as a declaration writes it: a template parameter by its name (the
/// instantiation's type is one of many), otherwise printed, unqualified.
std::string typeText(clang::ASTContext &Ctx, clang::QualType T);

/// launch-editable in either direction: every launch of the kernel found
/// (or grid-edit-external asserted) and its grid divided (\p Divide) or
/// multiplied by \p Factors (x, y, z) on a scratch builder.
Status checkLaunches(const PreconditionQuery &Q, PreconditionResult &R, bool Divide,
                     std::array<unsigned, 3> Factors);

/// The site's edits: the kernel's body (first to last statement) becomes
/// \p Body, every launch's grid divided or multiplied by \p Factors.
void commitKernel(AnalysisContext &AC, const clang::FunctionDecl *FD, const std::string &Body, bool Divide,
                  std::array<unsigned, 3> Factors, Site &S);

Status checkTileLoopsRecognised(const PreconditionQuery &Q, PreconditionResult &R);
Status checkIndexScalable(const PreconditionQuery &Q, PreconditionResult &R);
Status checkReverseLaunchEditable(const PreconditionQuery &Q, PreconditionResult &R);

/// Reverse: the sites of kernels whose threads compute a block of outputs.
void findReverseSites(const RewritePair &Pair, AnalysisContext &AC, const clang::FunctionDecl *FD);

} // namespace register_tile
} // namespace klineage

#endif
