//===- Launches.cpp - thread-coarsen's launch co-rewrite ------------------===//
#include "Launches.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/LaunchFacts.h"
#include "klineage/Analysis/ThreadIndex.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Edit/GridEdits.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Edit/SourceCode.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include <set>

using namespace clang;
using namespace klineage::analysis;
using klineage::cuda::LaunchSite;

namespace klineage {
namespace coarsen {

namespace {

std::string lineText(ASTContext &Ctx, SourceLocation L) {
  return std::to_string(Ctx.getSourceManager().getExpansionLineNumber(L));
}

std::string launchName(ASTContext &Ctx, const LaunchSite &L) {
  return std::string("the ") + cuda::launchFormName(L.Form) + " launch at line " +
         lineText(Ctx, L.Loc) +
         (L.Launcher ? " in '" + L.Launcher->getNameAsString() + "'" : std::string());
}

/// The text of \p E for copying: its main-file text, or the whole macro use
/// it comes from.
std::optional<std::string> textOf(ASTContext &Ctx, const Expr *E) {
  if (auto T = sourceText(Ctx, E))
    return T;
  return writtenText(Ctx, E);
}

/// Replaces the written text of \p E (whole macro uses at its ends
/// included); false when it has none.
bool replaceWritten(EditBuilder &B, ASTContext &Ctx, const Expr *E, const std::string &Text) {
  CharSourceRange R = writtenRange(Ctx, E);
  if (R.isInvalid())
    return false;
  B.replaceChars(R.getBegin(), R.getEnd(), Text);
  return true;
}

std::string wholeArgText(ASTContext &Ctx, const cuda::LaunchArg &A) {
  return Lexer::getSourceText(A.Range, Ctx.getSourceManager(), Ctx.getLangOpts()).str();
}

std::optional<int64_t> intValue(ASTContext &Ctx, const Expr *E) {
  Expr::EvalResult R;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

/// `obj.x` on a dim3 object: the object's variable.
const VarDecl *memberOf(const Expr *E, StringRef Field) {
  E = E ? stripIntCasts(E) : nullptr;
  const auto *M = dyn_cast_or_null<MemberExpr>(E);
  if (!M || M->getMemberDecl()->getName() != Field)
    return nullptr;
  const auto *Ref = dyn_cast<DeclRefExpr>(M->getBase()->IgnoreParenImpCasts());
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

/// What one launch shows of its block's x size and of the kernel's bound.
class LaunchReader {
public:
  LaunchReader(ASTContext &Ctx, const LaunchSite &L, const ElementWork &W)
      : Ctx(Ctx), L(L), W(W), Lin(Ctx) {
    readBound();
    readBlock();
  }

  /// \p X (a grid's x component) is at least ceil(N / block.x); \p Slack is
  /// set to how much its numerator exceeds N.
  bool covers(const Expr *X, int64_t *Slack = nullptr) {
    if (!X || !Bound || !BlockForm)
      return false;
    // `g.x` of a dim3, or an integer, set once in the launcher: its value.
    for (unsigned Hops = 0; X && Hops < 4; ++Hops) {
      if (const VarDecl *G = memberOf(X, "x")) {
        const VarDecl *Local = setOnceVar(G);
        X = Local ? cuda::dim3Component(Local->getInit(), 0).Value : nullptr;
      } else if (const VarDecl *Local = X->getType()->isIntegerType() ? setOnceVar(X) : nullptr) {
        X = Local->getInit();
      } else {
        break;
      }
    }
    auto CD = X ? ceilDivOf(Lin, X) : std::nullopt;
    if (!CD)
      return false;
    bool SameDen =
        sameForm(CD->Den, *BlockForm) || (BlockObject && memberOf(CD->DenE, "x") == BlockObject);
    if (!SameDen)
      return false;
    LinearForm D = CD->Num;
    D.add(*Bound, -1);
    if (!D.isConstant() || D.constant() < 0)
      return false;
    if (Slack)
      *Slack = D.constant();
    return true;
  }

  /// The grid as written, or the initialiser of the dim3 variable set once
  /// in the launcher that it names.
  const Expr *grid() {
    cuda::Dim3Component GX = cuda::dim3Component(L.Grid.E, 0);
    if (GX.Object)
      if (const VarDecl *V = setOnceVar(GX.Object))
        return V->getInit();
    return L.Grid.E;
  }
  /// The grid's x component as an expression (through grid()).
  const Expr *gridX() { return cuda::dim3Component(grid(), 0).Value; }

  std::optional<int64_t> blockX() const {
    return BlockForm && BlockForm->isConstant() ? std::optional<int64_t>(BlockForm->constant())
                                                : std::nullopt;
  }
  const std::string &blockText() const { return BlockText; }
  const Expr *blockExpr() const { return BlockValue; }

private:
  static bool sameForm(const LinearForm &A, const LinearForm &B) {
    LinearForm D = A;
    D.add(B, -1);
    return D.Terms.empty();
  }

  const VarDecl *setOnceVar(const Expr *E) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        return setOnceVar(V);
    return nullptr;
  }
  /// A local of the launcher set once, whose initialiser reads only
  /// variables the launcher never modifies: its value at the launch.
  const VarDecl *setOnceVar(const VarDecl *V) {
    if (!V || isa<ParmVarDecl>(V) || !V->isLocalVarDecl() || !V->getInit() || !L.Launcher ||
        !L.Launcher->getBody())
      return nullptr;
    const FunctionFacts &F = AnalysisCache::of(Ctx).facts(L.Launcher);
    std::vector<const VarDecl *> Read;
    Linearizer::collectVars(V->getInit(), Read);
    Read.push_back(V);
    for (const VarDecl *R : Read)
      if (!F.mods(R).empty())
        return nullptr;
    return V;
  }

  /// The bound's form at the launch: the kernel's parameters replaced by the
  /// forms of the launch's arguments.
  void readBound() {
    if (!W.BoundExpr)
      return;
    const FunctionFacts &KF = AnalysisCache::of(Ctx).facts(W.Kernel);
    auto NK = expandedForm(Lin, KF, W.BoundExpr);
    if (!NK)
      return;
    bool AllMapped = true;
    auto NL = substitute(*NK, [&](const std::string &Key) -> std::optional<LinearForm> {
      const Atom *A = Lin.atom(Key);
      const auto *P = A ? dyn_cast_or_null<ParmVarDecl>(A->Var) : nullptr;
      const Expr *Arg = P && P->getDeclContext() == W.Kernel
                            ? cuda::launchArgument(Ctx, L, P->getFunctionScopeIndex())
                            : nullptr;
      auto F = Arg ? Lin.linearize(Arg) : std::nullopt;
      AllMapped = AllMapped && F.has_value();
      return F;
    });
    if (NL && AllMapped)
      Bound = *NL;
  }

  void readBlock() {
    if (!L.Block.E)
      return;
    cuda::Dim3Component BX = cuda::dim3Component(L.Block.E, 0);
    if (BX.Defaulted) {
      BlockForm = LinearForm();
      BlockForm->Terms[Monomial()] = 1;
      BlockText = "1";
      return;
    }
    if (BX.Value) {
      BlockValue = BX.Value;
      BlockForm = Lin.linearize(BX.Value);
      if (auto T = textOf(Ctx, BX.Value))
        BlockText = parenIf(needsParens(BX.Value, clang::prec::Multiplicative), *T);
      return;
    }
    if (!BX.Object || !isPureExpr(BX.Object, Ctx))
      return;
    if (auto T = textOf(Ctx, BX.Object))
      BlockText = parenIf(!isPostfixSafe(BX.Object), *T) + ".x";
    if (const VarDecl *V = setOnceVar(BX.Object)) {
      BlockObject = V;
      cuda::Dim3Component Inner = cuda::dim3Component(V->getInit(), 0);
      if (Inner.Value)
        BlockForm = Lin.linearize(Inner.Value);
      else if (Inner.Defaulted) {
        BlockForm = LinearForm();
        BlockForm->Terms[Monomial()] = 1;
      }
    }
  }

  ASTContext &Ctx;
  const LaunchSite &L;
  const ElementWork &W;
  Linearizer Lin;
  std::optional<LinearForm> Bound, BlockForm;
  const VarDecl *BlockObject = nullptr;
  const Expr *BlockValue = nullptr;
  std::string BlockText;
};

/// Rebuilds an expression of the kernel as text valid at a launch.
class BoundWriter {
public:
  BoundWriter(ASTContext &Ctx, const LaunchSite &L, const FunctionDecl *Kernel)
      : Ctx(Ctx), L(L), Kernel(Kernel) {}

  std::optional<std::string> text(const Expr *E, unsigned Depth = 0) {
    if (Depth > 8) {
      Why = "the bound is defined too deep to follow";
      return std::nullopt;
    }
    std::vector<TextEdit> Edits;
    if (!collect(E, Edits, Depth))
      return std::nullopt;
    CharSourceRange R = editableRange(Ctx, E->getSourceRange());
    const SourceManager &SM = Ctx.getSourceManager();
    // A constant spelled as a whole macro use (`#define N (33 * 1024)`):
    // the macro's name, defined before the launch.
    if (R.isInvalid() && Edits.empty() && E->getBeginLoc().isMacroID() &&
        SM.isBeforeInTranslationUnit(SM.getSpellingLoc(E->getBeginLoc()), L.Call->getBeginLoc()))
      R = writtenRange(Ctx, E);
    auto T = R.isInvalid() ? std::nullopt
                           : textWithEdits(Ctx, SM.getFileID(R.getBegin()), SM.getFileOffset(R.getBegin()),
                                           SM.getFileOffset(R.getEnd()), Edits);
    if (!T)
      Why = "the bound '" + nodeText(Ctx, E, "") + "' is not plain text of this file";
    return T;
  }

  std::string Why;

private:
  bool replaceBy(const Stmt *S, const std::string &Text, std::vector<TextEdit> &Edits) {
    CharSourceRange R = editableRange(Ctx, S->getSourceRange());
    if (R.isInvalid()) {
      Why = "'" + nodeText(Ctx, S, "") + "' in the bound is spelled inside a macro";
      return false;
    }
    const SourceManager &SM = Ctx.getSourceManager();
    unsigned B = SM.getFileOffset(R.getBegin()), E = SM.getFileOffset(R.getEnd());
    Edits.push_back({B, E - B, Text});
    return true;
  }

  bool collect(const Stmt *S, std::vector<TextEdit> &Edits, unsigned Depth) {
    if (!S)
      return true;
    if (const auto *Subst = dyn_cast<SubstNonTypeTemplateParmExpr>(S)) {
      auto V = intValue(Ctx, Subst);
      if (!V) {
        Why = "a template argument of the bound is not an integer";
        return false;
      }
      return replaceBy(S, std::to_string(*V), Edits);
    }
    if (const auto *E = dyn_cast<Expr>(S)) {
      if (cuda::builtinIndex(E)) {
        Why = "the bound reads '" + cuda::builtinIndex(E)->name() +
              "', which the launch does not know";
        return false;
      }
      if (isa<ArraySubscriptExpr>(E) ||
          (isa<UnaryOperator>(E) && cast<UnaryOperator>(E)->getOpcode() == UO_Deref) ||
          (isa<MemberExpr>(E) && cast<MemberExpr>(E)->isArrow())) {
        Why =
            "the bound reads memory ('" + nodeText(Ctx, E, "") + "'), which the launch cannot read";
        return false;
      }
    }
    if (const auto *C = dyn_cast<CallExpr>(S); C && !isPureExpr(C, Ctx)) {
      Why = "the bound calls '" + nodeText(Ctx, C->getCallee(), "") + "'";
      return false;
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
      const ValueDecl *D = Ref->getDecl();
      if (isa<EnumConstantDecl>(D))
        return true;
      if (const auto *P = dyn_cast<ParmVarDecl>(D); P && P->getDeclContext() == Kernel) {
        const Expr *Arg = cuda::launchArgument(Ctx, L, P->getFunctionScopeIndex());
        // A struct passed by value: the copy's source.
        if (const auto *Copy = dyn_cast_or_null<CXXConstructExpr>(Arg);
            Copy && Copy->getNumArgs() == 1 && Copy->getConstructor()->isCopyOrMoveConstructor())
          Arg = Copy->getArg(0)->IgnoreImplicit();
        if (!Arg) {
          Why = launchName(Ctx, L) + " passes no argument for '" + P->getName().str() +
                "' that can be read";
          return false;
        }
        if (!isPureExpr(Arg, Ctx)) {
          Why = "the argument '" + nodeText(Ctx, Arg, "") + "' for '" + P->getName().str() +
                "' has side effects; it cannot be repeated in the grid";
          return false;
        }
        auto T = textOf(Ctx, Arg);
        if (!T) {
          Why = "the argument for '" + P->getName().str() + "' is not text of this file";
          return false;
        }
        return replaceBy(S, parenIf(!isPostfixSafe(Arg), *T), Edits);
      }
      if (const auto *V = dyn_cast<VarDecl>(D)) {
        if (V->isLocalVarDecl() && V->getDeclContext() == Kernel && V->getInit() &&
            AnalysisCache::of(Ctx).facts(Kernel).mods(V).empty()) {
          auto T = text(V->getInit(), Depth + 1);
          return T && replaceBy(S, "(" + *T + ")", Edits);
        }
        bool HostConstant = V->hasGlobalStorage() && !V->hasAttr<CUDADeviceAttr>() &&
                            !V->hasAttr<CUDAConstantAttr>() &&
                            (V->isConstexpr() || V->getType().isConstQualified());
        if (HostConstant)
          return true;
        Why = "the bound reads '" + V->getName().str() + "', which the launch cannot read";
        return false;
      }
    }
    for (const Stmt *Child : S->children())
      if (!collect(Child, Edits, Depth))
        return false;
    return true;
  }

  ASTContext &Ctx;
  const LaunchSite &L;
  const FunctionDecl *Kernel;
};

} // namespace

std::vector<const LaunchSite *>
distinctLaunches(const ASTContext &Ctx, const cuda::KernelLauncherGraph &G, const ElementWork &W) {
  (void)Ctx;
  return G.distinctLaunchesOf(W.Kernel);
}

std::optional<LaunchProblem> divideGrid(EditBuilder &B, ASTContext &Ctx, const LaunchSite &L,
                                        unsigned Factor) {
  if (auto Why = klineage::divideGrid(B, Ctx, L, {Factor, 1, 1}))
    return LaunchProblem{&L, *Why};
  return std::nullopt;
}

std::optional<std::string> boundAtLaunch(ASTContext &Ctx, const LaunchSite &L, const ElementWork &W,
                                         std::string &Why) {
  if (!W.BoundExpr) {
    Why = "the kernel has no bound test";
    return std::nullopt;
  }
  BoundWriter BW(Ctx, L, W.Kernel);
  auto T = BW.text(W.BoundExpr);
  if (!T)
    Why = BW.Why;
  return T;
}

std::optional<LaunchProblem> coverGrid(EditBuilder &B, ASTContext &Ctx, const LaunchSite &L,
                                       const ElementWork &W, bool &Kept) {
  Kept = false;
  if (!L.Grid.E || L.Grid.Defaulted || L.Grid.Range.isInvalid())
    return LaunchProblem{&L, "the grid of " + launchName(Ctx, L) +
                                 " is not written as text of this file"};
  LaunchReader R(Ctx, L, W);
  if (R.covers(R.gridX())) {
    Kept = true;
    return std::nullopt;
  }
  const Expr *Grid = cuda::stripDim3Conversions(L.Grid.E);
  cuda::Dim3Component GX = cuda::dim3Component(L.Grid.E, 0);
  bool IntegerGrid = GX.Whole;
  // `(G + c - 1) / c` around a G that covers: G (forward's division undone).
  if (GX.Value) {
    const auto *Div = dyn_cast<BinaryOperator>(stripIntCasts(GX.Value));
    auto Den = Div && Div->getOpcode() == BO_Div ? intValue(Ctx, Div->getRHS()) : std::nullopt;
    const auto *Add = Den ? dyn_cast<BinaryOperator>(stripIntCasts(Div->getLHS())) : nullptr;
    if (Den && *Den >= 2 && Add && Add->getOpcode() == BO_Add &&
        intValue(Ctx, Add->getRHS()) == *Den - 1 && R.covers(Add->getLHS())) {
      const Expr *Inner = Add->getLHS();
      const auto *Ctor = dyn_cast<CXXConstructExpr>(Grid);
      const VarDecl *Obj = memberOf(Inner, "x");
      if (Obj && Ctor && Ctor->getNumArgs() == 3 && memberOf(Ctor->getArg(1), "y") == Obj &&
          memberOf(Ctor->getArg(2), "z") == Obj) {
        const auto *ObjRef = cast<MemberExpr>(stripIntCasts(Inner))->getBase();
        if (auto T = textOf(Ctx, ObjRef)) {
          B.setLaunchArg(L, LaunchArg::Grid, *T);
          return std::nullopt;
        }
      }
      if (auto T = textOf(Ctx, Inner)) {
        if (IntegerGrid || !replaceWritten(B, Ctx, GX.Value, *T))
          B.setLaunchArg(L, LaunchArg::Grid, *T);
        return std::nullopt;
      }
    }
  }
  // (N + B - 1) / B from the launch's own arguments.
  std::string Why;
  auto N = boundAtLaunch(Ctx, L, W, Why);
  if (!N)
    return LaunchProblem{&L, Why};
  if (R.blockText().empty())
    return LaunchProblem{&L, "the block size of " + launchName(Ctx, L) +
                                 " cannot be read at the launch"};
  if (R.blockExpr() && !isPureExpr(R.blockExpr(), Ctx))
    return LaunchProblem{&L, "the block size of " + launchName(Ctx, L) + " has side effects"};
  std::string NText = parenIf(needsParens(W.BoundExpr, clang::prec::Additive), *N);
  std::string Cover = R.blockX() ? "(" + NText + " + " + std::to_string(*R.blockX() - 1) + ") / " +
                                       std::to_string(*R.blockX())
                                 : "(" + NText + " + " + R.blockText() + " - 1) / " + R.blockText();
  if (!GX.Value || IntegerGrid || !replaceWritten(B, Ctx, GX.Value, Cover))
    B.setLaunchArg(L, LaunchArg::Grid, Cover);
  return std::nullopt;
}

std::optional<uint64_t> threadsAtMost(ASTContext &Ctx, const LaunchSite &L, const ElementWork &W,
                                      uint64_t BoundMax, std::string &Why) {
  ShapeValue Grid = evaluateShape(Ctx, L, L.Grid), Block = evaluateShape(Ctx, L, L.Block);
  // An id along x (blockIdx.x * blockDim.x + threadIdx.x) numbers the
  // threads of one row of the grid; the y and z extents only repeat it.
  bool AlongX = W.Grid == GridShape::Linear;
  if (Grid.Shape && Block.Shape)
    return AlongX ? Grid.Shape->X * Block.Shape->X : Grid.Shape->count() * Block.Shape->count();
  if (!AlongX && Block.Shape && (Block.Shape->Y != 1 || Block.Shape->Z != 1)) {
    Why = "the block of " + launchName(Ctx, L) + " is not one-dimensional";
    return std::nullopt;
  }
  LaunchReader R(Ctx, L, W);
  auto One = [&](unsigned Dim) {
    cuda::Dim3Component C = cuda::dim3Component(R.grid(), Dim);
    return C.Defaulted || (C.Value && intValue(Ctx, C.Value) == 1);
  };
  if (!AlongX && (!One(1) || !One(2))) {
    Why = "the grid of " + launchName(Ctx, L) + " is not a one-dimensional ceil-division of the bound";
    return std::nullopt;
  }
  int64_t Slack = 0;
  if (!R.covers(R.gridX(), &Slack)) {
    Why = "the grid of " + launchName(Ctx, L) +
          " is neither a constant nor a ceil-division of the bound by the block size";
    return std::nullopt;
  }
  uint64_t BX = R.blockX() ? uint64_t(*R.blockX()) : 1024;
  return BoundMax + uint64_t(Slack) + BX - 1;
}

} // namespace coarsen
} // namespace klineage
