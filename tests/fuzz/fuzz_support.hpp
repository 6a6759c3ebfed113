#pragma once
// Shared by the fuzz targets: the input as text, and the check that a failure
// is one of the library's documented errors with a printable one-line message.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include "pokerengine/card.hpp"

namespace fuzz {

inline std::string_view text_of(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// A message must already be printable: no control characters, no broken UTF-8.
inline void check_message(const std::exception& e) {
    const std::string_view what = e.what();
    if (what.empty() || pokerengine::printable(what) != what) std::abort();
}

// Runs f(); documented errors (std::invalid_argument and its kinds:
// parse_error, hand_error, range_error, rules_error, game_error, pot_error,
// paytable_error) are expected, anything else escapes and is a finding.
template <class F>
void expect_clean(F&& f) {
    try {
        f();
    } catch (const std::invalid_argument& e) {
        check_message(e);
    }
}

// A condition that must hold whatever the input.
inline void require(bool condition) {
    if (!condition) std::abort();
}

}  // namespace fuzz
