//===- RegisterTile.h - What register-tile's two directions share -*- C++ -*-===//
//
// Part of KLineage. The precondition names of register-tile, and the reverse
// direction's entry point (Reverse.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_REWRITES_REGISTERTILE_H
#define KLINEAGE_REWRITES_REGISTERTILE_H

#include "klineage/Rewrite/RewritePair.h"

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

Status checkTileLoopsRecognised(const PreconditionQuery &Q, PreconditionResult &R);
Status checkIndexScalable(const PreconditionQuery &Q, PreconditionResult &R);
Status checkReverseLaunchEditable(const PreconditionQuery &Q, PreconditionResult &R);

/// Reverse: the sites of kernels whose threads compute a block of outputs.
void findReverseSites(const RewritePair &Pair, AnalysisContext &AC, const clang::FunctionDecl *FD);

} // namespace register_tile
} // namespace klineage

#endif
