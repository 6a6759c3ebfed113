// Ranges and hand patterns: parse_range, and parse_hand_list with the hand
// size taken from the first byte.

#include "fuzz_support.hpp"
#include "pokerengine/range.hpp"

using namespace pokerengine;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const int cards = 2 + data[0] % 6;  // 2 to 7 cards, hold'em to stud
    const std::string_view text = fuzz::text_of(data + 1, size - 1);
    auto check = [](const hand_range& r) {
        for (const weighted_combo& c : r.combos())
            fuzz::require(c.weight >= min_weight && c.weight <= max_weight);
        fuzz::require(r.is_random() || r.size() <= max_range_hands);
    };
    fuzz::expect_clean([&] { check(parse_range(text)); });
    fuzz::expect_clean([&] { check(parse_hand_list(text, cards)); });
    return 0;
}
