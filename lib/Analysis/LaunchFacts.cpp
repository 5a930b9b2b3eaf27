//===- LaunchFacts.cpp - Block and grid shape of a kernel's launches ------===//
#include "klineage/Analysis/LaunchFacts.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/Mutation.h"
#include "klineage/Frontend/SourcePositions.h"
#include "klineage/Cuda/LaunchBounds.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace clang;
namespace json = llvm::json;
using klineage::cuda::LaunchArg;
using klineage::cuda::LaunchSite;

namespace klineage {
namespace analysis {

std::string Dim3::str() const {
  return "(" + std::to_string(X) + ", " + std::to_string(Y) + ", " + std::to_string(Z) + ")";
}

const char *verdictName(ShapeFact::Verdict V) {
  switch (V) {
  case ShapeFact::Verdict::Known: return "known";
  case ShapeFact::Verdict::Conflicting: return "conflicting";
  case ShapeFact::Verdict::Unknown: return "unknown";
  }
  return "";
}

const char *sourceName(ShapeFact::Source S) {
  switch (S) {
  case ShapeFact::Source::Launch: return "launch";
  case ShapeFact::Source::Assumed: return "assumed";
  case ShapeFact::Source::LaunchBoundsOnly: return "launch-bounds-only";
  case ShapeFact::Source::Workload: return "workload";
  }
  return "";
}

const WorkloadParam *LaunchFactSource::param(const ParmVarDecl *P) const {
  const auto *F = dyn_cast<FunctionDecl>(P->getDeclContext());
  if (!F)
    return nullptr;
  std::string Name = F->getQualifiedNameAsString();
  for (const WorkloadParam &W : Params)
    if (W.Launcher == Name && W.Arity == F->getNumParams() && W.Index == P->getFunctionScopeIndex())
      return &W;
  return nullptr;
}

/// The source text of \p E (its expansion, for an expression in a macro).
static std::string textOf(ASTContext &Ctx, const Expr *E) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(E->getSourceRange()),
                                               SM, Ctx.getLangOpts());
  if (R.isInvalid())
    R = SM.getExpansionRange(E->getSourceRange());
  return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
}

static unsigned lineOf(ASTContext &Ctx, SourceLocation L) {
  return Ctx.getSourceManager().getExpansionLineNumber(L);
}

namespace {

struct IntValue {
  std::optional<int64_t> V;
  std::string Why;
};

/// Which modifications of a variable may reach one launch (Mutation.h gives
/// every modification and where it is).
class LaunchWrites {
public:
  LaunchWrites(ASTContext &Ctx, const LaunchSite &Site) : Ctx(Ctx), Site(Site) {}

  /// The facts of the function that declares \p V, or null.
  const FunctionFacts *factsOf(const VarDecl *V) {
    const FunctionDecl *FD = declaringFunction(V);
    return FD ? &AnalysisCache::of(Ctx).facts(FD) : nullptr;
  }

  /// The modification of \p V (of its field \p Field, when given) that may
  /// run between its definition \p Def (null: the initialiser) and the
  /// launch and is closest before it: one after the definition and before
  /// the launch, one after a launch that a loop repeats, one in a lambda.
  /// An earlier write that a plain \p Def overwrites does not count, nor
  /// `&cfg` handed to a cudaLaunchKernelEx.
  const VarMod *writeReaching(const VarDecl *V, const FieldDecl *Field, const VarMod *Def) {
    const FunctionFacts *F = factsOf(V);
    if (!F)
      return nullptr;
    unsigned LaunchBegin = positions::beginOffset(Ctx, Site.Call);
    unsigned LaunchEnd = positions::endOffset(Ctx, Site.Call);
    bool Repeated = inLoop(Site.Call);
    const VarMod *Closest = nullptr, *First = nullptr;
    for (const VarMod &M : F->mods(V)) {
      if (&M == Def || (Field && M.Field && M.Field != Field) || isLaunchConfigArgument(*F, M))
        continue;
      if (!M.InLambda && Def && M.Begin < Def->Begin)
        continue;
      if (!M.InLambda && !Repeated && M.Begin >= LaunchEnd)
        continue;
      if (!First)
        First = &M;
      if (M.Begin < LaunchBegin && (!Closest || M.Begin > Closest->Begin))
        Closest = &M;
    }
    return Closest ? Closest : First;
  }

