#!/usr/bin/env bash
# Builds a small program outside the project (tests/packaging/consumer.cpp)
# against pokerengine the way another project would, and runs it:
#
#   test_packaging.sh pkg-config BUILD_DIR SOURCE_DIR   install BUILD_DIR into a
#       temporary folder (DESTDIR), check what was installed, compile every
#       installed header, build with the flags of `pkg-config pokerengine`
#   test_packaging.sh cmake BUILD_DIR SOURCE_DIR        install likewise, build with
#       CMake's find_package(pokerengine 0.2) and pokerengine::pokerengine
#   test_packaging.sh subproject BUILD_DIR SOURCE_DIR   copy the source tree into
#       subprojects/pokerengine of a Meson project that asks for dependency('pokerengine')
#
# Prints one line per failed check, then `N passed, N failed`; exits 1 on any failure.
set -uo pipefail

mode=${1:?usage: test_packaging.sh pkg-config|cmake|subproject BUILD_DIR SOURCE_DIR}
build=$(cd "${2:?missing BUILD_DIR}" && pwd)
source=$(cd "${3:?missing SOURCE_DIR}" && pwd)
consumer_dir=$source/tests/packaging
CXX_COMPILER=${CXX:-c++}

source "$(dirname "${BASH_SOURCE[0]}")/check_support.sh"
# step NAME COMMAND...: runs COMMAND with its output in $work/log; a failure shows the log's end.
step() {
    local name=$1
    shift
    if "$@" > "$work/log" 2>&1; then
        pass
        return 0
    fi
    fail "$name" "$(tail -n 30 "$work/log")"
    return 1
}
need() {
    if ! command -v "$1" > /dev/null 2>&1; then
        fail "$1 is not installed (tools/setup.sh deps installs it)"
        finish
        exit 1
    fi
}
# run_consumer NAME PROGRAM: the program prints `consumer: ok` and exits 0; shared
# libraries come from the installed tree only, not from the build.
run_consumer() {
    local out
    out=$(LD_LIBRARY_PATH="$libdir" "$2" 2>&1)
    if [[ $? -eq 0 && $out == "consumer: ok" ]]; then pass; else fail "$1: the program runs" "$out"; fi
}

