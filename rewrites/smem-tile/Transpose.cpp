//===- Transpose.cpp - smem-tile forward: a transposing store staged ------===//
//
// Part of KLineage. The forward of what smem-tile's reverse undoes in the
// transpose expert: a kernel of a square 2-D block that stores one element
// per thread at an address striding along threadIdx.y (`out[x * R + y] =
// in[y * C + x]`: the reads are coalesced, the writes are not) stages the
// value in a __shared__ tile at [threadIdx.y][threadIdx.x], waits, and
// writes the element of the thread with the roles of threadIdx.x and
// threadIdx.y swapped, read from the tile at [threadIdx.x][threadIdx.y]:
//
//   if (r < R && c < C)                      if (r < R && c < C)
//     out[c * R + r] = in[r * C + c];  ->       out_tile[threadIdx.y][threadIdx.x] = in[r * C + c];
//                                            __syncthreads();
//                                            {
//                                              int c_t = blockIdx.x * blockDim.x + threadIdx.y;
//                                              int r_t = blockIdx.y * blockDim.y + threadIdx.x;
//                                              if (r_t < R && c_t < C)
//                                                out[c_t * R + r_t] = out_tile[threadIdx.x][threadIdx.y];
//                                            }
//
// Thread (tx, ty) then writes the element thread (ty, tx) handled: along
// threadIdx.x its address steps by one. The tile is not padded: smem-pad
// removes its bank conflicts as a step of its own.
//
//===----------------------------------------------------------------------===//
#include "SmemTile.h"
#include "klineage/Analysis/AnalysisCache.h"
#include "klineage/Analysis/LinearForm.h"
#include "klineage/Analysis/SharedMemory.h"
#include "klineage/Analysis/ThreadIndex.h"
#include "klineage/Analysis/ThreadShift.h"
#include "klineage/Cuda/Builtins.h"
#include "klineage/Cuda/MemorySpace.h"
#include "klineage/Edit/EditBuilder.h"
#include "klineage/Edit/SourceBuilders.h"
#include "klineage/Edit/SourceCode.h"
#include "klineage/Rewrite/LaunchShape.h"
#include "klineage/Rewrite/SiteEdits.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include <set>

using namespace clang;
using namespace clang::ast_matchers;
using namespace llvm;

namespace klineage {
namespace smem_tile {

namespace {

/// The store to transpose and what the checks found.
struct TransposePlan : SiteSubject {
  std::optional<analysis::Dim3> Block;
  const Expr *Store = nullptr;                ///< `out[w] = v` (a struct's operator= too)
  const Expr *Value = nullptr;                ///< v
  const ArraySubscriptExpr *Target = nullptr; ///< `out[w]`
  const Stmt *StoreStmt = nullptr;            ///< the top-level statement holding it
  const IfStmt *Guard = nullptr;              ///< `if (C) out[w] = v;` or `if (E) return;`
  bool EarlyReturn = false;
  /// The reads transpose, not the write (`out[r * C + c] = in[c * R + r]`):
  /// the swapped thread stages the value, each thread writes its own.
  bool ReadSide = false;
  const VarDecl *Read = nullptr; ///< the array read (read side: the tile's name)
  std::string ElemType;
  uint64_t ElemBytes = 0;
  std::string WriteWhy, ControlWhy, SourceWhy;
  const Stmt *WriteAt = nullptr, *ControlAt = nullptr, *SourceAt = nullptr;
  /// Locals the guard or the address computes from the thread index.
  std::vector<const VarDecl *> Swapped;
  /// NVIDIA's transposeNaive: `for (j = 0; j < TILE; j += ROWS)` around the
  /// store, a block of TILE x ROWS threads covering a TILE x TILE tile, row
  /// `threadIdx.y + j` at each step. Bound and step: constants or
  /// blockDim.x / blockDim.y.
  const ForStmt *RowLoop = nullptr;
  const Stmt *RowBody = nullptr; ///< the loop's one statement: the store or its bound test
  const VarDecl *RowCounter = nullptr;
  const Expr *RowBound = nullptr, *RowStep = nullptr;
};

/// A row loop's bound or step: a constant, or blockDim.x / .y of \p Block.
std::optional<uint64_t> rowLoopValue(const ASTContext &Ctx, const Expr *E, const std::optional<analysis::Dim3> &Block) {
  if (!E)
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->isValueDependent() && E->EvaluateAsInt(R, Ctx) && R.Val.getInt().isStrictlyPositive())
    return R.Val.getInt().getZExtValue();
  if (auto B = cuda::builtinIndex(E->IgnoreParenImpCasts()); B && B->Var == cuda::BuiltinVar::BlockDim && Block)
    return B->Dim == 0 ? Block->X : B->Dim == 1 ? std::optional<uint64_t>(Block->Y) : std::nullopt;
  return std::nullopt;
}

/// `for (int j = 0; j < B; j += S) stmt` (or `j = j + S`) whose counter the
/// body does not change: the counter, B and S.
bool readRowLoop(const ForStmt *L, const analysis::FunctionFacts &F, TransposePlan &P) {
  const auto *DS = dyn_cast_or_null<DeclStmt>(L->getInit());
  const auto *J = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  Expr::EvalResult Zero;
  if (!J || !J->getType()->isIntegerType() || !J->getInit() || J->getInit()->isValueDependent() ||
      !J->getInit()->EvaluateAsInt(Zero, J->getASTContext()) || Zero.Val.getInt() != 0)
    return false;
  const auto *C = dyn_cast_or_null<BinaryOperator>(L->getCond() ? L->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!C || C->getOpcode() != BO_LT || analysis::refVar(C->getLHS()) != J)
    return false;
  const Expr *Step = nullptr;
  const Expr *Inc = L->getInc() ? L->getInc()->IgnoreParenImpCasts() : nullptr;
  if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc);
      CA && CA->getOpcode() == BO_AddAssign && analysis::refVar(CA->getLHS()) == J)
    Step = CA->getRHS();
  else if (const auto *A = dyn_cast_or_null<BinaryOperator>(Inc); A && A->getOpcode() == BO_Assign &&
                                                                   analysis::refVar(A->getLHS()) == J)
    if (const auto *Sum = dyn_cast<BinaryOperator>(A->getRHS()->IgnoreParenImpCasts());
        Sum && Sum->getOpcode() == BO_Add && analysis::refVar(Sum->getLHS()) == J)
      Step = Sum->getRHS();
  if (!Step || F.modifiedWithin(J, L->getBody()))
    return false;
  P.RowLoop = L;
  P.RowCounter = J;
  P.RowBound = C->getRHS();
  P.RowStep = Step;
  return true;
}

