//===- Reverse.cpp - smem-pad reverse: remove a shared tile's padding ------===//
//
// Part of KLineage. A static `__shared__` array of two or more dimensions
// whose innermost extent is written as a row plus a padding -- `TILE + 1`,
// `BM + APAD` (a template's or a constexpr's value), `(TILE_DIM + PAD)`,
// or a literal a little past a multiple of 32 or a power of two (`33`,
// `65`, `132`, `17`) -- loses the padding: the extent becomes the row
// (`TILE`, `BM`, `32`). The padding's side of a sum is the smaller value;
// a literal's is at most 4 elements past a row of at least 16. Removing it
// is sound when no code depends on the layout and no subscript reaches the
// padding (indices-within-rows), which the preconditions check.
//
//===----------------------------------------------------------------------===//
#include "SmemPad.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;
using namespace llvm;

namespace klineage {
namespace smem_pad {

namespace {

struct Padding {
  uint64_t Row = 0, Pad = 0;
  std::string RowText; ///< what the extent becomes
};

std::optional<int64_t> valueOf(const ASTContext &Ctx, const Expr *E) {
  Expr::EvalResult R;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

/// The padding an extent \p E (of value \p N) is written with, if any.
std::optional<Padding> paddingOf(const ASTContext &Ctx, const Expr *E, uint64_t N) {
  const Expr *Inner = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(Inner); BO && BO->getOpcode() == BO_Add) {
    auto L = valueOf(Ctx, BO->getLHS()), R = valueOf(Ctx, BO->getRHS());
    if (!L || !R || *L == *R || *L < 1 || *R < 1)
      return std::nullopt;
    const Expr *RowSide = *L > *R ? BO->getLHS() : BO->getRHS();
    Padding P;
    P.Row = uint64_t(std::max(*L, *R));
    P.Pad = uint64_t(std::min(*L, *R));
    // Text inside a macro's body: the value (the edit of the extent fails
    // there anyway, as source-rewritable says).
    P.RowText = extentText(Ctx, RowSide).value_or(std::to_string(P.Row));
    // `(TILE)` keeps its parentheses; a lower-precedence row is written in them.
    if (const auto *RB = dyn_cast<BinaryOperator>(RowSide->IgnoreImpCasts()); RB && RB->getOpcode() > BO_Sub)
      P.RowText = "(" + P.RowText + ")";
    return P;
  }
  if (isa<IntegerLiteral>(Inner)) {
    std::string Text = nodeText(Ctx, E, "");
    if (Text.empty() || !all_of(Text, [](char C) { return isDigit(C); }))
      return std::nullopt;
    uint64_t Row = N > 32 ? N / 32 * 32 : (N >= 16 ? uint64_t(1) << Log2_64(N) : 0);
    if (Row < 16 || Row == N || N - Row > 4)
      return std::nullopt;
    return Padding{Row, N - Row, std::to_string(Row)};
  }
  return std::nullopt;
}

} // namespace

void findReverseSite(const RewritePair &Pair, AnalysisContext &AC, const VarDecl *V) {
  ASTContext &Ctx = AC.ast();
  ArrayPlan P = planArray(AC, V, Direction::Reverse, /*WithDegrees=*/false);
  if (P.Decl.Dynamic || P.Decl.Dims.size() < 2 || P.Extents.size() < P.Decl.Dims.size())
    return;
  const Expr *Size = P.Extents.back().getSizeExpr();
  if (!Size)
    return;
  auto Pad = paddingOf(Ctx, Size, P.Row);
  if (!Pad || Pad->Row + Pad->Pad != P.Row)
    return;
  P.Pad = Pad->Pad;
  P.Unpadded = Pad->Row;
  const FunctionDecl *FD = P.Decl.Function;
  Site &S = AC.addSite(Name, Direction::Reverse, V->getLocation(), FD, "padded-array");
  S.Summary = "remove the padding of '" + V->getName().str() + "': rows of " + std::to_string(P.Row) + " -> " +
              std::to_string(Pad->Row);
  S.Facts["array"] = V->getName().str();
  S.Facts["pad"] = std::to_string(Pad->Pad);
  S.Facts["row"] = std::to_string(P.Row) + " -> " + std::to_string(Pad->Row);
  PreconditionQuery Q{AC, FD, DynTypedNode::create(*V), &P};
  for (const PreconditionSpec &Spec : Pair.preconditions())
    if (Spec.Dir == Direction::Reverse)
      S.check(Spec, Q);
  if (S.verdict() == Status::Fails)
    return;
  EditBuilder B(Ctx);
  B.replace(Size, Pad->RowText);
  commit(B, S);
}

} // namespace smem_pad
} // namespace klineage
