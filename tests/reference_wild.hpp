#pragma once
// A slow, plainly written evaluator for hands with wild cards, to check the
// fast wild-card tables against.
//
// It follows the rules' text, restated below, and nothing else. A hand is its
// natural cards and a number of wild cards; its value is the best of every
// five-card part of it, and a five-card part with wild cards is worth the best
// hand over every card each wild card may stand for:
//
// - a wild card ("any card") may be any of the 52 cards, a card already in
//   the hand included (five of a kind); only a flush may not repeat a card, so
//   in a flush a wild card is a card of that suit missing from the hand;
// - with the double-ace flush, a wild card in a flush may instead repeat the
//   flush's ace (the ace in the hand, or the ace another wild card became);
//   read as one repeat, so a flush holds at most two aces. Two aces beat
//   every other flush because a flush is compared from its highest card down;
// - the bug (a joker) may be an ace of any suit (five aces), or any card that
//   makes the five cards a straight, a flush or a straight flush; in
//   ace-to-five and eight-or-better lows it is the lowest card missing from
//   the hand (the ace first), taken literally here.
//
// High hands are classified here with five of a kind above the straight flush.
// Low hands are classified by reference_lowball.hpp (its public functions
// only); a repeated card there can only pair a low, which is never the best a
// wild card can do, so the low games try the cards that repeat nothing.
//
// Trying all 52 cards for each wild card would repeat the same work many
// times: what a substitute's suit decides is only whether the five cards are
// all one suit and, if so, whether they repeat a card. So each wild card tries
// every rank, and each choice of ranks is read twice: as five cards that are
// not all one suit (always possible with a wild card among them: it takes
// another suit, or repeats a card) and, when the natural cards share a suit,
// as a flush of that suit, if the wild cards' ranks are cards that suit still
// has. That is the same set of hands as the 52-card substitution, without the
// repeats. The engine's types appear only where cards are read in.

#include <algorithm>
#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

#include "pokerengine/card.hpp"
#include "pokerengine/card_set.hpp"
#include "reference_lowball.hpp"

namespace pokerengine::reference_wild {

struct simple_card {
    int rank;  // 2 = deuce ... 10 = ten, 11 = jack, 12 = queen, 13 = king, 14 = ace
    int suit;  // 0 ... 3
};

/// The games with wild cards.
enum class ranking { high, ace_to_five, eight_or_better, ace_to_six, deuce_to_seven };
/// What a wild card may stand for.
enum class substitution { any_card, double_ace, bug };

struct rules {
    ranking game = ranking::high;
    substitution wild = substitution::any_card;
};

/// Kinds of hand in high poker's order, five of a kind on top. The royal flush
/// is the straight flush to the ace; it has its own name only.
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
    five_of_a_kind,
};

/// What decides between two hands under one set of rules; a higher key is
/// better. `strength` is compared left to right: in high hands the five ranks
/// in reading order (groups first, larger then higher; a straight from its top
/// card, the wheel 5-4-3-2-A with the ace written last); in low hands as
/// reference_lowball.hpp defines it.
struct hand_key {
    bool qualifies = true;  // false only for eight-or-better without a qualifying low
    int tier = 0;           // the kind's place in the rules' order, worst 0
    std::array<int, 5> strength{};
    kind category = kind::high_card;  // follow from the fields above
    std::array<int, 5> reading{};     // ranks as players read them (an ace played low is 1)

    friend auto operator<=>(const hand_key&, const hand_key&) = default;

    /// The deciding fields as one integer in the same order.
    std::uint64_t packed() const {
        std::uint64_t code = (qualifies ? 1u : 0u) << 4 | static_cast<std::uint64_t>(tier);
        for (int s : strength) code = code << 4 | static_cast<std::uint64_t>(s);
        return code;
    }
};

