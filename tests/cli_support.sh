# Shared by the end-to-end scripts tests/test_cli*.sh, which source it with
# the path of the poker tool as their first argument: the counters, a scratch
# folder, running the tool, and the kinds of check. Each script ends with
# `finish`, which prints the totals line `N passed, N failed` (check_support.sh).

script_name=${0##*/}
POKER=${1:?usage: $script_name PATH/TO/poker}
if [[ ! -x $POKER ]]; then
    echo "$script_name: not an executable: $POKER" >&2
    echo "0 passed, 1 failed"
    exit 1
fi

source "$(dirname "${BASH_SOURCE[0]}")/check_support.sh"

# Under AddressSanitizer, the leak check at the exit of each of a script's
# thousands of short runs of the tool took 40% of their time; the library's
# leaks are checked by the unit tests, which keep it. So does the check of
# global arrays: GCC registers each of UndefinedBehaviorSanitizer's 300,000
# check records with AddressSanitizer as a global, and that registration took
# half of what remained of each run (the library's globals stay checked by the
# unit tests, the readers' by the fuzz targets).
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0:report_globals=0"

# require_python: a script whose checks all read JSON with python3 fails without it.
require_python() {
    if ! $have_python; then
        echo "$script_name: needs python3" >&2
        echo "0 passed, 1 failed"
        exit 1
    fi
}

# run ARGS...: runs the tool with stdin from $work/in (empty unless written),
# leaving $out, $err and $rc.
: > "$work/in"
run() {
    "$POKER" "$@" < "$work/in" > "$work/out" 2> "$work/err"
    rc=$?
    out=$(<"$work/out")
    err=$(<"$work/err")
}

# expect_output NAME EXPECTED ARGS...: exact standard output, empty standard error, status 0.
expect_output() {
    local name=$1 expected=$2
    shift 2
    run "$@"
    if [[ $rc -eq 0 && $out == "$expected" && -z $err ]]; then
        pass
    else
        fail "$name" "status: $rc" "expected: $(printf '%q' "$expected")" "got:      $(printf '%q' "$out")" "stderr: $err"
    fi
}

# expect_error NAME STATUS TEXT ARGS...: the status, nothing on standard output,
# one standard-error line `poker: error: ...` containing TEXT.
expect_error() {
    local name=$1 status=$2 text=$3
    shift 3
    run "$@"
    if [[ $rc -eq $status && -z $out && $err == "poker: error: "* && $err == *"$text"* && $err != *$'\n'* ]]; then
        pass
    else
        fail "$name" "status: $rc (expected $status)" "stdout: $out" "stderr: $err (expected to contain: $text)"
    fi
}

# expect_true NAME COMMAND...: a check written as a shell command.
expect_true() {
    local name=$1
    shift
    if "$@"; then pass; else fail "$name"; fi
}

have_python=false
command -v python3 > /dev/null && have_python=true

# expect_json NAME ARGS...: the output is one valid JSON object (checked with python3 -m json.tool).
expect_json() {
    local name=$1
    shift
    run "$@"
    if [[ $rc -ne 0 ]]; then
        fail "$name" "status: $rc" "stderr: $err"
    elif ! $have_python; then
        echo "note: python3 not found, JSON validity of '$name' not checked"
        pass
    elif python3 -m json.tool < "$work/out" > /dev/null 2> "$work/json_err" && [[ $(wc -l < "$work/out") -eq 1 ]]; then
        pass
    else
        fail "$name" "not one valid JSON line: $out" "$(<"$work/json_err")"
    fi
}

# json_check NAME PYTHON_EXPRESSION: the last output is one line of JSON and the
# expression, with `j` bound to it, is true.
json_check() {
    if ! $have_python; then
        echo "note: python3 not found, '$1' not checked"
        pass
        return
    fi
    if [[ $(wc -l < "$work/out") -eq 1 ]] &&
        python3 -c "import json,sys; j=json.load(open(sys.argv[1])); sys.exit(0 if ($2) else 1)" "$work/out" 2> /dev/null; then
        pass
    else
        fail "$1" "expression false: $2" "json: $out"
    fi
}
