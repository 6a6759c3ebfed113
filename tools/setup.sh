#!/usr/bin/env bash
# Install what is missing, build, and run pokerengine's demo or tests.
#
#   bash tools/setup.sh run     install deps, build build/, run `build/tools/poker demo`
#   bash tools/setup.sh test    install deps, build and test build/ (all suites), then
#                               build and test build-sanitize/ (ASan+UBSan), run every
#                               fuzz target of build-fuzz/ (clang, libFuzzer) for a short
#                               time, and the thread tests of build-tsan/ (ThreadSanitizer);
#                               the later three compile in the background, at the lowest
#                               priority, while build/'s tests run; the last line printed
#                               is the totals line `N passed, N failed`
#   bash tools/setup.sh build   install deps, configure and build build/
#   bash tools/setup.sh deps    install the missing Debian packages only
#
# Environment:
#   POKERENGINE_SANITIZE=0        test: skip the sanitizer build (default 1: run it)
#   POKERENGINE_SANITIZE_SLOW=1   test: run the 'slow' suite under the sanitizers too
#                                 (default 0: unit and docs there, slow in build/ only)
#   POKERENGINE_FUZZ=0            test: skip the fuzz build (default 1; installs clang)
#   POKERENGINE_FUZZ_SECONDS=N    test: seconds each fuzz target runs (default 10)
#   POKERENGINE_TSAN=0            test: skip the ThreadSanitizer build (default 1)
#   POKERENGINE_MPI=0             do not install Open MPI (default 1: openmpi-bin and
#                                 libopenmpi-dev, for poker under mpirun; docs/scale.md)
#   POKERENGINE_CCACHE=1          install ccache too (default 0), which meson then uses for
#                                 every build: rebuilds after small changes take seconds;
#                                 on a machine whose cache starts empty (CI) it only adds work
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

JOBS=2
BUILD_DIR=build
SANITIZE_DIR=build-sanitize
# -O1 and -g1 (line tables, for the reports' stack traces), as AddressSanitizer's
# documentation suggests: this build takes half the compile time of -O2 -g, which
# was the largest part of the whole test run. (-Og halves it again, but the
# equity tests then ran 1.6 times as long.)
# The Python module is tested in build/ only: a sanitized extension needs the
# sanitizer's runtime loaded before the interpreter starts. So is the MPI
# driver: Open MPI's own libraries are not built for the sanitizers.
SANITIZE_OPTIONS=(
  -Dpython=disabled
  -Dmpi=disabled
  "-Db_sanitize=address,undefined"
  -Db_lundef=false
  -Doptimization=1
  -Ddebug=true
  -Db_ndebug=false
  # Without three of UndefinedBehaviorSanitizer's checks, which took a third
  # to a half of the compile time (equity.cpp 85 s -> 46 s, the server's
  # server.cpp 105 s -> 71 s): a null pointer read stops the program under
  # AddressSanitizer anyway, x86 reads misaligned data, and the library has
  # almost no virtual calls (the fuzz build, with clang, keeps all three).
  "-Dcpp_args=-g1 -fno-sanitize-recover=all -fno-omit-frame-pointer -fno-sanitize=vptr,alignment,null"
  # Linked at a fixed address: a position-independent program must relocate
  # the sanitizers' 21 MB of check data at every start (770,000 relocations),
  # a third of the processor time of each of the script tests' thousands of
  # short runs of the tool.
  -Dcpp_link_args=-no-pie
)
# The fuzz build: clang, every file instrumented for libFuzzer and checked by
# ASan+UBSan (the fuzz option adds the flags); the targets are its only tests.
FUZZ_DIR=build-fuzz
# -O1 and line tables only, as libFuzzer's documentation builds its targets:
# the targets run for a fixed time, and the build takes less of it.
FUZZ_OPTIONS=(
  -Dpython=disabled
  -Dmpi=disabled
  -Dfuzz=true
  -Dtests=false
  -Db_lundef=false
  -Doptimization=1
  -Ddebug=true
  -Db_ndebug=false
  -Dcpp_args=-gline-tables-only
  "-Dfuzz_seconds=${POKERENGINE_FUZZ_SECONDS:-10}"
)
# The ThreadSanitizer build: only the programs of the 'threads' suite are built,
# optimized (their tests are long) with line tables only (-g1) for the reports.
TSAN_DIR=build-tsan
TSAN_OPTIONS_MESON=(
  -Dpython=disabled
  -Dmpi=disabled
  -Db_sanitize=thread
  -Db_lundef=false
  -Dbuildtype=debugoptimized
  -Dcpp_args=-g1
)