bool isTransposePlan(const PreconditionQuery &Q) { return dynamic_cast<const TransposePlan *>(Q.Subject); }
const TransposePlan &transposeOf(const PreconditionQuery &Q) { return *dynamic_cast<const TransposePlan *>(Q.Subject); }

std::string lineOf(const ASTContext &Ctx, const Stmt *S) {
  return std::to_string(Ctx.getSourceManager().getExpansionLineNumber(S->getBeginLoc()));
}

/// The step of \p F along threadIdx.<Dim>: 1 (contiguous), another
/// number or form, or none.
std::string stepText(analysis::Linearizer &Lin, const analysis::LinearForm &F, unsigned Dim, bool &One) {
  One = false;
  auto S = analysis::atomStep(F, analysis::threadIdxKey(Dim));
  if (!S)
    return analysis::mentionsAtom(F, analysis::threadIdxKey(Dim)) ? "a step that is not fixed" : "no step";
  One = S->Mono.empty() && S->Coeff == 1;
  std::vector<std::string> Names;
  for (const std::string &K : S->Mono)
    if (const analysis::Atom *A = Lin.atom(K))
      Names.push_back(A->Var ? A->Var->getName().str() : std::string("..."));
  std::string T = join(Names, " * ");
  if (T.empty())
    return std::to_string(S->Coeff);
  return S->Coeff == 1 ? T : std::to_string(S->Coeff) + " * " + T;
}

/// Locals whose values \p E computes from the thread index (through
/// others), in declaration order.
void threadLocals(const analysis::FunctionFacts &F, const Expr *E, std::vector<const VarDecl *> &Out) {
  std::vector<const VarDecl *> Vars;
  analysis::Linearizer::collectVars(E, Vars);
  for (const VarDecl *V : Vars) {
    if (!V->hasLocalStorage() || isa<ParmVarDecl>(V) || !V->getInit() || llvm::is_contained(Out, V))
      continue;
    std::vector<const VarDecl *> Inner;
    threadLocals(F, V->getInit(), Inner);
    bool Reads = !Inner.empty();
    // A builtin thread index in the initialiser.
    auto M = match(traverse(TK_AsIs, findAll(expr().bind("e"))), *V->getInit(),
                   const_cast<ASTContext &>(F.function()->getASTContext()));
    for (const auto &Bn : M)
      if (auto B = cuda::builtinIndex(Bn.getNodeAs<Expr>("e")); B && B->Var == cuda::BuiltinVar::ThreadIdx)
        Reads = true;
    for (const VarDecl *I : Inner)
      if (!llvm::is_contained(Out, I))
        Out.push_back(I);
    if (Reads)
      Out.push_back(V);
  }
}

/// The global reads of a stored value (and of the locals it names).
std::vector<const ArraySubscriptExpr *> valueReads(ASTContext &Ctx, const Expr *Value) {
  std::vector<const ArraySubscriptExpr *> Reads = globalReadsIn(Ctx, Value);
  // A struct copied whole (`out[w] = in[r]` of records) binds the element
  // to operator='s reference: no load in the AST, still the value's read.
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(Value->IgnoreImplicit()->IgnoreParenImpCasts());
      A && A->getBase()->IgnoreParenImpCasts()->getType()->isPointerType() && !llvm::is_contained(Reads, A))
    Reads.push_back(A);
  std::vector<const VarDecl *> ValueVars;
  analysis::Linearizer::collectVars(Value, ValueVars);
  for (const VarDecl *V : ValueVars)
    if (V->hasLocalStorage() && V->getInit() && !V->getType()->isIntegerType())
      for (const ArraySubscriptExpr *R : globalReadsIn(Ctx, V->getInit()))
        Reads.push_back(R);
  return Reads;
}

