#pragma once
// The examples check their own results: a failed check prints what was
// expected, and `failures` makes the program's exit status non-zero.

#include <cstdio>
#include <string>

inline int failures = 0;

inline void check(bool ok, const std::string& what) {
    if (!ok) {
        std::printf("FAILED: %s\n", what.c_str());
        ++failures;
    }
}