log() { printf '== %s\n' "$*"; }
warn() { printf 'setup.sh: %s\n' "$*" >&2; }

usage() {
  sed -n '2,24s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
}

# ---------------------------------------------------------------- dependencies

have_cmd() { command -v "$1" >/dev/null 2>&1; }

# A header counts as present when it is in /usr/include or the compiler finds it.
have_header() {
  [ -f "/usr/include/$1" ] && return 0
  have_cmd g++ || return 1
  printf '#include <%s>\n' "$1" | g++ -std=c++20 -x c++ -E - >/dev/null 2>&1
}

# Debian's Python, which meson builds the module for (a version manager's python3
# in PATH is another interpreter).
system_python() {
  if [ -x /usr/bin/python3 ]; then echo /usr/bin/python3; else command -v python3; fi
}
have_python_module() {
  local py
  py=$(system_python) || return 1
  "$py" -c "import $1" >/dev/null 2>&1
}
have_python_header() {
  local py
  py=$(system_python) || return 1
  "$py" -c 'import os, sysconfig; raise SystemExit(not os.path.exists(sysconfig.get_paths()["include"] + "/Python.h"))' \
    >/dev/null 2>&1
}

missing_packages() {
  local missing=()
  have_cmd g++ || missing+=(g++)
  have_cmd meson || missing+=(meson)
  have_cmd ninja || missing+=(ninja-build)
  have_cmd pkg-config || missing+=(pkg-config)
  have_cmd python3 || missing+=(python3)
  have_cmd cmake || missing+=(cmake)
  have_header boost/version.hpp || missing+=(libboost-dev)
  have_header range/v3/all.hpp || missing+=(librange-v3-dev)
  have_header doctest/doctest.h || missing+=(doctest-dev)
  have_header nlohmann/json.hpp || missing+=(nlohmann-json3-dev)
  have_header toml++/toml.h || missing+=(libtomlplusplus-dev)
  have_header CLI/CLI.hpp || missing+=(libcli11-dev)
  have_header fmt/format.h || missing+=(libfmt-dev)
  # The Python module and its tests, for Debian's Python (/usr/bin/python3).
  have_header pybind11/pybind11.h || missing+=(pybind11-dev)
  have_python_header || missing+=(python3-dev)
  have_python_module mesonpy || missing+=(python3-mesonpy)
  have_python_module pytest || missing+=(python3-pytest)
  have_python_module numpy || missing+=(python3-numpy)
  have_python_module pip || missing+=(python3-pip)
  have_python_module venv || missing+=(python3-venv)
  # Open MPI, for `poker` under mpirun (docs/scale.md); -Dmpi=auto builds without it if absent.
  if [ "${POKERENGINE_MPI:-1}" = 1 ]; then
    have_cmd mpirun || missing+=(openmpi-bin)
    pkg-config --exists mpi-cxx 2>/dev/null || missing+=(libopenmpi-dev)
  fi
  have_header sqlite3.h || missing+=(libsqlite3-dev)
  if [ "${POKERENGINE_CCACHE:-0}" = 1 ]; then have_cmd ccache || missing+=(ccache); fi
  if [ "${#missing[@]}" -gt 0 ]; then
    printf '%s\n' "${missing[@]}"
  fi
}

