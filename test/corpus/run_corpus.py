#!/usr/bin/env python3
"""Runs klineage-rewrite over one corpus file the way a user would, and checks
that nothing breaks:

  run_corpus.py --tool=klineage-rewrite --nvcc=nvcc --tmp=DIR FILE.cu

1. The input must compile with nvcc (-arch=sm_90 -c); the corpus is real CUDA.
2. For each mode (no assumptions, then --assume=all): one --list-sites
   --format=json over every rewrite and direction; the listing must be a JSON
   array of site objects and the tool must exit 0.
3. For each rewrite x direction with at least one applicable site: apply
   every site to a copy (never in place: the corpus' headers are copied next
   to it, and --out-dir writes the main file and every changed header); the
   exit must be 0 or 2, and the output must compile with nvcc (the copies'
   directory, then the corpus', on the include path).
4. Every `// CORPUS-EXPECT-REFUSED: rewrite=R direction=D line=N [assume=all]`
   must hold: no site of R/D anchored at line N of the file is applicable (in
   that mode, or in both when assume= is absent). line=@+K is K lines below
   the comment; contains=TEXT narrows it to sites whose summary contains TEXT.

Failures (kinds): crash (a signal or an exit outside 0-4), exit-1 (bad input
on a file that parsed), failed-after-change (exit 4), no-compile, bad-json,
list-exit (a listing that does not exit 0), refused-applied (an
EXPECT-REFUSED site is applicable), input-no-compile.

A known bug is marked in the file, never silently passed:
  // CORPUS-XFAIL kind=K [rewrite=R] [direction=D] [assume=all|none]: reason
The driver prints XFAIL for each failure it matches; a failure nothing
matches, or an XFAIL entry that matches no failure (XPASS), fails the test.
Per-file counts (sites, applicable, applied) are printed to stdout.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

MODES = (("none", []), ("all", ["--assume=all"]))
DIRECTIONS = ("forward", "reverse")
SITE_KEYS = ("rewrite", "direction", "site", "file", "line", "column", "function", "summary",
             "applicable", "verdict", "preconditions", "edits")
# CORPUS-XFAIL takes no colon: lit would read "XFAIL:" as its own directive.
DIRECTIVE = re.compile(r"//\s*(CORPUS-XFAIL|CORPUS-EXPECT-REFUSED:)\s*(.*)$")


def parse_kv(text):
    """'a=1 b=2: reason' -> ({'a': '1', 'b': '2'}, 'reason')."""
    head, _, reason = text.partition(":")
    kv = {}
    for tok in head.split():
        k, _, v = tok.partition("=")
        kv[k] = v
    return kv, reason.strip()


class Corpus:
    def __init__(self, args):
        self.args = args
        self.src = os.path.abspath(args.input)
        self.name = os.path.basename(self.src)
        self.incdir = os.path.dirname(self.src)
        self.tmp = os.path.abspath(args.tmp)
        shutil.rmtree(self.tmp, ignore_errors=True)
        os.makedirs(self.tmp)
        self.copy = os.path.join(self.tmp, self.name)
        shutil.copyfile(self.src, self.copy)
        # The headers beside it, so a rewrite that edits one edits a copy.
        for f in os.listdir(self.incdir):
            if f.endswith((".cuh", ".h")):
                shutil.copyfile(os.path.join(self.incdir, f), os.path.join(self.tmp, f))
        self.lines = open(self.src).read().split("\n")
        self.failures = []  # (kind, rewrite, direction, mode, detail)
        self.nvcc_cache = {}
        self.xfails, self.refused = [], []
        for n, line in enumerate(self.lines, 1):
            m = DIRECTIVE.search(line)
            if not m:
                continue
            kv, reason = parse_kv(m.group(2))
            if m.group(1) == "CORPUS-XFAIL":
                if "kind" not in kv or not reason:
                    sys.exit("%s:%d: CORPUS-XFAIL needs kind=... and ': reason'" % (self.name, n))
                self.xfails.append(dict(kv, reason=reason, line=n, used=False))
            else:
                where = kv.get("line", "")
                if where.startswith("@+"):
                    kv["line"] = n + int(where[2:])
                elif where.isdigit():
                    kv["line"] = int(where)
                else:
                    sys.exit("%s:%d: CORPUS-EXPECT-REFUSED needs line=N or line=@+K" % (self.name, n))
                if "rewrite" not in kv or "direction" not in kv:
                    sys.exit("%s:%d: CORPUS-EXPECT-REFUSED needs rewrite= and direction=" % (self.name, n))
                self.refused.append(kv)

    def run(self, cmd):
        return subprocess.run(cmd, capture_output=True, text=True)

    def tool(self, extra):
        return self.run([self.args.tool] + extra + ["--extra-arg=-I" + self.incdir])

    def fail(self, kind, rewrite, direction, mode, detail):
        self.failures.append((kind, rewrite, direction, mode, detail))

    def nvcc(self, path):
        """True if nvcc compiles PATH; cached by the content of PATH and of
        every other file in its directory (headers it may include)."""
        digest = hashlib.sha256()
        folder = os.path.dirname(path)
        for f in sorted(os.listdir(folder)):
            full = os.path.join(folder, f)
            if os.path.isfile(full) and (full == path or f.endswith((".cuh", ".h"))):
                digest.update(f.encode() + b"\0" + open(full, "rb").read())
        key = digest.hexdigest()
        if key not in self.nvcc_cache:
            r = self.run([self.args.nvcc, "-arch=sm_90", "-std=c++17", "-c", "-I", self.tmp, "-I",
                          self.incdir, path, "-o", path + ".o"])
            self.nvcc_cache[key] = (r.returncode == 0, r.stdout + r.stderr)
        return self.nvcc_cache[key]

    @staticmethod
    def exit_kind(rc):
        if rc < 0 or rc > 4:
            return "crash"
        return {1: "exit-1", 4: "failed-after-change"}.get(rc)

    def listing(self, mode, flags):
        r = self.tool(["--list-sites", "--format=json"] + flags + [self.copy])
        kind = self.exit_kind(r.returncode)
        if r.returncode != 0:
            self.fail(kind or "list-exit", "*", "*", mode, "listing exited %d: %s" % (r.returncode, r.stderr[-2000:]))
            return None
        try:
            sites = json.loads(r.stdout)
            if not isinstance(sites, list):
                raise ValueError("not an array")
            for s in sites:
                missing = [k for k in SITE_KEYS if k not in s]
                if missing:
                    raise ValueError("site without %s" % ", ".join(missing))
        except ValueError as e:
            self.fail("bad-json", "*", "*", mode, "listing is not the JSON contract: %s" % e)
            return None
        return sites

    def apply(self, mode, flags, rewrite, direction, applicable):
        outdir = os.path.join(self.tmp, "%s.%s.%s" % (rewrite, direction, mode))
        out = os.path.join(outdir, self.name)
        r = self.tool(["--rewrite=" + rewrite, "--direction=" + direction] + flags +
                      [self.copy, "--out-dir=" + outdir])
        tag = "%s %s assume=%s" % (rewrite, direction, mode)
        kind = self.exit_kind(r.returncode)
        if kind:
            self.fail(kind, rewrite, direction, mode, "exit %d: %s" % (r.returncode, r.stderr[-2000:]))
            print("  %s: %d applicable, exit %d, nothing written" % (tag, applicable, r.returncode))
            return
        if r.returncode == 3 or not os.path.exists(out):
            print("  %s: %d applicable, exit %d, no output" % (tag, applicable, r.returncode))
            return
        refused = len(re.findall(r"error: cannot apply", r.stderr))
        ok, log = self.nvcc(out)
        print("  %s: %d applicable, %d refused on apply, exit %d, nvcc %s" %
              (tag, applicable, refused, r.returncode, "ok" if ok else "FAILED"))
        if not ok:
            self.fail("no-compile", rewrite, direction, mode, "nvcc rejects %s:\n%s" % (out, log[-3000:]))

    def check_refused(self, mode, sites):
        for want in self.refused:
            if want.get("assume", mode) != mode:
                continue
            for s in sites:
                if (s["rewrite"] == want["rewrite"] and s["direction"] == want["direction"]
                        and os.path.abspath(s["file"]) == self.copy
                        and s["line"] == want["line"] and s["applicable"]
                        and want.get("contains", "") in s["summary"]):
                    self.fail("refused-applied", s["rewrite"], s["direction"], mode,
                              "site %d at line %d (%s) must be refused but is applicable: %s" %
                              (s["site"], s["line"], s["function"], s["summary"]))

    def main(self):
        ok, log = self.nvcc(self.copy)
        if not ok:
            self.fail("input-no-compile", "*", "*", "*", log[-3000:])
        r = self.run([self.args.tool, "--list", "--format=json"])
        rewrites = [x["name"] for x in json.loads(r.stdout)]
        for mode, flags in MODES:
            sites = self.listing(mode, flags)
            if sites is None:
                continue
            applicable = [s for s in sites if s["applicable"]]
            print("%s: assume=%s: %d sites, %d applicable" % (self.name, mode, len(sites), len(applicable)))
            self.check_refused(mode, sites)
            for rewrite in rewrites:
                for direction in DIRECTIONS:
                    n = len([s for s in applicable if s["rewrite"] == rewrite and s["direction"] == direction])
                    if n:
                        self.apply(mode, flags, rewrite, direction, n)
        return self.report()

    def matches(self, x, failure):
        kind, rewrite, direction, mode, _ = failure
        return (x["kind"] == kind and x.get("rewrite", rewrite) == rewrite
                and x.get("direction", direction) == direction and x.get("assume", mode) == mode)

    def report(self):
        bad = 0
        for f in self.failures:
            hits = [x for x in self.xfails if self.matches(x, f)]
            for x in hits:
                x["used"] = True
            kind, rewrite, direction, mode, detail = f
            if hits:
                print("XFAIL %s: %s (%s %s assume=%s): %s" % (self.name, kind, rewrite, direction, mode,
                                                              hits[0]["reason"]))
            else:
                bad += 1
                print("FAIL %s: %s (%s %s assume=%s): %s" % (self.name, kind, rewrite, direction, mode, detail))
        for x in self.xfails:
            if not x["used"]:
                bad += 1
                print("XPASS %s:%d: CORPUS-XFAIL kind=%s did not fail (fixed? remove the line): %s" %
                      (self.name, x["line"], x["kind"], x["reason"]))
        print("%s: %s" % (self.name, "PASS" if not bad else "%d unexpected" % bad))
        return 1 if bad else 0


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--tool", required=True)
    p.add_argument("--nvcc", required=True)
    p.add_argument("--tmp", required=True)
    p.add_argument("input")
    sys.exit(Corpus(p.parse_args()).main())


if __name__ == "__main__":
    main()
