// PLACEHOLDER: replaced by the real ReadonlyRestrict rewrite in this session.
#include "RewriteRegistry.h"
namespace klineage {
std::unique_ptr<RewritePair> createReadonlyRestrict() { return nullptr; }
}
