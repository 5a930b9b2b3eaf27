//===- ThreadCoarsen.cpp - One element per thread <-> C per thread --------===//
//
// Part of KLineage. Forward: a kernel that handles one element per thread
// (`T i = <global id>; if (i < N) S`, or `if (i >= N) return;` then the
// rest) handles C elements per thread, in one of three layouts (option
// mode):
//   consecutive  elements C*i .. C*i+C-1: `if (i < N / C) { for k < C: S[C*i+k] }
//                else if (i == N / C) { for k < N % C: S[C*i+k] }` -- a lane
//                loop vectorize-global-access merges into 128-bit accesses;
//   strided      C elements at stride blockDim.x in the block's tile:
//                `i = C*(id) - (C-1)*threadIdx.x; for (k < C; ++k, i += blockDim.x) S`;
//   grid-stride  `for (T i = id; i < N; i += blockDim.x * gridDim.x) S`;
// and every launch's grid is divided by C (ceil-div). Reverse reads those
// shapes (and hand-written grid-stride and stepped loops) back to one
// element per thread, with every launch's grid made to cover N.
//
// Docs: docs/rewrites/thread-coarsen.md.
//
//===----------------------------------------------------------------------===//
#include "ElementWork.h"
#include "Launches.h"
#include "RewriteRegistry.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/Divisibility.h"
#include "klineage/Analysis/LaunchFacts.h"
#include "klineage/Analysis/PointerProvenance.h"
#include "klineage/Analysis/ThreadIndex.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/DeviceCode.h"
#include "klineage/Cuda/Intrinsics.h"
#include "klineage/Cuda/KernelLauncherGraph.h"
#include "klineage/Cuda/MemorySpace.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Rewrite/LaunchShape.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include <limits>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;
using namespace llvm;
using namespace klineage::analysis;
using klineage::coarsen::ElementWork;
using klineage::coarsen::Shape;

namespace klineage {
namespace {

constexpr char Name[] = "thread-coarsen";
constexpr char IterationsIndependent[] = "iterations-independent";
constexpr char BoundKnown[] = "bound-known";
constexpr char IndexWideEnough[] = "index-wide-enough";
constexpr char LaunchEditable[] = "launch-editable";
constexpr char TailHandled[] = "tail-handled";
constexpr char GlobalIdOnlyIndex[] = "global-id-only-index";
constexpr char ExitsConvertible[] = "exits-convertible";
constexpr char GridCoversElements[] = "grid-covers-elements";

Status checkIterationsIndependent(const PreconditionQuery &Q, PreconditionResult &R);
Status checkBoundKnown(const PreconditionQuery &Q, PreconditionResult &R);
Status checkIndexWideEnough(const PreconditionQuery &Q, PreconditionResult &R);
Status checkLaunchEditable(const PreconditionQuery &Q, PreconditionResult &R);
Status checkTailHandled(const PreconditionQuery &Q, PreconditionResult &R);
Status checkGlobalIdOnlyIndex(const PreconditionQuery &Q, PreconditionResult &R);
Status checkExitsConvertible(const PreconditionQuery &Q, PreconditionResult &R);
Status checkGridCoversElements(const PreconditionQuery &Q, PreconditionResult &R);

const char IndependentText[] =
    "no element depends on another: no barrier, warp collective, cooperative group or shared "
    "memory in the element code (or its callees); an array it writes is only accessed at the "
    "element's own index; no local outside it carries a value between elements; code outside it "
    "(run once per thread) has no side effects";
const char BoundText[] =
    "the element bound N of `i < N` is found and is the same for every element and thread "
    "(kernel parameters and locals never modified, constants); the index is not read before it";
const char IdOnlyText[] =
    "threadIdx, blockIdx and gridDim are read only in the global id; the index is only read "
    "(reverse: the lane counter too, and Consecutive lanes only as C * i + k)";
const char LaunchText[] =
    "every launch of the kernel is found in this file and its grid can be edited, unless "
    "--assume=grid-edit-external[:KERNEL] says the launches are adjusted elsewhere";
const char TailForwardText[] =
    "threads past the bound do nothing: the guard has no else, and no statement follows the "
    "guarded code";
const char TailReverseText[] =
    "every element of a thread is bound-checked: the tail loop repeats the lane loop's body "
    "(Consecutive), a stepped loop's body starts with the bound test";
const char ExitsForwardText[] =
    "every `return` in the element code can become `continue` (none inside a loop of the "
    "element code), and there is no goto";
const char ExitsReverseText[] =
    "every exit of the loop body can become `return`: `continue`, and `break`/`return` only "
    "as the bound test's branch; no goto";

const PreconditionSpec Specs[] = {
    {IterationsIndependent, Direction::Forward, 1601, IndependentText, &checkIterationsIndependent},
    {IterationsIndependent, Direction::Reverse, 1601, IndependentText, &checkIterationsIndependent},
    {BoundKnown, Direction::Forward, 1602, BoundText, &checkBoundKnown},
    {BoundKnown, Direction::Reverse, 1602, BoundText, &checkBoundKnown},
    {IndexWideEnough, Direction::Forward, 1603,
     "no index the coarsened kernel computes overflows the index type (64-bit indices; "
     "consecutive: the bound's type fits the index; grid-stride and strided on 32-bit indices: "
     "the bound's maximum, asserted with --assume=max:KERNEL.N:M, and the launch size keep "
     "every index below the type's maximum)",
     &checkIndexWideEnough},
    {LaunchEditable, Direction::Forward, 1604, LaunchText, &checkLaunchEditable},
    {LaunchEditable, Direction::Reverse, 1604, LaunchText, &checkLaunchEditable},
    {TailHandled, Direction::Forward, 1605, TailForwardText, &checkTailHandled},
    {TailHandled, Direction::Reverse, 1605, TailReverseText, &checkTailHandled},
    {GlobalIdOnlyIndex, Direction::Forward, 1606, IdOnlyText, &checkGlobalIdOnlyIndex},
    {GlobalIdOnlyIndex, Direction::Reverse, 1606, IdOnlyText, &checkGlobalIdOnlyIndex},
    {ExitsConvertible, Direction::Forward, 1607, ExitsForwardText, &checkExitsConvertible},
    {ExitsConvertible, Direction::Reverse, 1607, ExitsReverseText, &checkExitsConvertible},
    {GridCoversElements, Direction::Reverse, 1608,
     "every launch's grid covers the N elements again: it provably does, the forward's "
     "`(G + C - 1) / C` is undone, or it is rewritten to `(N + B - 1) / B` from the launch's "
     "arguments (pure, readable there)",
     &checkGridCoversElements},
};

enum class Mode { Consecutive, Strided, GridStride };
constexpr unsigned DefaultFactor = 4;

Mode modeOf(const AnalysisContext &AC) {
  auto V = AC.option("mode");
  if (V && *V == "strided")
    return Mode::Strided;
  if (V && *V == "grid-stride")
    return Mode::GridStride;
  return Mode::Consecutive;
}

const char *modeName(Mode M) {
  switch (M) {
  case Mode::Consecutive:
    return "consecutive";
  case Mode::Strided:
    return "strided";
  case Mode::GridStride:
    return "grid-stride";
  }
  return "consecutive";
}

unsigned factorOf(const AnalysisContext &AC) {
  unsigned F = DefaultFactor;
  if (auto V = AC.option("factor"))
    if (StringRef(*V).getAsInteger(10, F) || F < 2 || F > 64)
      F = DefaultFactor;
  return F;
}

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// The x size of every launch's block of \p Kernel, when the launches (or
/// --assume=block:...) agree on a one-dimensional block.
std::optional<uint64_t> knownBlockX(const AnalysisContext &AC, const FunctionDecl *Kernel) {
  std::optional<Dim3> Block = knownBlockShape(AC, Kernel);
  if (!Block || Block->Y != 1 || Block->Z != 1)
    return std::nullopt;
  return Block->X;
}

std::optional<ElementWork> workOf(const PreconditionQuery &Q) {
  std::optional<uint64_t> BlockX = knownBlockX(Q.AC, Q.Function);
  if (const auto *V = Q.Node.get<VarDecl>())
    return coarsen::forwardWork(Q.AC.ast(), Q.Function, V, BlockX);
  if (const auto *S = Q.Node.get<Stmt>())
    return coarsen::reverseWork(Q.AC.ast(), Q.Function, S, BlockX);
  return std::nullopt;
}

bool isForward(const PreconditionQuery &Q) { return Q.Node.get<VarDecl>() != nullptr; }

/// \p S's text on one line, quoted: line breaks and their indentation
/// become one space.
std::string quoted(ASTContext &Ctx, const Stmt *S) {
  std::string Out;
  for (char C : nodeText(Ctx, S, "<expr>")) {
    bool Blank = C == '\n' || C == '\r' || C == '\t' || C == ' ';
    if (!Blank || (!Out.empty() && Out.back() != ' '))
      Out += Blank ? ' ' : C;
  }
  return "'" + StringRef(Out).rtrim().str() + "'";
}
std::string lineOf(ASTContext &Ctx, const Stmt *S) { return std::to_string(expansionLine(Ctx, S)); }
std::string atLine(ASTContext &Ctx, const Stmt *S) {
  return quoted(Ctx, S) + " at line " + lineOf(Ctx, S);
}

struct Span {
  unsigned B = 0, E = 0;
  bool contains(unsigned O) const { return O >= B && O < E; }
};

std::vector<Span> spans(ASTContext &Ctx, ArrayRef<const Stmt *> Stmts) {
  std::vector<Span> Out;
  for (const Stmt *S : Stmts)
    if (S)
      Out.push_back({beginOffset(Ctx, S), endOffset(Ctx, S)});
  return Out;
}

bool within(ArrayRef<Span> Spans, unsigned O) {
  return llvm::any_of(Spans, [&](const Span &S) { return S.contains(O); });
}

/// The statements that run once per element (the extra condition of
/// `i < N && P`, and the exit P of `if (i >= N || P) return;`, included).
std::vector<const Stmt *> elementCode(const ElementWork &W) {
  std::vector<const Stmt *> Out(W.Element.begin(), W.Element.end());
  if (W.ExtraCond)
    Out.push_back(W.ExtraCond);
  if (W.ExitAlso)
    Out.push_back(W.ExitAlso);
  return Out;
}

/// Every node of \p S (lambda bodies included) in pre-order.
void forEachNode(const Stmt *S, llvm::function_ref<void(const Stmt *)> F) {
  if (!S)
    return;
  F(S);
  if (const auto *L = dyn_cast<LambdaExpr>(S)) {
    forEachNode(L->getBody(), F);
    return;
  }
  for (const Stmt *C : S->children())
    forEachNode(C, F);
}

const FunctionDecl *calleeOf(const CallExpr *C) { return C ? C->getDirectCallee() : nullptr; }

bool inSystemHeader(ASTContext &Ctx, const Decl *D) {
  return Ctx.getSourceManager().isInSystemHeader(D->getLocation());
}

EvidenceNote note(ASTContext &Ctx, const Stmt *S, StringRef Role, const Twine &Text) {
  return evidenceAt(Ctx, S->getBeginLoc(), Role, Text.str());
}

//===----------------------------------------------------------------------===//
// iterations-independent
//===----------------------------------------------------------------------===//

/// What the element code (and the user functions it calls) does that ties
/// an element to the thread or the block that runs it.
struct ThreadTies {
  const Stmt *At = nullptr; ///< where (the call, for something in a callee)
  std::string What;
  Status St = Status::Holds;
};

void findTies(ASTContext &Ctx, const Stmt *S, const Stmt *Via, unsigned Depth, ThreadTies &T) {
  forEachNode(S, [&](const Stmt *N) {
    if (T.St == Status::Fails)
      return;
    const Stmt *At = Via ? Via : N;
    auto Tie = [&](Status St, const std::string &What) {
      if (St == Status::Fails || T.St == Status::Holds) {
        T = {At, What, St};
      }
    };
    if (const auto *Ref = dyn_cast<DeclRefExpr>(N))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()); V && cuda::isShared(V))
        return Tie(Status::Fails, "reads or writes shared memory '" + V->getName().str() +
                                      "', which the threads of a block share");
    const auto *C = dyn_cast<CallExpr>(N);
    if (!C || cuda::builtinIndex(dyn_cast<Expr>(N)) || cuda::isBuiltinIndexGetterCall(C))
      return;
    if (auto Scope = cuda::barrierScope(C))
      return Tie(Status::Fails, std::string("synchronises the ") + cuda::syncScopeName(*Scope) +
                                    " (" + nodeText(Ctx, C->getCallee(), "barrier") +
                                    "): every element would wait for the others");
    const FunctionDecl *F = calleeOf(C);
    if (!F || !F->getIdentifier())
      return;
    StringRef Name = F->getName();
    if (cuda::isWarpCollective(Name))
      return Tie(Status::Fails, "calls the warp collective '" + Name.str() +
                                    "', whose result depends on which threads run together");
    if (F->getQualifiedNameAsString().find("cooperative_groups") != std::string::npos)
      return Tie(Status::Fails, "uses cooperative group '" + Name.str() +
                                    "', which depends on which threads run together");
    if (cuda::isPureFunction(F) || cuda::isAtomicOrStoreCallee(Name) || Name == "printf" ||
        inSystemHeader(Ctx, F))
      return;
    const FunctionDecl *Def = F->getDefinition();
    if (!Def || !Def->hasBody())
      return Tie(Status::Unknown, "calls '" + Name.str() + "', whose body is not visible");
    if (Depth < 4)
      findTies(Ctx, Def->getBody(), At, Depth + 1, T);
    if (T.St != Status::Fails && Via == nullptr) {
      for (const MemEvent &Ev : AnalysisCache::of(Ctx).facts(Def).events())
        if (Ev.K == MemEvent::Write)
          return Tie(Status::Unknown, "calls '" + Name.str() + "', which writes memory (" +
                                          nodeText(Ctx, Ev.E, "") +
                                          "); which elements it touches is not checked");
    }
  });
}

