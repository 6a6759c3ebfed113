#!/usr/bin/env python3
"""Compile-fail test: the source must NOT compile, and the compiler's message
must contain the expected text (the static_assert or concept that rejects it).

Usage: compile_fail.py SOURCE EXPECTED -- COMPILER [ARGS...]
"""
import subprocess
import sys


def main(argv):
    split = argv.index("--")
    source, expected = argv[1], argv[2]
    compiler = argv[split + 1:]
    result = subprocess.run(compiler + ["-fsyntax-only", source], capture_output=True, text=True)
    if result.returncode == 0:
        print(f"{source} compiled, but it must not")
        print("0 passed, 1 failed")
        return 1
    if expected not in result.stderr:
        print(f"{source} failed to compile, but without the message {expected!r}:")
        print(result.stderr[-3000:])
        print("0 passed, 1 failed")
        return 1
    print(f"{source} is rejected with {expected!r}")
    print("1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