  /// \p Def is an expression statement directly in a block that holds the
  /// launch: it runs before the launch whenever the launch runs.
  bool isPlain(const VarDecl *V, const VarMod &Def) {
    const FunctionFacts *F = factsOf(V);
    const Stmt *S = Def.At;
    while (const Stmt *P = F->parentOf(S)) {
      if (!isa<Expr>(P))
        return isa<CompoundStmt>(P) && F->encloses(P, Site.Call);
      S = P;
    }
    return false;
  }

  /// The first store through local pointer \p P before the launch.
  const Expr *storeThrough(const VarDecl *P) {
    const FunctionFacts *F = factsOf(P);
    if (!F)
      return nullptr;
    unsigned LaunchBegin = positions::beginOffset(Ctx, Site.Call);
    for (const MemEvent &E : F->events()) {
      if (E.K != MemEvent::Write || E.Begin >= LaunchBegin)
        continue;
      const Expr *Base = E.E->IgnoreParenImpCasts();
      while (const auto *M = dyn_cast<MemberExpr>(Base)) {
        if (M->isArrow()) {
          Base = M->getBase();
          break;
        }
        Base = M->getBase()->IgnoreParenImpCasts();
      }
      if (const auto *U = dyn_cast<UnaryOperator>(Base); U && U->getOpcode() == UO_Deref)
        Base = U->getSubExpr();
      else if (const auto *A = dyn_cast<ArraySubscriptExpr>(Base))
        Base = A->getBase();
      if (refVar(Base) == P)
        return E.E;
    }
    return nullptr;
  }

  /// The local pointer that \p M (an `&v`) initialises, if any.
  const VarDecl *pointerInitialisedBy(const VarDecl *V, const VarMod &M) {
    const FunctionFacts *F = factsOf(V);
    const Stmt *S = M.At;
    const Stmt *P = F->parentOf(S);
    while (P && (isa<ImplicitCastExpr>(P) || isa<ParenExpr>(P))) {
      S = P;
      P = F->parentOf(P);
    }
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(P))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit() == S && VD->getType()->isPointerType())
          return VD;
    return nullptr;
  }

  /// \p S may run more than once per call of the launcher: it is in a loop
  /// or a lambda.
  bool inLoop(const Stmt *S) {
    DynTypedNodeList Ps = Ctx.getParents(*S);
    while (!Ps.empty()) {
      const DynTypedNode &P = Ps[0];
      if (P.get<ForStmt>() || P.get<WhileStmt>() || P.get<DoStmt>() || P.get<CXXForRangeStmt>() ||
          P.get<LambdaExpr>())
        return true;
      if (P.get<FunctionDecl>())
        return false;
      Ps = Ctx.getParents(P);
    }
    return false;
  }

private:
  /// `&cfg` passed as a cudaLaunchKernelEx's configuration: read, not written.
  static bool isLaunchConfigArgument(const FunctionFacts &F, const VarMod &M) {
    if (M.Kind != MutationKind::AddressTaken)
      return false;
    const Stmt *P = F.parentOf(M.At);
    while (P && (isa<ImplicitCastExpr>(P) || isa<ParenExpr>(P)))
      P = F.parentOf(P);
    const auto *C = dyn_cast_or_null<CallExpr>(P);
    return C && cuda::launchFormOf(C) == cuda::LaunchForm::LaunchKernelEx && C->getNumArgs() &&
           C->getArg(0)->IgnoreParenImpCasts() == M.At;
  }

  ASTContext &Ctx;
  const LaunchSite &Site;
};