/// One memory access of the element code.
struct Access {
  const Expr *E = nullptr;
  bool Write = false;
  Root R;
  std::optional<LinearForm> Bytes; ///< byte offset from the root
};

/// The byte offset of the memory \p E accesses from its root.
Access accessOf(ASTContext &Ctx, PointerProvenance &PP, Linearizer &Lin, const Expr *E,
                bool Write) {
  Access A;
  A.E = E;
  A.Write = Write;
  const Expr *X = E->IgnoreParenImpCasts();
  while (const auto *M = dyn_cast<MemberExpr>(X)) {
    if (M->isArrow()) {
      X = M->getBase();
      A.R = PP.rootOf(X);
      if (A.R.OffsetKnown)
        A.Bytes = A.R.OffsetBytes;
      return A;
    }
    X = M->getBase()->IgnoreParenImpCasts();
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(X)) {
    A.R = PP.rootOf(AS->getBase());
    auto Idx = Lin.linearize(AS->getIdx());
    if (A.R.OffsetKnown && Idx && !AS->getType()->isIncompleteType()) {
      A.Bytes = A.R.OffsetBytes;
      A.Bytes->add(*Idx, int64_t(Ctx.getTypeSizeInChars(AS->getType()).getQuantity()));
    }
    return A;
  }
  A.R = PP.rootOf(accessBasePointer(X));
  if (A.R.OffsetKnown)
    A.Bytes = A.R.OffsetBytes;
  return A;
}

/// Splits a byte form into the terms that vary with the element and the
/// others.
class ElementSplit {
public:
  ElementSplit(Linearizer &Lin, const ElementWork &W, ArrayRef<Span> Element, ASTContext &Ctx)
      : Lin(Lin), W(W), Element(Element), Ctx(Ctx) {}

  bool varies(const std::string &Key, unsigned Depth = 0) {
    const Atom *A = Lin.atom(Key);
    if (!A)
      return false;
    std::vector<const VarDecl *> Vars;
    if (A->Var)
      Vars.push_back(A->Var);
    else
      Linearizer::collectVars(A->E, Vars);
    for (const VarDecl *V : Vars)
      if (variesVar(V, Depth))
        return true;
    return false;
  }

  void split(const LinearForm &F, LinearForm &Varying, LinearForm &Rest) {
    for (const auto &[M, C] : F.Terms) {
      bool V = llvm::any_of(M, [&](const std::string &K) { return varies(K); });
      (V ? Varying : Rest).Terms[M] = C;
    }
  }

private:
  bool variesVar(const VarDecl *V, unsigned Depth) {
    if (llvm::is_contained(W.ElementVars, V))
      return true;
    // A local of the element code computed from the element.
    if (Depth < 6 && V->getInit() && V->hasLocalStorage() &&
        within(Element, Ctx.getSourceManager().getFileOffset(
                            Ctx.getSourceManager().getExpansionLoc(V->getLocation())))) {
      std::vector<const VarDecl *> Vars;
      Linearizer::collectVars(V->getInit(), Vars);
      return llvm::any_of(Vars,
                          [&](const VarDecl *X) { return X != V && variesVar(X, Depth + 1); });
    }
    return false;
  }

  Linearizer &Lin;
  const ElementWork &W;
  ArrayRef<Span> Element;
  ASTContext &Ctx;
};

bool sameForm(const LinearForm &A, const LinearForm &B) {
  LinearForm D = A;
  D.add(B, -1);
  return D.Terms.empty();
}