void plan(AnalysisContext &AC, const FunctionDecl *FD, const ArraySubscriptExpr *Target, const Expr *St, const Expr *Value,
          TransposePlan &P) {
  ASTContext &Ctx = AC.ast();
  const analysis::FunctionFacts &F = analysis::AnalysisCache::of(Ctx).facts(FD);
  const auto *Body = cast<CompoundStmt>(FD->getBody());
  P.Store = St;
  P.Value = Value;
  P.Target = Target;
  P.Block = knownBlockShape(AC, FD);
  auto Control = [&](std::string Why, const Stmt *At) {
    if (P.ControlWhy.empty()) {
      P.ControlWhy = std::move(Why);
      P.ControlAt = At;
    }
  };
  // The statement of the body holding the store: `if (C) store;`, or the
  // store after `if (E) return;` and declarations.
  const Stmt *Top = St;
  for (const Stmt *Up = F.parentOf(St); Up && Up != Body; Up = F.parentOf(Up))
    Top = Up;
  P.StoreStmt = Top;
  std::vector<const Stmt *> Kids(Body->body_begin(), Body->body_end());
  size_t At = std::find(Kids.begin(), Kids.end(), Top) - Kids.begin();
  // The store (or its bound test) alone in a row loop: NVIDIA's BLOCK_ROWS.
  const Stmt *Held = Top;
  if (const auto *L = dyn_cast<ForStmt>(Top); L && readRowLoop(L, F, P)) {
    Held = L->getBody();
    if (const auto *CS = dyn_cast<CompoundStmt>(Held); CS && CS->size() == 1)
      Held = CS->body_front();
    P.RowBody = Held;
  }
  if (const auto *If = dyn_cast<IfStmt>(Held)) {
    const Stmt *Then = If->getThen();
    if (const auto *CS = dyn_cast<CompoundStmt>(Then); CS && CS->size() == 1)
      Then = CS->body_front();
    if (If->getElse() || If->getInit() || If->getConditionVariable() || !isa<Expr>(Then) ||
        cast<Expr>(Then)->IgnoreImplicit() != St->IgnoreImplicit())
      Control("the store is not the whole branch of " + describe(Ctx, If), If);
    P.Guard = If;
  } else if (Held != St && !(isa<Expr>(Held) && cast<Expr>(Held)->IgnoreImplicit() == St->IgnoreImplicit())) {
    Control("the store sits inside the " +
                std::string(isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Held) ? "loop" : "statement") +
                " at line " + lineOf(Ctx, Held) +
                (P.RowLoop ? ", not alone in the row loop" : ", not under one bound test"),
            Held);
  }
  for (size_t I = 0; I < Kids.size(); ++I) {
    if (I == At)
      continue;
    const Stmt *K = Kids[I];
    // `if (E) return;` or `if (E) { return; }` before the store, nothing but
    // declarations between them.
    if (const auto *If = dyn_cast<IfStmt>(K); If && I < At && !P.Guard && !If->getElse()) {
      const Stmt *Then = If->getThen();
      if (const auto *CS = dyn_cast<CompoundStmt>(Then); CS && CS->size() == 1)
        Then = CS->body_front();
      if (isa<ReturnStmt>(Then) && llvm::all_of(llvm::ArrayRef(Kids).slice(I + 1, At - I - 1),
                                                [](const Stmt *S) { return isa<DeclStmt>(S); })) {
        if (P.RowLoop) {
          Control("the early return " + describe(Ctx, If->getCond()) + " before the row loop: test the bound "
                  "inside the loop, where each row is stored",
                  If);
          continue;
        }
        P.Guard = If;
        P.EarlyReturn = true;
        continue;
      }
    }
    if (isa<DeclStmt, NullStmt>(K)) {
      if (I > At)
        Control(describe(Ctx, K) + " follows the store: the barrier would come before it", K);
      else if (P.EarlyReturn && firstMemoryAccess(K, {}, false))
        Control(describe(Ctx, K) + " reads memory after the early return: threads past the bound would read it "
                "before the barrier",
                K);
      continue;
    }
    if (const auto *If = dyn_cast<IfStmt>(K))
      Control("the test " + describe(Ctx, If->getCond()) + " runs besides the store's bound test: only declarations "
              "and one bound test may",
              K);
    else
      Control("the statement at line " + lineOf(Ctx, K) + " runs besides the store: only declarations and one bound "
              "test may",
              K);
  }
  // Other exits, loops, barriers anywhere.
  auto Exits = match(traverse(TK_AsIs, findAll(stmt(anyOf(returnStmt(), forStmt(), whileStmt(), doStmt(),
                                                            gotoStmt()))
                                                   .bind("s"))),
                     *Body, Ctx);
  for (const auto &Bn : Exits) {
    const Stmt *S = Bn.getNodeAs<Stmt>("s");
    if ((P.EarlyReturn && analysis::containsStmt(P.Guard, S)) || S == P.RowLoop)
      continue;
    Control("the " + std::string(isa<ReturnStmt>(S) ? "return" : "loop") + " at line " + lineOf(Ctx, S) +
                " changes which threads reach the store: the barrier must be reached by every thread",
            S);
  }
  if (const CallExpr *Bar = firstBarrier(Body))
    Control(describe(Ctx, Bar) + ": the kernel already synchronises its block", Bar);

  // The transposing store: its address steps along threadIdx.y by one, not
  // along threadIdx.x, and what it stores is read coalesced; or (read side)
  // the store is coalesced and every read steps by one along threadIdx.y.
  analysis::Linearizer Lin(Ctx);
  auto W = analysis::expandedForm(Lin, F, Target->getIdx());
  bool XOne = false, YOne = false;
  if (W)
    stepText(Lin, *W, 0, XOne);
  std::string YStep = W ? stepText(Lin, *W, 1, YOne) : "";
  P.ReadSide = W && XOne;
  if (!W)
    P.WriteWhy = "the address of " + describe(Ctx, Target) + " is not an affine form of the thread indices";
  else if (!XOne && !YOne)
    P.WriteWhy = describe(Ctx, Target) + " steps by " + YStep + " along threadIdx.y: with the threads' roles "
                 "swapped it would still not be contiguous";
  if (!P.WriteWhy.empty())
    P.WriteAt = Target;
  if (P.RowLoop && P.WriteWhy.empty()) {
    // Each step handles row threadIdx.y + j of the tile: what the swapped
    // thread evaluates (write side: the address and the bound test; read
    // side: the value and the bound test) may see threadIdx.y and j only
    // through their sum. Each use of either (or of a local computed from
    // the thread index) is checked in the largest integer arithmetic around
    // it: an address, one side of a comparison.
    std::string JKey;
    if (auto JF = Lin.linearize(cast<BinaryOperator>(P.RowLoop->getCond()->IgnoreParenImpCasts())->getLHS()))
      for (const auto &[Mono, C] : JF->Terms)
        for (const std::string &K : Mono)
          JKey = K;
    auto BySum = [&](const analysis::LinearForm &Form) {
      return !JKey.empty() && analysis::dependsOnlyOnSum(Form, analysis::threadIdxKey(1), JKey);
    };
    std::vector<const VarDecl *> ThreadVars;
    threadLocals(F, P.ReadSide ? Value : Target->getIdx(), ThreadVars);
    if (P.Guard)
      threadLocals(F, P.Guard->getCond(), ThreadVars);
    auto ThroughSum = [&](const Expr *Root) -> const Expr * {
      const Expr *Bad = nullptr;
      std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
        if (!S || Bad)
          return;
        const auto *E = dyn_cast<Expr>(S);
        bool Use = false;
        if (E) {
          auto B = cuda::builtinIndex(E);
          Use = B && B->Var == cuda::BuiltinVar::ThreadIdx && B->Dim == 1;
          if (const auto *R = dyn_cast<DeclRefExpr>(E))
            Use = R->getDecl() == P.RowCounter || llvm::is_contained(ThreadVars, R->getDecl());
        }
        if (!Use) {
          for (const Stmt *C : S->children())
            Walk(C);
          return;
        }
        const Expr *Top = E;
        for (const Stmt *Up = F.parentOf(Top); Up; Up = F.parentOf(Up)) {
          const auto *UE = dyn_cast<Expr>(Up);
          const auto *BO = dyn_cast_or_null<BinaryOperator>(UE);
          if (!UE || !UE->getType()->isIntegerType() || (BO && !BO->isAdditiveOp() && BO->getOpcode() != BO_Mul) ||
              !isa<BinaryOperator, ParenExpr, ImplicitCastExpr, CStyleCastExpr, CXXFunctionalCastExpr,
                   CXXStaticCastExpr, UnaryOperator, PseudoObjectExpr>(UE))
            break;
          Top = UE;
        }
        auto Form = analysis::expandedForm(Lin, F, Top);
        if (!Form || !BySum(*Form))
          Bad = Top;
      };
      Walk(Root);
      return Bad;
    };
    std::string Row = "row threadIdx.y + " + P.RowCounter->getName().str();
    if (!P.ReadSide && ThroughSum(Target->getIdx())) {
      P.WriteWhy = describe(Ctx, Target) + " does not move by " + Row +
                   " of the row loop: the loop's steps are not rows of one tile";
      P.WriteAt = Target;
    } else if (const Expr *Bad = P.ReadSide ? ThroughSum(Value) : nullptr) {
      P.WriteWhy = "the stored value reads " + describe(Ctx, Bad) + ", which is not a form of " + Row +
                   ": the swapped thread could not evaluate it";
      P.WriteAt = Bad;
    } else if (const Expr *Bad = P.Guard ? ThroughSum(P.Guard->getCond()) : nullptr) {
      P.WriteWhy = "the test " + describe(Ctx, P.Guard->getCond()) + " reads " + describe(Ctx, Bad) +
                   ", which is not a form of " + Row + ": the swapped thread could not evaluate it";
      P.WriteAt = P.Guard->getCond();
    }
  }
  std::vector<const ArraySubscriptExpr *> Reads = valueReads(Ctx, Value);
  if (P.WriteWhy.empty() && Reads.empty()) {
    P.WriteWhy = "the stored value reads no global memory: a transposing tile would only move a computed value";
    P.WriteAt = Value;
  }
  for (const ArraySubscriptExpr *R : Reads) {
    auto RF = analysis::expandedForm(Lin, F, R->getIdx());
    bool One = false, YROne = false;
    std::string S = RF ? stepText(Lin, *RF, 0, One) : "", SY = RF ? stepText(Lin, *RF, 1, YROne) : "";
    if (P.WriteWhy.empty() && !P.ReadSide && (!RF || !One)) {
      P.WriteWhy = describe(Ctx, R) + " steps by " + (RF ? S : std::string("an unknown amount")) +
                   " along threadIdx.x: the staging must read as the kernel did, coalesced";
      P.WriteAt = R;
    }
    if (P.WriteWhy.empty() && P.ReadSide && (!RF || One || !YROne)) {
      P.WriteWhy = describe(Ctx, R) + (RF && One ? " is contiguous along threadIdx.x already"
                                                 : " steps by " + (RF ? SY : std::string("an unknown amount")) +
                                                       " along threadIdx.y") +
                   ": with the threads' roles swapped at the read it would not be contiguous, and the store is "
                   "already";
      P.WriteAt = R;
    }
    if (!P.Read)
      P.Read = analysis::refVar(R->getBase());
    // The stored pointer read by the value: the tile would reorder the
    // reads and writes of one array.
    if (P.SourceWhy.empty())
      if (const VarDecl *RV = analysis::refVar(R->getBase()); RV && RV == analysis::refVar(Target->getBase())) {
        P.SourceWhy = describe(Ctx, R) + " reads the array the kernel writes: the block's writes would move past "
                      "other threads' reads";
        P.SourceAt = R;
      }
  }
  P.ElemType = elementTypeText(Ctx, Target->getBase(), Target);
  P.ElemBytes = Ctx.getTypeSizeInChars(Target->getType()).getQuantity();
  // What the swapped thread computes: the write's address (write side) or
  // the value (read side), and the bound test.
  threadLocals(F, P.ReadSide ? Value : Target->getIdx(), P.Swapped);
  if (P.Guard)
    threadLocals(F, P.Guard->getCond(), P.Swapped);
  for (const VarDecl *V : P.Swapped)
    if (!F.mods(V).empty())
      Control("'" + V->getName().str() + "' changes after its declaration: the swapped thread cannot recompute it",
              F.mods(V).front().At);
}