/// High hands: classifies five ranks, read as a flush or not. A flush may
/// repeat a rank only under the double-ace rule (checked by the caller).
inline hand_key classify_high(std::array<int, 5> ranks, bool flush) {
    std::array<int, 15> count{};
    for (int r : ranks) {
        if (r < 2 || r > 14) throw std::invalid_argument("not a rank");
        ++count[static_cast<std::size_t>(r)];
    }
    // Reading order: larger groups first, then higher ranks.
    hand_key key;
    auto& read = key.reading;
    read = ranks;
    std::sort(read.begin(), read.end(), [&](int a, int b) {
        const int ca = count[static_cast<std::size_t>(a)], cb = count[static_cast<std::size_t>(b)];
        return ca != cb ? ca > cb : a > b;
    });

    const bool five_ranks = read[0] != read[1] && read[1] != read[2] && read[2] != read[3] && read[3] != read[4];
    bool straight = five_ranks && read[0] - read[4] == 4;
    if (five_ranks && read == std::array<int, 5>{14, 5, 4, 3, 2}) {
        straight = true;  // the wheel, five-high
        read = {5, 4, 3, 2, 14};
    }
    const int largest = read[0] == read[4] ? 5 : read[0] == read[3] ? 4 : read[0] == read[2] ? 3 : read[0] == read[1] ? 2 : 1;
    const bool second_pair = largest == 2 ? read[2] == read[3] : largest == 3 && read[3] == read[4];

    if (largest == 5)
        key.category = kind::five_of_a_kind;
    else if (straight && flush)
        key.category = read[0] == 14 ? kind::royal_flush : kind::straight_flush;
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

    // The royal flush is ranked as the straight flush it is.
    const kind ranked_as = key.category == kind::royal_flush ? kind::straight_flush : key.category;
    key.tier = static_cast<int>(ranked_as) - (ranked_as == kind::five_of_a_kind ? 1 : 0);
    key.strength = key.reading;
    return key;
}

/// Five different ranks in a row (the ace high, or low in A-2-3-4-5).
inline bool is_straight(std::array<int, 5> ranks) {
    std::sort(ranks.begin(), ranks.end());
    if (std::adjacent_find(ranks.begin(), ranks.end()) != ranks.end()) return false;
    return ranks[4] - ranks[0] == 4 || ranks == std::array<int, 5>{2, 3, 4, 5, 14};
}

namespace detail {

inline reference_lowball::rules lowball_rules(ranking r) {
    switch (r) {
        case ranking::ace_to_five: return reference_lowball::rules::ace_to_five;
        case ranking::eight_or_better: return reference_lowball::rules::eight_or_better;
        case ranking::ace_to_six: return reference_lowball::rules::ace_to_six;
        case ranking::deuce_to_seven: return reference_lowball::rules::deuce_to_seven;
        case ranking::high: break;
    }
    throw std::logic_error("high hands are classified here");
}

inline kind from_lowball(reference_lowball::kind k) { return static_cast<kind>(static_cast<int>(k)); }

inline hand_key from_lowball(const reference_lowball::hand_key& k) {
    hand_key out;
    out.qualifies = k.qualifies;
    out.tier = k.tier;
    out.strength = k.strength;
    out.category = from_lowball(k.category);
    out.reading = k.reading;
    return out;
}

inline hand_key classify_low(ranking r, const std::array<simple_card, 5>& cards) {
    std::array<reference_lowball::simple_card, 5> five{};
    for (std::size_t i = 0; i < 5; ++i) five[i] = {cards[i].rank, cards[i].suit};
    return from_lowball(reference_lowball::evaluate_five(lowball_rules(r), five));
}

// Low hands: the natural cards and wild cards of the given ranks as five real
// cards that are not all one suit and repeat no card, if there are such.
inline std::optional<std::array<simple_card, 5>> realize_off_suit(const std::vector<simple_card>& naturals,
                                                                  const std::vector<int>& wild_ranks) {
    std::array<simple_card, 5> cards{};
    std::size_t n = 0;
    for (const simple_card& c : naturals) cards[n++] = c;
    const std::size_t first_wild = n;
    auto used = [&](int rank, int suit) {
        for (std::size_t i = 0; i < n; ++i)
            if (cards[i].rank == rank && cards[i].suit == suit) return true;
        return false;
    };
    for (int r : wild_ranks) {
        int suit = 0;
        while (suit < 4 && used(r, suit)) ++suit;
        if (suit == 4) return std::nullopt;  // five of a rank: only by repeating a card
        cards[n++] = {r, suit};
    }
    const bool one_suit = std::all_of(cards.begin(), cards.end(), [&](const simple_card& c) { return c.suit == cards[0].suit; });
    if (one_suit) {
        // Five different cards of one suit: the first wild card takes another suit.
        simple_card& w = cards[first_wild];
        w.suit = (w.suit + 1) % 4;
    }
    return cards;
}

// Calls f(ranks) for every multiset of `count` ranks (2 ... 14), as a sorted vector.
template <class F>
void for_each_rank_multiset(int count, F&& f) {
    std::vector<int> ranks(static_cast<std::size_t>(count), 2);
    auto next = [&](auto&& self, std::size_t i, int from) -> void {
        if (i == ranks.size()) {
            f(static_cast<const std::vector<int>&>(ranks));
            return;
        }
        for (int r = from; r <= 14; ++r) {
            ranks[i] = r;
            self(self, i + 1, r);
        }
    };
    next(next, 0, 2);
}

}  // namespace detail

