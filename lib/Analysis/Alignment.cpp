//===- Alignment.cpp - Is a pointer aligned to N bytes? -------------------===//
#include "klineage/Analysis/Alignment.h"
#include "clang/AST/Decl.h"
#include <numeric>

using namespace clang;

namespace klineage {
namespace analysis {

/// alignof(T) in bytes; 0 for types without one here (void, incomplete,
/// dependent).
static unsigned typeAlign(const ASTContext &Ctx, QualType T) {
  if (T.isNull() || T->isVoidType() || T->isIncompleteType() || T->isDependentType())
    return 0;
  return unsigned(Ctx.getTypeAlignInChars(T).getQuantity());
}

/// The array member of a struct that \p R is rooted at, or null.
static const FieldDecl *arrayField(const Root &R) {
  const auto *FD = R.K == Root::Member ? dyn_cast_or_null<FieldDecl>(R.D) : nullptr;
  return FD && FD->getType()->isArrayType() ? FD : nullptr;
}

RootAlignment Alignment::rootAlignment(const Root &R) const {
  RootAlignment A;
  auto Offer = [&](RootAlignment::Source From, unsigned Bytes) {
    if (Bytes > A.Bytes) {
      A.From = From;
      A.Bytes = Bytes;
    }
  };
  if (R.AlignBytes) {
    Offer(RootAlignment::AssumeAligned, *R.AlignBytes);
    return A;
  }
  switch (R.K) {
  case Root::GlobalVar:
  case Root::Shared:
  case Root::LocalArray:
    if (R.D)
      Offer(RootAlignment::Declared,
            unsigned(Ctx.getDeclAlign(R.D, /*ForAlignof=*/true).getQuantity()));
    break;
  case Root::KernelParam:
  case Root::DeviceParam:
    if (R.D && R.D->getType()->isPointerType())
      Offer(RootAlignment::PointeeType, typeAlign(Ctx, R.D->getType()->getPointeeType()));
    if (Asserted)
      if (auto B = Asserted(R.Name))
        Offer(RootAlignment::Asserted, *B);
    break;
  case Root::Member:
    if (const FieldDecl *F = arrayField(R))
      Offer(RootAlignment::RecordType,
            typeAlign(Ctx, Ctx.getCanonicalTagType(F->getParent())));
    else if (const auto *F = dyn_cast_or_null<FieldDecl>(R.D); F && F->getType()->isPointerType())
      Offer(RootAlignment::PointeeType, typeAlign(Ctx, F->getType()->getPointeeType()));
    break;
  case Root::LocalScalar:
  case Root::Unknown:
    break;
  }
  return A;
}

AlignmentAnswer Alignment::alignedTo(const Root &R, unsigned Need) {
  AlignmentAnswer A;
  A.Need = Need;
  auto Answer = [&](Truth T, AlignmentAnswer::Reason Why) {
    A.T = T;
    A.Why = Why;
    return A;
  };
  // A named pointer on the way asserted aligned settles it whatever its offset.
  if (Asserted)
    for (const std::string &N : R.Chain)
      if (auto B = Asserted(N); B && *B >= Need) {
        A.Name = N;
        A.AssertedBytes = *B;
        return Answer(Truth::Holds, AlignmentAnswer::AssertedOnTheWay);
      }
  A.Root = rootAlignment(R);
  // A parameter advanced in place: each advance must keep the alignment.
  for (const Expr *Adv : R.Advances) {
    auto F = Lin.linearizeValue(Adv);
    int64_t Step = R.AdvanceElemBytes > 0 ? R.AdvanceElemBytes : 1;
    if (!F || R.AdvanceElemBytes <= 0 ||
        !Div.formMultiple(*F, int64_t(Need) / std::gcd(Step, int64_t(Need)))) {
      A.Advance = Adv;
      return Answer(Truth::Unknown, AlignmentAnswer::AdvanceNotMultiple);
    }
  }
  if (!R.OffsetKnown)
    return Answer(Truth::Unknown, AlignmentAnswer::OffsetUnknown);
  A.Offset = R.OffsetBytes.constant();
  A.SymbolicOffset = !R.OffsetBytes.isConstant();
  bool ConstantMultiple = A.Offset % int64_t(Need) == 0;
  bool SymbolicMultiple =
      !A.SymbolicOffset || Div.formMultiple(R.OffsetBytes.symbolic(), int64_t(Need));
  if (arrayField(R)) {
    if (!ConstantMultiple || !SymbolicMultiple)
      return Answer(A.SymbolicOffset ? Truth::Unknown : Truth::Fails, AlignmentAnswer::FieldOffset);
    if (A.Root.Bytes < Need)
      return Answer(Truth::Unknown, AlignmentAnswer::FieldInStruct);
    return Answer(Truth::Holds, AlignmentAnswer::Aligned);
  }
  if (!A.SymbolicOffset && !ConstantMultiple)
    return Answer(Truth::Fails, AlignmentAnswer::ConstantOffset);
  if (!SymbolicMultiple)
    return Answer(Truth::Unknown, AlignmentAnswer::OffsetNotMultiple);
  if (A.Root.From == RootAlignment::None)
    return Answer(Truth::Unknown, AlignmentAnswer::RootUnknown);
  if (A.Root.Bytes < Need)
    return Answer(A.Root.exact() ? Truth::Fails : Truth::Unknown, AlignmentAnswer::RootTooSmall);
  // The constant part is a multiple too (a symbolic offset may carry one).
  if (!ConstantMultiple)
    return Answer(Truth::Fails, AlignmentAnswer::ConstantOffset);
  return Answer(Truth::Holds, AlignmentAnswer::Aligned);
}

} // namespace analysis
} // namespace klineage