// ---- preconditions ------------------------------------------------------------

Status transposeBlockShape(const PreconditionQuery &Q, PreconditionResult &R) {
  const TransposePlan &P = transposeOf(Q);
  if (!P.Block) {
    R.Reason = "the tile is the block's square, and the launches of '" + Q.Function->getNameAsString() +
               "' do not say its shape";
    R.Assumable = "block:" + Q.Function->getNameAsString() + ":X,Y";
    return Status::Unknown;
  }
  if (P.RowLoop) {
    ASTContext &Ctx = Q.AC.ast();
    auto Rows = rowLoopValue(Ctx, P.RowBound, P.Block), Step = rowLoopValue(Ctx, P.RowStep, P.Block);
    std::string J = P.RowCounter->getName().str();
    if (P.Block->Z != 1 || !Rows || !Step || *Rows != P.Block->X || *Step != P.Block->Y || P.Block->X % P.Block->Y) {
      R.Reason = "the block " + P.Block->str() + " and the row loop (" + J + " < " +
                 (Rows ? std::to_string(*Rows) : nodeText(Ctx, P.RowBound, "?")) + ", step " +
                 (Step ? std::to_string(*Step) : nodeText(Ctx, P.RowStep, "?")) +
                 ") do not cover a square tile: the loop must run to blockDim.x by blockDim.y, a divisor of it, "
                 "with no z extent";
      return Status::Fails;
    }
    R.Reason = "'" + Q.Function->getNameAsString() + "' runs blocks " + P.Block->str() + " whose rows threadIdx.y + " +
               J + " cover a " + std::to_string(P.Block->X) + " x " + std::to_string(P.Block->X) + " tile";
    return Status::Holds;
  }
  if (P.Block->Z != 1 || P.Block->X != P.Block->Y) {
    R.Reason = "the block " + P.Block->str() + " is not square: swapping threadIdx.x and threadIdx.y needs "
               "blockDim.x == blockDim.y (and no z extent)";
    return Status::Fails;
  }
  R.Reason = "'" + Q.Function->getNameAsString() + "' runs square blocks " + P.Block->str();
  return Status::Holds;
}

