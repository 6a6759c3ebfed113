#pragma once
// Rankings declared as data. A ranking is an ordered list of hand patterns,
// worst first, plus a few facts: which way ranks count, where the ace sits,
// which five ranks make a straight, whether flushes count and which ranks the
// deck holds. The table generator classifies every five-card hand by the most
// specific pattern it matches and orders hands of one pattern by their ranks;
// nothing else in the engine knows what a full house is.

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "pokerengine/hand_value.hpp"

namespace pokerengine::detail {

enum class straight_rule : std::uint8_t { any, required, top_required };
enum class flush_rule : std::uint8_t { any, required };
// How many wild cards a pattern needs (pay tables tell natural hands from wild ones).
enum class wild_count_rule : std::uint8_t { any, none, some, four };

struct hand_pattern {
    hand_category category;
    std::array<std::uint8_t, 5> groups;  // sizes of the groups of equal ranks, largest first, 0-padded; all 0: any
    straight_rule straight;
    flush_rule flush;
    wild_count_rule wilds = wild_count_rule::any;

    // Hands matching several patterns take the one with the most requirements
    // (a straight flush is also a straight and a flush); four wild cards are
    // named as such whatever else they make.
    constexpr int requirements() const {
        return (straight == straight_rule::required ? 1 : straight == straight_rule::top_required ? 2 : 0) +
               (flush == flush_rule::required ? 1 : 0) +
               (wilds == wild_count_rule::four ? 10 : wilds == wild_count_rule::any ? 0 : 2);
    }
};

enum class rank_direction : std::uint8_t { higher_wins, lower_wins };
enum class ace_position : std::uint8_t { high, low };
// Which runs of five ranks are straights.
enum class straight_kind : std::uint8_t {
    none,           // ace-to-five: straights do not count
    ace_both_ends,  // high poker: A-K-Q-J-T and 5-4-3-2-A (the ace below the deck's lowest rank)
    ace_high_only,  // deuce-to-seven: 5-4-3-2-A is ace-high, not a straight
    ace_low_only,   // ace-to-six: the ace is always low, so A-K-Q-J-T is not a straight
};
enum class flush_kind : std::uint8_t { counted, ignored };

struct ranking_spec {
    std::string_view name;  // also names the generated tables
    std::span<const hand_pattern> patterns;
    rank_direction direction;
    ace_position ace;
    straight_kind straights;
    flush_kind flushes;
    unsigned deck_ranks;        // 13-bit mask of the ranks in the deck
    int qualifier_highest = -1; // eight-or-better: a low needs five ranks no higher than this (rank index), else no low
    std::string_view best_low_name = {};  // lowball: what the best hand is called ("Wheel"), if anything
};

inline constexpr unsigned all_ranks = 0x1FFF;
inline constexpr unsigned six_to_ace = 0x1FF0;

using P = hand_pattern;
using C = hand_category;
using S = straight_rule;
using F = flush_rule;

inline constexpr std::array<hand_pattern, 10> high_patterns{{
    {C::high_card, {1, 1, 1, 1, 1}, S::any, F::any},
    {C::one_pair, {2, 1, 1, 1, 0}, S::any, F::any},
    {C::two_pair, {2, 2, 1, 0, 0}, S::any, F::any},
    {C::three_of_a_kind, {3, 1, 1, 0, 0}, S::any, F::any},
    {C::straight, {1, 1, 1, 1, 1}, S::required, F::any},
    {C::flush, {1, 1, 1, 1, 1}, S::any, F::required},
    {C::full_house, {3, 2, 0, 0, 0}, S::any, F::any},
    {C::four_of_a_kind, {4, 1, 0, 0, 0}, S::any, F::any},
    {C::straight_flush, {1, 1, 1, 1, 1}, S::required, F::required},
    {C::royal_flush, {1, 1, 1, 1, 1}, S::top_required, F::required},
}};

// Short deck: a flush beats a full house. Six-Plus/Triton order: three of a
// kind beats a straight, which is rarer there than trips.
inline constexpr std::array<hand_pattern, 10> short_deck_patterns{{
    {C::high_card, {1, 1, 1, 1, 1}, S::any, F::any},
    {C::one_pair, {2, 1, 1, 1, 0}, S::any, F::any},
    {C::two_pair, {2, 2, 1, 0, 0}, S::any, F::any},
    {C::straight, {1, 1, 1, 1, 1}, S::required, F::any},
    {C::three_of_a_kind, {3, 1, 1, 0, 0}, S::any, F::any},
    {C::full_house, {3, 2, 0, 0, 0}, S::any, F::any},
    {C::flush, {1, 1, 1, 1, 1}, S::any, F::required},
    {C::four_of_a_kind, {4, 1, 0, 0, 0}, S::any, F::any},
    {C::straight_flush, {1, 1, 1, 1, 1}, S::required, F::required},
    {C::royal_flush, {1, 1, 1, 1, 1}, S::top_required, F::required},
}};

// Short deck, WSOP order: the straight keeps its place above three of a kind.
inline constexpr std::array<hand_pattern, 10> short_deck_wsop_patterns{{
    {C::high_card, {1, 1, 1, 1, 1}, S::any, F::any},
    {C::one_pair, {2, 1, 1, 1, 0}, S::any, F::any},
    {C::two_pair, {2, 2, 1, 0, 0}, S::any, F::any},
    {C::three_of_a_kind, {3, 1, 1, 0, 0}, S::any, F::any},
    {C::straight, {1, 1, 1, 1, 1}, S::required, F::any},
    {C::full_house, {3, 2, 0, 0, 0}, S::any, F::any},
    {C::flush, {1, 1, 1, 1, 1}, S::any, F::required},
    {C::four_of_a_kind, {4, 1, 0, 0, 0}, S::any, F::any},
    {C::straight_flush, {1, 1, 1, 1, 1}, S::required, F::required},
    {C::royal_flush, {1, 1, 1, 1, 1}, S::top_required, F::required},
}};

// Ace-to-five: only pairing counts against a hand.
inline constexpr std::array<hand_pattern, 6> ace_to_five_patterns{{
    {C::four_of_a_kind, {4, 1, 0, 0, 0}, S::any, F::any},
    {C::full_house, {3, 2, 0, 0, 0}, S::any, F::any},
    {C::three_of_a_kind, {3, 1, 1, 0, 0}, S::any, F::any},
    {C::two_pair, {2, 2, 1, 0, 0}, S::any, F::any},
    {C::one_pair, {2, 1, 1, 1, 0}, S::any, F::any},
    {C::high_card, {1, 1, 1, 1, 1}, S::any, F::any},
}};

// Ace-to-six: high poker's order turned upside down; the ace is low.
inline constexpr std::array<hand_pattern, 9> ace_to_six_patterns{{
    {C::straight_flush, {1, 1, 1, 1, 1}, S::required, F::required},
    {C::four_of_a_kind, {4, 1, 0, 0, 0}, S::any, F::any},
    {C::full_house, {3, 2, 0, 0, 0}, S::any, F::any},
    {C::flush, {1, 1, 1, 1, 1}, S::any, F::required},
    {C::straight, {1, 1, 1, 1, 1}, S::required, F::any},
    {C::three_of_a_kind, {3, 1, 1, 0, 0}, S::any, F::any},
    {C::two_pair, {2, 2, 1, 0, 0}, S::any, F::any},
    {C::one_pair, {2, 1, 1, 1, 0}, S::any, F::any},
    {C::high_card, {1, 1, 1, 1, 1}, S::any, F::any},
}};

// Deuce-to-seven: high poker's order turned upside down; the ace is high.
inline constexpr std::array<hand_pattern, 10> deuce_to_seven_patterns{{
    {C::royal_flush, {1, 1, 1, 1, 1}, S::top_required, F::required},
    {C::straight_flush, {1, 1, 1, 1, 1}, S::required, F::required},
    {C::four_of_a_kind, {4, 1, 0, 0, 0}, S::any, F::any},
    {C::full_house, {3, 2, 0, 0, 0}, S::any, F::any},
    {C::flush, {1, 1, 1, 1, 1}, S::any, F::required},
    {C::straight, {1, 1, 1, 1, 1}, S::required, F::any},
    {C::three_of_a_kind, {3, 1, 1, 0, 0}, S::any, F::any},
    {C::two_pair, {2, 2, 1, 0, 0}, S::any, F::any},
    {C::one_pair, {2, 1, 1, 1, 0}, S::any, F::any},
    {C::high_card, {1, 1, 1, 1, 1}, S::any, F::any},
}};

// Video-poker pay tables with wild cards, worst first. Deuces wild: natural
// royal flush above four deuces above wild royal flush above five of a kind.
inline constexpr std::array<hand_pattern, 13> deuces_wild_pay_patterns{{
    {C::high_card, {1, 1, 1, 1, 1}, S::any, F::any},
    {C::one_pair, {2, 1, 1, 1, 0}, S::any, F::any},
    {C::two_pair, {2, 2, 1, 0, 0}, S::any, F::any},
    {C::three_of_a_kind, {3, 1, 1, 0, 0}, S::any, F::any},
    {C::straight, {1, 1, 1, 1, 1}, S::required, F::any},
    {C::flush, {1, 1, 1, 1, 1}, S::any, F::required},
    {C::full_house, {3, 2, 0, 0, 0}, S::any, F::any},
    {C::four_of_a_kind, {4, 1, 0, 0, 0}, S::any, F::any},
    {C::straight_flush, {1, 1, 1, 1, 1}, S::required, F::required},
    {C::five_of_a_kind, {5, 0, 0, 0, 0}, S::any, F::any},
    {C::wild_royal_flush, {1, 1, 1, 1, 1}, S::top_required, F::required, wild_count_rule::some},
    {C::four_wild_cards, {0, 0, 0, 0, 0}, S::any, F::any, wild_count_rule::four},
    {C::royal_flush, {1, 1, 1, 1, 1}, S::top_required, F::required, wild_count_rule::none},
}};

// Joker poker: natural royal flush above five of a kind above wild royal flush.
inline constexpr std::array<hand_pattern, 12> joker_poker_pay_patterns{{
    {C::high_card, {1, 1, 1, 1, 1}, S::any, F::any},
    {C::one_pair, {2, 1, 1, 1, 0}, S::any, F::any},
    {C::two_pair, {2, 2, 1, 0, 0}, S::any, F::any},
    {C::three_of_a_kind, {3, 1, 1, 0, 0}, S::any, F::any},
    {C::straight, {1, 1, 1, 1, 1}, S::required, F::any},
    {C::flush, {1, 1, 1, 1, 1}, S::any, F::required},
    {C::full_house, {3, 2, 0, 0, 0}, S::any, F::any},
    {C::four_of_a_kind, {4, 1, 0, 0, 0}, S::any, F::any},
    {C::straight_flush, {1, 1, 1, 1, 1}, S::required, F::required},
    {C::wild_royal_flush, {1, 1, 1, 1, 1}, S::top_required, F::required, wild_count_rule::some},
    {C::five_of_a_kind, {5, 0, 0, 0, 0}, S::any, F::any},
    {C::royal_flush, {1, 1, 1, 1, 1}, S::top_required, F::required, wild_count_rule::none},
}};

inline constexpr ranking_spec high_spec{"high", high_patterns, rank_direction::higher_wins, ace_position::high,
                                        straight_kind::ace_both_ends, flush_kind::counted, all_ranks};
inline constexpr ranking_spec short_deck_spec{"short_deck", short_deck_patterns, rank_direction::higher_wins,
                                              ace_position::high, straight_kind::ace_both_ends, flush_kind::counted,
                                              six_to_ace};
inline constexpr ranking_spec short_deck_wsop_spec{"short_deck_wsop", short_deck_wsop_patterns,
                                                   rank_direction::higher_wins, ace_position::high,
                                                   straight_kind::ace_both_ends, flush_kind::counted, six_to_ace};
inline constexpr ranking_spec ace_to_five_spec{"ace_to_five", ace_to_five_patterns, rank_direction::lower_wins,
                                               ace_position::low, straight_kind::none, flush_kind::ignored,
                                               all_ranks, -1, "Wheel"};
inline constexpr ranking_spec eight_or_better_spec{"eight_or_better", ace_to_five_patterns, rank_direction::lower_wins,
                                                   ace_position::low, straight_kind::none, flush_kind::ignored,
                                                   all_ranks, static_cast<int>(Rank::eight), "Wheel"};
inline constexpr ranking_spec ace_to_six_spec{"ace_to_six", ace_to_six_patterns, rank_direction::lower_wins,
                                              ace_position::low, straight_kind::ace_low_only, flush_kind::counted,
                                              all_ranks};
inline constexpr ranking_spec deuce_to_seven_spec{"deuce_to_seven", deuce_to_seven_patterns,
                                                  rank_direction::lower_wins, ace_position::high,
                                                  straight_kind::ace_high_only, flush_kind::counted, all_ranks, -1,
                                                  "Number one"};

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