/// "'t2' may be written at line 19 before the launch (it is passed to a
/// non-const reference parameter)".
static std::string writeWhy(ASTContext &Ctx, const std::string &Name, const VarMod &M,
                            const std::string &Detail = "") {
  std::string Why = "'" + Name + "' may be written at line " +
                    std::to_string(lineOf(Ctx, M.Use->getBeginLoc())) + " before the launch";
  if (!Detail.empty())
    Why += " (" + Detail + ")";
  else if (M.Kind != MutationKind::Assignment && M.Kind != MutationKind::CompoundAssignment &&
           M.Kind != MutationKind::IncrementDecrement)
    Why += std::string(" (it ") + mutationKindPhrase(M.Kind) + ")";
  return Why;
}

/// Evaluates launch-configuration expressions at one launch: the compiler's
/// constant evaluator, plus locals whose initialiser is a constant and which
/// nothing writes before the launch, plus the workload's values of the
/// launcher's parameters.
class ShapeEvaluator {
public:
  ShapeEvaluator(ASTContext &Ctx, const LaunchSite &Site, const LaunchFactSource *Source)
      : Ctx(Ctx), Site(Site), Source(Source), Writes(Ctx, Site) {}

  /// The write that stopped the last evaluation, if one did.
  const Expr *Write = nullptr;
  /// The workload values used.
  std::vector<const WorkloadParam *> Workload;

  ShapeValue shape(const Expr *E, unsigned Depth = 0) {
    E = cuda::stripDim3Conversions(E);
    if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
      if (C->getConstructor()->isCopyOrMoveConstructor())
        return shape(C->getArg(0), Depth + 1);
      unsigned Integral = 0;
      for (const ParmVarDecl *P : C->getConstructor()->parameters())
        Integral += P->getType()->isIntegerType();
      if (Integral != C->getConstructor()->getNumParams())
        return {std::nullopt, "'" + textOf(Ctx, E) + "' is not built from integers"};
      uint64_t Dims[3] = {1, 1, 1};
      for (unsigned I = 0; I < C->getNumArgs() && I < 3; ++I) {
        IntValue V = integer(C->getArg(I), Depth + 1);
        if (!V.V)
          return {std::nullopt, V.Why};
        if (*V.V <= 0)
          return {std::nullopt, "'" + textOf(Ctx, C->getArg(I)) + "' is not positive"};
        Dims[I] = static_cast<uint64_t>(*V.V);
      }
      return {Dim3{Dims[0], Dims[1], Dims[2]}, ""};
    }
    if (E->getType()->isIntegerType()) {
      IntValue V = integer(E, Depth + 1);
      if (!V.V)
        return {std::nullopt, V.Why};
      if (*V.V <= 0)
        return {std::nullopt, "'" + textOf(Ctx, E) + "' is not positive"};
      return {Dim3{static_cast<uint64_t>(*V.V), 1, 1}, ""};
    }
    if (const VarDecl *V = localVariable(E)) {
      std::string Why = unchanged(V);
      if (!Why.empty())
        return {std::nullopt, Why};
      return shape(V->getInit(), Depth + 1);
    }
    return {std::nullopt, "'" + textOf(Ctx, E) + "' is not a constant"};
  }

