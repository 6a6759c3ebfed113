#pragma once
// Rankings declared as data: an ordered list of hand patterns, worst first.
// The table generator classifies every five-card hand by the best pattern it
// matches and orders hands of one pattern by their ranks; nothing else in the
// engine knows what a full house is.

#include <array>
#include <cstdint>

#include "pokerengine/hand_value.hpp"

namespace pokerengine::detail {

enum class straight_rule : std::uint8_t { any, required, ace_high_required };
enum class flush_rule : std::uint8_t { any, required };

struct hand_pattern {
    hand_category category;
    std::array<std::uint8_t, 5> groups;  // sizes of the groups of equal ranks, largest first, 0-padded
    straight_rule straight;
    flush_rule flush;
};

inline constexpr std::array<hand_pattern, category_count> high_ranking{{
    {hand_category::high_card, {1, 1, 1, 1, 1}, straight_rule::any, flush_rule::any},
    {hand_category::one_pair, {2, 1, 1, 1, 0}, straight_rule::any, flush_rule::any},
    {hand_category::two_pair, {2, 2, 1, 0, 0}, straight_rule::any, flush_rule::any},
    {hand_category::three_of_a_kind, {3, 1, 1, 0, 0}, straight_rule::any, flush_rule::any},
    {hand_category::straight, {1, 1, 1, 1, 1}, straight_rule::required, flush_rule::any},
    {hand_category::flush, {1, 1, 1, 1, 1}, straight_rule::any, flush_rule::required},
    {hand_category::full_house, {3, 2, 0, 0, 0}, straight_rule::any, flush_rule::any},
    {hand_category::four_of_a_kind, {4, 1, 0, 0, 0}, straight_rule::any, flush_rule::any},
    {hand_category::straight_flush, {1, 1, 1, 1, 1}, straight_rule::required, flush_rule::required},
    {hand_category::royal_flush, {1, 1, 1, 1, 1}, straight_rule::ace_high_required, flush_rule::required},
}};

// A hand_shape packed in 24 bits: category, then five 4-bit ranks.
constexpr std::uint32_t pack_shape(const hand_shape& s) {
    std::uint32_t code = static_cast<std::uint32_t>(s.category);
    for (Rank r : s.ranks) code = code << 4 | static_cast<std::uint32_t>(r);
    return code;
}

constexpr hand_shape unpack_shape(std::uint32_t code) {
    hand_shape s;
    for (int i = 4; i >= 0; --i, code >>= 4) s.ranks[static_cast<std::size_t>(i)] = static_cast<Rank>(code & 15);
    s.category = static_cast<hand_category>(code);
    return s;
}

}  // namespace pokerengine::detail
