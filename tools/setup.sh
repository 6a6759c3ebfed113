#!/usr/bin/env bash
# Install what is missing, build, and run pokerengine's demo or tests.
#
#   bash tools/setup.sh run     install deps, build build/, run `build/tools/poker demo`
#   bash tools/setup.sh test    install deps, build and test build/ (all suites), then
#                               build and test build-sanitize/ (ASan+UBSan); the last
#                               line printed is the totals line `N passed, N failed`
#   bash tools/setup.sh build   install deps, configure and build build/
#   bash tools/setup.sh deps    install the missing Debian packages only
#
# Environment:
#   POKERENGINE_SANITIZE=0        test: skip the sanitizer build (default 1: run it)
#   POKERENGINE_SANITIZE_SLOW=1   test: run the 'slow' suite under the sanitizers too
#                                 (default 0: unit and docs there, slow in build/ only)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

JOBS=2
BUILD_DIR=build
SANITIZE_DIR=build-sanitize
SANITIZE_OPTIONS=(
  "-Db_sanitize=address,undefined"
  -Db_lundef=false
  -Dbuildtype=debugoptimized
  "-Dcpp_args=-fno-sanitize-recover=all -fno-omit-frame-pointer"
)

log() { printf '== %s\n' "$*"; }
warn() { printf 'setup.sh: %s\n' "$*" >&2; }

usage() {
  sed -n '2,15s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
}

# ---------------------------------------------------------------- dependencies

have_cmd() { command -v "$1" >/dev/null 2>&1; }

# A header counts as present when it is in /usr/include or the compiler finds it.
have_header() {
  [ -f "/usr/include/$1" ] && return 0
  have_cmd g++ || return 1
  printf '#include <%s>\n' "$1" | g++ -std=c++20 -x c++ -E - >/dev/null 2>&1
}

missing_packages() {
  local missing=()
  have_cmd g++ || missing+=(g++)
  have_cmd meson || missing+=(meson)
  have_cmd ninja || missing+=(ninja-build)
  have_cmd pkg-config || missing+=(pkg-config)
  have_cmd python3 || missing+=(python3)
  have_header boost/version.hpp || missing+=(libboost-dev)
  have_header range/v3/all.hpp || missing+=(librange-v3-dev)
  have_header doctest/doctest.h || missing+=(doctest-dev)
  have_header nlohmann/json.hpp || missing+=(nlohmann-json3-dev)
  have_header toml++/toml.h || missing+=(libtomlplusplus-dev)
  if [ "${#missing[@]}" -gt 0 ]; then
    printf '%s\n' "${missing[@]}"
  fi
}

install_deps() {
  local missing
  mapfile -t missing < <(missing_packages)
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
  mapfile -t still < <(missing_packages)
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

cmd_test() {
  local status=0 extra_failed=0
  local logs=()

  if ! install_deps; then
    warn "could not install the dependencies"
    echo "0 passed, 1 failed"
    return 1
  fi

  # Never count a testlog left over from an earlier run.
  rm -f "$BUILD_DIR/meson-logs/testlog.json" "$SANITIZE_DIR/meson-logs/testlog.json"

  if ! build_dir "$BUILD_DIR"; then
    warn "the build in $BUILD_DIR failed"
    echo "0 passed, 1 failed"
    return 1
  fi
  run_tests "$BUILD_DIR" || status=1
  if [ -f "$BUILD_DIR/meson-logs/testlog.json" ]; then
    logs+=("$BUILD_DIR/meson-logs/testlog.json")
  else
    warn "meson test wrote no $BUILD_DIR/meson-logs/testlog.json"
    extra_failed=$((extra_failed + 1))
    status=1
  fi

  if [ "${POKERENGINE_SANITIZE:-1}" != 0 ]; then
    local suites=()
    if [ "${POKERENGINE_SANITIZE_SLOW:-0}" = 0 ]; then
      suites=(--no-suite slow)
    fi
    if build_dir "$SANITIZE_DIR" "${SANITIZE_OPTIONS[@]}"; then
      # Any sanitizer report stops the program with a non-zero status, so the test
      # fails; options already in the environment come first, so these win.
      ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}halt_on_error=1:abort_on_error=1:detect_leaks=1:print_summary=1" \
      UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}print_stacktrace=1:halt_on_error=1:abort_on_error=1:print_summary=1" \
        run_tests "$SANITIZE_DIR" --timeout-multiplier 3 "${suites[@]}" || status=1
      if [ -f "$SANITIZE_DIR/meson-logs/testlog.json" ]; then
        logs+=("$SANITIZE_DIR/meson-logs/testlog.json")
      else
        warn "meson test wrote no $SANITIZE_DIR/meson-logs/testlog.json"
        extra_failed=$((extra_failed + 1))
        status=1
      fi
    else
      warn "the sanitizer build in $SANITIZE_DIR failed"
      extra_failed=$((extra_failed + 1))
      status=1
    fi
  else
    log "sanitizer build skipped (POKERENGINE_SANITIZE=0)"
  fi

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