/// The best hand of five cards: `naturals` (5 - wilds of them) and `wilds`
/// wild cards.
inline hand_key evaluate_five(const rules& rules, const std::vector<simple_card>& naturals, int wilds) {
    if (naturals.size() + static_cast<std::size_t>(wilds) != 5) throw std::invalid_argument("not five cards");
    for (std::size_t i = 0; i < naturals.size(); ++i) {
        const simple_card& c = naturals[i];
        if (c.rank < 2 || c.rank > 14 || c.suit < 0 || c.suit > 3) throw std::invalid_argument("not a card");
        for (std::size_t j = i + 1; j < naturals.size(); ++j)
            if (c.rank == naturals[j].rank && c.suit == naturals[j].suit)
                throw std::invalid_argument("the same card twice");
    }
    const bool high = rules.game == ranking::high;
    const bool ace_low_bug = rules.wild == substitution::bug &&
                             (rules.game == ranking::ace_to_five || rules.game == ranking::eight_or_better);
    if (rules.wild == substitution::double_ace && !high)
        throw std::invalid_argument("the double-ace flush is a high-hand rule");
    if (rules.wild == substitution::bug && !high && !ace_low_bug)
        throw std::invalid_argument("the bug plays in high, ace-to-five and eight-or-better");

    // The suit every natural card has, if they share one (any suit when there are none).
    std::optional<int> common_suit = naturals.empty() ? std::optional<int>{0} : std::optional<int>{naturals[0].suit};
    for (const simple_card& c : naturals)
        if (common_suit && c.suit != *common_suit) common_suit.reset();

    if (wilds == 0) {
        std::array<simple_card, 5> cards{};
        std::copy(naturals.begin(), naturals.end(), cards.begin());
        if (!high) return detail::classify_low(rules.game, cards);
        std::array<int, 5> ranks{};
        for (std::size_t i = 0; i < 5; ++i) ranks[i] = cards[i].rank;
        return classify_high(ranks, common_suit.has_value());
    }

    if (ace_low_bug) {
        // In ace-to-five lows the bug is the lowest card missing from the hand:
        // each bug takes the lowest rank (ace first) no other card has.
        std::vector<int> bug_ranks;
        for (int r : {14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}) {
            if (static_cast<int>(bug_ranks.size()) == wilds) break;
            if (std::none_of(naturals.begin(), naturals.end(), [&](const simple_card& c) { return c.rank == r; }))
                bug_ranks.push_back(r);
        }
        auto cards = detail::realize_off_suit(naturals, bug_ranks);
        if (!cards) throw std::logic_error("five different ranks always have suits");
        return detail::classify_low(rules.game, *cards);
    }

    hand_key best;
    bool any = false;
    auto consider = [&](const hand_key& k) {
        if (!any || k > best) best = k;
        any = true;
    };
    detail::for_each_rank_multiset(wilds, [&](const std::vector<int>& wild_ranks) {
        std::array<int, 5> ranks{};
        std::size_t n = 0;
        for (const simple_card& c : naturals) ranks[n++] = c.rank;
        for (int r : wild_ranks) ranks[n++] = r;

        // As a flush: the wild cards are cards of the natural cards' suit that
        // the hand does not hold (or, double-ace, a second ace).
        bool flush_possible = common_suit.has_value();
        if (flush_possible) {
            std::array<int, 15> count{};
            for (int r : ranks) ++count[static_cast<std::size_t>(r)];
            for (int r = 2; r <= 14; ++r) {
                const int most = rules.wild == substitution::double_ace && r == 14 ? 2 : 1;
                if (count[static_cast<std::size_t>(r)] > most) flush_possible = false;
            }
        }

        if (high) {
            // Not a flush: any ranks for wild cards, but the bug only as aces or in a straight.
            const bool all_aces = std::all_of(wild_ranks.begin(), wild_ranks.end(), [](int r) { return r == 14; });
            if (rules.wild != substitution::bug || all_aces || is_straight(ranks)) consider(classify_high(ranks, false));
            // The bug completes any flush, as a card of the suit the hand does not hold.
            if (flush_possible) consider(classify_high(ranks, true));
            return;
        }
        if (auto cards = detail::realize_off_suit(naturals, wild_ranks)) consider(detail::classify_low(rules.game, *cards));
        if (flush_possible) {
            std::array<simple_card, 5> cards{};
            std::size_t m = 0;
            for (const simple_card& c : naturals) cards[m++] = c;
            for (int r : wild_ranks) cards[m++] = {r, *common_suit};
            consider(detail::classify_low(rules.game, cards));
        }
    });
    return best;
}