private:
  IntValue integer(const Expr *E, unsigned Depth) {
    if (Depth > 16 || E->isValueDependent())
      return {std::nullopt, "'" + textOf(Ctx, E) + "' is not a constant"};
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx) && R.Val.getInt().getSignificantBits() <= 64)
      return {R.Val.getInt().getExtValue(), ""};
    E = E->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      IntValue L = integer(B->getLHS(), Depth + 1);
      if (!L.V)
        return L;
      IntValue Rt = integer(B->getRHS(), Depth + 1);
      if (!Rt.V)
        return Rt;
      std::optional<int64_t> V;
      switch (B->getOpcode()) {
      case BO_Add: V = llvm::checkedAdd(*L.V, *Rt.V); break;
      case BO_Sub: V = llvm::checkedSub(*L.V, *Rt.V); break;
      case BO_Mul: V = llvm::checkedMul(*L.V, *Rt.V); break;
      case BO_Div: if (*Rt.V != 0) V = *L.V / *Rt.V; break;
      case BO_Rem: if (*Rt.V != 0) V = *L.V % *Rt.V; break;
      default: break;
      }
      if (!V)
        return {std::nullopt, "'" + textOf(Ctx, E) + "' is not a constant"};
      return {V, ""};
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      if (const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl()))
        return parameter(P);
    if (const VarDecl *V = localVariable(E)) {
      std::string Why = unchanged(V);
      if (!Why.empty())
        return {std::nullopt, Why};
      return integer(V->getInit(), Depth + 1);
    }
    return {std::nullopt, "'" + textOf(Ctx, E) + "' is not a constant"};
  }

  /// A non-static local with an initialiser, named by \p E.
  static const VarDecl *localVariable(const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!V || isa<ParmVarDecl>(V) || !V->isLocalVarDecl() || V->isStaticLocal() || !V->getInit())
      return nullptr;
    return V;
  }

  /// A launcher parameter: the workload's value, when it gives one that
  /// does not depend on its sizes and the launcher does not write it.
  IntValue parameter(const ParmVarDecl *P) {
    std::string Name = "'" + P->getName().str() + "'";
    std::string Why = Name + " is a parameter of '" +
                      cast<FunctionDecl>(P->getDeclContext())->getNameAsString() + "'";
    const WorkloadParam *W = Source ? Source->param(P) : nullptr;
    if (!W)
      return {std::nullopt, Why};
    if (!W->Value)
      return {std::nullopt, Why + ", which the workload sets to '" + W->Expr + "' (" + W->Origin +
                                "): it depends on the sizes"};
    std::string Written = unchanged(P);
    if (!Written.empty())
      return {std::nullopt, Written};
    Workload.push_back(W);
    return {W->Value, ""};
  }

  /// Empty when nothing may write \p V before the launch; else why not (and
  /// Write is the write).
  std::string unchanged(const VarDecl *V) {
    if (!Writes.factsOf(V))
      return "'" + V->getName().str() + "' is not in a function";
    const VarMod *M = Writes.writeReaching(V, nullptr, nullptr);
    if (!M)
      return "";
    Write = M->At;
    return writeWhy(Ctx, V->getName().str(), *M);
  }

  ASTContext &Ctx;
  const LaunchSite &Site;
  const LaunchFactSource *Source;
  LaunchWrites Writes;
};

} // namespace

/// The cudaLaunchConfig_t field \p Arg of \p Site is read from.
static StringRef configFieldName(const LaunchSite &Site, const LaunchArg &Arg) {
  return &Arg == &Site.Grid ? "gridDim" : &Arg == &Site.Block ? "blockDim"
         : &Arg == &Site.SharedMem ? "dynamicSmemBytes" : "stream";
}

/// The value assigned by \p At (`v.f = e` as an operator or a call).
static const Expr *assignedValue(const Expr *At) {
  if (const auto *B = dyn_cast<BinaryOperator>(At); B && B->getOpcode() == BO_Assign)
    return B->getRHS();
  if (const auto *C = dyn_cast<CXXOperatorCallExpr>(At); C && C->getOperator() == OO_Equal && C->getNumArgs() == 2)
    return C->getArg(1);
  return nullptr;
}