Status checkIterationsIndependent(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  auto W = workOf(Q);
  if (!W) {
    R.Reason = "the element code was not found";
    return Status::Fails;
  }
  std::vector<const Stmt *> Code = elementCode(*W);
  std::vector<Span> Element = spans(Ctx, Code);
  // Barriers, warp collectives, groups, shared memory.
  ThreadTies Ties;
  for (const Stmt *S : Code)
    findTies(Ctx, S, nullptr, 0, Ties);
  if (Ties.St != Status::Holds) {
    R.Reason = "the element code " + Ties.What;
    R.Evidence.push_back(note(Ctx, Ties.At, "element", "here"));
    return Ties.St;
  }
  // Locals from outside the element code written inside it.
  const SourceManager &SM = Ctx.getSourceManager();
  auto DeclaredInside = [&](const ValueDecl *V) {
    return within(Element, SM.getFileOffset(SM.getExpansionLoc(V->getLocation())));
  };
  for (const Stmt *S : Code) {
    const Stmt *Written = nullptr;
    const VarDecl *Carried = nullptr;
    forEachNode(S, [&](const Stmt *N) {
      const auto *Ref = dyn_cast<DeclRefExpr>(N);
      const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      if (Written || !V || !V->hasLocalStorage() || llvm::is_contained(W->ElementVars, V) ||
          DeclaredInside(V))
        return;
      if (const Stmt *M = findModification(Ctx, S, V)) {
        Written = M;
        Carried = V;
      }
    });
    if (Written) {
      R.Reason = "'" + Carried->getName().str() + "' is declared outside the element code and " +
                 "written in it (line " + lineOf(Ctx, Written) +
                 "): it carries a value from one element to the next";
      R.Evidence.push_back(note(Ctx, Written, "write", "written here"));
      return Status::Fails;
    }
  }
  // Code run once per thread must not have side effects: the rewrite
  // changes how many threads run it.
  const FunctionFacts &Facts = AnalysisCache::of(Ctx).facts(W->Kernel);
  std::vector<Span> PerThread = spans(Ctx, W->PerThread);
  for (const MemEvent &Ev : Facts.events()) {
    if (!within(PerThread, Ev.Begin) || Ev.K == MemEvent::Read)
      continue;
    if (Ev.K == MemEvent::Call) {
      const auto *C = dyn_cast<CallExpr>(Ev.E);
      const FunctionDecl *F = calleeOf(C);
      const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
      bool Harmless = Def && Def->hasBody() && !inSystemHeader(Ctx, Def) &&
                      llvm::none_of(AnalysisCache::of(Ctx).facts(Def).events(),
                                    [](const MemEvent &E) { return E.K != MemEvent::Read; });
      if (Harmless)
        continue;
    }
    R.Reason = std::string(Ev.K == MemEvent::Write ? "the store " : "the call ") +
               quoted(Ctx, Ev.E) + " at line " + lineOf(Ctx, Ev.E) +
               " runs once per thread, outside the element code: the rewrite changes how many "
               "threads run it";
    R.Evidence.push_back(note(Ctx, Ev.E, "per-thread", "runs once per thread"));
    return Status::Fails;
  }
  // Arrays the element code writes are accessed at the element's own index.
  Linearizer Lin(Ctx);
  PointerProvenance PP(Ctx, Facts, Lin);
  std::vector<Access> Accesses;
  for (const MemEvent &Ev : Facts.events())
    if (Ev.K != MemEvent::Call && within(Element, Ev.Begin))
      Accesses.push_back(accessOf(Ctx, PP, Lin, Ev.E, Ev.K == MemEvent::Write));
  ElementSplit Split(Lin, *W, Element, Ctx);
  Status Verdict = Status::Holds;
  for (const Access &Wr : Accesses) {
    if (!Wr.Write)
      continue;
    if (Wr.R.K == Root::Unknown) {
      R.Reason = "nothing shows which memory the store " + atLine(Ctx, Wr.E) + " writes (" +
                 Wr.R.Why + ")";
      R.Evidence.push_back(note(Ctx, Wr.E, "write", "stored here"));
      Verdict = Status::Unknown;
      continue;
    }
    if (Wr.R.isLocal()) {
      if (!DeclaredInside(Wr.R.D)) {
        R.Reason = "the local array '" + Wr.R.Name +
                   "' is declared outside the element code and "
                   "written in it (line " +
                   lineOf(Ctx, Wr.E) + "): it carries values between elements";
        R.Evidence.push_back(note(Ctx, Wr.E, "write", "written here"));
        return Status::Fails;
      }
      continue;
    }
    const FunctionFacts &KF = Facts;
    auto WB = Wr.Bytes ? expandLocals(Lin, KF, *Wr.Bytes, W->ElementVars) : std::nullopt;
    if (!WB) {
      R.Reason = "the index of the store " + atLine(Ctx, Wr.E) + " is not an affine form";
      R.Evidence.push_back(note(Ctx, Wr.E, "write", "stored here"));
      Verdict = Status::Unknown;
      continue;
    }
    LinearForm WV, WRest;
    Split.split(*WB, WV, WRest);
    if (WV.Terms.empty()) {
      R.Reason = "the store " + atLine(Ctx, Wr.E) +
                 " does not depend on the element: every element writes the same location";
      R.Evidence.push_back(note(Ctx, Wr.E, "write", "stored here"));
      return Status::Fails;
    }
    // Element i touches WV(i) + c: two elements collide when the varying
    // part is one element variable times a, and the constants differ by a
    // multiple of a.
    std::optional<int64_t> Stride;
    if (WV.Terms.size() == 1 && WV.Terms.begin()->first.size() == 1)
      Stride = std::abs(WV.Terms.begin()->second);
    for (const Access &A : Accesses) {
      if (&A == &Wr || A.R.K == Root::Unknown || A.R.D != Wr.R.D)
        continue;
      auto AB = A.Bytes ? expandLocals(Lin, KF, *A.Bytes, W->ElementVars) : std::nullopt;
      if (!AB) {
        R.Reason = "the index of " + atLine(Ctx, A.E) + " is not an affine form; '" + Wr.R.Name +
                   "' is written at line " + lineOf(Ctx, Wr.E);
        Verdict = Status::Unknown;
        continue;
      }
      LinearForm AV, ARest;
      Split.split(*AB, AV, ARest);
      std::string Other = std::string(A.Write ? "writes " : "reads ") + quoted(Ctx, A.E) +
                          " (line " + lineOf(Ctx, A.E) + ")";
      if (!sameForm(AV, WV)) {
        R.Reason = "the element code " + Other + ", another element's part of '" + Wr.R.Name +
                   "', which it writes at " + atLine(Ctx, Wr.E);
        R.Evidence.push_back(note(Ctx, A.E, A.Write ? "write" : "read", "another element's part"));
        R.Evidence.push_back(note(Ctx, Wr.E, "write", "the element's own store"));
        return Status::Fails;
      }
      if (!sameForm(ARest.symbolic(), WRest.symbolic())) {
        R.Reason = "the element code " + Other + " and writes " + atLine(Ctx, Wr.E) +
                   "; their indices differ by more than a constant";
        Verdict = Status::Unknown;
        continue;
      }
      int64_t Delta = std::abs(ARest.constant() - WRest.constant());
      if (Delta != 0 && (!Stride || Delta >= *Stride)) {
        bool Collides = Stride && Delta % *Stride == 0;
        R.Reason = "the element code " + Other + " and writes " + atLine(Ctx, Wr.E) + ": " +
                   (Collides ? "one is another element's part of '" + Wr.R.Name + "'"
                             : "their offsets may meet another element's");
        R.Evidence.push_back(note(Ctx, A.E, A.Write ? "write" : "read", "this access"));
        if (Collides)
          return Status::Fails;
        Verdict = Status::Unknown;
      }
    }
  }
  if (Verdict == Status::Holds)
    R.Reason = "each element touches only its own part of the arrays it writes; no barrier, warp "
               "collective or shared memory";
  return Verdict;
}

//===----------------------------------------------------------------------===//
// bound-known
//===----------------------------------------------------------------------===//

/// Why \p E is not the same for every element and thread ("" if it is).
Status invariance(ASTContext &Ctx, const FunctionFacts &Facts, const Expr *E, unsigned Depth,
                  std::string &Why) {
  Status St = Status::Holds;
  forEachNode(E, [&](const Stmt *N) {
    if (St == Status::Fails)
      return;
    if (const auto *X = dyn_cast<Expr>(N))
      if (auto B = cuda::builtinIndex(X)) {
        if (B->Var == cuda::BuiltinVar::BlockDim)
          return;
        St = Status::Fails;
        Why = "the bound reads '" + B->name() + "', which " +
              (B->Var == cuda::BuiltinVar::GridDim ? "changes with the grid"
                                                   : "differs between threads");
        return;
      }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(N)) {
      const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
      if (!V)
        return;
      if (V->hasLocalStorage()) {
        if (!Facts.mods(V).empty()) {
          St = Status::Fails;
          Why = "the bound reads '" + V->getName().str() + "', which is modified at line " +
                std::to_string(expansionLine(Ctx, Facts.mods(V).front().At));
          return;
        }
        if (!isa<ParmVarDecl>(V)) {
          if (!V->getInit() || Depth > 6) {
            St = worse(St, Status::Unknown);
            Why = "the bound reads '" + V->getName().str() + "', whose value is not followed";
            return;
          }
          St = worse(St, invariance(Ctx, Facts, V->getInit(), Depth + 1, Why));
        }
        return;
      }
      if (V->hasGlobalStorage() && !V->getType().isConstQualified() && !V->isConstexpr() &&
          !V->hasAttr<CUDAConstantAttr>()) {
        St = worse(St, Status::Unknown);
        Why = "the bound reads the variable '" + V->getName().str() +
              "', which the kernel or another may change";
      }
      return;
    }
    if (isa<ArraySubscriptExpr>(N) ||
        (isa<UnaryOperator>(N) && cast<UnaryOperator>(N)->getOpcode() == UO_Deref) ||
        (isa<MemberExpr>(N) && cast<MemberExpr>(N)->isArrow())) {
      St = worse(St, Status::Unknown);
      Why = "the bound reads memory (" + quoted(Ctx, N) +
            "); nothing shows it is the same for every element";
      return;
    }
    if (const auto *C = dyn_cast<CallExpr>(N); C && !isPureExpr(C, Ctx)) {
      St = Status::Fails;
      Why = "the bound calls " + quoted(Ctx, C->getCallee());
    }
  });
  return St;
}

Status checkBoundKnown(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  auto W = workOf(Q);
  if (!W || !W->BoundExpr) {
    R.Reason = W ? W->Missing : "the element code was not found";
    if (W && W->IndexDecl)
      R.Evidence.push_back(note(Ctx, W->IndexDecl, "index", "the index is declared here"));
    return Status::Fails;
  }
  // Per-thread code reading the index would see one value per thread, not
  // per element.
  for (const Stmt *S : W->PerThread) {
    const Stmt *Read = nullptr;
    forEachNode(S, [&](const Stmt *N) {
      if (const auto *Ref = dyn_cast<DeclRefExpr>(N); Ref && Ref->getDecl() == W->Index && !Read)
        Read = Ref;
    });
    if (Read) {
      R.Reason = "'" + W->Index->getName().str() + "' is read at line " + lineOf(Ctx, Read) +
                 ", outside the element code its bound test guards";
      R.Evidence.push_back(note(Ctx, Read, "read", "read before the bound test"));
      return Status::Fails;
    }
  }
  const FunctionFacts &Facts = AnalysisCache::of(Ctx).facts(W->Kernel);
  std::string Why;
  Status St = invariance(Ctx, Facts, W->BoundExpr, 0, Why);
  R.Evidence.push_back(note(Ctx, W->Bound.Test ? (const Stmt *)W->Bound.Test : W->BoundExpr,
                            "bound", "the bound test"));
  if (St != Status::Holds) {
    R.Reason = Why;
    return St;
  }
  R.Reason = "bound " + quoted(Ctx, W->BoundExpr) + " is the same for every element and thread";
  return Status::Holds;
}

//===----------------------------------------------------------------------===//
// index-wide-enough
//===----------------------------------------------------------------------===//

uint64_t maxOf(ASTContext &Ctx, QualType T) {
  unsigned Bits = Ctx.getTypeSize(T);
  bool Signed = T->isSignedIntegerType();
  if (Bits >= 64)
    return Signed ? uint64_t(std::numeric_limits<int64_t>::max())
                  : std::numeric_limits<uint64_t>::max();
  return (uint64_t(1) << (Signed ? Bits - 1 : Bits)) - 1;
}

/// The largest value that may be added to: a + b saturating.
uint64_t plus(uint64_t A, uint64_t B) {
  return A > std::numeric_limits<uint64_t>::max() - B ? std::numeric_limits<uint64_t>::max()
                                                      : A + B;
}

