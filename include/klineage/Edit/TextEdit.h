//===- TextEdit.h - A byte-range edit of one file -------------------------===//
//
// Part of KLineage. The unit every edit is reduced to: replace Length bytes
// at Offset of File with Text. Lives below the rewrite engine so that edit
// builders need not know what a Site is.
//
//===----------------------------------------------------------------------===//
#ifndef KLINEAGE_EDIT_TEXTEDIT_H
#define KLINEAGE_EDIT_TEXTEDIT_H

#include <string>
#include <tuple>

namespace klineage {

/// A textual edit of one file (the main file or a user header), by byte
/// offset.
struct TextEdit {
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;
  /// The file, as the parse's source manager names it (editFilePath).
  std::string File;
  bool operator==(const TextEdit &O) const {
    return Offset == O.Offset && Length == O.Length && Text == O.Text && File == O.File;
  }
  bool operator<(const TextEdit &O) const {
    return std::tie(File, Offset, Length) < std::tie(O.File, O.Offset, O.Length);
  }
};

} // namespace klineage

#endif