/// cudaLaunchKernelEx: why the config's field \p Arg may not hold what the
/// launch site found for it (Cuda/LaunchSites.h reads the last whole-field
/// assignment before the launch, else the initialiser): a write of it or of
/// the whole config that may reach the launch, a conditional assignment, a
/// config reached through a pointer.
static std::optional<ShapeValue> configNotFollowed(ASTContext &Ctx, const LaunchSite &Site,
                                                   const LaunchArg &Arg) {
  const VarDecl *Cfg = Site.Config;
  StringRef FieldName = configFieldName(Site, Arg);
  std::string CfgName = Cfg->getName().str();
  LaunchWrites Writes(Ctx, Site);
  if (Cfg->getType()->isPointerType()) {
    ShapeValue V{std::nullopt, "the configuration is passed through pointer '" + CfgName +
                                   "', whose stores are not followed"};
    V.Write = Writes.storeThrough(Cfg);
    return V;
  }
  const RecordDecl *RD = Cfg->getType()->getAsRecordDecl();
  const FieldDecl *Field = nullptr;
  if (RD)
    for (const FieldDecl *F : RD->fields())
      if (F->getName() == FieldName)
        Field = F;
  const FunctionFacts *Facts = Writes.factsOf(Cfg);
  if (!Field || !Facts)
    return std::nullopt;
  const VarMod *Def = nullptr;
  for (const VarMod &M : Facts->mods(Cfg))
    if (Arg.E && M.Field == Field && M.Kind == MutationKind::Assignment && assignedValue(M.At) == Arg.E)
      Def = &M;
  std::string FieldText = CfgName + "." + FieldName.str();
  if (Def && !Writes.isPlain(Cfg, *Def)) {
    ShapeValue V{std::nullopt, "'" + FieldText + "' is assigned at line " +
                                   std::to_string(lineOf(Ctx, Def->At->getBeginLoc())) +
                                   " under a condition or in another block than the launch"};
    V.Write = Def->At;
    return V;
  }
  const VarMod *W = Writes.writeReaching(Cfg, Field, Def);
  if (!W)
    return std::nullopt;
  ShapeValue V;
  V.Write = W->At;
  std::string Detail;
  if (W->Kind == MutationKind::AddressTaken)
    if (const VarDecl *P = Writes.pointerInitialisedBy(Cfg, *W)) {
      Detail = "through pointer '" + P->getName().str() + "'";
      if (const Expr *Store = Writes.storeThrough(P))
        V.Write = Store;
    }
  V.Why = writeWhy(Ctx, W->Field ? FieldText : CfgName, *W, Detail);
  return V;
}

ShapeValue evaluateShape(ASTContext &Ctx, const LaunchSite &Site, const LaunchArg &Arg,
                         const LaunchFactSource *Source) {
  if (Site.Form == cuda::LaunchForm::LaunchKernelEx && Site.Config)
    if (std::optional<ShapeValue> V = configNotFollowed(Ctx, Site, Arg))
      return *V;
  if (Arg.Defaulted)
    return {Dim3{}, ""}; // a value-initialised dim3 is (1, 1, 1)
  if (!Arg.E)
    return {std::nullopt, "the cudaLaunchConfig_t field is not set in a way that can be followed"};
  ShapeEvaluator Eval(Ctx, Site, Source);
  ShapeValue V = Eval.shape(Arg.E);
  if (!V.Shape)
    V.Write = Eval.Write;
  else
    V.Workload = Eval.Workload;
  return V;
}

static std::string launchName(ASTContext &Ctx, const LaunchSite &S) {
  std::string Name = std::string("the ") + cuda::launchFormName(S.Form) + " launch at line " +
                     std::to_string(lineOf(Ctx, S.Loc));
  if (S.Launcher)
    Name += " in '" + S.Launcher->getNameAsString() + "'";
  return Name;
}