# libFuzzer links when clang finds its runtime (libclang-rt-14-dev, only recommended by clang).
have_libfuzzer() {
  have_cmd clang++ || return 1
  printf 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }\n' |
    clang++ -fsanitize=fuzzer -x c++ - -o /dev/null >/dev/null 2>&1
}

# What the fuzz build needs beyond the rest, asked for only when it runs.
missing_fuzz_packages() {
  have_cmd clang++ || echo clang
  have_libfuzzer || echo libclang-rt-14-dev
}

# What the tests need beyond the build: headless Chromium draws the SVG pictures
# and, driven by Node, plays at the server's browser table.
missing_test_packages() {
  have_cmd chromium || echo chromium
  have_cmd node || echo nodejs
}

# Every package the subcommand needs that is not installed, one per line.
all_missing_packages() {
  missing_packages
  if [ "${NEED_FUZZ:-0}" = 1 ]; then missing_fuzz_packages; fi
  if [ "${NEED_TESTS:-0}" = 1 ]; then missing_test_packages; fi
}

install_deps() {
  local missing
  mapfile -t missing < <(all_missing_packages)
  if [ "${#missing[@]}" -eq 0 ]; then
    log "dependencies: all present"
    return 0
  fi
  log "dependencies: missing ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    warn "missing packages: ${missing[*]}"
    warn "run as root, or install them first:"
    warn "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}"
    return 1
  fi
  if ! have_cmd apt-get; then
    warn "missing packages: ${missing[*]}, and apt-get is not available to install them"
    return 1
  fi
  log "dependencies: installing ${missing[*]}"
  if ! apt-get -o DPkg::Lock::Timeout=600 update; then
    warn "apt-get update failed"
    return 1
  fi
  if ! DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y \
    --no-install-recommends "${missing[@]}"; then
    warn "apt-get install ${missing[*]} failed"
    return 1
  fi
  local still
  mapfile -t still < <(all_missing_packages)
  if [ "${#still[@]}" -gt 0 ]; then
    warn "still missing after apt-get install: ${still[*]}"
    return 1
  fi
}

# ---------------------------------------------------------------------- build

# configure DIR [meson options...]: set DIR up, or reconfigure it when it already is.
configure() {
  local dir="$1"
  shift
  if [ -f "$dir/meson-private/coredata.dat" ]; then
    log "meson: reconfiguring $dir"
    # meson 1.0 ignores -D options given to `setup --reconfigure`, so they are
    # stored with `meson configure` first.
    if { [ "$#" -eq 0 ] || meson configure "$dir" "$@" >/dev/null; } &&
      meson setup --reconfigure "$dir"; then
      return 0
    fi
    # A build dir from another meson version cannot be reconfigured: start it afresh.
    log "meson: reconfigure failed, wiping $dir"
    meson setup --wipe "$dir" "$@"
  else
    log "meson: configuring $dir"
    meson setup "$dir" "$@"
  fi
}

# build_dir DIR [meson options...]
build_dir() {
  local dir="$1"
  shift
  configure "$dir" "$@" || return 1
  log "ninja: building $dir"
  ninja -C "$dir" -j"$JOBS"
}

# build_suites DIR SUITE...: build what the tests of those suites run, and
# nothing else (the sanitizer, fuzz and ThreadSanitizer builds run some suites
# only; the list comes from meson, so a new test needs no change here).
build_suites() {
  local dir="$1"
  shift
  local targets
  mapfile -t targets < <(python3 - "$dir" "$@" <<'PY'
import json, os, subprocess, sys
build, suites = sys.argv[1], set(sys.argv[2:])
def introspect(what):
    return json.loads(subprocess.check_output(["meson", "introspect", what, build]))
files = {t["id"]: t["filename"] for t in introspect("--targets")}
wanted = set()
for test in introspect("--tests"):
    if suites & {s.split(":")[-1] for s in test["suite"]}:
        for target in test["depends"]:
            wanted.update(os.path.relpath(f, build) for f in files.get(target, []))
print("\n".join(sorted(wanted)))
PY
  ) || return 1
  if [ "${#targets[@]}" -eq 0 ]; then
    warn "no tests in suites $* of $dir"
    return 1
  fi
  log "ninja: building $dir for the suites $*"
  ninja -C "$dir" -j"$JOBS" "${targets[@]}"
}

