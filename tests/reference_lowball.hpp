#pragma once
// A slow, plainly written evaluator for every ranking the engine offers (high,
// short deck in both orders, ace-to-five, eight-or-better, ace-to-six,
// deuce-to-seven), to check the fast tables against.
//
// It follows the rules' text and nothing else (docs/rules.md and the sources
// cited there): five cards are classified by counting ranks and suits under
// the rules' own ace, straight and flush conventions and given a key that
// orders them, higher keys better; a hand of six or more cards is worth its
// best five-card subset, which is also how lowball hands of seven cards with
// five of one suit find the five cards that avoid the flush. It shares no
// tables, ranking lists or evaluation code with the engine: the engine's types
// appear only in `from_engine`, which turns a Card into two ints, as in
// reference_evaluator.hpp.

#include <algorithm>
#include <array>
#include <compare>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "pokerengine/card.hpp"
#include "pokerengine/card_set.hpp"

namespace pokerengine::reference_lowball {

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

/// The rankings, named as the rules name them.
enum class rules { high, short_deck, short_deck_wsop, ace_to_five, eight_or_better, ace_to_six, deuce_to_seven };

/// Kinds of hand, in high poker's order. A royal flush is the straight flush
/// whose top card is the ace played high; it has its own name only.
enum class kind : int {
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

/// Each ranking's kinds from worst to best, as the rules list them.
inline const std::vector<kind>& order_of_kinds(rules r) {
    using enum kind;
    // The standard order.
    static const std::vector<kind> high_order{high_card,       one_pair,   two_pair,       three_of_a_kind,
                                              straight,        flush,      full_house,     four_of_a_kind,
                                              straight_flush};
    // Six-Plus/Triton: a flush beats a full house, three of a kind beats a straight.
    static const std::vector<kind> short_deck_order{high_card,       one_pair,   two_pair,   straight,
                                                    three_of_a_kind, full_house, flush,      four_of_a_kind,
                                                    straight_flush};
    // WSOP: a flush beats a full house, a straight beats three of a kind.
    static const std::vector<kind> wsop_order{high_card, one_pair,   two_pair, three_of_a_kind, straight,
                                              full_house, flush,     four_of_a_kind, straight_flush};
    // Ace-to-five: only pairing counts against a low.
    static const std::vector<kind> ace_to_five_order{four_of_a_kind, full_house, three_of_a_kind,
                                                     two_pair,       one_pair,   high_card};
    // Ace-to-six and deuce-to-seven: high poker's order turned upside down.
    static const std::vector<kind> upside_down_order{straight_flush,  four_of_a_kind, full_house,
                                                     flush,           straight,       three_of_a_kind,
                                                     two_pair,        one_pair,       high_card};
    switch (r) {
        case rules::high: return high_order;
        case rules::short_deck: return short_deck_order;
        case rules::short_deck_wsop: return wsop_order;
        case rules::ace_to_five:
        case rules::eight_or_better: return ace_to_five_order;
        case rules::ace_to_six:
        case rules::deuce_to_seven: return upside_down_order;
    }
    throw std::logic_error("unknown rules");
}

inline bool is_low(rules r) {
    return r == rules::ace_to_five || r == rules::eight_or_better || r == rules::ace_to_six ||
           r == rules::deuce_to_seven;
}
/// The ace is the lowest card (rank 1) in these games, and only there.
inline bool ace_is_low(rules r) {
    return r == rules::ace_to_five || r == rules::eight_or_better || r == rules::ace_to_six;
}
inline bool is_short_deck(rules r) { return r == rules::short_deck || r == rules::short_deck_wsop; }

/// What decides between two hands under one ranking; a higher key is better.
///
/// `reading` is the five ranks in the order players read them: groups first
/// (larger, then higher rank), then single cards from the highest; an ace
/// played low is rank 1 and so is read last (5-4-3-2-A); a straight whose ace
/// is below its other cards (A-2-3-4-5 in high poker, A-6-7-8-9 in short deck)
/// is read from its top card with the ace written last as 14. Comparing
/// `reading` left to right is "largest group first, then the next, then the
/// kickers"; in low games the lower rank wins at the first difference, so
/// `strength` is 15 - rank there. Straights of one ranking never share a top
/// card, so the ace written last never decides anything.
struct hand_key {
    bool qualifies = true;  // false only under eight-or-better without a qualifying low: below every low
    int tier = 0;           // the kind's place in the ranking's order, worst 0
    std::array<int, 5> strength{};
    kind category = kind::high_card;  // follow from the fields above, so they never decide a comparison
    std::array<int, 5> reading{};

    friend auto operator<=>(const hand_key&, const hand_key&) = default;

