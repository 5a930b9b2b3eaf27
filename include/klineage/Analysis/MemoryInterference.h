//===- MemoryInterference.h - Accesses between two points that may alias -*- C++ -*-===//
//
// Part of KLineage. Moving, merging or splitting a memory access is only
// sound if nothing in between touches the memory it reads or writes. Given a
// function's memory events (FunctionFacts) and the root of the moved access's
// pointer (PointerProvenance), interferences() lists the events in a span of
// the function that may: every call (its effect is unknown or a write), every
// write, and on request every read, whose pointer may alias the root
// (analysis::mayAlias, plus absence of aliasing the caller asserts).
// readsMemory tells whether an expression reads memory at all. Side-effect
// free.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_ANALYSIS_MEMORYINTERFERENCE_H
#define KLINEAGE_ANALYSIS_MEMORYINTERFERENCE_H

#include "klineage/Analysis/Mutation.h"
#include "klineage/Analysis/PointerProvenance.h"
#include <functional>
#include <string>
#include <vector>

namespace klineage {
namespace analysis {

/// True if evaluating \p E may read memory: it holds a subscript or a
/// dereference.
bool readsMemory(const clang::Expr *E);

/// A memory event that may touch the memory a pointer reaches.
struct Interference {
  const MemEvent *Event = nullptr;
  Alias Overlap = Alias::May; ///< Same: the same array; May: possibly (calls: always May)
  Root EventRoot;             ///< the root of the event's pointer (reads and writes)
  std::string Why;            ///< mayAlias's explanation (reads and writes)
};

/// Absence of aliasing the caller asserts for two roots that may alias
/// (--assume=noalias).
using AssertedNoAlias = std::function<bool(const Root &A, const Root &B)>;

/// The events of \p Facts that begin in [\p Begin, \p End) (expansion offsets)
/// and may touch memory reached through \p Target: every call, every write,
/// and with \p Reads every read, whose pointer root may alias \p Target.
/// Source order.
std::vector<Interference> interferences(const FunctionFacts &Facts, PointerProvenance &Prov,
                                        const Root &Target, unsigned Begin, unsigned End,
                                        bool Reads, const AssertedNoAlias &NoAlias = {});

} // namespace analysis
} // namespace klineage

#endif
