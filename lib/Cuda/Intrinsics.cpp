//===- Intrinsics.cpp - Tables of CUDA functions and types ----------------===//
#include "klineage/Cuda/Intrinsics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Type.h"
#include "clang/Basic/Builtins.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using llvm::StringRef;

namespace klineage {
namespace cuda {

bool isPureCallee(StringRef N) {
  static const char *const Pure[] = {
      "make_float4", "make_float2", "make_int4", "make_int2", "make_uint4", "make_uint2",
      "make_float3", "make_int3", "min", "max", "fminf", "fmaxf", "fabsf", "sqrtf", "rsqrtf",
      "expf", "__expf", "exp2f", "logf", "__logf", "log2f", "tanhf", "sinf", "cosf", "__sinf",
      "__cosf", "powf", "__powf", "fmaf", "__fmaf_rn", "__fmul_rn", "__fadd_rn", "__fdividef",
      "__frcp_rn", "floorf", "ceilf", "roundf", "truncf", "abs", "fabs", "sqrt", "exp", "log",
      "tanh", "erff", "__saturatef", "__float2int_rn", "__int2float_rn", "__mul24", "__umul24",
      "__popc", "__clz", "__ffs", "__brev", "rintf", "copysignf", "isnan", "isinf", "__ldg",
      "__shfl_sync", "__shfl_down_sync", "__shfl_up_sync", "__shfl_xor_sync", "__ballot_sync",
      "__any_sync", "__all_sync", "static_cast"};
  for (const char *P : Pure)
    if (N == P)
      return true;
  return false;
}

bool isPureFunction(const FunctionDecl *F) {
  if (!F || !F->getIdentifier())
    return false;
  if (isPureCallee(F->getName()) || F->hasAttr<ConstAttr>() || F->hasAttr<PureAttr>())
    return true;
  unsigned Id = F->getBuiltinID();
  const Builtin::Context &B = F->getASTContext().BuiltinInfo;
  return Id && (B.isConst(Id) || B.isPure(Id));
}

bool isAtomicCallee(StringRef N) {
  return N.starts_with("atomic") || N.starts_with("__atomic") || N.starts_with("__nv_atomic") ||
         N.starts_with("__hip_atomic") || N.starts_with("__nvvm_atom") || N.starts_with("__red") ||
         N.starts_with("red_");
}

bool isCacheHintStore(StringRef N) {
  return N.starts_with("__stcg") || N.starts_with("__stcs") || N.starts_with("__stwb") ||
         N.starts_with("__stwt");
}

bool isAtomicOrStoreCallee(StringRef N) { return isAtomicCallee(N) || isCacheHintStore(N); }

bool isCacheHintLoad(StringRef N) {
  return llvm::StringSwitch<bool>(N)
      .Cases("__ldg", "__ldca", "__ldcg", "__ldcs", "__ldlu", "__ldcv", true)
      .Default(false);
}

const CallExpr *cacheHintLoadOf(const Expr *Element, ASTContext &Ctx) {
  // Up from the element through parens to '&', then through parens and
  // casts to the call's only argument.
  DynTypedNode N = DynTypedNode::create(*Element);
  bool AddressTaken = false;
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    auto Ps = Ctx.getParents(N);
    if (Ps.size() != 1)
      return nullptr;
    N = Ps[0];
    const Expr *P = N.get<Expr>();
    if (!P)
      return nullptr;
    if (isa<ParenExpr>(P) || (AddressTaken && isa<CastExpr>(P)))
      continue;
    if (const auto *U = dyn_cast<UnaryOperator>(P); U && U->getOpcode() == UO_AddrOf && !AddressTaken) {
      AddressTaken = true;
      continue;
    }
    const auto *Call = dyn_cast<CallExpr>(P);
    const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
    if (AddressTaken && F && F->getIdentifier() && isCacheHintLoad(F->getName()) && Call->getNumArgs() == 1)
      return Call;
    return nullptr;
  }
  return nullptr;
}

bool isWarpShuffle(StringRef N) {
  return llvm::StringSwitch<bool>(N)
      .Cases("__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", true)
      .Cases("__shfl", "__shfl_up", "__shfl_down", "__shfl_xor", true)
      .Default(false);
}

bool isWarpCollective(StringRef N) {
  return isWarpShuffle(N) || N.starts_with("__match_") || N.starts_with("__reduce_") ||
         N.starts_with("__lanemask_") ||
         llvm::StringSwitch<bool>(N)
             .Cases("__ballot_sync", "__any_sync", "__all_sync", "__uni_sync", "__activemask", true)
             .Cases("__ballot", "__any", "__all", "__syncwarp", true)
             .Default(false);
}

bool isBlockBarrier(StringRef N) {
  return llvm::StringSwitch<bool>(N)
      .Cases("__syncthreads", "__syncthreads_count", "__syncthreads_and", "__syncthreads_or", true)
      .Cases("__barrier_sync", "__nvvm_barrier0", "__nvvm_barrier_sync", true)
      .Default(false);
}

const char *syncScopeName(SyncScope S) {
  switch (S) {
  case SyncScope::Warp: return "warp";
  case SyncScope::Block: return "block";
  case SyncScope::Grid: return "grid";
  }
  return "block";
}

/// The scope of a cooperative group of type \p T, by its class's name in
/// namespace cooperative_groups (the headers' inline namespaces vary).
static std::optional<SyncScope> groupScope(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier())
    return std::nullopt;
  bool InCG = false;
  for (const DeclContext *DC = RD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      InCG |= NS->getName() == "cooperative_groups";
  if (!InCG)
    return std::nullopt;
  return llvm::StringSwitch<std::optional<SyncScope>>(RD->getName())
      .Case("thread_block", SyncScope::Block)
      .Cases("grid_group", "multi_grid_group", SyncScope::Grid)
      .Cases("thread_block_tile", "coalesced_group", SyncScope::Warp)
      .Default(std::nullopt);
}

std::optional<SyncScope> barrierScope(const CallExpr *C) {
  const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
  if (!F || !F->getIdentifier())
    return std::nullopt;
  StringRef N = F->getName();
  if (isBlockBarrier(N))
    return SyncScope::Block;
  if (N == "__syncwarp")
    return SyncScope::Warp;
  if (N != "sync")
    return std::nullopt;
  // `g.sync()`: sync may be a static member (thread_block's is), so read
  // the object's type off the callee rather than a CXXMemberCallExpr.
  if (const auto *M = dyn_cast<MemberExpr>(C->getCallee()->IgnoreParenImpCasts())) {
    QualType T = M->getBase()->getType();
    return groupScope(M->isArrow() ? T->getPointeeType() : T);
  }
  if (C->getNumArgs() == 1)
    return groupScope(C->getArg(0)->getType());
  return std::nullopt;
}

std::optional<std::string> scalarKind(QualType T) {
  T = T.getCanonicalType();
  if (T.isVolatileQualified())
    return std::nullopt;
  const auto *BT = T->getAs<BuiltinType>();
  if (!BT)
    return std::nullopt;
  switch (BT->getKind()) {
  case BuiltinType::Float: return std::string("float");
  case BuiltinType::Int: return std::string("int");
  case BuiltinType::UInt: return std::string("uint");
  default: return std::nullopt;
  }
}

std::optional<std::pair<std::string, unsigned>> vectorKind(QualType T) {
  T = T.getCanonicalType();
  const auto *RD = T->getAsRecordDecl();
  if (!RD || !RD->getIdentifier())
    return std::nullopt;
  StringRef N = RD->getName();
  for (const char *E : {"float", "int", "uint"})
    for (unsigned V : {2u, 4u})
      if (N == (llvm::Twine(E) + llvm::Twine(V)).str())
        return std::make_pair(std::string(E), V);
  return std::nullopt;
}

std::optional<AtomicFunction> atomicFunction(StringRef Name) {
  if (!Name.consume_front("atomic"))
    return std::nullopt;
  AtomicScope Scope = AtomicScope::Device;
  if (Name.consume_back("_block"))
    Scope = AtomicScope::Block;
  else if (Name.consume_back("_system"))
    Scope = AtomicScope::System;
  std::optional<AtomicOp> Op = llvm::StringSwitch<std::optional<AtomicOp>>(Name)
                                   .Case("Add", AtomicOp::Add)
                                   .Case("Sub", AtomicOp::Sub)
                                   .Case("Max", AtomicOp::Max)
                                   .Case("Min", AtomicOp::Min)
                                   .Case("And", AtomicOp::And)
                                   .Case("Or", AtomicOp::Or)
                                   .Case("Xor", AtomicOp::Xor)
                                   .Case("Inc", AtomicOp::Inc)
                                   .Case("Dec", AtomicOp::Dec)
                                   .Case("Exch", AtomicOp::Exch)
                                   .Case("CAS", AtomicOp::CAS)
                                   .Default(std::nullopt);
  if (!Op)
    return std::nullopt;
  return AtomicFunction{*Op, Scope};
}

std::string atomicFunctionName(AtomicFunction F) {
  static const char *const Ops[] = {"Add", "Sub", "Max",  "Min",  "And", "Or",
                                    "Xor", "Inc", "Dec", "Exch", "CAS"};
  std::string N = std::string("atomic") + Ops[static_cast<unsigned>(F.Op)];
  if (F.Scope == AtomicScope::Block)
    N += "_block";
  else if (F.Scope == AtomicScope::System)
    N += "_system";
  return N;
}

std::optional<ScalarType> scalarTypeOf(QualType T) {
  const auto *BT = T.getCanonicalType()->getAs<BuiltinType>();
  if (!BT)
    return std::nullopt;
  switch (BT->getKind()) {
  case BuiltinType::Int: return ScalarType::Int;
  case BuiltinType::UInt: return ScalarType::UInt;
  case BuiltinType::LongLong: return ScalarType::LongLong;
  case BuiltinType::ULongLong: return ScalarType::ULongLong;
  case BuiltinType::Float: return ScalarType::Float;
  case BuiltinType::Double: return ScalarType::Double;
  default: return std::nullopt;
  }
}

const char *scalarTypeSpelling(ScalarType T) {
  switch (T) {
  case ScalarType::Int: return "int";
  case ScalarType::UInt: return "unsigned int";
  case ScalarType::LongLong: return "long long";
  case ScalarType::ULongLong: return "unsigned long long";
  case ScalarType::Float: return "float";
  case ScalarType::Double: return "double";
  }
  return "int";
}

bool isFloatingPoint(ScalarType T) { return T == ScalarType::Float || T == ScalarType::Double; }

bool hasAtomic(AtomicOp Op, ScalarType T) {
  bool Int32 = T == ScalarType::Int || T == ScalarType::UInt;
  bool Int64 = T == ScalarType::LongLong || T == ScalarType::ULongLong;
  switch (Op) {
  case AtomicOp::Add: return T != ScalarType::LongLong;
  case AtomicOp::Sub: return Int32;
  case AtomicOp::Inc:
  case AtomicOp::Dec: return T == ScalarType::UInt;
  case AtomicOp::Max:
  case AtomicOp::Min:
  case AtomicOp::And:
  case AtomicOp::Or:
  case AtomicOp::Xor: return Int32 || Int64;
  case AtomicOp::Exch: return Int32 || T == ScalarType::ULongLong || T == ScalarType::Float;
  case AtomicOp::CAS: return Int32 || T == ScalarType::ULongLong;
  }
  return false;
}

const char *reduceOpName(ReduceOp Op) {
  switch (Op) {
  case ReduceOp::Add: return "sum";
  case ReduceOp::Max: return "max";
  case ReduceOp::Min: return "min";
  case ReduceOp::And: return "and";
  case ReduceOp::Or: return "or";
  case ReduceOp::Xor: return "xor";
  }
  return "sum";
}

std::optional<ReduceOp> aggregateOf(AtomicOp Op) {
  switch (Op) {
  case AtomicOp::Add:
  case AtomicOp::Sub: return ReduceOp::Add;
  case AtomicOp::Max: return ReduceOp::Max;
  case AtomicOp::Min: return ReduceOp::Min;
  case AtomicOp::And: return ReduceOp::And;
  case AtomicOp::Or: return ReduceOp::Or;
  case AtomicOp::Xor: return ReduceOp::Xor;
  case AtomicOp::Inc:
  case AtomicOp::Dec:
  case AtomicOp::Exch:
  case AtomicOp::CAS: return std::nullopt;
  }
  return std::nullopt;
}

static bool isBitwise(ReduceOp Op) {
  return Op == ReduceOp::And || Op == ReduceOp::Or || Op == ReduceOp::Xor;
}

bool reduceSupports(ReduceOp Op, ScalarType T) { return !isBitwise(Op) || !isFloatingPoint(T); }

bool isOrderIndependent(ReduceOp Op, ScalarType T) {
  return reduceSupports(Op, T) && !(Op == ReduceOp::Add && isFloatingPoint(T));
}

std::string identityLiteral(ReduceOp Op, ScalarType T) {
  // Integer literals carry their type's suffix so that `acc = max(acc, v)`
  // and `x ? a : identity` pick the type's overloads and conversions.
  static const char *const Zero[] = {"0", "0u", "0ll", "0ull", "-0.0f", "-0.0"};
  static const char *const AllOnes[] = {"~0", "~0u", "~0ll", "~0ull", "", ""};
  static const char *const Lowest[] = {"(-2147483647 - 1)", "0u", "(-9223372036854775807ll - 1)",
                                       "0ull", "-INFINITY", "-(double)INFINITY"};
  static const char *const Highest[] = {"2147483647", "0xffffffffu", "9223372036854775807ll",
                                        "0xffffffffffffffffull", "INFINITY", "(double)INFINITY"};
  unsigned I = static_cast<unsigned>(T);
  switch (Op) {
  case ReduceOp::Add:
  case ReduceOp::Or:
  case ReduceOp::Xor: return Zero[I];
  case ReduceOp::And: return AllOnes[I];
  case ReduceOp::Max: return Lowest[I];
  case ReduceOp::Min: return Highest[I];
  }
  return Zero[I];
}

bool isIdentityValue(ReduceOp Op, ScalarType T, const APValue &V) {
  if (V.isFloat()) {
    const llvm::APFloat &F = V.getFloat();
    switch (Op) {
    case ReduceOp::Add: return F.isZero();
    case ReduceOp::Max: return F.isInfinity() && F.isNegative();
    case ReduceOp::Min: return F.isInfinity() && !F.isNegative();
    default: return false;
    }
  }
  if (!V.isInt() || isFloatingPoint(T))
    return false;
  const llvm::APSInt &I = V.getInt();
  unsigned Bits = T == ScalarType::Int || T == ScalarType::UInt ? 32 : 64;
  bool Signed = T == ScalarType::Int || T == ScalarType::LongLong;
  // The value as the accumulator of type T holds it (conversion wraps).
  llvm::APInt W = I.extOrTrunc(Bits);
  switch (Op) {
  case ReduceOp::Add:
  case ReduceOp::Or:
  case ReduceOp::Xor: return W.isZero();
  case ReduceOp::And: return W.isAllOnes();
  case ReduceOp::Max: return Signed ? W.isMinSignedValue() : W.isZero();
  case ReduceOp::Min: return Signed ? W.isMaxSignedValue() : W.isAllOnes();
  }
  return false;
}

std::string foldText(ReduceOp Op, StringRef Acc, StringRef Value) {
  switch (Op) {
  case ReduceOp::Add: return (Acc + " += " + Value).str();
  case ReduceOp::Max: return (Acc + " = max(" + Acc + ", " + Value + ")").str();
  case ReduceOp::Min: return (Acc + " = min(" + Acc + ", " + Value + ")").str();
  case ReduceOp::And: return (Acc + " &= " + Value).str();
  case ReduceOp::Or: return (Acc + " |= " + Value).str();
  case ReduceOp::Xor: return (Acc + " ^= " + Value).str();
  }
  return "";
}

bool isHalfPrecisionMember(const FunctionDecl *F) {
  const auto *M = dyn_cast_or_null<CXXMethodDecl>(F);
  const CXXRecordDecl *RD = M ? M->getParent() : nullptr;
  if (!RD || !RD->getIdentifier())
    return false;
  for (const char *Half : {"__half", "__half2", "__nv_bfloat16", "__nv_bfloat162"})
    if (RD->getName() == Half)
      return true;
  return false;
}

bool ldgSupports(ASTContext &Ctx, QualType Pointee) {
  QualType T = Pointee.getCanonicalType().getUnqualifiedType();
  IdentifierInfo &II = Ctx.Idents.get("__ldg");
  for (NamedDecl *ND : Ctx.getTranslationUnitDecl()->lookup(DeclarationName(&II))) {
    const auto *FD = dyn_cast<FunctionDecl>(ND);
    if (!FD || FD->getNumParams() != 1)
      continue;
    if (const auto *PT = FD->getParamDecl(0)->getType()->getAs<PointerType>())
      if (Ctx.hasSameUnqualifiedType(PT->getPointeeType(), T))
        return true;
  }
  return false;
}

} // namespace cuda
} // namespace klineage
