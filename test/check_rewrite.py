#!/usr/bin/env python3
"""Runs klineage-rewrite on a lit test file and checks it, like clang-tidy's
check_clang_tidy.py:

  %check-rewrite INPUT TMP --rewrite=NAME --direction=D [--expect-exit=N]
                 [--no-compile] [-- TOOL ARGS]
  %check-roundtrip INPUT TMP --rewrite=NAME --from=D [-- TOOL ARGS]

In INPUT, CHECK lines are blanked before the tool runs (line numbers kept):
  CHECK-FIXES:       FileCheck over the rewritten file
  CHECK-MESSAGES:    FileCheck over stderr; any other warning:/error: fails
  CHECK-PTX:         FileCheck over nvcc's PTX of the rewritten file
  CHECK-PTX-BEFORE:  FileCheck over nvcc's PTX of the input
The rewritten file must compile with nvcc (unless --no-compile). A test that
expects the tool to refuse (exit 2/3) must leave the output unwritten.
"""
import argparse
import difflib
import os
import re
import subprocess
import sys

CHECK_COMMENT = re.compile(r"//\s*(CHECK[-A-Z]*|RUN|REQUIRES|UNSUPPORTED|XFAIL)\b.*$")


def fail(msg):
    sys.stderr.write("check_rewrite.py: error: " + msg + "\n")
    sys.exit(1)


def run(cmd, **kw):
    sys.stderr.write("check_rewrite.py: running: " + " ".join(cmd) + "\n")
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def blank_checks(text):
    out = []
    for line in text.split("\n"):
        m = CHECK_COMMENT.search(line)
        if m:
            line = line[: m.start()].rstrip()
        out.append(line)
    return "\n".join(out)


def has_prefix(text, prefix):
    return re.search(r"//\s*" + re.escape(prefix) + r"(-NOT|-NEXT|-SAME|-DAG|-LABEL|-EMPTY)?:", text) is not None


def filecheck(args, prefix, input_file, extra=()):
    r = run([args.filecheck, args.input, "--check-prefix=" + prefix, "--input-file=" + input_file,
             "--dump-input=fail"] + list(extra))
    if r.returncode != 0:
        sys.stderr.write(r.stdout + r.stderr)
        fail("%s checks failed on %s" % (prefix, input_file))


def nvcc(args, src, out, mode):
    if not args.nvcc:
        fail("this test needs nvcc (add '// REQUIRES: nvcc')")
    cmd = [args.nvcc, "-arch=sm_90", "-std=c++17", "-O3", "-I", os.path.dirname(os.path.abspath(args.input)),
           mode, src, "-o", out]
    r = run(cmd)
    if r.returncode != 0:
        sys.stderr.write(r.stdout + r.stderr)
        fail("nvcc rejected %s" % src)


def tool(args, direction, src, out):
    cmd = [args.tool, "--rewrite=" + args.rewrite, "--direction=" + direction, src, "-o", out,
           "--extra-arg=-I" + os.path.dirname(os.path.abspath(args.input))] + args.tool_args
    return run(cmd)


def normalize(text):
    return re.sub(r"\s+", "", text)


def roundtrip(args, original, src):
    first = args.from_direction
    second = "reverse" if first == "forward" else "forward"
    mid, back = args.tmp + ".rt1.cu", args.tmp + ".rt2.cu"
    for direction, a, b in ((first, src, mid), (second, mid, back)):
        r = tool(args, direction, a, b)
        if r.returncode != 0:
            sys.stderr.write(r.stderr)
            fail("%s step of the round trip exited %d" % (direction, r.returncode))
    mid_text, back_text = open(mid).read(), open(back).read()
    if normalize(mid_text) == normalize(original):
        fail("the %s step changed nothing" % first)
    if normalize(back_text) != normalize(original):
        diff = difflib.unified_diff(original.split("\n"), back_text.split("\n"), "input", "round-trip",
                                    lineterm="")
        sys.stderr.write("\n".join(diff) + "\n")
        fail("%s then %s does not give back the input (modulo whitespace)" % (first, second))
    if args.nvcc and not args.no_compile:
        nvcc(args, mid, args.tmp + ".rt1.o", "-c")


def main():
    argv = sys.argv[1:]
    tool_args = []
    if "--" in argv:
        i = argv.index("--")
        argv, tool_args = argv[:i], argv[i + 1:]
    p = argparse.ArgumentParser()
    p.add_argument("--tool", required=True)
    p.add_argument("--filecheck", required=True)
    p.add_argument("--nvcc", default="")
    p.add_argument("--rewrite", required=True)
    p.add_argument("--direction")
    p.add_argument("--roundtrip", action="store_true")
    p.add_argument("--from", dest="from_direction", choices=["forward", "reverse"])
    p.add_argument("--expect-exit", type=int, default=0)
    p.add_argument("--no-compile", action="store_true")
    p.add_argument("input")
    p.add_argument("tmp")
    args = p.parse_args(argv)
    args.tool_args = tool_args

    text = open(args.input).read()
    original = blank_checks(text)
    os.makedirs(os.path.dirname(os.path.abspath(args.tmp)), exist_ok=True)
    src = args.tmp + ".in.cu"
    with open(src, "w") as f:
        f.write(original)

    if args.roundtrip:
        if not args.from_direction:
            fail("--roundtrip needs --from=forward|reverse")
        roundtrip(args, original, src)
        return
    if args.direction not in ("forward", "reverse"):
        fail("--direction=forward|reverse is required")

    out = args.tmp + ".out.cu"
    if os.path.exists(out):
        os.remove(out)
    r = tool(args, args.direction, src, out)
    msgs = args.tmp + ".msg"
    with open(msgs, "w") as f:
        f.write(r.stderr)
    if r.returncode != args.expect_exit:
        sys.stderr.write(r.stderr)
        fail("klineage-rewrite exited %d, expected %d" % (r.returncode, args.expect_exit))

    if has_prefix(text, "CHECK-MESSAGES"):
        filecheck(args, "CHECK-MESSAGES", msgs, ["--implicit-check-not={{warning|error}}:"])
    elif re.search(r"\b(warning|error):", r.stderr):
        sys.stderr.write(r.stderr)
        fail("unexpected diagnostics (add CHECK-MESSAGES lines if they are intended)")

    wrote = os.path.exists(out)
    if args.expect_exit in (2, 3) and not has_prefix(text, "CHECK-FIXES"):
        if wrote:
            fail("the tool refused but still wrote %s" % out)
    if has_prefix(text, "CHECK-FIXES"):
        if not wrote:
            fail("no output was written, but the test has CHECK-FIXES")
        filecheck(args, "CHECK-FIXES", out)
    elif args.expect_exit == 0:
        fail("a test that expects a rewrite must say what it expects (CHECK-FIXES)")

    if wrote and args.nvcc and not args.no_compile:
        nvcc(args, out, args.tmp + ".o", "-c")
    if has_prefix(text, "CHECK-PTX-BEFORE"):
        nvcc(args, src, args.tmp + ".in.ptx", "-ptx")
        filecheck(args, "CHECK-PTX-BEFORE", args.tmp + ".in.ptx")
    if has_prefix(text, "CHECK-PTX"):
        if not wrote:
            fail("CHECK-PTX needs a rewritten output")
        nvcc(args, out, args.tmp + ".out.ptx", "-ptx")
        filecheck(args, "CHECK-PTX", args.tmp + ".out.ptx")


if __name__ == "__main__":
    main()
