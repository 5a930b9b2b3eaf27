#!/usr/bin/env python3
"""Checks that the front end's header cache changes nothing a user sees:

  check_header_cache.py --tool=klineage-rewrite --tmp=DIR [--apply] [--every=N] PATH...

For every .cu file under the PATHs (with --every=N, of those without an
#include line only every N-th), `--list-sites --format=json` is run
without the cache (--no-header-cache), then with an empty cache directory
(cold: the first file of each preamble builds the entry) and once more
(warm: every file loads one). Exit status, stdout and stderr must be
identical. With --apply, every rewrite x direction that has an applicable
site is also applied (-o, which re-verifies the result by a parse with the
main file's text replaced) without and with the (warm) cache, and the
rewritten files must be identical. Prints one line per difference and a
summary; exits 1 on any difference.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys


def run(tool, args, cache):
    env = dict(os.environ)
    cmd = [tool] + args
    if cache is None:
        cmd.insert(1, "--no-header-cache")
    else:
        env["KLINEAGE_CACHE_DIR"] = cache
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    return p.returncode, p.stdout, p.stderr


def files_under(paths, every):
    """The .cu files under PATHS: each one with an #include line, and every
    EVERY-th of the others (they all share the one entry of the command
    line's own -include files)."""
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                out += [os.path.join(root, n) for n in names if n.endswith(".cu")]
        else:
            out.append(p)
    out.sort()
    with_includes = [f for f in out if re.search(r"^\s*#\s*include", open(f).read(), re.M)]
    others = [f for f in out if f not in with_includes]
    return sorted(with_includes + others[::every])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--apply", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--every", type=int, default=1,
                    help="of the files without an #include, take every N-th")
    ap.add_argument("paths", nargs="+")
    a = ap.parse_args()
    shutil.rmtree(a.tmp, ignore_errors=True)
    os.makedirs(a.tmp)
    cache = os.path.join(a.tmp, "cache")
    files = files_under(a.paths, a.every)
    pool = concurrent.futures.ThreadPoolExecutor(a.jobs)
    listing = lambda f: ["--list-sites", "--format=json", f]
    diffs = []

    ref = dict(zip(files, pool.map(lambda f: run(a.tool, listing(f), None), files)))
    for mode in ("cold", "warm"):
        got = dict(zip(files, pool.map(lambda f: run(a.tool, listing(f), cache), files)))
        for f in files:
            if got[f] != ref[f]:
                diffs.append("%s: --list-sites differs with the %s cache" % (f, mode))

    applied = 0
    if a.apply:
        jobs = []
        for f in files:
            code, out, _ = ref[f]
            if code != 0:
                continue
            pairs = sorted({(s["rewrite"], s["direction"]) for s in json.loads(out) if s.get("applicable")})
            jobs += [(f, r, d) for r, d in pairs]

        def apply(job, use):
            f, r, d = job
            out = os.path.join(a.tmp, "%s.%s.%s.%s.cu" % (os.path.basename(f), r, d, use or "off"))
            code, _, err = run(a.tool, ["--rewrite=" + r, "--direction=" + d, f, "-o", out],
                               cache if use else None)
            text = open(out).read() if os.path.exists(out) else None
            return code, err, text

        plain = list(pool.map(lambda j: apply(j, None), jobs))
        cached = list(pool.map(lambda j: apply(j, "warm"), jobs))
        for job, p, c in zip(jobs, plain, cached):
            if p != c:
                diffs.append("%s: --rewrite=%s --direction=%s differs with the cache" % job)
        applied = len(jobs)

    for d in diffs:
        print(d)
    entries = [n for n in os.listdir(cache) if n.endswith(".pch")] if os.path.isdir(cache) else []
    print("%d files, %d rewrites applied, %d cache entries, %d differences"
          % (len(files), applied, len(entries), len(diffs)))
    return 1 if diffs or not entries else 0


if __name__ == "__main__":
    sys.exit(main())