# ----------------------------------------------------------------- subcommands

cmd_deps() {
  install_deps
}

cmd_build() {
  install_deps
  build_dir "$BUILD_DIR"
}

cmd_run() {
  install_deps
  build_dir "$BUILD_DIR"
  log "running $BUILD_DIR/tools/poker demo"
  "$BUILD_DIR/tools/poker" demo
}

# run_tests DIR [meson test options...]: returns meson test's status.
run_tests() {
  local dir="$1"
  shift
  log "meson test: $dir $*"
  meson test -C "$dir" --no-rebuild --num-processes "$JOBS" --print-errorlogs "$@"
}

# run_job NAME DIR [meson test options...]: runs the tests of a built DIR (with
# any sanitizer options the caller set) and adds its testlog to the totals.
run_job() {
  local name="$1" dir="$2"
  shift 2
  run_tests "$dir" "$@" || status=1
  if [ -f "$dir/meson-logs/testlog.json" ]; then
    logs+=("$dir/meson-logs/testlog.json")
  else
    warn "meson test wrote no $dir/meson-logs/testlog.json ($name)"
    extra_failed=$((extra_failed + 1))
    status=1
  fi
}

# build_failed WHAT DIR: a build that did not compile counts as one failure.
build_failed() {
  warn "the $1 build in $2 failed"
  extra_failed=$((extra_failed + 1))
  status=1
}

# The later builds, each a function that configures and builds its folder.
build_sanitizer() {
  configure "$SANITIZE_DIR" "${SANITIZE_OPTIONS[@]}" && build_suites "$SANITIZE_DIR" "${sanitizer_suites[@]}"
}
build_fuzz() {
  rm -rf "$FUZZ_DIR/tests/fuzz/found"
  CXX=clang++ configure "$FUZZ_DIR" "${FUZZ_OPTIONS[@]}" && build_suites "$FUZZ_DIR" fuzz
}
build_tsan() {
  configure "$TSAN_DIR" "${TSAN_OPTIONS_MESON[@]}" && build_suites "$TSAN_DIR" threads
}

# start_builds NAME...: runs build_NAME for each, in turn, in the background at
# the lowest priority, while the tests of the build before them run in the
# foreground: those tests wait on the network, on child processes and on one
# another for part of their time, and the compiler takes only what they leave.
# Each build's output and status go to $BACKGROUND/NAME.log and NAME.status.
BACKGROUND="$BUILD_DIR/background-builds"
start_builds() {
  rm -rf "$BACKGROUND"
  mkdir -p "$BACKGROUND"
  (
    renice -n 19 -p "$BASHPID" >/dev/null
    for name in "$@"; do
      if "build_$name" >"$BACKGROUND/$name.log" 2>&1; then
        echo 0 >"$BACKGROUND/$name.status"
      else
        echo 1 >"$BACKGROUND/$name.status"
      fi
    done
  ) &
  background_pid=$!
}

# built NAME: waits for that background build, prints its output, and returns
# its status.
built() {
  local name="$1"
  log "waiting for the $name build"
  while [ ! -f "$BACKGROUND/$name.status" ] && kill -0 "$background_pid" 2>/dev/null; do
    sleep 2
  done
  cat "$BACKGROUND/$name.log" 2>/dev/null || true
  [ "$(cat "$BACKGROUND/$name.status" 2>/dev/null)" = 0 ]
}

