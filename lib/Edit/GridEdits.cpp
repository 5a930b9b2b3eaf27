//===- GridEdits.cpp - Divide a launch's grid, axis by axis ---------------===//
#include "klineage/Edit/GridEdits.h"
#include "klineage/Analysis/LinearForm.h"
#include "klineage/Cuda/LaunchBounds.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Edit/SourceCode.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using klineage::cuda::LaunchArg;
using klineage::cuda::LaunchSite;

namespace klineage {

std::string launchDescription(const ASTContext &Ctx, const LaunchSite &L) {
  return std::string("the ") + cuda::launchFormName(L.Form) + " launch at line " +
         std::to_string(Ctx.getSourceManager().getExpansionLineNumber(L.Loc)) +
         (L.Launcher ? " in '" + L.Launcher->getNameAsString() + "'" : std::string());
}

namespace {
std::string ceilDivText(const Expr *Value, llvm::StringRef Text, unsigned F) {
  return "(" + parenIf(Value && needsParens(Value, clang::prec::Additive), Text) + " + " +
         std::to_string(F - 1) + ") / " + std::to_string(F);
}
} // namespace

std::optional<std::string> divideGrid(EditBuilder &B, ASTContext &Ctx, const LaunchSite &L,
                                      std::array<unsigned, 3> Factors) {
  if (Factors[0] <= 1 && Factors[1] <= 1 && Factors[2] <= 1)
    return std::nullopt;
  if (!L.Grid.E || L.Grid.Defaulted || L.Grid.Range.isInvalid())
    return "the grid of " + launchDescription(Ctx, L) + " is not written as text of this file";
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Whole = Lexer::getSourceText(L.Grid.Range, SM, Ctx.getLangOpts()).str();
  const Expr *Grid = cuda::stripDim3Conversions(L.Grid.E);
  // Plan every component first: all edits or none.
  struct Edit {
    const Expr *Value;
    std::string Text;
  };
  std::vector<Edit> Edits;
  bool Object = false;
  for (unsigned D = 0; D < 3; ++D) {
    if (Factors[D] <= 1)
      continue;
    cuda::Dim3Component C = cuda::dim3Component(L.Grid.E, D);
    if (C.Whole) {
      if (D != 0)
        continue; // an integer grid has one block in y and z
      B.setLaunchArg(L, LaunchArg::Grid, ceilDivText(C.Value, Whole, Factors[0]));
      return std::nullopt;
    }
    if (C.Defaulted)
      continue; // one block: ceil(1 / F) is 1
    auto T = C.Value ? writtenText(Ctx, C.Value) : std::nullopt;
    if (!T || writtenRange(Ctx, C.Value).isInvalid()) {
      Object = true;
      break;
    }
    Edits.push_back({C.Value, ceilDivText(C.Value, *T, Factors[D])});
  }
  if (!Object) {
    for (const Edit &E : Edits) {
      CharSourceRange R = writtenRange(Ctx, E.Value);
      B.replaceChars(R.getBegin(), R.getEnd(), E.Text);
    }
    return std::nullopt;
  }
  if (!analysis::isPureExpr(Grid, Ctx))
    return "the grid '" + Whole + "' of " + launchDescription(Ctx, L) +
           " has side effects; it cannot be read once per component";
  cuda::Dim3Component GX = cuda::dim3Component(L.Grid.E, 0);
  std::string O = parenIf(!isPostfixSafe(GX.Object ? GX.Object : Grid), Whole);
  std::string Parts[3];
  static const char *Field[3] = {".x", ".y", ".z"};
  for (unsigned D = 0; D < 3; ++D)
    Parts[D] = Factors[D] > 1 ? "(" + O + Field[D] + " + " + std::to_string(Factors[D] - 1) + ") / " +
                                    std::to_string(Factors[D])
                              : O + Field[D];
  B.setLaunchArg(L, LaunchArg::Grid, "dim3(" + Parts[0] + ", " + Parts[1] + ", " + Parts[2] + ")");
  return std::nullopt;
}

namespace {
std::optional<int64_t> intOf(const ASTContext &Ctx, const Expr *E) {
  Expr::EvalResult R;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

/// G when \p E is `(G + F - 1) / F`.
const Expr *undividedOf(const ASTContext &Ctx, const Expr *E, unsigned F) {
  const auto *Div = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!Div || Div->getOpcode() != BO_Div || intOf(Ctx, Div->getRHS()) != int64_t(F))
    return nullptr;
  const auto *Add = dyn_cast<BinaryOperator>(Div->getLHS()->IgnoreParenImpCasts());
  if (!Add || Add->getOpcode() != BO_Add || intOf(Ctx, Add->getRHS()) != int64_t(F) - 1)
    return nullptr;
  return Add->getLHS();
}

/// The object `g` of `g.x` (field \p Field).
const ValueDecl *objectOf(const Expr *E, StringRef Field) {
  const auto *M = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  if (!M || M->getMemberDecl()->getName() != Field)
    return nullptr;
  const auto *D = dyn_cast<DeclRefExpr>(M->getBase()->IgnoreParenImpCasts());
  return D ? D->getDecl() : nullptr;
}
} // namespace

std::optional<std::string> multiplyGrid(EditBuilder &B, ASTContext &Ctx, const LaunchSite &L,
                                        std::array<unsigned, 3> Factors) {
  if (Factors[0] <= 1 && Factors[1] <= 1 && Factors[2] <= 1)
    return std::nullopt;
  if (!L.Grid.E || L.Grid.Defaulted || L.Grid.Range.isInvalid())
    return "the grid of " + launchDescription(Ctx, L) + " is not written as text of this file";
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Whole = Lexer::getSourceText(L.Grid.Range, SM, Ctx.getLangOpts()).str();
  const Expr *Grid = cuda::stripDim3Conversions(L.Grid.E);
  static const char *Field[3] = {"x", "y", "z"};
  // dim3(g.x', g.y', g.z') whose components all come back to g's: g.
  if (const auto *C = dyn_cast<CXXConstructExpr>(Grid); C && C->getNumArgs() == 3) {
    const ValueDecl *Obj = nullptr;
    bool Same = true;
    for (unsigned D = 0; D < 3 && Same; ++D) {
      const Expr *A = C->getArg(D);
      if (Factors[D] > 1)
        A = undividedOf(Ctx, A, Factors[D]);
      const ValueDecl *O = A ? objectOf(A, Field[D]) : nullptr;
      Same = O && (!Obj || O == Obj);
      Obj = O;
    }
    if (Same && Obj) {
      B.setLaunchArg(L, LaunchArg::Grid, Obj->getName().str());
      return std::nullopt;
    }
  }
  auto Times = [&](const Expr *V, StringRef Text, unsigned F) -> std::string {
    if (const Expr *G = undividedOf(Ctx, V, F))
      if (auto T = writtenText(Ctx, G))
        return *T;
    return parenIf(V && needsParens(V, clang::prec::Multiplicative), Text) + " * " + std::to_string(F);
  };
  std::vector<std::pair<const Expr *, std::string>> Edits;
  bool Object = false;
  for (unsigned D = 0; D < 3; ++D) {
    if (Factors[D] <= 1)
      continue;
    cuda::Dim3Component C = cuda::dim3Component(L.Grid.E, D);
    if (C.Whole) {
      if (D != 0) {
        Object = true; // y or z of an integer grid: it needs a dim3
        break;
      }
      Edits.push_back({nullptr, Times(C.Value, Whole, Factors[0])});
      continue;
    }
    auto T = C.Value ? writtenText(Ctx, C.Value) : std::nullopt;
    if (C.Defaulted || !T || writtenRange(Ctx, C.Value).isInvalid()) {
      Object = true;
      break;
    }
    Edits.push_back({C.Value, Times(C.Value, *T, Factors[D])});
  }
  if (!Object) {
    for (const auto &[V, Text] : Edits) {
      if (!V) {
        B.setLaunchArg(L, LaunchArg::Grid, Text);
        continue;
      }
      CharSourceRange R = writtenRange(Ctx, V);
      B.replaceChars(R.getBegin(), R.getEnd(), Text);
    }
    return std::nullopt;
  }
  if (!analysis::isPureExpr(Grid, Ctx))
    return "the grid '" + Whole + "' of " + launchDescription(Ctx, L) +
           " has side effects; it cannot be read once per component";
  std::string Parts[3];
  for (unsigned D = 0; D < 3; ++D) {
    cuda::Dim3Component C = cuda::dim3Component(L.Grid.E, D);
    std::string Comp;
    if (C.Whole || C.Value)
      Comp = writtenText(Ctx, C.Value).value_or(Whole);
    else if (C.Defaulted)
      Comp = "1";
    else
      Comp = parenIf(!isPostfixSafe(C.Object ? C.Object : Grid), Whole) + "." + Field[D];
    Parts[D] = Factors[D] > 1 ? parenIf(C.Value && needsParens(C.Value, clang::prec::Multiplicative), Comp) +
                                    " * " + std::to_string(Factors[D])
                              : Comp;
  }
  B.setLaunchArg(L, LaunchArg::Grid, "dim3(" + Parts[0] + ", " + Parts[1] + ", " + Parts[2] + ")");
  return std::nullopt;
}

std::string keepBlockLaunchable(EditBuilder &B, const FunctionDecl *Kernel, uint64_t Threads) {
  // 65536 registers / 255 per thread: blocks up to 256 threads always fit.
  if (Threads <= 256 || cuda::launchBounds(Kernel))
    return "";
  const FunctionDecl *Written = Kernel->getTemplateInstantiationPattern();
  if (!Written)
    Written = Kernel;
  std::string Attr = "__launch_bounds__(" + std::to_string(Threads) + ")";
  B.forEachDeclaration(Written, [&](EditBuilder &E, const FunctionDecl &D) { E.insertBefore(D.getLocation(), Attr + " "); });
  return Attr + ": its " + std::to_string(Threads) + "-thread block stays launchable whatever registers ptxas gives";
}

} // namespace klineage