    /// The deciding fields as one integer in the same order: 1 bit qualifies,
    /// 4 bits tier, 4 bits per strength.
    std::uint32_t packed() const {
        std::uint32_t code = (qualifies ? 1u : 0u) << 4 | static_cast<std::uint32_t>(tier);
        for (int s : strength) code = code << 4 | static_cast<std::uint32_t>(s);
        return code;
    }
};

/// Classifies exactly five cards under `r`.
inline hand_key evaluate_five(rules r, const std::array<simple_card, 5>& cards) {
    for (const simple_card& c : cards) {
        if (c.rank < 2 || c.rank > 14 || c.suit < 0 || c.suit > 3) throw std::invalid_argument("not a card");
        if (is_short_deck(r) && c.rank < 6) throw std::invalid_argument("2 to 5 are not in the short deck");
    }
    for (std::size_t i = 0; i < 5; ++i)
        for (std::size_t j = i + 1; j < 5; ++j)
            if (cards[i].rank == cards[j].rank && cards[i].suit == cards[j].suit)
                throw std::invalid_argument("the same card twice");

    std::array<int, 15> count{};  // count[v]: cards whose value under these rules is v (ace 1 or 14)
    for (const simple_card& c : cards) ++count[static_cast<std::size_t>(c.rank == 14 && ace_is_low(r) ? 1 : c.rank)];

    hand_key key;
    std::size_t n = 0;
    for (int size = 4; size >= 1; --size)
        for (int v = 14; v >= 1; --v)
            if (count[static_cast<std::size_t>(v)] == size)
                for (int k = 0; k < size; ++k) key.reading[n++] = v;
    const auto& read = key.reading;

    const bool five_ranks = read[0] != read[1] && read[1] != read[2] && read[2] != read[3] && read[3] != read[4];
    const bool same_suit =
        std::all_of(cards.begin(), cards.end(), [&](const simple_card& c) { return c.suit == cards[0].suit; });

    // Straights and flushes: ignored in ace-to-five; in the other games five
    // ranks in a row, the ace at whichever end the rules allow.
    const bool counts_patterns = r != rules::ace_to_five && r != rules::eight_or_better;
    const bool flush = counts_patterns && same_suit;
    bool straight = counts_patterns && five_ranks && read[0] - read[4] == 4;
    if (counts_patterns && five_ranks && r == rules::high && read == std::array<int, 5>{14, 5, 4, 3, 2}) {
        straight = true;  // the wheel, five-high
        key.reading = {5, 4, 3, 2, 14};
    }
    if (counts_patterns && five_ranks && is_short_deck(r) && read == std::array<int, 5>{14, 9, 8, 7, 6}) {
        straight = true;  // the ace below the six: nine-high
        key.reading = {9, 8, 7, 6, 14};
    }

    const int largest = read[0] == read[3] ? 4 : read[0] == read[2] ? 3 : read[0] == read[1] ? 2 : 1;
    const bool second_pair = largest == 2 ? read[2] == read[3] : largest == 3 && read[3] == read[4];
    if (straight && flush)
        key.category = key.reading[0] == 14 ? kind::royal_flush : kind::straight_flush;
    else if (largest == 4)
        key.category = kind::four_of_a_kind;
    else if (largest == 3 && second_pair)
        key.category = kind::full_house;
    else if (flush)
        key.category = kind::flush;
    else if (straight)
        key.category = kind::straight;
    else if (largest == 3)
        key.category = kind::three_of_a_kind;
    else if (largest == 2 && second_pair)
        key.category = kind::two_pair;
    else if (largest == 2)
        key.category = kind::one_pair;
    else
        key.category = kind::high_card;

    const std::vector<kind>& order = order_of_kinds(r);
    const kind ranked_as = key.category == kind::royal_flush ? kind::straight_flush : key.category;
    key.tier = static_cast<int>(std::find(order.begin(), order.end(), ranked_as) - order.begin());
    if (key.tier == static_cast<int>(order.size())) throw std::logic_error("a kind the rules do not rank");
    for (std::size_t i = 0; i < 5; ++i) key.strength[i] = is_low(r) ? 15 - key.reading[i] : key.reading[i];

    // Eight-or-better: five different ranks, none above eight, or no low at all.
    if (r == rules::eight_or_better && (key.category != kind::high_card || key.reading[0] > 8)) key = hand_key{false};
    return key;
}

/// The best five-card key among all five-card subsets of five or more cards.
inline hand_key evaluate(rules r, const std::vector<simple_card>& cards) {
    const std::size_t n = cards.size();
    if (n < 5) throw std::invalid_argument("fewer than five cards");
    hand_key best;
    bool any = false;
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b)
            for (std::size_t c = b + 1; c < n; ++c)
                for (std::size_t d = c + 1; d < n; ++d)
                    for (std::size_t e = d + 1; e < n; ++e) {
                        const hand_key k = evaluate_five(r, {cards[a], cards[b], cards[c], cards[d], cards[e]});
                        if (!any || k > best) best = k;
                        any = true;
                    }
    return best;
}

inline hand_key evaluate(rules r, CardSet cards) { return evaluate(r, from_engine(cards)); }

/// "7-5-4-3-2", "5-4-3-2-A": the reading order in rank characters.
inline std::string digits(const hand_key& k) {
    std::string out;
    for (int v : k.reading) {
        if (!out.empty()) out += '-';
        out += "?A23456789TJQKA"[v];
    }
    return out;
}

}  // namespace pokerengine::reference_lowball
