#pragma once
// hand_value: one totally ordered integer per hand; hand_category: what kind of hand it is.

#include <array>
#include <compare>
#include <cstdint>
#include <string_view>

#include "pokerengine/card.hpp"

namespace pokerengine {

/// Kinds of poker hand, worst first in high poker. The royal flush is the top
/// straight flush, named separately because players and tables name it
/// separately; five of a kind needs a wild card.
enum class hand_category : std::uint8_t {
    high_card,
    one_pair,
    two_pair,
    three_of_a_kind,
    straight,
    flush,
    full_house,
    four_of_a_kind,
    straight_flush,
    royal_flush,
    five_of_a_kind,
    wild_royal_flush,  // pay tables only: a royal flush made with a wild card
    four_wild_cards,   // pay tables only: four deuces in deuces wild
};
inline constexpr int category_count = 13;

/// "High card", "One pair", ..., "Royal flush".
constexpr std::string_view category_name(hand_category c) {
    constexpr std::array<std::string_view, category_count> names{
        "High card",  "One pair", "Two pair",       "Three of a kind", "Straight",
        "Flush",      "Full house", "Four of a kind", "Straight flush",  "Royal flush", "Five of a kind",
        "Wild royal flush", "Four wild cards"};
    return names[static_cast<int>(c)];
}

/// The strength of a hand under the rules that evaluated it: higher is better,
/// equal exactly when the hands tie. Values from different rules do not mix.
///
///     hand_value a = ev.evaluate(parse_card_set("Ks Kd Kh 2c 2d"));
///     hand_value b = ev.evaluate(parse_card_set("Qs Qd Qh Ac Ad"));
///     assert(a > b);
struct hand_value {
    std::uint32_t value = 0;  // 0 is below every hand
    friend constexpr auto operator<=>(hand_value, hand_value) = default;
};

/// What a hand value means: its category and the ranks of its best five
/// cards in the order players read them (groups first, larger groups first,
/// then higher ranks; a straight from its top card, the wheel as 5-4-3-2-A).
struct hand_shape {
    hand_category category = hand_category::high_card;
    std::array<Rank, 5> ranks{};

    /// The rank that names the hand: the pair, the trips, the quads, the
    /// higher pair, the top card of a straight or flush.
    constexpr Rank primary() const { return ranks[0]; }
    /// The rank named second: the lower pair of two pair, the pair of a full
    /// house, otherwise the first card after the named group (the top kicker;
    /// five of a kind has none and names its own rank again).
    constexpr Rank secondary() const {
        if (category == hand_category::two_pair) return ranks[2];
        auto after_group = static_cast<std::size_t>(largest_group());
        return ranks[after_group < ranks.size() ? after_group : 0];
    }
    constexpr bool is_flush() const {
        return category == hand_category::flush || category == hand_category::straight_flush ||
               category == hand_category::royal_flush || category == hand_category::wild_royal_flush;
    }
    constexpr bool is_straight() const {
        return category == hand_category::straight || category == hand_category::straight_flush ||
               category == hand_category::royal_flush || category == hand_category::wild_royal_flush;
    }
    /// Number of cards in the largest group of equal ranks (1 to 4).
    constexpr int largest_group() const {
        switch (category) {
            case hand_category::one_pair:
            case hand_category::two_pair: return 2;
            case hand_category::three_of_a_kind:
            case hand_category::full_house: return 3;
            case hand_category::four_of_a_kind: return 4;
            case hand_category::five_of_a_kind: return 5;
            default: return 1;
        }
    }
    friend constexpr bool operator==(const hand_shape&, const hand_shape&) = default;
};

}  // namespace pokerengine
