//===- Reverse.cpp - register-tile reverse: one output per thread ---------===//
#include "RegisterTile.h"

using namespace clang;

namespace klineage {
namespace register_tile {

Status checkTileLoopsRecognised(const PreconditionQuery &, PreconditionResult &R) {
  R.Reason = "reverse not built yet";
  return Status::Fails;
}
Status checkIndexScalable(const PreconditionQuery &, PreconditionResult &R) {
  R.Reason = "reverse not built yet";
  return Status::Fails;
}
Status checkReverseLaunchEditable(const PreconditionQuery &, PreconditionResult &R) {
  R.Reason = "reverse not built yet";
  return Status::Fails;
}
void findReverseSites(const RewritePair &, AnalysisContext &, const FunctionDecl *) {}

} // namespace register_tile
} // namespace klineage
