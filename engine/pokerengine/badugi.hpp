#pragma once
// Badugi: four-card lowball whose playing hand is the largest set of cards
// with no two of the same rank and no two of the same suit.

#include <array>
#include <bit>
#include <compare>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "pokerengine/card_set.hpp"
#include "pokerengine/hand_value.hpp"

namespace pokerengine {

namespace detail {

// A badugi value is 8192 * (number of playing cards) + (8191 - their ace-low
// rank mask). Masks of equally many distinct ranks compare like the ranks read
// highest first, so a lower mask is a better hand and the complement turns it
// into "higher is better"; more playing cards always win.
inline constexpr int badugi_count_shift = 13;
inline constexpr std::uint32_t badugi_rank_mask = 0x1fff;

// The ace-low rank bit of a natural card's code: ace bit 0, deuce bit 1, ..., king bit 12.
constexpr std::uint32_t ace_low_rank_bit(std::uint8_t code) {
    int rank = code & 15;
    return 1U << (rank == static_cast<int>(Rank::ace) ? 0 : rank + 1);
}

// The six pairs of four cards and, for each subset of the four (bit i: card i),
// the pairs inside it (bit p: pair p).
inline constexpr std::array<std::array<int, 2>, 6> badugi_pairs{{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}};
inline constexpr std::array<std::uint8_t, 16> badugi_pairs_within = [] {
    std::array<std::uint8_t, 16> within{};
    for (unsigned subset = 0; subset < 16; ++subset)
        for (std::size_t p = 0; p < badugi_pairs.size(); ++p)
            if ((subset >> badugi_pairs[p][0] & 1) && (subset >> badugi_pairs[p][1] & 1))
                within[subset] = static_cast<std::uint8_t>(within[subset] | 1U << p);
    return within;
}();

// The best playing hand of four natural cards given by code: its value and
// which cards make it (bit i: code[i]). Of several subsets worth the same,
// the one with the highest bit pattern wins (the last one tried), so callers
// order the cards to choose among equal hands.
struct badugi_choice {
    std::uint32_t value = 0;
    unsigned subset = 0;
};
constexpr badugi_choice best_badugi_subset(const std::array<std::uint8_t, 4>& code) {
    // A subset plays when none of its pairs clash (share a rank or a suit).
    unsigned clashes = 0;
    for (std::size_t p = 0; p < badugi_pairs.size(); ++p) {
        unsigned diff = code[static_cast<std::size_t>(badugi_pairs[p][0])] ^
                        code[static_cast<std::size_t>(badugi_pairs[p][1])];
        clashes |= static_cast<unsigned>((diff & 0x0f) == 0 || (diff & 0xf0) == 0) << p;
    }
    // Each subset's ranks from a smaller subset's, then a branch-free maximum
    // (the loop unrolls; unplayable subsets count as 0).
    std::array<std::uint32_t, 16> ranks{};
    badugi_choice best;
    for (unsigned subset = 1; subset < 16; ++subset) {
        ranks[subset] = ranks[subset & (subset - 1)] |
                        ace_low_rank_bit(code[static_cast<std::size_t>(std::countr_zero(subset))]);
        std::uint32_t value = static_cast<std::uint32_t>(std::popcount(subset)) << badugi_count_shift |
                              (badugi_rank_mask & ~ranks[subset]);
        value = (badugi_pairs_within[subset] & clashes) ? 0 : value;
        if (value >= best.value) best = {value, subset};
    }
    return best;
}

// Throws the hand_error for a set that is not four natural cards.
[[noreturn]] void throw_not_a_badugi_hand(CardSet cards);

}  // namespace detail

/// Evaluates badugi hands: four cards, of which the largest set with all
/// ranks and all suits different plays; more playing cards win, then the
/// lower highest card, the lower next card and so on, aces low. Suits never
/// break ties. The best hand is A-2-3-4 of four suits, the worst four kings.
///
/// Stateless, allocation-free and safe to share between threads.
///
///     badugi_evaluator badugi;
///     hand_value v = badugi.evaluate("7s 5h 4d Ac");
///     assert(badugi.describe(v) == "Badugi, seven-five-four-ace (7-5-4-A)");
///     assert(badugi.evaluate("Ks Qh Jd Tc") > badugi.evaluate("As 2h 3d 3c"));
class badugi_evaluator {
public:
    /// Cards in a badugi hand: always four.
    ///
    ///     static_assert(badugi_evaluator::hand_size == 4);
    static constexpr int hand_size = 4;

    /// Number of different values (hands that do not tie): one per set of 1 to
    /// 4 different ranks, C(13,4) + C(13,3) + C(13,2) + C(13,1) = 1,092.
    ///
    ///     static_assert(badugi_evaluator::distinct_values == 1092);
    static constexpr std::uint32_t distinct_values = 715 + 286 + 78 + 13;

