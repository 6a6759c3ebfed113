# Shared by the script tests (tests/test_cli*.sh through cli_support.sh, and
# tests/test_packaging.sh), which source it: the counters, a scratch folder
# removed on exit, and the closing totals line `N passed, N failed`.

passed=0
failed=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

pass() { passed=$((passed + 1)); }
fail() {
    failed=$((failed + 1))
    echo "FAIL: $1"
    [[ $# -gt 1 ]] && printf '  %s\n' "${@:2}"
}

# finish: prints the totals line; the status is 1 when a check failed.
finish() {
    echo "$passed passed, $failed failed"
    [[ $failed -eq 0 ]]
}