Status transposeControl(const PreconditionQuery &Q, PreconditionResult &R) {
  const TransposePlan &P = transposeOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (!P.ControlWhy.empty()) {
    R.Reason = P.ControlWhy;
    R.Evidence.push_back(evidenceAt(Ctx, P.ControlAt->getBeginLoc(), "control", "keeps threads from the barrier"));
    return Status::Fails;
  }
  R.Reason = P.Guard ? "the bound test " + describe(Ctx, P.Guard->getCond()) +
                           " guards the staging and, with the threads swapped, the write; the barrier between "
                           "them is outside it"
                     : std::string("every thread stores: the barrier between the staging and the write is reached "
                                   "by all");
  return Status::Holds;
}

Status transposeSource(const PreconditionQuery &Q, PreconditionResult &R) {
  const TransposePlan &P = transposeOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (!P.SourceWhy.empty()) {
    R.Reason = P.SourceWhy;
    R.Evidence.push_back(evidenceAt(Ctx, P.SourceAt->getBeginLoc(), "read", "of the written array"));
    return Status::Fails;
  }
  R.Reason = "the stored value reads no element of the array the kernel writes";
  return Status::Holds;
}

Status transposeSharedMemory(const PreconditionQuery &Q, PreconditionResult &R) {
  const TransposePlan &P = transposeOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (!P.Block) {
    R.Reason = "no tile to size (block-shape-known)";
    return Status::Unknown;
  }
  return tilesFit(Ctx, Q.Function, P.Block->X * P.Block->X * P.ElemBytes, "the tile", R);
}

// ---- edits --------------------------------------------------------------------

/// What the swapped thread reads for threadIdx.x and .y, and the texts of
/// the variables it recomputes (the swapped locals, and a row loop's
/// counter, 0: the row comes from threadIdx.y alone).
struct Swap {
  std::string X = "threadIdx.y", Y = "threadIdx.x";
  std::map<const VarDecl *, std::string> Names;
};