    /// Value of four natural cards: higher is better, equal exactly when the
    /// hands tie. Throws `hand_error` for any other number of cards or a joker.
    ///
    ///     constexpr CardSet wheel = CardSet{Card{Rank::ace, Suit::spades}} | Card{Rank::two, Suit::hearts} |
    ///                               Card{Rank::three, Suit::diamonds} | Card{Rank::four, Suit::clubs};
    ///     static_assert(badugi_evaluator{}.cards_in_hand(badugi_evaluator{}.evaluate(wheel)) == 4);
    constexpr hand_value evaluate(CardSet cards) const {
        std::uint64_t bits = cards.bits();
        if ((bits & CardSet::joker_bits) != 0 || std::popcount(bits) != hand_size) [[unlikely]]
            detail::throw_not_a_badugi_hand(cards);
        std::array<std::uint8_t, 4> code{};
        for (auto& c : code) {
            c = static_cast<std::uint8_t>(std::countr_zero(bits));
            bits &= bits - 1;
        }
        return hand_value{detail::best_badugi_subset(code).value};
    }
    /// As above, for cards in any order; also throws `hand_error` if a card is
    /// listed twice.
    ///
    ///     std::array<Card, 4> cards{parse_card("As"), parse_card("2h"), parse_card("3d"), parse_card("4c")};
    ///     assert(badugi.evaluate(std::span<const Card>(cards)) == badugi.evaluate("4c 3d 2h As"));
    hand_value evaluate(std::span<const Card> cards) const;
    /// As above, for a `CardList`.
    ///
    ///     assert(badugi.evaluate(parse_cards("As 2h 3d 4c")) == badugi.evaluate("As 2h 3d 4c"));
    hand_value evaluate(const CardList& cards) const { return evaluate(std::span<const Card>(cards.data(), cards.size())); }
    /// Parses and evaluates four cards; throws `parse_error` for text that is
    /// not cards and `hand_error` (quoting the text) for the wrong number.
    ///
    ///     assert(badugi.cards_in_hand(badugi.evaluate("Kh Qd 2h 2c")) == 3);
    hand_value evaluate(std::string_view text) const;
    /// As above, for a C string.
    ///
    ///     hand_value v = badugi.evaluate("As 2h 3d 4c");
    hand_value evaluate(const char* text) const { return evaluate(std::string_view{text}); }

    /// Orders two hands: `greater` when `a` is the better hand, `equal` when they tie.
    ///
    ///     assert(badugi.compare(parse_card_set("As 2h 3d 4c"), parse_card_set("Ah 2s 3c 4d")) == 0);
    std::strong_ordering compare(CardSet a, CardSet b) const { return evaluate(a) <=> evaluate(b); }

    /// How many cards play, 1 to 4. Throws `std::out_of_range` for a value that
    /// did not come from this evaluator.
    ///
    ///     assert(badugi.cards_in_hand(badugi.evaluate("As Ah Ad Ac")) == 1);
    constexpr int cards_in_hand(hand_value v) const {
        int count = static_cast<int>(v.value >> detail::badugi_count_shift);
        unsigned ranks = ~v.value & detail::badugi_rank_mask;
        if (count < 1 || count > hand_size || std::popcount(ranks) != count) [[unlikely]]
            throw_not_a_badugi_value(v);
        return count;
    }
    /// In words: "Badugi, seven-five-four-ace (7-5-4-A)", "Three-card
    /// seven-five-ace (7-5-A)", "Two-card king-queen (K-Q)", "One-card ace (A)".
    /// Throws `std::out_of_range` for a value that did not come from this evaluator.
    ///
    ///     assert(badugi.describe(badugi.evaluate("Kh 7d 5s Ah")) == "Three-card seven-five-ace (7-5-A)");
    std::string describe(hand_value v) const;
    /// The cards that play, highest first (the ace last). When several sets of
    /// cards make the same hand, the highest card takes the higher suit
    /// (spades, hearts, diamonds, clubs), then the next card, and so on.
    ///
    ///     assert(to_string(badugi.best_cards(parse_card_set("Kh 7d 5s Ah"))) == "7d 5s Ah");
    CardList best_cards(CardSet cards) const;
    /// The same as `best_cards`, under the name the other evaluators use.
    CardList best_five(CardSet cards) const { return best_cards(cards); }
    /// The kind of hand in words: "Badugi", "Three-card hand", "Two-card hand", "One-card hand".
    ///
    ///     assert(badugi.category_label(badugi.evaluate("Kh 7d 5s Ah")) == "Three-card hand");
    std::string category_label(hand_value v) const {
        constexpr std::array<const char*, 4> labels{"One-card hand", "Two-card hand", "Three-card hand", "Badugi"};
        return labels[static_cast<std::size_t>(cards_in_hand(v) - 1)];
    }

private:
    [[noreturn]] static void throw_not_a_badugi_value(hand_value v);
};

}  // namespace pokerengine