Status checkIndexWideEnough(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  auto W = workOf(Q);
  if (!W || !W->BoundExpr) {
    R.Reason = "no bound to compare with (see bound-known)";
    return Status::Unknown;
  }
  QualType T = W->Index->getType().getUnqualifiedType();
  std::string TName = T.getAsString(Ctx.getPrintingPolicy());
  unsigned Bits = Ctx.getTypeSize(T);
  Mode M = modeOf(Q.AC);
  unsigned C = factorOf(Q.AC);
  if (Bits < 32) {
    R.Reason = "the index type '" + TName + "' is narrower than int";
    return Status::Fails;
  }
  uint64_t Limit = maxOf(Ctx, T);
  // Strided computes C * (id) in the id's own type.
  if (M == Mode::Strided) {
    QualType IdT = W->Index->getInit()->IgnoreParenImpCasts()->getType();
    if (IdT->isIntegerType())
      Limit = std::min(Limit, maxOf(Ctx, IdT));
  }
  if (Bits >= 64 && Limit >= maxOf(Ctx, Ctx.LongLongTy)) {
    R.Reason = "the index type '" + TName + "' is 64-bit";
    return Status::Holds;
  }
  // The largest bound: asserted for a parameter, else its type's maximum.
  const Expr *N = W->BoundExpr->IgnoreParenImpCasts();
  std::string Kernel = W->Kernel->getNameAsString();
  const auto *P =
      dyn_cast<DeclRefExpr>(N) ? dyn_cast<ParmVarDecl>(cast<DeclRefExpr>(N)->getDecl()) : nullptr;
  std::optional<uint64_t> Asserted =
      P ? Q.AC.assumptions().maxValue(Kernel, P->getName()) : std::nullopt;
  // A constant bound (`#define N (33 * 1024)`) is its value.
  Expr::EvalResult Constant;
  bool IsConstant = !N->isValueDependent() && N->EvaluateAsInt(Constant, Ctx) &&
                    !Constant.Val.getInt().isNegative();
  uint64_t NMax = Asserted                        ? *Asserted
                  : IsConstant                    ? Constant.Val.getInt().getZExtValue()
                  : N->getType()->isIntegerType() ? maxOf(Ctx, N->getType())
                                                  : std::numeric_limits<uint64_t>::max();
  std::string From = Asserted     ? "asserted " + P->getName().str() + " <= " + std::to_string(NMax)
                     : IsConstant ? "'" + nodeText(Ctx, N, "N") + "' = " + std::to_string(NMax)
                                  : "'" + nodeText(Ctx, N, "N") + "' up to " + std::to_string(NMax);
  auto Ask = [&](uint64_t Suggest) {
    if (P)
      R.Assumable = "max:" + Kernel + "." + P->getName().str() + ":" + std::to_string(Suggest);
  };
  if (M == Mode::Consecutive) {
    // C*i + k < N: no index reaches N.
    if (NMax == 0 || NMax - 1 <= Limit) {
      R.Reason =
          "every index C * i + k is below the bound (" + From + "), which '" + TName + "' holds";
      return Status::Holds;
    }
    R.Reason = "the bound (" + From + ") can exceed what '" + TName + "' holds (" +
               std::to_string(Limit) + ")";
    Ask(Limit);
    return Status::Unknown;
  }
  // Grid-stride and strided: the indices run past N by up to the new
  // launch's size; bound it from every launch.
  if (Q.AC.assumptions().gridEditExternal(Kernel)) {
    R.Reason = "the launches are adjusted outside this file (grid-edit-external): the launch size "
               "that bounds the last index is unknown for the 32-bit '" +
               TName + "'";
    return Status::Unknown;
  }
  cuda::KernelLauncherGraph G(Ctx);
  auto Launches = coarsen::distinctLaunches(Ctx, G, *W);
  if (Launches.empty() || !G.allLaunchesKnown(W->Kernel)) {
    R.Reason = "the launches of '" + Kernel +
               "' are not all known: the launch size that bounds the "
               "last index is unknown for the 32-bit '" +
               TName + "'";
    return Status::Unknown;
  }
  auto Largest = [&](uint64_t Bound, std::string &Why) -> std::optional<uint64_t> {
    uint64_t Max = 0;
    for (const cuda::LaunchSite *L : Launches) {
      auto Threads = coarsen::threadsAtMost(Ctx, *L, *W, Bound, Why);
      if (!Threads)
        return std::nullopt;
      // New launch: ceil(G / C) blocks, at most Threads / C + one block more.
      uint64_t NewThreads = plus(*Threads / C, 1024);
      uint64_t Last =
          M == Mode::GridStride ? plus(Bound, NewThreads) : plus(*Threads, uint64_t(C + 1) * 1024);
      Max = std::max(Max, Last);
    }
    return Max;
  };
  std::string Why;
  auto Last = Largest(NMax, Why);
  if (!Last) {
    R.Reason = Why + "; the largest index of the 32-bit '" + TName + "' is not bounded";
    return Status::Unknown;
  }
  if (*Last <= Limit) {
    R.Reason = "the largest index computed is at most " + std::to_string(*Last) + " (" + From +
               "), which '" + TName + "' holds";
    return Status::Holds;
  }
  R.Reason = "with " + From + " the " + modeName(M) + " loop's last index may reach " +
             std::to_string(*Last) + ", past what '" + TName + "' holds (" + std::to_string(Limit) +
             ")";
  // The largest bound that keeps it in range.
  uint64_t Lo = 0, Hi = NMax;
  while (Lo < Hi) {
    uint64_t Mid = Lo + (Hi - Lo + 1) / 2;
    std::string Ignored;
    auto L = Largest(Mid, Ignored);
    if (L && *L <= Limit)
      Lo = Mid;
    else
      Hi = Mid - 1;
  }
  if (Lo > 0)
    Ask(Lo);
  return Status::Unknown;
}

//===----------------------------------------------------------------------===//
// launch-editable, grid-covers-elements
//===----------------------------------------------------------------------===//

/// Found and editable launches, or why not (Unknown).
Status launchesFound(const PreconditionQuery &Q, const ElementWork &W,
                     const cuda::KernelLauncherGraph &G, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  std::string Kernel = W.Kernel->getNameAsString();
  R.Assumable = "grid-edit-external:" + Kernel;
  auto Launches = coarsen::distinctLaunches(Ctx, G, W);
  if (Launches.empty()) {
    R.Reason =
        "no launch of '" + Kernel + "' is in this file; its grid must change with the rewrite";
    return Status::Unknown;
  }
  if (auto Esc = G.escapesOf(W.Kernel); !Esc.empty()) {
    R.Reason = "'" + Kernel + "' is used at line " + lineOf(Ctx, Esc.front()) +
               " other than in a launch; it may be launched where no launch is seen";
    R.Evidence.push_back(note(Ctx, Esc.front(), "use", "used here"));
    return Status::Unknown;
  }
  for (const cuda::LaunchSite *L : Launches)
    if (!L->Editable) {
      R.Reason = std::string("the ") + cuda::launchFormName(L->Form) + " launch at line " +
                 lineOf(Ctx, L->Call) + " is spelled by a macro or outside this file";
      R.Evidence.push_back(note(Ctx, L->Call, "launch", "this launch"));
      return Status::Unknown;
    }
  R.Assumable.clear();
  return Status::Holds;
}

Status checkLaunchEditable(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  auto W = workOf(Q);
  if (!W) {
    R.Reason = "the element code was not found";
    return Status::Fails;
  }
  std::string Kernel = W->Kernel->getNameAsString();
  if (Q.AC.assumptions().gridEditExternal(Kernel)) {
    R.Reason = "asserted (grid-edit-external): the launches of '" + Kernel +
               "' are adjusted outside this rewrite; none is edited";
    return Status::Holds;
  }
  cuda::KernelLauncherGraph G(Ctx);
  Status St = launchesFound(Q, *W, G, R);
  if (St != Status::Holds)
    return St;
  auto Launches = coarsen::distinctLaunches(Ctx, G, *W);
  if (isForward(Q)) {
    EditBuilder Scratch(Ctx);
    for (const cuda::LaunchSite *L : Launches)
      if (auto P = coarsen::divideGrid(Scratch, Ctx, *L, factorOf(Q.AC))) {
        R.Reason = P->Why;
        R.Evidence.push_back(note(Ctx, L->Call, "launch", "this launch"));
        R.Assumable = "grid-edit-external:" + Kernel;
        return Status::Unknown;
      }
    if (!Scratch.ok()) {
      R.Reason = Scratch.failure().str();
      R.Assumable = "grid-edit-external:" + Kernel;
      return Status::Unknown;
    }
  }
  R.Reason = std::to_string(Launches.size()) + " launch" + (Launches.size() == 1 ? "" : "es") +
             " of '" + Kernel + "' found and editable";
  for (const cuda::LaunchSite *L : Launches)
    R.Evidence.push_back(note(Ctx, L->Call, "launch", "launched here"));
  return Status::Holds;
}

Status checkGridCoversElements(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  auto W = workOf(Q);
  if (!W) {
    R.Reason = "the element code was not found";
    return Status::Fails;
  }
  std::string Kernel = W->Kernel->getNameAsString();
  if (Q.AC.assumptions().gridEditExternal(Kernel)) {
    R.Reason = "asserted (grid-edit-external): the launches of '" + Kernel +
               "' are made to cover the bound outside this rewrite";
    return Status::Holds;
  }
  cuda::KernelLauncherGraph G(Ctx);
  if (Status St = launchesFound(Q, *W, G, R); St != Status::Holds)
    return St;
  EditBuilder Scratch(Ctx);
  unsigned Kept = 0, Edited = 0;
  for (const cuda::LaunchSite *L : coarsen::distinctLaunches(Ctx, G, *W)) {
    bool K = false;
    if (auto P = coarsen::coverGrid(Scratch, Ctx, *L, *W, K)) {
      R.Reason = P->Why;
      R.Evidence.push_back(note(Ctx, L->Call, "launch", "this launch"));
      return Status::Fails;
    }
    (K ? Kept : Edited) += 1;
  }
  if (!Scratch.ok()) {
    R.Reason = Scratch.failure().str();
    return Status::Fails;
  }
  R.Reason = std::to_string(Kept) + " launch grid(s) already cover the bound, " +
             std::to_string(Edited) + " rewritten to cover it";
  return Status::Holds;
}

//===----------------------------------------------------------------------===//
// tail-handled
//===----------------------------------------------------------------------===//

std::string squeezed(StringRef S) {
  std::string Out;
  for (char C : S)
    if (!isSpace(C))
      Out += C;
  return Out;
}