/// \p S's text with threadIdx.x and threadIdx.y swapped, the swapped
/// locals renamed, and \p Value (when given) replaced by \p ValueText; a
/// statement with its ';' unless \p AsExpr.
std::optional<std::string> swappedText(ASTContext &Ctx, const Stmt *S, const Swap &Sw, const Expr *Value,
                                       StringRef ValueText, bool AsExpr) {
  const auto &Names = Sw.Names;
  auto Replace = [&](const Expr *E) -> std::optional<std::string> {
    if (E == Value)
      return ValueText.str();
    if (auto B = cuda::builtinIndex(E); B && B->Var == cuda::BuiltinVar::ThreadIdx && B->Dim < 2)
      return B->Dim == 0 ? Sw.X : Sw.Y;
    if (const auto *D = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
        if (auto It = Names.find(V); It != Names.end())
          return It->second;
    return std::nullopt;
  };
  if (const auto *E = dyn_cast<Expr>(S); E && AsExpr)
    return substitutedText(Ctx, E, Replace);
  return substitutedStmtText(Ctx, S, Replace);
}

/// The swapped text of \p Cond negated: `a || b` through De Morgan,
/// integer comparisons flipped, anything else `!(...)`.
std::optional<std::string> negatedSwapped(ASTContext &Ctx, const Expr *Cond, const Swap &Names) {
  const Expr *C = Cond->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(C)) {
    if (B->getOpcode() == BO_LOr) {
      auto L = negatedSwapped(Ctx, B->getLHS(), Names), R = negatedSwapped(Ctx, B->getRHS(), Names);
      if (!L || !R)
        return std::nullopt;
      return *L + " && " + *R;
    }
    static const std::map<BinaryOperatorKind, const char *> Flip = {
        {BO_LT, " >= "}, {BO_GE, " < "}, {BO_GT, " <= "}, {BO_LE, " > "}, {BO_EQ, " != "}, {BO_NE, " == "}};
    if (auto It = Flip.find(B->getOpcode());
        It != Flip.end() && B->getLHS()->getType()->isIntegralOrEnumerationType() &&
        B->getRHS()->getType()->isIntegralOrEnumerationType()) {
      auto L = swappedText(Ctx, B->getLHS(), Names, nullptr, "", true),
           R = swappedText(Ctx, B->getRHS(), Names, nullptr, "", true);
      if (!L || !R)
        return std::nullopt;
      return *L + It->second + *R;
    }
  }
  auto T = swappedText(Ctx, Cond, Names, nullptr, "", true);
  if (!T)
    return std::nullopt;
  return "!(" + *T + ")";
}

