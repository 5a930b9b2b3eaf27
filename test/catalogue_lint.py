#!/usr/bin/env python3
"""Lints the rewrite catalogue against its docs and tests:

  catalogue_lint.py LIST.json SRC_ROOT

LIST.json is `klineage-rewrite --list --format=json` (the pairs and their
preconditions). The engine's generic preconditions are not in it; their ids
are the rows of the diagnostics table in docs/klineage-rewrite.md, and each
must have one. Fails (exit 1, one line per gap) when:
  - two preconditions share a name with different ids, or an id with
    different names (pairs and generic ones together);
  - a pair has no docs/rewrites/<pair>.md, or no test/rewrites/<pair>/;
  - a precondition has no row (name, direction, id) in its pair's docs page;
  - a precondition of a pair has no test/rewrites/<pair>/negative-<name>.cu,
    or no negative-<name>[-variant].cu checks a refusal of a site by it in
    each of its directions (CHECK-MESSAGES "cannot apply '<pair>' (<dir>) ...
    precondition '<name>' fails|is unknown: ... [KL<id>]"), unless it is in
    NEGATIVE_EXEMPT below;
  - a pair's source assumes the main file (MAIN_FILE_ONLY below): sites and
    edits are in user headers too, so a pair reads and composes locations in
    the file of the node it edits (SM.getFileID) and asks isEditable
    (include/klineage/Edit/SourceCode.h) where it would ask isInMainFile.
"""
import glob
import json
import os
import re
import sys

# Evaluated by the engine for every pair, tested once in test/tool.
GENERIC = ["source-rewritable", "instantiations-agree", "no-conflicting-edits"]

# (pair, precondition) -> why no input can have it as the only blocker.
# Empty: every precondition of every pair has a refusal test today.
NEGATIVE_EXEMPT = {}

# A docs table row: | `name` | dir | KL<id> | ...
ROW = re.compile(r"^\|\s*`([a-z0-9-]+)`\s*\|([^|]*)\|\s*KL(\d+)\s*\|", re.M)
# A diagnostics table row: | KL<id> | `name` fails: ...
GENERIC_ROW = re.compile(r"^\|\s*KL(\d+)\s*\|\s*`([a-z0-9-]+)` fails", re.M)
DIR_WORDS = {"forward": ("fwd", "both"), "reverse": ("rev", "both")}
# Calls that tie a pair to the main file.
MAIN_FILE_ONLY = re.compile(r"\b(getMainFileID|isInMainFile|isExpansionInMainFile|isWrittenInMainFile)\b")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def main():
    pairs = json.load(open(sys.argv[1]))
    root = sys.argv[2]
    gaps = []

    generic_ids = {name: int(i) for i, name in
                   GENERIC_ROW.findall(read(os.path.join(root, "docs", "klineage-rewrite.md")))}
    by_name, by_id = {}, {}

    def record(owner, name, ident):
        by_name.setdefault(name, {}).setdefault(ident, set()).add(owner)
        by_id.setdefault(ident, {}).setdefault(name, set()).add(owner)

    for name in GENERIC:
        if name not in generic_ids:
            gaps.append("generic precondition '%s' has no row in docs/klineage-rewrite.md" % name)
        else:
            record("engine", name, generic_ids[name])

    for pair in pairs:
        p = pair["name"]
        doc_path = os.path.join(root, "docs", "rewrites", p + ".md")
        test_dir = os.path.join(root, "test", "rewrites", p)
        rows = ROW.findall(read(doc_path)) if os.path.isfile(doc_path) else None
        if rows is None:
            gaps.append("%s: no docs page docs/rewrites/%s.md" % (p, p))
        if not os.path.isdir(test_dir):
            gaps.append("%s: no test folder test/rewrites/%s/" % (p, p))
        for pre in pair["preconditions"]:
            n, d = pre["name"], pre["direction"]
            ident = int(pre["diagnostic"][2:])
            record(p, n, ident)
            if rows is not None and not any(
                    rn == n and int(ri) == ident and any(w in rd for w in DIR_WORDS[d])
                    for rn, rd, ri in rows):
                gaps.append("%s: precondition '%s' (%s, KL%d) has no row in docs/rewrites/%s.md"
                            % (p, n, d, ident, p))
            if (p, n) in NEGATIVE_EXEMPT:
                continue
            if not os.path.isfile(os.path.join(test_dir, "negative-%s.cu" % n)):
                gaps.append("%s: precondition '%s' has no test/rewrites/%s/negative-%s.cu"
                            % (p, n, p, n))
                continue
            refusal = re.compile(
                r"CHECK-MESSAGES:.*cannot apply '%s' \(%s\) at site \d+: precondition '%s' "
                r"(fails|is unknown): .*\[KL%d\]" % (re.escape(p), d, re.escape(n), ident))
            files = [os.path.join(test_dir, "negative-%s.cu" % n)] + sorted(
                glob.glob(os.path.join(test_dir, "negative-%s-*.cu" % n)))
            if not any(refusal.search(read(f)) for f in files):
                gaps.append("%s: no negative-%s[-*].cu checks a %s refusal by '%s' [KL%d]"
                            % (p, n, d, n, ident))

    for name, ids in sorted(by_name.items()):
        if len(ids) > 1:
            gaps.append("precondition name '%s' has several ids: %s" % (
                name, ", ".join("KL%d (%s)" % (i, ", ".join(sorted(o))) for i, o in sorted(ids.items()))))
    for ident, names in sorted(by_id.items()):
        if len(names) > 1:
            gaps.append("KL%d names several preconditions: %s" % (
                ident, ", ".join("'%s' (%s)" % (n, ", ".join(sorted(o))) for n, o in sorted(names.items()))))

    for path in sorted(glob.glob(os.path.join(root, "rewrites", "**", "*.*"), recursive=True)):
        if not path.endswith((".cpp", ".h")):
            continue
        for n, line in enumerate(read(path).split("\n"), 1):
            m = MAIN_FILE_ONLY.search(line)
            if m:
                gaps.append("%s:%d: '%s' assumes the main file; sites and edits may be in user "
                            "headers (use the node's file and isEditable, Edit/SourceCode.h)"
                            % (os.path.relpath(path, root), n, m.group(1)))

    for g in gaps:
        print("catalogue-lint: " + g)
    if gaps:
        sys.exit(1)
    print("catalogue-lint: %d pairs, %d preconditions: ok" % (
        len(pairs), sum(len(p["preconditions"]) for p in pairs)))


if __name__ == "__main__":
    main()