# The install folders of BUILD_DIR, and the project's version.
option() {
    meson introspect "$build" --buildoptions |
        python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == sys.argv[1]))' "$1"
}
prefix=$(option prefix)
version=$(meson introspect "$build" --projectinfo | python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
root=$work/root$prefix
libdir=$root/$(option libdir)
includedir=$root/$(option includedir)

install_tree() {
    need meson
    step "meson install --destdir" meson install -C "$build" --no-rebuild --destdir "$work/root" || { finish; exit 1; }
}

case $mode in
pkg-config)
    need pkg-config
    install_tree
    for f in "$includedir/pokerengine/card.hpp" "$includedir/pokerengine/detail/hand_key.hpp" \
        "$includedir/pokerengine/ranking_tables.hpp" "$includedir/pokerengine/play.hpp" \
        "$root/$(option bindir)/poker" "$root/$(option mandir)/man1/poker.1" "$libdir/pkgconfig/pokerengine.pc" \
        "$libdir/cmake/pokerengine/pokerengine-config.cmake" "$libdir/cmake/pokerengine/pokerengine-config-version.cmake"; do
        if [[ -f $f ]]; then pass; else fail "installed: ${f#"$work/root"}"; fi
    done
    # Of the internal headers (detail/), exactly those that the public headers
    # include, directly or through one another, are installed.
    # detail_includes PATH...: the detail headers those (paths or patterns under
    # the include folder) include.
    detail_includes() {
        # shellcheck disable=SC2048,SC2086
        (cd "$includedir" && grep -ho '#include "pokerengine/detail/[^"]*"' $* 2> /dev/null) |
            sed 's/^#include "//; s/"$//' | sort -u
    }
    needed=$(detail_includes 'pokerengine/*.hpp')
    while
        # shellcheck disable=SC2046,SC2086
        grown=$(printf '%s\n' $needed $(detail_includes $needed) | sort -u)
        [[ $grown != "$needed" ]]
    do needed=$grown; done
    installed_detail=$(cd "$includedir" && printf '%s\n' pokerengine/detail/*.hpp | sort)
    if [[ $installed_detail == "$needed" ]]; then
        pass
    else
        fail "installed detail/ headers: the ones the public headers include" "installed: $installed_detail" "needed: $needed"
    fi
    # The kind of library the build was configured for, and only that kind.
    kind=$(option default_library)
    for lib in pokerengine pokervariants; do
        have_static=false have_shared=false
        [[ -f $libdir/lib$lib.a ]] && have_static=true
        [[ -e $libdir/lib$lib.so ]] && have_shared=true
        case $kind in
        static) want="true false" ;;
        shared) want="false true" ;;
        *) want="true true" ;;
        esac
        if [[ "$have_static $have_shared" == "$want" ]]; then
            pass
        else
            fail "installed: lib$lib for default_library=$kind" "$(ls "$libdir")"
        fi
        if $have_shared; then
            soname=$(objdump -p "$libdir/lib$lib.so" 2> /dev/null | awk '$1 == "SONAME" { print $2 }')
            if [[ $soname == "lib$lib.so.${version%%.*}" && -f $libdir/lib$lib.so.$version ]]; then
                pass
            else
                fail "shared library lib$lib: versioned soname" "$soname"
            fi
        fi
    done
    LD_LIBRARY_PATH="$libdir" "$root/$(option bindir)/poker" --version > "$work/version" 2>&1
    if [[ $(<"$work/version") == "poker $version" ]]; then pass; else fail "installed poker --version" "$(<"$work/version")"; fi

    export PKG_CONFIG_PATH=$libdir/pkgconfig
    pc() { pkg-config --define-variable=prefix="$root" "$@" pokerengine; }
    if [[ $(pc --modversion) == "$version" ]]; then pass; else fail "pkg-config --modversion" "$(pc --modversion 2>&1)"; fi
    if cflags=$(pc --cflags) && libs=$(pc --libs --static); then pass; else fail "pkg-config --cflags --libs" "$(pc --cflags 2>&1)"; fi
    if [[ " $cflags " == *" -std=c++20 "* ]]; then pass; else fail "pkg-config --cflags asks for C++20" "$cflags"; fi
    # toml++ is private to the libraries: none of its flags reach a consumer.
    if [[ $cflags != *TOML* && $(pc --print-requires) != *toml* ]]; then pass; else fail "pkg-config keeps toml++ private" "$cflags"; fi
    if [[ " $libs " == *" -ltomlplusplus "* ]]; then pass; else fail "pkg-config --libs --static links toml++" "$libs"; fi
    # Every installed header compiles on its own with the flags pkg-config gives,
    # and all of them together in one file.
    : > "$work/headers.cpp"
    for h in "$includedir"/pokerengine/*.hpp "$includedir"/pokerengine/detail/*.hpp; do
        header=${h#"$includedir/"}
        echo "#include \"$header\"" > "$work/one.cpp"
        cat "$work/one.cpp" >> "$work/headers.cpp"
        # shellcheck disable=SC2086
        step "$header compiles on its own with pkg-config's flags" "$CXX_COMPILER" $cflags -fsyntax-only "$work/one.cpp"
    done
    # shellcheck disable=SC2086
    step "every installed header compiles with pkg-config's flags" \
        "$CXX_COMPILER" $cflags -fsyntax-only "$work/headers.cpp"
    # shellcheck disable=SC2086
    if step "build with pkg-config's flags" "$CXX_COMPILER" $cflags "$consumer_dir/consumer.cpp" -o "$work/consumer" $libs; then
        run_consumer pkg-config "$work/consumer"
    fi
    ;;
cmake)
    need cmake
    install_tree
    if step "cmake configure: find_package(pokerengine 0.2)" \
        cmake -S "$consumer_dir" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$root" -DCMAKE_CXX_COMPILER="$CXX_COMPILER" &&
        step "cmake --build" cmake --build "$work/cmake"; then
        run_consumer cmake "$work/cmake/consumer"
    fi
    # A version the package does not provide is refused.
    sed 's/pokerengine 0\.2 REQUIRED/pokerengine 9.0 REQUIRED/' "$consumer_dir/CMakeLists.txt" > "$work/CMakeLists.txt"
    mkdir -p "$work/too_new" && cp "$work/CMakeLists.txt" "$consumer_dir/consumer.cpp" "$work/too_new/"
    if cmake -S "$work/too_new" -B "$work/too_new/build" -DCMAKE_PREFIX_PATH="$root" > "$work/log" 2>&1; then
        fail "cmake: find_package(pokerengine 9.0) is refused"
    elif grep -q "version" "$work/log"; then
        pass
    else
        fail "cmake: find_package(pokerengine 9.0) names the version" "$(tail -n 20 "$work/log")"
    fi
    ;;
subproject)
    need meson
    need ninja
    project=$work/project
    mkdir -p "$project/subprojects/pokerengine"
    cp "$consumer_dir/meson.build" "$consumer_dir/consumer.cpp" "$project/"
    # A copy of the source tree without its build folders, as a release tarball holds it.
    (cd "$source" && tar cf - --exclude='./build*' --exclude=./.git .) | (cd "$project/subprojects/pokerengine" && tar xf -)
    # Built plain (no -g, no -O): what is tested is that it configures, builds
    # and links; meson's default for the consumer (debug) compiled the whole
    # library with debug information: 167 processor-seconds against 147.
    if step "meson setup with subprojects/pokerengine" \
        meson setup "$project/build" "$project" --force-fallback-for=pokerengine --buildtype=plain &&
        step "ninja" ninja -C "$project/build" -j2; then
        libdir=$project/build
        run_consumer subproject "$project/build/consumer"
    fi
    # Only the libraries are built there: no tests, no tool.
    tests=$(meson introspect "$project/build" --tests 2> /dev/null | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))')
    if [[ $tests == 0 ]]; then pass; else fail "subproject registers no tests" "$tests tests"; fi
    if [[ ! -e $project/build/subprojects/pokerengine/tools/poker ]]; then pass; else fail "subproject builds no poker tool"; fi
    ;;
*)
    echo "test_packaging.sh: unknown mode '$mode' (pkg-config, cmake or subproject)" >&2
    exit 2
    ;;
esac
finish