Status checkTailHandled(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  auto W = workOf(Q);
  if (!W) {
    R.Reason = "the element code was not found";
    return Status::Fails;
  }
  switch (W->Kind) {
  case Shape::GuardedIf:
    if (!W->Guard) {
      R.Reason = W->Missing;
      return Status::Fails;
    }
    if (W->Else) {
      R.Reason = "the bound test has an else branch (line " + lineOf(Ctx, W->Else) +
                 "): threads past the bound do work of their own";
      R.Evidence.push_back(note(Ctx, W->Else, "else", "work for threads past the bound"));
      return Status::Fails;
    }
    if (!W->AfterGuard.empty()) {
      R.Reason = "the statement " + atLine(Ctx, W->AfterGuard.front()) +
                 " follows the guarded code and runs once per thread, not per element";
      R.Evidence.push_back(note(Ctx, W->AfterGuard.front(), "after", "runs for every thread"));
      return Status::Fails;
    }
    R.Reason = "threads past the bound skip the guarded code and nothing follows it";
    return Status::Holds;
  case Shape::EarlyReturn:
    R.Reason = "threads past the bound return before the element code";
    return Status::Holds;
  case Shape::GridStride:
    R.Reason = "the loop condition bounds every element";
    return Status::Holds;
  case Shape::Consecutive: {
    if (!W->TailLoop) {
      R.Reason = "no 'else if (i == N / C)' tail loop over 'k < N % C' follows the lane loop: the "
                 "last N % C elements have no code of their own";
      return Status::Fails;
    }
    auto Full = sourceText(Ctx, W->FullLoop->getBody()),
         Tail = sourceText(Ctx, W->TailLoop->getBody());
    if (!Full || !Tail || squeezed(*Full) != squeezed(*Tail)) {
      R.Reason = "the tail loop's body (line " + lineOf(Ctx, W->TailLoop) +
                 ") differs from the lane loop's: the tail elements are handled differently";
      R.Evidence.push_back(note(Ctx, W->TailLoop, "tail", "the tail loop"));
      return Status::Fails;
    }
    R.Reason = "the tail loop repeats the lane loop's body for the last N % C elements";
    return Status::Holds;
  }
  case Shape::GroupGuarded: {
    // `i < N` tests a group's first element only: its other C - 1 run past
    // N unless N is a multiple of C, where one element per thread stops.
    Linearizer Lin(Ctx);
    auto N = Lin.linearize(W->BoundExpr);
    analysis::Divisibility Div(analysis::AnalysisCache::of(Ctx).facts(W->Kernel), Lin,
                               Q.AC.assumptions().multiplesIn(W->Kernel));
    std::string NT = quoted(Ctx, W->BoundExpr), C = std::to_string(W->Factor);
    if (N && Div.multipleOf(*N, W->Factor).T == analysis::Truth::Holds) {
      R.Reason = NT + " is a multiple of " + C + ": the test of each group's first element bounds all " + C;
      return Status::Holds;
    }
    R.Reason = "the test " + quoted(Ctx, W->Guard->getCond()) + " checks each group's first element only: its " +
               "other " + std::to_string(W->Factor - 1) + " elements run past " + NT + " unless " + NT +
               " is a multiple of " + C + ", and one element per thread would stop at it";
    if (const auto *Ref = dyn_cast<DeclRefExpr>(W->BoundExpr->IgnoreParenImpCasts()))
      R.Assumable = "multiple:" + Ref->getDecl()->getNameAsString() + ":" + C;
    R.Evidence.push_back(note(Ctx, W->Guard, "guard", "the group's test"));
    return Status::Unknown;
  }
  case Shape::SteppedLoop:
    if (!W->Guard) {
      R.Reason = W->Missing + ": the elements past N are not skipped";
      R.Evidence.push_back(note(Ctx, W->Loop, "loop", "the lane loop"));
      return Status::Fails;
    }
    R.Reason = "each element is bound-checked first (line " + lineOf(Ctx, W->Guard) + ")";
    return Status::Holds;
  }
  return Status::Holds;
}

//===----------------------------------------------------------------------===//
// global-id-only-index
//===----------------------------------------------------------------------===//

/// Where, in Consecutive's lane code, an Add node is `C * i + k`.
bool isLaneIndex(ASTContext &Ctx, const ElementWork &W, const Expr *E) {
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParens());
  if (!B || B->getOpcode() != BO_Add)
    return false;
  Linearizer Lin(Ctx);
  auto F = Lin.linearize(B);
  if (!F)
    return false;
  LinearForm Want;
  auto Key = [&](const VarDecl *V) -> std::string {
    for (const auto &[M, C] : F->Terms)
      for (const std::string &K : M)
        if (const Atom *A = Lin.atom(K); A && A->Var == V)
          return K;
    return "";
  };
  std::string I = Key(W.Index), K = Key(W.Lane);
  if (I.empty() || K.empty())
    return false;
  // Consecutive numbers the elements C * i + k; a group-guarded index is
  // already C * id: i + k.
  Want.Terms[Monomial{I}] = W.Kind == Shape::GroupGuarded ? 1 : W.Factor;
  Want.Terms[Monomial{K}] = 1;
  return sameForm(*F, Want);
}

/// The `C * i + k` (group-guarded: `i + k`) node holding a reference to i
/// or k, walking up from it.
const Expr *laneIndexAround(ASTContext &Ctx, const ElementWork &W, const DeclRefExpr *Ref) {
  DynTypedNode N = DynTypedNode::create(*Ref);
  for (unsigned Up = 0; Up < 6; ++Up) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      return nullptr;
    N = Parents[0];
    const auto *E = N.get<Expr>();
    if (!E)
      return nullptr;
    if (isLaneIndex(Ctx, W, E))
      return E;
  }
  return nullptr;
}

Status checkGlobalIdOnlyIndex(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  auto W = workOf(Q);
  if (!W) {
    R.Reason = "the element code was not found";
    return Status::Fails;
  }
  // Builtins other than blockDim only in the id (and locals feeding only it).
  std::vector<const Stmt *> Ids(W->IdExprs.begin(), W->IdExprs.end());
  std::vector<Span> Allowed = spans(Ctx, Ids);
  for (unsigned Round = 0; Round < 4; ++Round) {
    std::vector<const VarDecl *> Vars;
    for (const Expr *E : W->IdExprs)
      Linearizer::collectVars(E, Vars);
    bool Grew = false;
    for (const VarDecl *V : Vars) {
      if (!V->hasLocalStorage() || isa<ParmVarDecl>(V) || !V->getInit())
        continue;
      Span Init{beginOffset(Ctx, V->getInit()), endOffset(Ctx, V->getInit())};
      if (within(Allowed, Init.B))
        continue;
      bool OnlyThere = true;
      forEachNode(W->Body, [&](const Stmt *N) {
        if (const auto *Ref = dyn_cast<DeclRefExpr>(N); Ref && Ref->getDecl() == V)
          OnlyThere = OnlyThere && within(Allowed, beginOffset(Ctx, Ref));
      });
      if (OnlyThere) {
        Allowed.push_back(Init);
        Grew = true;
      }
    }
    if (!Grew)
      break;
  }
  // An id along x alone (a 2-D or 3-D kernel's column): the other axes'
  // builtins number rows the rewrite does not touch (the launches keep
  // their grid's y and z), so they may be read anywhere.
  bool AlongX = true;
  for (const Expr *E : W->IdExprs)
    forEachNode(E, [&](const Stmt *N) {
      const auto *X = dyn_cast<Expr>(N);
      if (auto B = X ? cuda::builtinIndex(X) : std::nullopt; B && B->Dim != 0)
        AlongX = false;
    });
  const Stmt *Stray = nullptr;
  forEachNode(W->Body, [&](const Stmt *N) {
    const auto *E = dyn_cast<Expr>(N);
    auto B = E ? cuda::builtinIndex(E) : std::nullopt;
    if (!Stray && B && B->Var != cuda::BuiltinVar::BlockDim && !(AlongX && B->Dim != 0) &&
        !within(Allowed, beginOffset(Ctx, E)))
      Stray = E;
  });
  if (Stray) {
    R.Reason =
        quoted(Ctx, Stray) + " at line " + lineOf(Ctx, Stray) +
        " is read outside the global id: the rewrite changes which thread handles an element";
    R.Evidence.push_back(note(Ctx, Stray, "builtin", "read here"));
    return Status::Fails;
  }
  // The index (and the lane counter) only read in the element code.
  for (const Stmt *S : elementCode(*W))
    for (const VarDecl *V : W->ElementVars)
      if (const Stmt *M = findModification(Ctx, S, V)) {
        R.Reason = "'" + V->getName().str() + "' is modified or its address taken at line " +
                   lineOf(Ctx, M) + "; it must only be read as the element's index";
        R.Evidence.push_back(note(Ctx, M, "write", "here"));
        return Status::Fails;
      }
  if (W->Kind == Shape::Consecutive || W->Kind == Shape::SteppedLoop || W->Kind == Shape::GroupGuarded) {
    const Stmt *Odd = nullptr;
    for (const Stmt *S : W->Element)
      forEachNode(S, [&](const Stmt *N) {
        const auto *Ref = dyn_cast<DeclRefExpr>(N);
        if (Odd || !Ref)
          return;
        if (W->Kind == Shape::SteppedLoop && Ref->getDecl() == W->Lane)
          Odd = Ref;
        if ((W->Kind == Shape::Consecutive || W->Kind == Shape::GroupGuarded) &&
            (Ref->getDecl() == W->Index || Ref->getDecl() == W->Lane) &&
            !laneIndexAround(Ctx, *W, Ref))
          Odd = Ref;
      });
    if (Odd) {
      R.Reason = W->Kind == Shape::SteppedLoop
                     ? "the lane counter " + quoted(Ctx, Odd) + " is read at line " +
                           lineOf(Ctx, Odd) + "; one element per thread has no lane number"
                     : quoted(Ctx, Odd) + " at line " + lineOf(Ctx, Odd) +
                           " is used other than in the element index " +
                           (W->Kind == Shape::GroupGuarded ? std::string() : std::to_string(W->Factor) + " * ") +
                           W->Index->getName().str() + " + " + W->Lane->getName().str();
      R.Evidence.push_back(note(Ctx, Odd, "use", "here"));
      return Status::Fails;
    }
  }
  R.Reason = "the global id is only used to number the elements";
  return Status::Holds;
}

//===----------------------------------------------------------------------===//
// exits-convertible
//===----------------------------------------------------------------------===//

/// Exits of the element code: each jump statement with whether a loop (or,
/// for break, a switch) of the element code is around it.
struct Exit {
  const Stmt *S = nullptr;
  bool InLoop = false, InSwitch = false;
};

void collectExits(const Stmt *S, bool InLoop, bool InSwitch, std::vector<Exit> &Out) {
  if (!S || isa<LambdaExpr>(S))
    return;
  if (isa<ReturnStmt, BreakStmt, ContinueStmt, GotoStmt, IndirectGotoStmt, LabelStmt>(S))
    Out.push_back({S, InLoop, InSwitch});
  bool Loop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
  bool Switch = isa<SwitchStmt>(S);
  for (const Stmt *C : S->children())
    collectExits(C, InLoop || Loop, InSwitch || Switch, Out);
}

/// The bound test's own branch (`if (i >= N) break;`) in reverse.
bool isGuardExit(const ElementWork &W, const Stmt *S) {
  return W.Guard && W.Bound.Negated && coarsen::holds(W.Guard->getThen(), S);
}