void transposeEdits(AnalysisContext &AC, const FunctionDecl *FD, TransposePlan &P, Site &S) {
  ASTContext &Ctx = AC.ast();
  const auto *Body = cast<CompoundStmt>(FD->getBody());
  FreshNames Fresh(Ctx);
  // Named after the array it stages for (`out_tile`; read side: the array
  // read, `in_tile`), as the loop tiles are.
  const VarDecl *Out = P.ReadSide ? P.Read : analysis::refVar(P.Target->getBase());
  std::string Tile = Fresh.get((Out ? Out->getName().str() : std::string("transpose")) + "_tile");
  std::string Unit = indentUnitOf(Ctx, Body);
  std::string Indent = lineIndent(Ctx, P.StoreStmt->getBeginLoc());
  std::string B = std::to_string(P.Block->X);
  Swap Sw;
  auto &Names = Sw.Names;
  for (const VarDecl *V : P.Swapped)
    Names[V] = Fresh.get(V->getName().str() + "_t");
  std::string J = P.RowCounter ? P.RowCounter->getName().str() : "";
  if (P.RowLoop) {
    // Step j of thread (tx, ty) writes row tx, column ty + j of the tile:
    // what thread (ty + j, tx) stored at its step 0.
    Sw.X = "(threadIdx.y + " + J + ")";
    Names[P.RowCounter] = "0";
  }
  EditBuilder E(Ctx);
  auto Fail = [&](std::string Why, const Stmt *At) {
    E.failWith(Why, At->getBeginLoc());
    commit(E, S);
  };
  // Every form ends alike: the tile declared first in the body.
  auto Finish = [&] {
    E.insertLineBefore(Body->body_front()->getBeginLoc(),
                       "__shared__ " + P.ElemType + " " + Tile + "[" + B + "][" + B + "];");
    S.Facts["tile"] = Tile + "[" + B + "][" + B + "]";
    commit(E, S);
  };
  // A row loop's header as written, for its copy.
  std::optional<std::string> RowHeader;
  if (P.RowLoop)
    if (CharSourceRange R = editableRange(Ctx, SourceRange(P.RowLoop->getBeginLoc(), P.RowLoop->getRParenLoc()));
        R.isValid())
      RowHeader = rangeText(Ctx, R);
  // The swapped thread's locals.
  std::string Decls;
  for (const VarDecl *V : P.Swapped) {
    auto Init = swappedText(Ctx, V->getInit(), Sw, nullptr, "", true);
    if (!Init)
      return Fail("the initialiser of '" + V->getName().str() + "' is not plain text of this file", V->getInit());
    // The type as written (`const unsigned`), else as clang prints it.
    std::optional<std::string> Type;
    // (the declaration's specifiers, from its start to the end of its type
    // specifier: `const unsigned`, also for the second of `int x = .., y = ..;`)
    SourceLocation TB = V->getBeginLoc(), TE = V->getTypeSpecEndLoc();
    if (!V->getType()->isPointerType() && TB.isFileID() && TE.isFileID()) {
      const SourceManager &SM = Ctx.getSourceManager();
      SourceLocation End = Lexer::getLocForEndOfToken(TE, 0, SM, Ctx.getLangOpts());
      StringRef Buf = SM.getBufferData(SM.getFileID(TB));
      unsigned B = SM.getFileOffset(TB), N = End.isValid() ? SM.getFileOffset(End) : 0;
      if (B < N && N <= Buf.size())
        Type = Buf.slice(B, N).trim().str();
    }
    if (!Type || Type->empty())
      Type = V->getType().getAsString(Ctx.getPrintingPolicy());
    Decls += Indent + Unit + *Type + " " + Names[V] + " = " + *Init + ";\n";
  }
  if (P.RowLoop && P.ReadSide) {
    // A copy of the loop stages, at step j, the value of the thread whose
    // column is threadIdx.y + j and whose row is threadIdx.x (under its own
    // bound test); after the barrier each step stores its own element.
    auto Value = swappedText(Ctx, P.Value, Sw, nullptr, "", true);
    std::optional<std::string> Cond;
    if (P.Guard)
      Cond = swappedText(Ctx, P.Guard->getCond(), Sw, nullptr, "", true);
    if (!RowHeader || !Value || (P.Guard && !Cond))
      return Fail("the row loop is not plain text of this file", P.RowLoop);
    std::string Staging = Tile + "[threadIdx.y + " + J + "][threadIdx.x] = " + *Value + ";";
    if (Cond)
      Staging = "if (" + *Cond + ")\n" + Indent + Unit + Unit + Staging;
    E.insertLineAbovePragmas(P.StoreStmt, *RowHeader + " {\n" + Decls + Indent + Unit + Staging + "\n" + Indent +
                                              "}\n" + Indent + "__syncthreads();");
    E.replace(P.Value, Tile + "[threadIdx.x][threadIdx.y + " + J + "]");
    return Finish();
  }
  std::string Read = Tile + "[threadIdx.x][threadIdx.y]";
  std::string Stage = Tile + "[threadIdx.y][threadIdx.x]";
  if (P.ReadSide) {
    // The swapped thread's value into the tile (under its bound test), a
    // barrier, then each thread's own store from the tile.
    auto Value = swappedText(Ctx, P.Value, Sw, nullptr, "", true);
    std::optional<std::string> Cond;
    if (P.Guard)
      Cond = P.EarlyReturn ? negatedSwapped(Ctx, P.Guard->getCond(), Sw)
                           : swappedText(Ctx, P.Guard->getCond(), Sw, nullptr, "", true);
    auto Own = substitutedStmtText(Ctx, P.StoreStmt, [&](const Expr *X) -> std::optional<std::string> {
      return X == P.Value ? std::optional(Read) : std::nullopt;
    });
    if (!Value || (P.Guard && !Cond) || !Own)
      return Fail("the store is not plain text of this file", P.StoreStmt);
    std::string Staging = Stage + " = " + *Value + ";";
    if (Cond)
      Staging = "if (" + *Cond + ")\n" + Indent + Unit + Unit + Staging;
    std::string Phase1 = "{\n" + Decls + Indent + Unit + Staging + "\n" + Indent + "}\n" + Indent + "__syncthreads();";
    if (P.EarlyReturn) {
      auto Neg = negatedText(Ctx, P.Guard->getCond());
      if (!Neg)
        return Fail("the early return's test is not plain text of this file", P.Guard);
      E.removeStatement(P.Guard);
      E.replaceStatement(P.StoreStmt, Phase1 + "\n" + Indent + "if (" + *Neg + ")\n" + Indent + Unit + *Own);
    } else {
      E.replace(P.Value, Read);
      E.insertLineBefore(P.StoreStmt->getBeginLoc(), Phase1);
    }
    return Finish();
  }
  if (P.RowLoop) {
    // Stage row threadIdx.y + j; after the barrier, a copy of the loop
    // writes each step's swapped element.
    std::string RowRead = Tile + "[threadIdx.x][threadIdx.y + " + J + "]";
    auto Write = swappedText(Ctx, P.RowBody, Sw, P.Value, RowRead, false);
    if (!Write || !RowHeader)
      return Fail("the row loop is not plain text of this file", P.RowLoop);
    E.replace(P.Target, Tile + "[threadIdx.y + " + J + "][threadIdx.x]");
    // (The body's lines after the first keep their place: it sits in the
    // copy as deep as in the loop.)
    E.insertLineAfter(P.StoreStmt, "__syncthreads();\n" + Indent + *RowHeader + " {\n" + Decls + Indent + Unit +
                                       *Write + "\n" + Indent + "}");
    return Finish();
  }
  std::optional<std::string> Write = swappedText(Ctx, P.StoreStmt, Sw, P.Value, Read, false);
  if (Write && P.EarlyReturn) {
    // The early return's test, swapped, negated: the write's guard.
    auto Cond = negatedSwapped(Ctx, P.Guard->getCond(), Sw);
    Write = Cond ? std::optional("if (" + *Cond + ")\n" + Indent + Unit + *Write) : std::nullopt;
  }
  if (!Write)
    return Fail("the store is not plain text of this file", P.StoreStmt);
  std::string Phase2 = "__syncthreads();\n" + Indent + "{\n" + Decls + Indent + Unit + indentLines(*Write, Unit) +
                       "\n" + Indent + "}";
  if (P.EarlyReturn) {
    // The staging under the negated early return; the return goes.
    auto Neg = negatedText(Ctx, P.Guard->getCond());
    auto Value = sourceText(Ctx, P.Value);
    if (!Neg || !Value)
      return Fail("the early return's test is not plain text of this file", P.Guard);
    E.removeStatement(P.Guard);
    E.replaceStatement(P.StoreStmt,
                       "if (" + *Neg + ")\n" + Indent + Unit + Stage + " = " + *Value + ";\n" + Indent + Phase2);
  } else {
    E.replace(P.Target, Stage);
    E.insertLineAfter(P.StoreStmt, Phase2);
  }
  Finish();
}

} // namespace

bool transposeChecks(const PreconditionQuery &Q, StringRef Name, PreconditionResult &R, Status &Out) {
  if (!isTransposePlan(Q))
    return false;
  if (Name == BlockShapeKnown)
    Out = transposeBlockShape(Q, R);
  else if (Name == BarriersReachable)
    Out = transposeControl(Q, R);
  else if (Name == SourceNotWritten)
    Out = transposeSource(Q, R);
  else if (Name == SharedMemoryFits)
    Out = transposeSharedMemory(Q, R);
  else
    return false;
  return true;
}