/// The best five-card hand of 5 to 10 cards, `wilds` of them wild.
inline hand_key evaluate(const rules& rules, const std::vector<simple_card>& naturals, int wilds) {
    const std::size_t n = naturals.size() + static_cast<std::size_t>(wilds);
    if (n < 5 || n > 10) throw std::invalid_argument("hands hold 5 to 10 cards");
    hand_key best;
    bool any = false;
    // Wild cards are alike, so only how many of them join the five matters.
    for (int w = 0; w <= std::min(wilds, 5); ++w) {
        const std::size_t k = static_cast<std::size_t>(5 - w);
        if (k > naturals.size()) continue;
        std::vector<simple_card> chosen;
        auto choose = [&](auto&& self, std::size_t from) -> void {
            if (chosen.size() == k) {
                const hand_key key = evaluate_five(rules, chosen, w);
                if (!any || key > best) best = key;
                any = true;
                return;
            }
            for (std::size_t i = from; i + (k - chosen.size()) <= naturals.size(); ++i) {
                chosen.push_back(naturals[i]);
                self(self, i + 1);
                chosen.pop_back();
            }
        };
        choose(choose, 0);
    }
    return best;
}

inline simple_card from_engine(Card c) { return {static_cast<int>(c.rank()) + 2, static_cast<int>(c.suit())}; }

/// A hand of engine cards, the cards of `wild_cards` in it being wild. Jokers
/// must be wild.
inline hand_key evaluate(const rules& rules, CardSet cards, CardSet wild_cards) {
    std::vector<simple_card> naturals;
    int wilds = 0;
    for (Card c : cards) {
        if (wild_cards.contains(c))
            ++wilds;
        else if (c.is_joker())
            throw std::invalid_argument("a joker that is not wild");
        else
            naturals.push_back(from_engine(c));
    }
    return evaluate(rules, naturals, wilds);
}

}  // namespace pokerengine::reference_wild