Status checkExitsConvertible(const PreconditionQuery &Q, PreconditionResult &R) {
  ASTContext &Ctx = Q.AC.ast();
  auto W = workOf(Q);
  if (!W) {
    R.Reason = "the element code was not found";
    return Status::Fails;
  }
  std::vector<Exit> Exits;
  for (const Stmt *S : W->Element)
    collectExits(S, false, false, Exits);
  bool Forward = isForward(Q);
  for (const Exit &E : Exits) {
    std::string Why;
    if (isa<GotoStmt, IndirectGotoStmt, LabelStmt>(E.S))
      Why = "a goto or label in the element code cannot be moved into a loop";
    else if (Forward && isa<ReturnStmt>(E.S) && E.InLoop)
      Why = "the return is inside a loop of the element code: 'continue' there would continue that "
            "loop";
    else if (!Forward && !E.InLoop && isa<ReturnStmt>(E.S) && !isGuardExit(*W, E.S))
      Why = "the return ends every later element of the thread, not just this one";
    else if (!Forward && !E.InLoop && !E.InSwitch && isa<BreakStmt>(E.S) && !isGuardExit(*W, E.S))
      Why = "the break ends every later element of the thread, not just this one";
    if (!Why.empty()) {
      R.Reason = Why + " (line " + lineOf(Ctx, E.S) + ")";
      R.Evidence.push_back(note(Ctx, E.S, "exit", "this exit"));
      return Status::Fails;
    }
  }
  R.Reason = Forward ? "each return of the element code becomes 'continue'"
                     : "each exit of the loop body becomes 'return'";
  return Status::Holds;
}

//===----------------------------------------------------------------------===//
// Edits
//===----------------------------------------------------------------------===//

/// The indentation one level deeper than the function's.
std::string indentUnit(ASTContext &Ctx, const CompoundStmt *Body) {
  if (!Body->body_empty()) {
    // The line of the body's `{` (the function's line, or its own line):
    // FD's first token may be a macro (`__global__`) spelled in a header.
    std::string Outer = lineIndent(Ctx, Body->getLBracLoc());
    std::string Inner = lineIndent(Ctx, Body->body_front()->getBeginLoc());
    if (Inner.size() > Outer.size() && StringRef(Inner).starts_with(Outer))
      return Inner.substr(Outer.size());
  }
  return "  ";
}

/// Contexts where an expression put in place of a variable needs no
/// parentheses: an array index, a call argument, an initialiser, the right
/// side of `=`, a parenthesised expression, a condition.
bool standsAlone(ASTContext &Ctx, const Expr *E) {
  DynTypedNode N = DynTypedNode::create(*E);
  const Stmt *Child = E;
  while (true) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      return false;
    N = Parents[0];
    if (const auto *ICE = N.get<ImplicitCastExpr>()) {
      Child = ICE;
      continue;
    }
    break;
  }
  if (N.get<ParenExpr>() || N.get<VarDecl>() || N.get<ReturnStmt>())
    return true;
  if (const auto *AS = N.get<ArraySubscriptExpr>())
    return AS->getIdx() == Child;
  if (const auto *C = N.get<CallExpr>())
    return C->getCallee() != Child;
  if (const auto *B = N.get<BinaryOperator>())
    return B->getOpcode() == BO_Assign && B->getRHS() == Child;
  if (const auto *If = N.get<IfStmt>())
    return If->getCond() == Child;
  return false;
}

/// The blanks between the `)` at \p RParen and \p Body: " " or a line
/// break with the body's indentation, as written.
std::string gapBefore(ASTContext &Ctx, SourceLocation RParen, const Stmt *Body) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (RParen.isInvalid() || RParen.isMacroID() || Body->getBeginLoc().isMacroID())
    return " ";
  SourceLocation After = Lexer::getLocForEndOfToken(RParen, 0, SM, Ctx.getLangOpts());
  unsigned A = SM.getFileOffset(After), B = SM.getFileOffset(Body->getBeginLoc());
  if (After.isInvalid() || B < A || !isEditable(SM, After) ||
      SM.getFileID(After) != SM.getFileID(Body->getBeginLoc()))
    return " ";
  StringRef Gap = SM.getBufferData(SM.getFileID(After)).slice(A, B);
  return !Gap.empty() && Gap.trim().empty() ? Gap.str() : " ";
}

/// The text of \p Range with those of \p Edits that lie inside it.
std::optional<std::string> textWith(ASTContext &Ctx, CharSourceRange Range,
                                    const std::vector<TextEdit> &Edits) {
  if (Range.isInvalid())
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned B = SM.getFileOffset(Range.getBegin()), E = SM.getFileOffset(Range.getEnd());
  return textWithEdits(Ctx, SM.getFileID(Range.getBegin()), B, E, Edits);
}

/// Replaces each jump of the element code that leaves the element:
/// forward `return` -> `continue` (the early-return guard's own -> \p
/// GuardExit); reverse `continue`, and the guard's break/return -> `return`.
void convertExits(EditBuilder &B, const ElementWork &W, bool Forward) {
  std::vector<Exit> Exits;
  for (const Stmt *S : W.Element)
    collectExits(S, false, false, Exits);
  for (const Exit &E : Exits) {
    if (E.InLoop)
      continue;
    if (Forward && isa<ReturnStmt>(E.S))
      B.replace(SourceRange(E.S->getBeginLoc()), "continue");
    else if (!Forward && (isa<ContinueStmt>(E.S) || (isa<BreakStmt>(E.S) && !E.InSwitch)))
      B.replace(SourceRange(E.S->getBeginLoc()), "return");
  }
}

/// The declaration `T i = <init>;` with \p Init as initialiser and `const`
/// dropped when \p Mutable.
std::optional<std::string> declarationWith(ASTContext &Ctx, const DeclStmt *D, const VarDecl *V,
                                           StringRef Init, bool Mutable) {
  CharSourceRange R = statementRange(Ctx, D);
  if (R.isInvalid())
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned B = SM.getFileOffset(R.getBegin());
  unsigned I = SM.getFileOffset(SM.getExpansionLoc(V->getInit()->getBeginLoc()));
  if (I <= B)
    return std::nullopt;
  std::string Head = SM.getBufferData(SM.getFileID(R.getBegin())).slice(B, I).str();
  if (Mutable && V->getType().isConstQualified()) {
    StringRef H(Head);
    if (!H.consume_front("const "))
      return std::nullopt;
    Head = H.ltrim().str();
  }
  return Head + Init.str() + ";";
}

std::string totalThreads(ASTContext &Ctx, const VarDecl *Index, GridShape G) {
  QualType T = Index->getType().getUnqualifiedType();
  std::string Total = totalThreadsText(G);
  if (Ctx.getTypeSize(T) >= 64)
    return "(" + T.getAsString(Ctx.getPrintingPolicy()) + ")" + Total;
  return Total;
}

class Editor {
public:
  Editor(AnalysisContext &AC, const ElementWork &W)
      : AC(AC), Ctx(AC.ast()), W(W), B(Ctx), Names(Ctx) {
    Unit = indentUnit(Ctx, W.Body);
  }

  EditBuilder &builder() { return B; }

  void forward(Mode M, unsigned C) {
    Indent = lineIndent(Ctx, W.Guard->getBeginLoc());
    auto N = textOf(W.BoundExpr);
    if (!N)
      return fail("the bound is not text of this file");
    std::string IName = W.Index->getName().str();
    // The element's statement text (GuardedIf: the guarded statement,
    // with `if (P)` for `i < N && P`; EarlyReturn: the rest, braced).
    auto ElementText = [&](const std::vector<TextEdit> &Edits,
                           StringRef Deeper) -> std::optional<std::string> {
      if (W.Kind == Shape::GuardedIf) {
        auto Then = textWith(Ctx, statementRange(Ctx, W.Guard->getThen()), Edits);
        if (!Then)
          return std::nullopt;
        std::string Gap = gapBefore(Ctx, W.Guard->getRParenLoc(), W.Guard->getThen());
        std::string T = indentLines(Gap + *Then, Deeper);
        if (W.ExtraCond) {
          CharSourceRange CR = CharSourceRange::getCharRange(
              editableRange(Ctx, W.ExtraCond->getSourceRange()).getBegin(),
              editableRange(Ctx, cast<BinaryOperator>(W.Guard->getCond()->IgnoreParenImpCasts())
                                     ->getRHS()
                                     ->getSourceRange())
                  .getEnd());
          auto Extra = textWith(Ctx, CR, Edits);
          if (!Extra)
            return std::nullopt;
          // The rest of the condition, per element, in the lane loop's braces.
          return " {\n" + Indent + Deeper.str() + Unit + "if (" + *Extra + ")" +
                 indentLines(Gap + *Then, (Deeper + Unit).str()) + "\n" + Indent + Deeper.str() + "}";
        }
        return T;
      }
      // `if (i >= N || P) return;`: the element leaves when P holds.
      std::string Exit;
      if (W.ExitAlso) {
        auto P = textWith(Ctx, exitAlsoRange(), Edits);
        if (!P)
          return std::nullopt;
        Exit = Indent + Deeper.str() + Unit + "if (" + *P + ")\n" + Indent + Deeper.str() + Unit + Unit +
               "continue;\n";
      }
      if (W.Element.empty())
        return std::string(" {\n" + Exit + Indent + Deeper.str() + "}");
      auto Rest = textWith(Ctx, statementsRange(Ctx, W.Element.front(), W.Element.back()), Edits);
      if (!Rest)
        return std::nullopt;
      return " {\n" + Exit + Indent + Deeper.str() + Unit + indentLines(*Rest, Deeper.str() + Unit) + "\n" +
             Indent + Deeper.str() + "}";
    };
    CharSourceRange Region =
        W.Kind == Shape::GuardedIf
            ? statementRange(Ctx, W.Guard)
            : statementsRange(Ctx, W.Guard,
                              W.Element.empty() ? (const Stmt *)W.Guard : W.Element.back());
    if (Region.isInvalid())
      return fail("the guarded code is produced by a macro expansion");

    if (M == Mode::Consecutive) {
      std::string K = laneName();
      EditBuilder Sub(Ctx);
      std::string Lane = std::to_string(C) + " * " + IName + " + " + K;
      for (const Stmt *S : elementCode(W))
        forEachNode(S, [&](const Stmt *Node) {
          if (const auto *Ref = dyn_cast<DeclRefExpr>(Node); Ref && Ref->getDecl() == W.Index)
            Sub.replace(Ref, standsAlone(Ctx, Ref) ? Lane : "(" + Lane + ")");
        });
      convertExits(Sub, W, /*Forward=*/true);
      if (!Sub.ok())
        return fail(Sub.failure().str(), Sub.failureLoc());
      auto Body = ElementText(Sub.takeEdits(), Unit);
      if (!Body)
        return fail("the element code is not plain text of this file");
      std::string NP = parenIf(needsParens(W.BoundExpr, prec::Multiplicative), *N);
      std::string Div = NP + " / " + std::to_string(C), Mod = NP + " % " + std::to_string(C);
      std::string Text = "if (" + IName + " < " + Div + ") {\n" + Indent + Unit +
                         "#pragma unroll\n" + Indent + Unit + "for (int " + K + " = 0; " + K +
                         " < " + std::to_string(C) + "; ++" + K + ")" + *Body + "\n" + Indent +
                         "} else if (" + IName + " == " + Div + ") {\n" + Indent + Unit +
                         "for (int " + K + " = 0; " + K + " < " + Mod + "; ++" + K + ")" + *Body +
                         "\n" + Indent + "}";
      B.replaceChars(Region.getBegin(), Region.getEnd(), Text);
      return;
    }

    if (M == Mode::GridStride) {
      EditBuilder Sub(Ctx);
      convertExits(Sub, W, /*Forward=*/true);
      auto Body = ElementText(Sub.takeEdits(), "");
      if (!Body)
        return fail("the element code is not plain text of this file");
      auto Init = textOf(W.Index->getInit());
      if (!Init)
        return fail("the global id is not text of this file");
      std::string Decl =
          W.Index->getType().isConstQualified()
              ? W.Index->getType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy()) + " " +
                    IName + " = " + *Init
              : "";
      if (Decl.empty()) {
        auto D = textOf(W.IndexDecl);
        if (!D)
          return fail("the index declaration is not text of this file");
        Decl = StringRef(*D).rtrim().rtrim(';').rtrim().str();
      }
      std::string Cond =
          W.Kind == Shape::GuardedIf && !W.Bound.Negated
              ? *textOf(W.Bound.Test)
              : IName + " < " + parenIf(needsParens(W.BoundExpr, prec::Relational), *N);
      B.removeLines(W.IndexDecl->getSourceRange());
      B.replaceChars(Region.getBegin(), Region.getEnd(),
                     "for (" + Decl + "; " + Cond + "; " + IName +
                         " += " + totalThreads(Ctx, W.Index, W.Grid) + ")" + *Body);
      return;
    }