Status checkWriteTransposed(const PreconditionQuery &Q, PreconditionResult &R) {
  if (!isTransposePlan(Q)) {
    R.Reason = "not a transposing store's site";
    return Status::Unknown;
  }
  const TransposePlan &P = transposeOf(Q);
  ASTContext &Ctx = Q.AC.ast();
  if (!P.WriteWhy.empty()) {
    R.Reason = P.WriteWhy;
    R.Evidence.push_back(evidenceAt(Ctx, P.WriteAt->getBeginLoc(), "access", "not transposed"));
    return Status::Fails;
  }
  R.Reason = P.ReadSide ? describe(Ctx, P.Target) + " steps by one along threadIdx.x, and every read of what it "
                          "stores steps by one along threadIdx.y and not along threadIdx.x: read by the thread with "
                          "x and y swapped, both are contiguous"
                        : describe(Ctx, P.Target) + " steps by one along threadIdx.y and not along threadIdx.x, and "
                          "what it stores is read contiguously along threadIdx.x: with the threads swapped both are "
                          "contiguous";
  return Status::Holds;
}

void findTransposeSites(const RewritePair &Pair, AnalysisContext &AC, const FunctionDecl *FD) {
  ASTContext &Ctx = AC.ast();
  // One store to global memory in the whole kernel, striding along threadIdx.x.
  auto Stores = match(traverse(TK_AsIs, findAll(expr(anyOf(binaryOperator(isAssignmentOperator()),
                                                            cxxOperatorCallExpr(isAssignmentOperator())))
                                                    .bind("b"))),
                      *FD->getBody(), Ctx);
  const Expr *Store = nullptr, *Value = nullptr;
  const ArraySubscriptExpr *Target = nullptr;
  unsigned Count = 0;
  bool Plain = false;
  for (const auto &Bn : Stores) {
    const auto *E = Bn.getNodeAs<Expr>("b");
    const Expr *L = nullptr, *R = nullptr;
    bool Assign = false;
    if (const auto *B = dyn_cast<BinaryOperator>(E))
      L = B->getLHS(), R = B->getRHS(), Assign = B->getOpcode() == BO_Assign;
    else if (const auto *C = dyn_cast<CXXOperatorCallExpr>(E); C && C->getNumArgs() == 2)
      L = C->getArg(0), R = C->getArg(1), Assign = C->getOperator() == OO_Equal;
    if (!L || !analysis::isMemoryLValue(L) || isLocalArrayElement(L))
      continue;
    ++Count;
    Store = E;
    Value = R;
    Plain = Assign;
    Target = dyn_cast<ArraySubscriptExpr>(L->IgnoreParenImpCasts());
  }
  if (Count != 1 || !Target || !Plain || !Target->getBase()->IgnoreParenImpCasts()->getType()->isPointerType())
    return;
  if (const VarDecl *V = analysis::refVar(Target->getBase()); !V || cuda::isShared(V))
    return;
  // Atomics, calls: not one plain store (a struct's implicit operator= is
  // the store itself; what it copies is checked on its own).
  std::vector<const Expr *> Allowed{Target};
  if (isa<CXXOperatorCallExpr>(Store))
    Allowed.push_back(Store);
  if (firstMemoryAccess(FD->getBody(), Allowed, true) || firstMemoryAccess(Value, {}, true))
    return;
  // The address strides along threadIdx.x and moves with threadIdx.y.
  const analysis::FunctionFacts &F = analysis::AnalysisCache::of(Ctx).facts(FD);
  analysis::Linearizer Lin(Ctx);
  auto W = analysis::expandedForm(Lin, F, Target->getIdx());
  if (!W || !analysis::mentionsAtom(*W, analysis::threadIdxKey(0)) ||
      !analysis::mentionsAtom(*W, analysis::threadIdxKey(1)))
    return;
  // A coalesced store is a site when some read of its value strides along
  // threadIdx.x and moves with threadIdx.y (the read side).
  bool XOne = false;
  stepText(Lin, *W, 0, XOne);
  if (XOne && llvm::none_of(valueReads(Ctx, Value), [&](const ArraySubscriptExpr *R) {
        auto RF = analysis::expandedForm(Lin, F, R->getIdx());
        bool One = false;
        if (RF)
          stepText(Lin, *RF, 0, One);
        return RF && !One && analysis::mentionsAtom(*RF, analysis::threadIdxKey(1));
      }))
    return;
  auto P = std::make_unique<TransposePlan>();
  plan(AC, FD, Target, Store, Value, *P);
  // (P lives until the checks and edits below are done.)
  Site &S = AC.addSite(Name, Direction::Forward, Store->getBeginLoc(), FD, "transpose");
  S.Summary = P->ReadSide ? "read the value " + describe(Ctx, Target) + " stores with threadIdx.x and threadIdx.y "
                            "swapped, contiguously, through a __shared__ tile"
                          : "stage the value " + describe(Ctx, Target) + " stores in a __shared__ tile and write it "
                            "with threadIdx.x and threadIdx.y swapped, contiguously";
  S.Facts["side"] = P->ReadSide ? "read" : "write";
  S.Facts["block-shape"] = P->Block ? P->Block->str() : "unknown";
  PreconditionQuery Q{AC, FD, DynTypedNode::create(*Store), P.get()};
  for (const PreconditionSpec &Spec : Pair.preconditions())
    if (Spec.Dir == Direction::Forward &&
        (Spec.Name == BlockShapeKnown || Spec.Name == WriteTransposed || Spec.Name == BarriersReachable ||
         Spec.Name == SourceNotWritten || Spec.Name == SharedMemoryFits))
      S.check(Spec, Q);
  if (S.verdict() != Status::Fails && P->Block && P->WriteWhy.empty())
    transposeEdits(AC, FD, *P, S);
}

} // namespace smem_tile
} // namespace klineage