cmd_test() {
  local status=0 extra_failed=0
  local logs=()
  if [ "${POKERENGINE_FUZZ:-1}" != 0 ]; then NEED_FUZZ=1; fi
  NEED_TESTS=1

  if ! install_deps; then
    warn "could not install the dependencies"
    echo "0 passed, 1 failed"
    return 1
  fi

  # Never count a testlog left over from an earlier run.
  rm -f "$BUILD_DIR/meson-logs/testlog.json" "$SANITIZE_DIR/meson-logs/testlog.json" \
    "$FUZZ_DIR/meson-logs/testlog.json" "$TSAN_DIR/meson-logs/testlog.json"

  if ! build_dir "$BUILD_DIR"; then
    warn "the build in $BUILD_DIR failed"
    echo "0 passed, 1 failed"
    return 1
  fi

  # The packaging suite installs and links the optimized build only: a
  # consumer of the sanitized libraries would need the sanitizer flags too.
  local sanitizer_skip=(--no-suite packaging --no-suite threads-only) sanitizer_suites=(unit docs threads)
  if [ "${POKERENGINE_SANITIZE_SLOW:-0}" = 0 ]; then
    sanitizer_skip+=(--no-suite slow)
  else
    sanitizer_suites+=(slow)
  fi
  local later=()
  if [ "${POKERENGINE_SANITIZE:-1}" != 0 ]; then later+=(sanitizer); fi
  if [ "${POKERENGINE_FUZZ:-1}" != 0 ]; then later+=(fuzz); fi
  if [ "${POKERENGINE_TSAN:-1}" != 0 ]; then later+=(tsan); fi
  start_builds "${later[@]}"

  # 'threads-only': cases the ThreadSanitizer build runs that are already in 'unit'.
  run_job main "$BUILD_DIR" --no-suite threads-only

  if [ "${POKERENGINE_SANITIZE:-1}" != 0 ]; then
    if built sanitizer; then
      # Any sanitizer report stops the program with a non-zero status, so the test
      # fails; options already in the environment come first, so these win.
      ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}halt_on_error=1:abort_on_error=1:detect_leaks=1:print_summary=1" \
      UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}print_stacktrace=1:halt_on_error=1:abort_on_error=1:print_summary=1" \
        run_job sanitizer "$SANITIZE_DIR" --timeout-multiplier 3 "${sanitizer_skip[@]}"
    else
      build_failed sanitizer "$SANITIZE_DIR"
    fi
  else
    log "sanitizer build skipped (POKERENGINE_SANITIZE=0)"
  fi

  if [ "${POKERENGINE_FUZZ:-1}" != 0 ]; then
    # Each target runs for POKERENGINE_FUZZ_SECONDS from its checked-in corpus;
    # any crash, sanitizer report, leak or timeout fails its test.
    if built fuzz; then
      ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=1" \
      UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}print_stacktrace=1:halt_on_error=1" \
        run_job fuzz "$FUZZ_DIR" --suite fuzz
    else
      build_failed fuzz "$FUZZ_DIR"
    fi
  else
    log "fuzz build skipped (POKERENGINE_FUZZ=0)"
  fi

  if [ "${POKERENGINE_TSAN:-1}" != 0 ]; then
    if built tsan; then
      # Any data race report stops the program with a non-zero status.
      TSAN_OPTIONS="${TSAN_OPTIONS:+$TSAN_OPTIONS }halt_on_error=1 second_deadlock_stack=1" \
        run_job tsan "$TSAN_DIR" --suite threads --timeout-multiplier 3
    else
      build_failed ThreadSanitizer "$TSAN_DIR"
    fi
  else
    log "ThreadSanitizer build skipped (POKERENGINE_TSAN=0)"
  fi
  wait "$background_pid" 2>/dev/null || true

  # The totals line is the last thing printed.
  python3 tools/test_totals.py --extra-failed "$extra_failed" "${logs[@]}" || status=1
  return "$status"
}

main() {
  local sub="${1:-}"
  case "$sub" in
    run) cmd_run ;;
    test) cmd_test ;;
    build) cmd_build ;;
    deps) cmd_deps ;;
    -h | --help | help) usage ;;
    *)
      usage >&2
      exit 2
      ;;
  esac
}

main "$@"