    // Strided: i = C * (id) - (C - 1) * threadIdx.x; the region in a lane loop.
    auto Init = textOf(W.Index->getInit());
    if (!Init)
      return fail("the global id is not text of this file");
    auto Decl = declarationWith(Ctx, W.IndexDecl, W.Index,
                                std::to_string(C) + " * (" + *Init + ") - " +
                                    std::to_string(C - 1) + " * threadIdx.x",
                                /*Mutable=*/true);
    if (!Decl)
      return fail("the declaration of '" + IName +
                  "' cannot be rewritten (a const not written first?)");
    EditBuilder Sub(Ctx);
    convertExits(Sub, W, /*Forward=*/true);
    if (W.Kind == Shape::EarlyReturn && W.ExitAlso) {
      // `if (i >= N || P) return;`: past the bound the lanes stop, P skips one.
      auto Test = textOf(W.Bound.Test);
      auto P = textWith(Ctx, exitAlsoRange(), {});
      CharSourceRange G = statementRange(Ctx, W.Guard);
      if (!Test || !P || G.isInvalid())
        return fail("the guard is not plain text of this file");
      Sub.replaceChars(G.getBegin(), G.getEnd(),
                       "if (" + *Test + ")\n" + Indent + Unit + "break;\n" + Indent + "if (" + *P + ")\n" +
                           Indent + Unit + "continue;");
    } else if (W.Kind == Shape::EarlyReturn) {
      const Stmt *Ret = W.Guard->getThen();
      if (const auto *CS = dyn_cast<CompoundStmt>(Ret))
        Ret = CS->body_front();
      Sub.replace(SourceRange(Ret->getBeginLoc()), "break");
    }
    if (!Sub.ok())
      return fail(Sub.failure().str(), Sub.failureLoc());
    auto RegionText = textWith(Ctx, Region, Sub.takeEdits());
    if (!RegionText)
      return fail("the element code is not plain text of this file");
    std::string K = laneName();
    B.replace(W.IndexDecl, *Decl);
    B.replaceChars(Region.getBegin(), Region.getEnd(),
                   "#pragma unroll\n" + Indent + "for (int " + K + " = 0; " + K + " < " +
                       std::to_string(C) + "; ++" + K + ", " + IName + " += blockDim.x) {\n" +
                       Indent + Unit + indentLines(*RegionText, Unit) + "\n" + Indent + "}");
  }

  /// The text range of P in `if (i >= N || P) return;` (to the end of the
  /// condition: `P || Q` whole).
  CharSourceRange exitAlsoRange() const {
    const auto *Top = cast<BinaryOperator>(W.Guard->getCond()->IgnoreParenImpCasts());
    return CharSourceRange::getCharRange(editableRange(Ctx, W.ExitAlso->getSourceRange()).getBegin(),
                                         editableRange(Ctx, Top->getRHS()->getSourceRange()).getEnd());
  }

  void reverse() {
    Indent = lineIndent(Ctx, W.Loop->getBeginLoc());
    std::string IName = W.Index->getName().str();
    removeHintLines();
    switch (W.Kind) {
    case Shape::GridStride: {
      if (const auto *Wh = dyn_cast<WhileStmt>(W.Loop)) {
        // `while (i < N) { S; i += total; }` becomes `if (i < N) { S }`.
        EditBuilder Sub(Ctx);
        convertExits(Sub, W, /*Forward=*/false);
        Sub.removeStatement(W.Increment);
        if (!Sub.ok())
          return fail(Sub.failure().str(), Sub.failureLoc());
        auto Body = textWith(Ctx, statementRange(Ctx, Wh->getBody()), Sub.takeEdits());
        auto Cond = textOf(Wh->getCond());
        CharSourceRange R = statementRange(Ctx, W.Loop);
        if (!Body || !Cond || R.isInvalid())
          return fail("the loop is not plain text of this file");
        B.replaceChars(R.getBegin(), R.getEnd(),
                       "if (" + *Cond + ")" + gapBefore(Ctx, Wh->getRParenLoc(), Wh->getBody()) + *Body);
        return;
      }
      const auto *F = cast<ForStmt>(W.Loop);
      EditBuilder Sub(Ctx);
      convertExits(Sub, W, /*Forward=*/false);
      if (!Sub.ok())
        return fail(Sub.failure().str(), Sub.failureLoc());
      auto Body = textWith(Ctx, statementRange(Ctx, F->getBody()), Sub.takeEdits());
      auto Init = F->getInit() ? textOf(F->getInit()) : std::nullopt;
      auto Cond = textOf(F->getCond());
      if (!Body || !Init || !Cond)
        return fail("the loop is not plain text of this file");
      std::string Decl = StringRef(*Init).rtrim().rtrim(';').rtrim().str() + ";";
      // The loop without its hints (their lines go with removeHintLines).
      CharSourceRange R = statementRange(Ctx, W.Loop);
      if (R.isInvalid())
        return fail("the loop is produced by a macro expansion");
      B.replaceChars(R.getBegin(), R.getEnd(),
                     Decl + "\n" + Indent + "if (" + *Cond + ")" +
                         gapBefore(Ctx, F->getRParenLoc(), F->getBody()) + *Body);
      return;
    }
    case Shape::Consecutive: {
      auto Body = laneBodyForOneElement();
      if (failed())
        return;
      const Expr *N = W.BoundExpr;
      if (const auto *P = dyn_cast<ParenExpr>(N);
          P && !needsParens(P->getSubExpr(), prec::Relational))
        N = P->getSubExpr();
      auto NT = textOf(N);
      if (!Body || !NT)
        return fail("the lane loop is not plain text of this file");
      CharSourceRange R = statementRange(Ctx, W.Guard);
      B.replaceChars(R.getBegin(), R.getEnd(),
                     "if (" + IName + " < " + *NT + ")" +
                         dedentLines(gapBefore(Ctx, W.FullLoop->getRParenLoc(), W.FullLoop->getBody()) +
                                         *Body,
                                     Unit));
      return;
    }
    case Shape::GroupGuarded: {
      // `i = C * id` becomes `i = id`; `i + k` becomes `i`; the lane loop goes.
      if (!indexFromId())
        return;
      auto Body = laneBodyForOneElement();
      if (failed())
        return;
      auto Cond = textOf(W.Guard->getCond());
      if (!Body || !Cond)
        return fail("the lane loop is not plain text of this file");
      CharSourceRange R = statementRange(Ctx, W.Guard);
      B.replaceChars(R.getBegin(), R.getEnd(),
                     "if (" + *Cond + ")" +
                         dedentLines(gapBefore(Ctx, W.FullLoop->getRParenLoc(), W.FullLoop->getBody()) + *Body,
                                     Unit));
      return;
    }
    case Shape::SteppedLoop: {
      const auto *F = cast<ForStmt>(W.Loop);
      if (!indexFromId())
        return;
      EditBuilder Sub(Ctx);
      convertExits(Sub, W, /*Forward=*/false);
      if (!Sub.ok())
        return fail(Sub.failure().str(), Sub.failureLoc());
      std::vector<TextEdit> Edits = Sub.takeEdits();
      std::optional<std::string> Body;
      if (const auto *CS = dyn_cast<CompoundStmt>(F->getBody()))
        Body = CS->body_empty()
                   ? std::optional<std::string>("")
                   : textWith(Ctx, statementsRange(Ctx, CS->body_front(), CS->body_back()), Edits);
      else
        Body = textWith(Ctx, statementRange(Ctx, F->getBody()), Edits);
      if (!Body)
        return fail("the loop body is not plain text of this file");
      CharSourceRange R = statementRange(Ctx, W.Loop);
      if (R.isInvalid())
        return fail("the loop is produced by a macro expansion");
      B.replaceChars(R.getBegin(), R.getEnd(),
                     isa<CompoundStmt>(F->getBody()) ? dedentLines(*Body, Unit) : *Body);
      return;
    }
    default:
      return;
    }
  }

  /// Grid edits of every launch (nothing under grid-edit-external).
  void launches(bool Forward, unsigned C) {
    if (AC.assumptions().gridEditExternal(W.Kernel->getNameAsString()))
      return;
    cuda::KernelLauncherGraph G(Ctx);
    for (const cuda::LaunchSite *L : coarsen::distinctLaunches(Ctx, G, W)) {
      bool Kept = false;
      auto P =
          Forward ? coarsen::divideGrid(B, Ctx, *L, C) : coarsen::coverGrid(B, Ctx, *L, W, Kept);
      if (P)
        return fail(P->Why, L->Loc);
    }
  }

  bool failed() const { return Failed; }

