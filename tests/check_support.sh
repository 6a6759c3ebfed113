# Shared by the script tests (tests/test_cli*.sh through cli_support.sh, and
# tests/test_packaging.sh), which source it: the counters, a scratch folder
# removed on exit, and the closing totals line `N passed, N failed`.

passed=0
failed=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The checks run python3 hundreds of times: it is resolved once to the interpreter
# itself, since a version manager's wrapper in PATH (pyenv's shim is a shell
# script) can cost ten times the interpreter's own start on every call.
if python3_path=$(python3 -c 'import sys; print(sys.executable)' 2> /dev/null) && [[ -x $python3_path ]]; then
    python3() { "$python3_path" "$@"; }
fi

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