static ShapeFact shapeFact(ASTContext &Ctx, const cuda::KernelLauncherGraph &Graph,
                           const FunctionDecl *Kernel, bool IsBlock, std::optional<Dim3> Assumed,
                           const LaunchFactSource &Source) {
  ShapeFact F;
  const char *What = IsBlock ? "block" : "grid";
  std::string KernelName = "'" + Kernel->getNameAsString() + "'";
  if (IsBlock)
    if (auto B = cuda::launchBounds(Kernel->getDefinition() ? Kernel->getDefinition() : Kernel)) {
      F.MaxThreads = B->MaxThreads;
      if (B->MaxThreads)
        F.Evidence.push_back({nullptr, B->Attr->getMaxThreads(), B->Attr->getLocation(),
                              "__launch_bounds__",
                              "at most " + std::to_string(*B->MaxThreads) + " threads"});
    }

  // Every launch's shape, and the first reason one has none.
  std::vector<std::pair<const LaunchSite *, Dim3>> Shapes;
  std::string LaunchWhy;
  std::string Conflict;
  bool FromWorkload = false;
  for (const LaunchSite *S : Graph.launchesOf(Kernel)) {
    const LaunchArg &Arg = IsBlock ? S->Block : S->Grid;
    ShapeValue V = evaluateShape(Ctx, *S, Arg, &Source);
    std::string Value = V.Shape ? V.Shape->str() : V.Why;
    for (const WorkloadParam *W : V.Workload)
      Value += ", with '" + S->Launcher->getParamDecl(W->Index)->getName().str() + "' = " +
               std::to_string(*W->Value) + " from the workload (" + W->Origin + ")";
    FromWorkload |= !V.Workload.empty();
    F.Evidence.push_back({S, Arg.E, Arg.E ? Arg.E->getBeginLoc() : S->Loc,
                          std::string(What) + " of " + launchName(Ctx, *S), Value, V.Write});
    if (!V.Shape) {
      if (LaunchWhy.empty())
        LaunchWhy = std::string(What) + " of " + launchName(Ctx, *S) + " is not known: " + V.Why;
      continue;
    }
    // The instance's own bounds: a kernel template's may depend on its arguments.
    if (IsBlock)
      if (auto B = cuda::launchBounds(S->KernelInstance);
          B && B->MaxThreads && V.Shape->count() > *B->MaxThreads && Conflict.empty())
        Conflict = launchName(Ctx, *S) + " uses " + std::to_string(V.Shape->count()) +
                   " threads but __launch_bounds__ allows " + std::to_string(*B->MaxThreads);
    Shapes.push_back({S, *V.Shape});
  }
  for (const auto &[S, Shape] : Shapes)
    if (Shape != Shapes.front().second && Conflict.empty())
      Conflict = "launches disagree: " + launchName(Ctx, *Shapes.front().first) + " uses " +
                 Shapes.front().second.str() + ", " + launchName(Ctx, *S) + " uses " + Shape.str();
  if (!Conflict.empty()) {
    F.V = ShapeFact::Verdict::Conflicting;
    F.Reason = Conflict;
    return F;
  }

  if (Graph.launchesOf(Kernel).empty())
    LaunchWhy = "no launch of " + KernelName + " in this file";
  else if (!Graph.escapesOf(Kernel).empty())
    LaunchWhy = KernelName + " is also used at line " +
                std::to_string(lineOf(Ctx, Graph.escapesOf(Kernel).front()->getBeginLoc())) +
                " other than in a launch, so a launch may be unseen";
  if (Assumed)
    F.Evidence.push_back({nullptr, nullptr, SourceLocation(), "assumed", Assumed->str()});

  if (LaunchWhy.empty()) {
    Dim3 Shape = Shapes.front().second;
    if (Assumed && *Assumed != Shape) {
      F.V = ShapeFact::Verdict::Conflicting;
      F.Reason = std::string("the assumed ") + What + " " + Assumed->str() + " is not the " +
                 Shape.str() + " every launch uses";
      return F;
    }
    F.V = ShapeFact::Verdict::Known;
    F.Src = FromWorkload ? ShapeFact::Source::Workload : ShapeFact::Source::Launch;
    F.Shape = Shape;
    return F;
  }
  F.Reason = LaunchWhy;
  if (Assumed) {
    if (F.MaxThreads && Assumed->count() > *F.MaxThreads) {
      F.V = ShapeFact::Verdict::Conflicting;
      F.Reason = "the assumed block " + Assumed->str() + " has more threads than __launch_bounds__'s " +
                 std::to_string(*F.MaxThreads);
      return F;
    }
    F.V = ShapeFact::Verdict::Known;
    F.Src = ShapeFact::Source::Assumed;
    F.Shape = Assumed;
  } else if (F.MaxThreads) {
    F.V = ShapeFact::Verdict::Known;
    F.Src = ShapeFact::Source::LaunchBoundsOnly;
  }
  return F;
}