private:
  /// The builder records it: commit() turns it into source-rewritable.
  void fail(const std::string &Why, SourceLocation Loc = {}) {
    Failed = true;
    B.failWith(Why, Loc);
  }

  std::optional<std::string> textOf(const Stmt *S) {
    if (auto T = sourceText(Ctx, S))
      return T;
    return writtenText(Ctx, S);
  }

  /// The lane counter's name: free in all the code the lane loops hold
  /// (the guard with its bound, the element code).
  std::string laneName() {
    std::vector<const Stmt *> Scope = elementCode(W);
    Scope.push_back(W.Guard);
    return Names.getIn("k", Scope);
  }

  /// The lane loop's body as one element's code: lane indices become the
  /// index, exits become `return`; nullopt when it is not plain text (the
  /// site fails when an exit cannot be converted).
  std::optional<std::string> laneBodyForOneElement() {
    EditBuilder Sub(Ctx);
    laneIndicesToIndex(Sub);
    convertExits(Sub, W, /*Forward=*/false);
    if (!Sub.ok()) {
      fail(Sub.failure().str(), Sub.failureLoc());
      return std::nullopt;
    }
    return textWith(Ctx, statementRange(Ctx, W.FullLoop->getBody()), Sub.takeEdits());
  }

  /// Every lane index of the lane loop's body (`C * i + k`, group-guarded
  /// `i + k`) becomes the index's name in \p Sub, with the parentheses the
  /// forward put around it where it does not stand alone.
  void laneIndicesToIndex(EditBuilder &Sub) {
    std::string IName = W.Index->getName().str();
    std::set<const Expr *> Done;
    forEachNode(W.FullLoop->getBody(), [&](const Stmt *N) {
      const auto *Ref = dyn_cast<DeclRefExpr>(N);
      if (!Ref || (Ref->getDecl() != W.Index && Ref->getDecl() != W.Lane))
        return;
      const Expr *Lane = laneIndexAround(Ctx, W, Ref);
      if (!Lane || !Done.insert(Lane).second)
        return;
      const Expr *Target = Lane;
      auto Parents = Ctx.getParents(*Lane);
      if (const auto *P = Parents.empty() ? nullptr : Parents[0].get<ParenExpr>(); P && !standsAlone(Ctx, P))
        Target = P;
      if (!Done.insert(Target).second && Target != Lane)
        return;
      Sub.replace(Target, IName);
    });
  }

  /// The index's declaration initialised with the global id itself (the
  /// lane shapes' `C * id`); false after failing the site.
  bool indexFromId() {
    auto Id = idText();
    if (!Id) {
      fail("the global id cannot be written");
      return false;
    }
    auto Decl = declarationWith(Ctx, W.IndexDecl, W.Index, *Id, /*Mutable=*/false);
    if (!Decl) {
      fail("the declaration of '" + W.Index->getName().str() + "' cannot be rewritten");
      return false;
    }
    B.replace(W.IndexDecl, *Decl);
    return true;
  }

  /// The lane shapes: the global id the index had before coarsening.
  std::optional<std::string> idText() {
    const Expr *Init = W.Index->getInit()->IgnoreParenImpCasts();
    // C * (E) - (C-1) * threadIdx.x (forward's strided form) or C * (E) / (E) * C.
    if (const auto *Sub = dyn_cast<BinaryOperator>(Init); Sub && Sub->getOpcode() == BO_Sub)
      Init = Sub->getLHS()->IgnoreParenImpCasts();
    if (const auto *Mul = dyn_cast<BinaryOperator>(Init); Mul && Mul->getOpcode() == BO_Mul) {
      Linearizer Lin(Ctx);
      const FunctionFacts &Facts = AnalysisCache::of(Ctx).facts(W.Kernel);
      for (const Expr *Side : {Mul->getLHS(), Mul->getRHS()}) {
        const Expr *E = Side->IgnoreParens();
        if (globalIdOf(Lin, Facts, E))
          if (auto T = textOf(E))
            return T;
      }
    }
    QualType T = W.Index->getType().getUnqualifiedType();
    std::string Id = gridShapeText(W.Grid);
    if (Ctx.getTypeSize(T) >= 64)
      Id = W.Grid == GridShape::Linear
               ? "(" + T.getAsString(Ctx.getPrintingPolicy()) + ")" + Id
               : "((" + T.getAsString(Ctx.getPrintingPolicy()) +
                     ")blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x";
    return Id;
  }

  void removeHintLines() {
    const auto *A = dyn_cast<AttributedStmt>(W.LoopWithHints);
    if (!A)
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    for (const Attr *At : A->getAttrs()) {
      if (!isa<LoopHintAttr>(At))
        continue;
      SourceLocation L = At->getLocation();
      unsigned Start = 0, End = 0;
      if (L.isInvalid() || L.isMacroID() || !isEditable(SM, L) ||
          !lineContaining(SM, L, Start, End).trim().starts_with("#pragma"))
        return fail("the loop's hint comes from _Pragma or a macro");
      B.replaceChars(SM.getComposedLoc(SM.getFileID(L), Start), SM.getComposedLoc(SM.getFileID(L), End), "");
    }
  }

  AnalysisContext &AC;
  ASTContext &Ctx;
  const ElementWork &W;
  EditBuilder B;
  FreshNames Names;
  std::string Unit, Indent;
  bool Failed = false;
};

//===----------------------------------------------------------------------===//
// The pair
//===----------------------------------------------------------------------===//

class ThreadCoarsen final : public RewritePair {
public:
  StringRef name() const override { return Name; }
  StringRef intent() const override {
    return "each thread handles C elements instead of one (consecutive, strided or grid-stride), "
           "the launch grid divided by C: fewer threads and index computations, and consecutive "
           "lanes that vectorize-global-access merges into 128-bit accesses";
  }
  ArrayRef<PreconditionSpec> preconditions() const override { return Specs; }
  ArrayRef<OptionSpec> options() const override {
    static const OptionSpec Options[] = {
        {"mode",
         OptionSpec::Enum,
         "consecutive",
         "forward layout of a thread's C elements: consecutive (C*i .. C*i+C-1, a lane loop "
         "vectorize-global-access merges), strided (C elements at stride blockDim.x within the "
         "block's tile), grid-stride (a loop over the grid)",
         0,
         0,
         {"consecutive", "strided", "grid-stride"}},
        {"factor", OptionSpec::Int, "4",
         "forward: C, the elements per thread; every launch's grid is divided by it", 2, 64},
    };
    return Options;
  }

  void findSites(Direction D, AnalysisContext &AC) const override {
    ASTContext &Ctx = AC.ast();
    auto Kernels = match(functionDecl(isDefinition(), hasAttr(attr::CUDAGlobal)).bind("k"), Ctx);
    for (const BoundNodes &BN : Kernels) {
      const auto *FD = BN.getNodeAs<FunctionDecl>("k");
      if (!FD || FD->isDependentContext())
        continue;
      const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
      if (!Body)
        continue;
      if (D == Direction::Forward)
        forwardSites(AC, FD, Body);
      else
        reverseSites(AC, FD, Body);
    }
  }

private:
  void checkAll(Site &S, AnalysisContext &AC, const FunctionDecl *FD, DynTypedNode Node,
                Direction D) const {
    for (const PreconditionSpec &P : Specs)
      if (P.Dir == D)
        S.check(P, {AC, FD, Node});
  }

  /// Launch edits are built only where launch-editable holds: an unknown
  /// one (settled by an assumption) leaves the launches to the user.
  static bool launchesEditable(const Site &S) {
    return llvm::any_of(S.Preconditions, [](const PreconditionResult &P) {
      return P.Name == LaunchEditable && P.St == Status::Holds;
    });
  }

  static void commitEdits(Editor &E, Site &S) { commit(E.builder(), S); }

  void forwardSites(AnalysisContext &AC, const FunctionDecl *FD, const CompoundStmt *Body) const {
    ASTContext &Ctx = AC.ast();
    for (const Stmt *Top : Body->body()) {
      const auto *DS = dyn_cast<DeclStmt>(Top);
      const auto *V = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
      if (!V)
        continue;
      auto W = coarsen::forwardWork(Ctx, FD, V, knownBlockX(AC, FD));
      if (!W)
        continue;
      Mode M = modeOf(AC);
      unsigned C = factorOf(AC);
      Site &S = AC.addSite(Name, Direction::Forward, V->getLocation(), FD, "element-index");
      S.Summary = std::string("coarsen '") + FD->getNameAsString() + "' to " + std::to_string(C) +
                  " elements per thread (" + modeName(M) + "), dividing its launch grid by " +
                  std::to_string(C);
      S.Facts["mode"] = modeName(M);
      S.Facts["factor"] = std::to_string(C);
      S.Facts["index"] = V->getName().str();
      S.Facts["shape"] = W->Kind == Shape::EarlyReturn ? "early-return" : "guarded-if";
      checkAll(S, AC, FD, DynTypedNode::create(*V), Direction::Forward);
      if (W->Guard && W->BoundExpr) {
        Editor E(AC, *W);
        E.forward(M, C);
        if (!E.failed() && launchesEditable(S))
          E.launches(/*Forward=*/true, C);
        commitEdits(E, S);
      }
      return; // one index per kernel
    }
  }

  void reverseSites(AnalysisContext &AC, const FunctionDecl *FD, const CompoundStmt *Body) const {
    ASTContext &Ctx = AC.ast();
    for (const Stmt *Top : Body->body()) {
      const Stmt *Inner = Top;
      while (const auto *A = dyn_cast<AttributedStmt>(Inner))
        Inner = A->getSubStmt();
      if (!isa<ForStmt, WhileStmt, IfStmt>(Inner))
        continue;
      auto W = coarsen::reverseWork(Ctx, FD, Inner, knownBlockX(AC, FD));
      if (!W)
        continue;
      Site &S = AC.addSite(Name, Direction::Reverse, Inner->getBeginLoc(), FD, "coarsened-loop");
      const char *Kind = W->Kind == Shape::GridStride    ? "grid-stride"
                         : W->Kind == Shape::Consecutive ? "consecutive"
                         : W->Kind == Shape::GroupGuarded ? "group-guarded"
                         : W->Strided                    ? "strided"
                                                         : "consecutive-stepped";
      S.Summary = std::string("one element per thread in '") + FD->getNameAsString() + "' (from " +
                  Kind +
                  (W->Factor ? ", " + std::to_string(W->Factor) + " per thread" : std::string()) +
                  "), its launch grid made to cover the bound";
      S.Facts["shape"] = Kind;
      if (W->Factor)
        S.Facts["factor"] = std::to_string(W->Factor);
      checkAll(S, AC, FD, DynTypedNode::create(*Inner), Direction::Reverse);
      if (W->BoundExpr) {
        Editor E(AC, *W);
        E.reverse();
        if (!E.failed() && launchesEditable(S))
          E.launches(/*Forward=*/false, 0);
        commitEdits(E, S);
      }
    }
  }
};

} // namespace

std::unique_ptr<RewritePair> createThreadCoarsen() { return std::make_unique<ThreadCoarsen>(); }

} // namespace klineage
