#!/usr/bin/env python3
"""Add up the test cases of meson test logs and print one line `N passed, N failed`.

Usage: test_totals.py [--extra-failed N] TESTLOG.json...

Each TESTLOG is a meson-logs/testlog.json: one JSON object per line, one per test
program, with its "name", "result" and "stdout" (and "stderr" when split). A doctest
program prints a summary such as

    [doctest] test cases:  12 |  12 passed | 0 failed | 0 skipped

and its test cases are counted from that line; a script test's closing line
`N passed, N failed` is read the same way. A program without such a line (a docs
example, or one that crashed before its summary) counts as one test, passed or failed
by its meson result. A program that meson failed although its summary shows no failed
test case (a sanitizer report at exit, say) adds one failure. --extra-failed adds
failures for steps that produced no log, such as a build that did not compile.

The totals line is printed last. The exit status is 1 when anything failed or when no
test ran at all, else 0.
"""

import argparse
import json
import re
import sys

SUMMARY = re.compile(
    r"\[doctest\]\s*test cases:\s*(\d+)\s*\|\s*(\d+)\s+passed\s*\|\s*(\d+)\s+failed"
)
# Script tests (tests/test_cli.sh) end with the plain totals line instead.
PLAIN = re.compile(r"^(\d+) passed, (\d+) failed\s*$", re.MULTILINE)
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
PASSING = {"OK", "EXPECTEDFAIL"}
SKIPPED = {"SKIP"}


def count_test(entry):
    """Return (passed, failed, note) for one testlog entry."""
    result = str(entry.get("result", "ERROR"))
    if result in SKIPPED:
        return 0, 0, "skipped"
    text = "\n".join(
        part for part in (entry.get("stdout"), entry.get("stderr")) if isinstance(part, str)
    )
    clean = ANSI.sub("", text)
    matches = [(int(p), int(f)) for _total, p, f in SUMMARY.findall(clean)] or [
        (int(p), int(f)) for p, f in PLAIN.findall(clean)
    ]
    if matches:
        passed, failed = matches[-1]
        if result not in PASSING and failed == 0:
            failed = 1
        return passed, failed, result
    if result in PASSING:
        return 1, 0, result
    return 0, 1, result


def read_log(path):
    """Yield (name, passed, failed, note) for each test in one testlog.json."""
    try:
        with open(path, encoding="utf-8", errors="replace") as log:
            lines = log.readlines()
    except OSError as err:
        yield path, 0, 1, f"cannot read: {err.strerror}"
        return
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line:
            continue
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            yield f"{path}:{number}", 0, 1, "not a JSON object"
            continue
        if not isinstance(entry, dict):
            yield f"{path}:{number}", 0, 1, "not a JSON object"
            continue
        passed, failed, note = count_test(entry)
        yield str(entry.get("name", f"{path}:{number}")), passed, failed, note


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--extra-failed", type=int, default=0,
                        help="failures to add for steps that wrote no log")
    parser.add_argument("logs", nargs="*", help="meson testlog.json files")
    args = parser.parse_args(argv)

    total_passed = 0
    total_failed = max(args.extra_failed, 0)
    for path in args.logs:
        log_passed = log_failed = programs = 0
        for name, passed, failed, note in read_log(path):
            programs += 1
            log_passed += passed
            log_failed += failed
            if failed:
                print(f"  FAILED {name}: {failed} failed ({note})")
        print(f"{path}: {programs} programs, {log_passed} passed, {log_failed} failed")
        total_passed += log_passed
        total_failed += log_failed

    if total_passed + total_failed == 0:
        print("no test ran")
    sys.stdout.flush()
    print(f"{total_passed} passed, {total_failed} failed", flush=True)
    return 1 if total_failed or total_passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