LaunchFacts launchFacts(ASTContext &Ctx, const cuda::KernelLauncherGraph &Graph,
                        const FunctionDecl *Kernel, const LaunchFactSource &Source) {
  AssumedLaunch Assumed = Source.assumed(Kernel);
  return {shapeFact(Ctx, Graph, Kernel, /*IsBlock=*/true, Assumed.Block, Source),
          shapeFact(Ctx, Graph, Kernel, /*IsBlock=*/false, Assumed.Grid, Source)};
}

LaunchFacts launchFacts(ASTContext &Ctx, const cuda::KernelLauncherGraph &Graph,
                        const FunctionDecl *Kernel, const AssumedLaunch &Assumed) {
  LaunchFactSource Source;
  Source.Assumed = [&](const FunctionDecl *) { return Assumed; };
  return launchFacts(Ctx, Graph, Kernel, Source);
}

//===- --list-launches ----------------------------------------------------===//

static json::Value locationJson(ASTContext &Ctx, SourceLocation L) {
  if (L.isInvalid())
    return nullptr;
  PresumedLoc P = Ctx.getSourceManager().getPresumedLoc(Ctx.getSourceManager().getExpansionLoc(L));
  return json::Object{{"line", P.getLine()}, {"column", P.getColumn()}};
}

/// "t<128>" for a kernel template's specialization.
static std::string instanceName(ASTContext &Ctx, const FunctionDecl *FD) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  FD->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/false);
  return Name;
}

static json::Value argJson(ASTContext &Ctx, const LaunchArg &A) {
  if (A.Defaulted)
    return "default";
  if (!A.E)
    return nullptr;
  return textOf(Ctx, A.E);
}

static json::Value factJson(ASTContext &Ctx, const ShapeFact &F) {
  json::Object O{{"verdict", verdictName(F.V)}};
  if (F.V == ShapeFact::Verdict::Known)
    O["source"] = sourceName(F.Src);
  if (F.Shape)
    O["shape"] = json::Array{F.Shape->X, F.Shape->Y, F.Shape->Z};
  if (F.MaxThreads)
    O["max_threads"] = *F.MaxThreads;
  if (!F.Reason.empty())
    O["reason"] = F.Reason;
  json::Array Ev;
  for (const ShapeEvidence &E : F.Evidence) {
    json::Object J{{"role", E.Role}, {"value", E.Value}, {"at", locationJson(Ctx, E.Loc)}};
    if (E.E)
      J["text"] = textOf(Ctx, E.E);
    if (E.Write)
      J["write"] = json::Object{{"at", locationJson(Ctx, E.Write->getBeginLoc())}, {"text", textOf(Ctx, E.Write)}};
    Ev.push_back(std::move(J));
  }
  O["evidence"] = std::move(Ev);
  return O;
}

