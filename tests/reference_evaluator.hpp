#pragma once
// A slow, plainly written high-hand evaluator to check the fast one against.
//
// It follows the rules' text and nothing else: cards are (rank 2..14, suit
// 0..3) pairs; five cards are classified by counting ranks and suits; a hand
// of six or more cards is worth its best five-card subset. It shares no
// tables and no evaluation code with the engine: the engine's types appear
// only in `from_engine`, which turns a Card into two ints.

#include <algorithm>
#include <array>
#include <compare>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "pokerengine/card.hpp"
#include "pokerengine/card_set.hpp"

namespace pokerengine::reference {

struct simple_card {
    int rank;  // 2 = deuce ... 10 = ten, 11 = jack, 12 = queen, 13 = king, 14 = ace
    int suit;  // 0 ... 3
};

inline simple_card from_engine(Card c) { return {static_cast<int>(c.rank()) + 2, static_cast<int>(c.suit())}; }

inline std::vector<simple_card> from_engine(CardSet cards) {
    std::vector<simple_card> out;
    for (Card c : cards) out.push_back(from_engine(c));
    return out;
}

/// Kinds of hand, worst first. The royal flush is only the best straight
/// flush; it has its own number so categories can be named, and ordering it
/// above the other straight flushes changes no comparison.
enum class category : int {
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
};

/// What decides between two hands: the category first, then the five ranks
/// in the order they are compared.
///
/// The ranks are the five cards' ranks sorted by the size of their group
/// (quads, trips, pairs, single cards), then by rank, highest first; so the
/// key of K-K-K-2-2 is {13,13,13,2,2} and of A-A-K-Q-J is {14,14,13,12,11}.
/// Comparing these lists left to right is exactly the rule "compare the
/// largest group, then the next, then the kickers".
///
/// A straight is read from its top card; the wheel A-2-3-4-5 is five-high and
/// its list is {5,4,3,2,14}: straights never share a top card, so the ace
/// written last never decides anything.
struct hand_key {
    category kind = category::high_card;
    std::array<int, 5> ranks{};

    friend auto operator<=>(const hand_key&, const hand_key&) = default;

    /// The key as one integer, ordered the same way: 4 bits of category, then
    /// 4 bits per rank.
    std::uint32_t packed() const {
        std::uint32_t code = static_cast<std::uint32_t>(kind);
        for (int r : ranks) code = code << 4 | static_cast<std::uint32_t>(r);
        return code;
    }
};

/// Classifies exactly five cards.
inline hand_key evaluate_five(const std::array<simple_card, 5>& cards) {
    std::array<int, 15> count{};  // count[r] = number of cards of rank r
    bool flush = true;
    for (const simple_card& c : cards) {
        if (c.rank < 2 || c.rank > 14 || c.suit < 0 || c.suit > 3) throw std::invalid_argument("not a card");
        ++count[static_cast<std::size_t>(c.rank)];
        if (c.suit != cards[0].suit) flush = false;
    }
    for (std::size_t i = 0; i < 5; ++i)
        for (std::size_t j = i + 1; j < 5; ++j)
            if (cards[i].rank == cards[j].rank && cards[i].suit == cards[j].suit)
                throw std::invalid_argument("the same card twice");

    // Ranks sorted by (group size, rank), both descending, one entry per card.
    std::array<int, 5> ranks{};
    std::size_t n = 0;
    for (int size = 4; size >= 1; --size)
        for (int r = 14; r >= 2; --r)
            if (count[static_cast<std::size_t>(r)] == size)
                for (int k = 0; k < size; ++k) ranks[n++] = r;

    const bool five_different = std::count(count.begin(), count.end(), 1) == 5;
    // Five ranks in a row; the ace counts low only in A-2-3-4-5, never in the middle (no Q-K-A-2-3).
    bool straight = five_different && ranks[0] - ranks[4] == 4;
    if (five_different && ranks == std::array<int, 5>{14, 5, 4, 3, 2}) {
        straight = true;
        ranks = {5, 4, 3, 2, 14};
    }

    const int largest = ranks[0] == ranks[3] ? 4 : ranks[0] == ranks[2] ? 3 : ranks[0] == ranks[1] ? 2 : 1;
    const bool second_pair = largest == 2 ? ranks[2] == ranks[3] : largest == 3 && ranks[3] == ranks[4];

    category kind;
    if (straight && flush)
        kind = ranks[0] == 14 ? category::royal_flush : category::straight_flush;
    else if (largest == 4)
        kind = category::four_of_a_kind;
    else if (largest == 3 && second_pair)
        kind = category::full_house;
    else if (flush)
        kind = category::flush;
    else if (straight)
        kind = category::straight;
    else if (largest == 3)
        kind = category::three_of_a_kind;
    else if (largest == 2 && second_pair)
        kind = category::two_pair;
    else if (largest == 2)
        kind = category::one_pair;
    else
        kind = category::high_card;
    return {kind, ranks};
}

/// The best five-card key among all five-card subsets of five or more cards.
inline hand_key evaluate(const std::vector<simple_card>& cards) {
    const std::size_t n = cards.size();
    if (n < 5) throw std::invalid_argument("fewer than five cards");
    hand_key best;
    bool any = false;
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b)
            for (std::size_t c = b + 1; c < n; ++c)
                for (std::size_t d = c + 1; d < n; ++d)
                    for (std::size_t e = d + 1; e < n; ++e) {
                        hand_key k = evaluate_five({cards[a], cards[b], cards[c], cards[d], cards[e]});
                        if (!any || k > best) best = k;
                        any = true;
                    }
    return best;
}

inline hand_key evaluate(CardSet cards) { return evaluate(from_engine(cards)); }

}  // namespace pokerengine::reference