json::Value launchReportJson(ASTContext &Ctx, const LaunchFactSource &Source) {
  cuda::KernelLauncherGraph Graph(Ctx);
  json::Array Kernels;
  for (const FunctionDecl *K : Graph.kernels()) {
    json::Array Launches;
    for (const LaunchSite *S : Graph.launchesOf(K))
      Launches.push_back(json::Object{
          {"form", cuda::launchFormName(S->Form)},
          {"at", locationJson(Ctx, S->Loc)},
          {"launcher", S->Launcher ? json::Value(S->Launcher->getQualifiedNameAsString()) : nullptr},
          {"kernel", instanceName(Ctx, S->KernelInstance)},
          {"grid", argJson(Ctx, S->Grid)},
          {"block", argJson(Ctx, S->Block)},
          {"shared_memory", argJson(Ctx, S->SharedMem)},
          {"stream", argJson(Ctx, S->Stream)},
          {"editable", S->Editable}});
    json::Array Escapes;
    for (const DeclRefExpr *E : Graph.escapesOf(K))
      Escapes.push_back(locationJson(Ctx, E->getBeginLoc()));
    json::Array Launchers;
    for (const FunctionDecl *L : Graph.launchersOf(K))
      Launchers.push_back(L->getQualifiedNameAsString());
    LaunchFacts F = launchFacts(Ctx, Graph, K, Source);
    Kernels.push_back(json::Object{{"kernel", K->getQualifiedNameAsString()},
                                   {"at", locationJson(Ctx, K->getLocation())},
                                   {"launchers", std::move(Launchers)},
                                   {"launches", std::move(Launches)},
                                   {"escapes", std::move(Escapes)},
                                   {"all_launches_known", Graph.allLaunchesKnown(K)},
                                   {"launches_editable", Graph.launchesEditable(K)},
                                   {"block", factJson(Ctx, F.Block)},
                                   {"grid", factJson(Ctx, F.Grid)}});
  }
  return Kernels;
}

static void printFact(raw_ostream &OS, const char *What, const ShapeFact &F) {
  OS << "    " << What << ": " << verdictName(F.V);
  if (F.V == ShapeFact::Verdict::Known)
    OS << " (" << sourceName(F.Src) << ")";
  if (F.Shape)
    OS << " " << F.Shape->str();
  if (F.MaxThreads)
    OS << ", at most " << *F.MaxThreads << " threads";
  if (!F.Reason.empty())
    OS << ": " << F.Reason;
  OS << "\n";
}

void printLaunchReport(raw_ostream &OS, ASTContext &Ctx, const LaunchFactSource &Source) {
  cuda::KernelLauncherGraph Graph(Ctx);
  const SourceManager &SM = Ctx.getSourceManager();
  for (const FunctionDecl *K : Graph.kernels()) {
    OS << K->getQualifiedNameAsString() << " (line " << lineOf(Ctx, K->getLocation()) << "): "
       << Graph.launchesOf(K).size() << " launch(es)"
       << (Graph.allLaunchesKnown(K) ? "" : ", not all known")
       << (Graph.launchesEditable(K) ? ", all editable" : "") << "\n";
    for (const LaunchSite *S : Graph.launchesOf(K)) {
      auto Arg = [&](const LaunchArg &A) -> std::string {
        return A.Defaulted ? "default" : A.E ? textOf(Ctx, A.E) : "?";
      };
      OS << "  " << SM.getFilename(SM.getExpansionLoc(S->Loc)) << ":" << lineOf(Ctx, S->Loc) << ":"
         << SM.getExpansionColumnNumber(S->Loc) << ": " << cuda::launchFormName(S->Form) << " in "
         << (S->Launcher ? S->Launcher->getQualifiedNameAsString() : "<global>")
         << ": grid " << Arg(S->Grid) << ", block " << Arg(S->Block) << ", smem " << Arg(S->SharedMem)
         << ", stream " << Arg(S->Stream) << (S->Editable ? "" : " (not editable)") << "\n";
    }
    for (const DeclRefExpr *E : Graph.escapesOf(K))
      OS << "  used at line " << lineOf(Ctx, E->getBeginLoc()) << " other than in a launch\n";
    LaunchFacts F = launchFacts(Ctx, Graph, K, Source);
    printFact(OS, "block", F.Block);
    printFact(OS, "grid", F.Grid);
  }
}

} // namespace analysis
} // namespace klineage
