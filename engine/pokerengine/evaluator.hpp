#pragma once
// The evaluator: the best five cards of 5 to 10 under a ranking policy, by table lookup.

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <compare>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "pokerengine/card_set.hpp"
#include "pokerengine/detail/choices.hpp"
#include "pokerengine/detail/hand_key.hpp"
#include "pokerengine/detail/ranking_list.hpp"
#include "pokerengine/hand_value.hpp"
#include "pokerengine/ranking.hpp"
#include "pokerengine/registry.hpp"
#include "pokerengine/wild.hpp"

namespace pokerengine {

/// A set of cards together with its additive key, for building hands card by
/// card (enumerations, simulations): adding a card is one vector addition.
///
///     Hand board = Hand{} + parse_card("Ah") + parse_card("Kh") + parse_card("Qh");
///     hand_value v = high_evaluator{}.evaluate(board + parse_card("Jh") + parse_card("Th"));
class Hand {
public:
    constexpr Hand() = default;
    explicit Hand(CardSet cards) : entry_{detail::key_of_bits(cards.bits()), cards.bits()} {}
    /// A hand from its key and bits as the engine computes them (enumerations).
    explicit Hand(detail::key_and_bits entry) : entry_{entry} {}
    /// Adds a card that is not yet in the hand.
    Hand& operator+=(Card c) {
        assert(!cards().contains(c) && "a card added to a Hand twice");
        // Key and bits in one 16-byte vector: one addition per card, and a hand
        // takes one vector register, so nested loops keep every level's
        // partial hand in registers (the cards are distinct: adding bits is OR).
        entry_ += detail::card_entries[c.code()];
        return *this;
    }
    /// Adds all cards of another hand; the two must not share cards.
    Hand& operator+=(const Hand& o) {
        assert(!cards().intersects(o.cards()) && "hands added together share a card");
        entry_ += o.entry_ - detail::key_and_bits{detail::empty_hand_key, 0};
        return *this;
    }
    friend Hand operator+(Hand h, Card c) { return h += c; }
    friend Hand operator+(Hand h, const Hand& o) { return h += o; }

    // Not constexpr: clang cannot read a vector lane in a constant expression.
    CardSet cards() const { return CardSet{entry_[1]}; }
    int size() const { return cards().size(); }
    std::uint64_t key() const { return entry_[0]; }
    std::uint64_t bits() const { return entry_[1]; }
    detail::key_and_bits entry() const { return entry_; }

private:
    detail::key_and_bits entry_{detail::empty_hand_key, 0};
};

/// Removes a card the hand holds: one subtraction, the inverse of `+`.
///
///     Hand seven = ...;
///     Hand six = seven - parse_card("2c");
inline Hand& operator-=(Hand& h, Card c) {
    assert(h.cards().contains(c) && "a card removed from a Hand that does not hold it");
    h = Hand{detail::key_and_bits{h.key() - detail::card_keys[c.code()], h.bits() & ~(std::uint64_t{1} << c.code())}};
    return h;
}
inline Hand operator-(Hand h, Card c) { return h -= c; }

/// The ranks of some cards without their suits, added up like a `Hand`: for
/// loops that settle many boards by their ranks alone where no five cards of a
/// suit can meet, such as a board counted once for every way to suit its
/// ranks. A rank may be added up to four times.
///
///     RankHand board = RankHand{} + Rank::ace + Rank::ace + Rank::king;
///     hand_value v = ev.evaluate_ranks<5>(board + RankHand{hole});  // hole: a Hand of two cards
class RankHand {
public:
    constexpr RankHand() = default;
    /// The ranks of a hand's cards.
    explicit RankHand(const Hand& hand) : key_{hand.key() & (detail::rank_key_mask | detail::card_count_mask)} {}
    constexpr RankHand& operator+=(Rank r) {
        key_ += detail::rank_weight(static_cast<int>(r)) + (std::uint64_t{1} << detail::card_count_shift);
        return *this;
    }
    constexpr RankHand& operator+=(RankHand o) {
        key_ += o.key_;
        return *this;
    }
    friend constexpr RankHand operator+(RankHand h, Rank r) { return h += r; }
    friend constexpr RankHand operator+(RankHand h, RankHand o) { return h += o; }

    /// The number of ranks added.
    constexpr int size() const { return detail::key_card_count(key_); }
    constexpr std::uint64_t key() const { return key_; }

private:
    std::uint64_t key_ = 0;
};

namespace detail {

// Every table set holds its hands of up to 7 cards in one row-displaced table:
// the rank key's top bits pick a row whose offset moves the key to its slot.
template <class T>
inline std::uint32_t displaced_rank_value(std::uint64_t key) {
    auto k = static_cast<std::uint32_t>(key);
    return T::rank.values[k + T::rank.offsets[k >> T::rank_column_bits]];
}

// The best flush of a hand of 5 to 7 natural cards whose key shows five of one suit.
template <class T>
inline std::uint32_t flush_value(std::uint64_t key, std::uint64_t bits) {
    return T::flush_values[(bits >> (16 * flush_suit(key))) & 0x1fff];
}

template <class T>
std::uint32_t best_natural_five(std::uint64_t key, std::uint64_t bits);

// The value of a hand known to hold Size natural cards of the ranking's deck
// (5, 6 or 7), for callers such as enumerations that guarantee it themselves.
template <class R, int Size>
inline std::uint32_t value_of_size(std::uint64_t key, std::uint64_t bits) {
    static_assert(Size >= 5 && Size <= 7, "the fixed-size path covers 5 to 7 cards");
    using T = typename R::tables;
    if constexpr (R::spec.flushes == flush_kind::counted) {
        if (key & flush_bits) [[unlikely]] {
            // In high games the flush is the best hand of up to seven cards; in
            // lowball it is a bad one, so a larger hand looks for a better five.
            if constexpr (R::spec.direction == rank_direction::higher_wins || Size == 5)
                return flush_value<T>(key, bits);
            else
                return best_natural_five<T>(key, bits);
        }
    }
    return displaced_rank_value<T>(key);
}

// The best five of 6 or 7 natural cards, each five reached by subtracting the
// left-out cards' keys: for lowball hands holding a flush, whose best five
// must be looked for among their parts (a flush is bad there).
template <class T>
std::uint32_t best_natural_five(std::uint64_t key, std::uint64_t bits) {
    auto five_value = [](key_and_bits five) -> std::uint32_t {
        return (five[0] & flush_bits) ? flush_value<T>(five[0], five[1]) : displaced_rank_value<T>(five[0]);
    };
    std::uint32_t best = 0;
    auto keep_best = [&](key_and_bits five) { best = std::max(best, five_value(five)); };
    if (count_bits(bits) == 6)
        for_each_leaving_out_of<1>(key_and_bits{key, bits}, keep_best);
    else
        for_each_leaving_out_of<2>(key_and_bits{key, bits}, keep_best);
    return best;
}

// Throws std::invalid_argument when a batch's output is shorter than its input.
void check_batch_sizes(std::size_t hands, std::size_t values);

// Every card of the ranking's deck (all four suits of its ranks).
template <class R>
inline constexpr std::uint64_t deck_bits = R::spec.deck_ranks * 0x0001'0001'0001'0001ULL;

}  // namespace detail

namespace detail {

// Flushes and hands of eight or more cards (a joker counts eight) take another path.
template <class R>
inline constexpr std::uint64_t off_table_bits =
    (card_count_mask & ~(std::uint64_t{7} << card_count_shift)) | (R::spec.flushes == flush_kind::counted ? flush_bits : 0);

// The value of a natural hand of 5 to 7 cards of the ranking's deck without a
// flush: one test, then one lookup; too_few_cards_mark for any other hand
// (the table holds that mark for hands of fewer than five cards).
template <class R>
inline std::uint32_t common_natural_value(std::uint64_t key, std::uint64_t bits) {
    if constexpr (deck_bits<R> != CardSet::standard_bits)
        if (bits & ~deck_bits<R>) [[unlikely]]
            return too_few_cards_mark;
    if (key & off_table_bits<R>) [[unlikely]]
        return too_few_cards_mark;
    return displaced_rank_value<typename R::tables>(key);
}

}  // namespace detail

/// Evaluates poker hands under one ranking: the best five cards of 5 to 10.
///
/// Stateless and cheap to copy; its tables are read-only and built by the
/// build, so one evaluator may be shared by any number of threads. Higher
/// values are better under the evaluator's own ranking, for low games too.
///
///     high_evaluator ev;
///     hand_value v = ev.evaluate(parse_card_set("As Ks Qs Js Ts 2d 3c"));
///     assert(ev.category(v) == hand_category::royal_flush);
///     assert(ev.describe(ev.evaluate("6s 6d 6h Qc Qd")) == "Full house, sixes over queens");
///     evaluator<ace_to_five_low> razz;
///     assert(razz.evaluate("As 2d 3c 4h 5s") > razz.evaluate("As 2d 3c 4h 6s"));
template <ranking_policy Ranking = high, wild_policy Wild = no_wild>
class evaluator;

/// The natural evaluator (no wild cards).
template <ranking_policy Ranking>
class evaluator<Ranking, no_wild> {
public:
    using ranking = Ranking;
    using tables = typename Ranking::tables;
    static constexpr int min_cards = 5;
    static constexpr int max_cards = 10;

    /// Value of the best five cards. Throws `hand_error` for fewer than 5 or
    /// more than 10 cards, a joker, or a card outside the ranking's deck.
    hand_value evaluate(CardSet cards) const {
        return evaluate_key(detail::key_of_bits(cards.bits()), cards.bits());
    }
    hand_value evaluate(const Hand& hand) const { return evaluate_key(hand.key(), hand.bits()); }
    /// Evaluates many hands at once: `out[i] = evaluate(hands[i])` for every
    /// hand. Throws `std::invalid_argument` if `out` is shorter than `hands`,
    /// and `hand_error` as `evaluate` does.
    ///
    ///     std::vector<Hand> hands = ...;
    ///     std::vector<hand_value> values(hands.size());
    ///     high_evaluator{}.evaluate(hands, values);
    void evaluate(std::span<const Hand> hands, std::span<hand_value> out) const {
        detail::check_batch_sizes(hands.size(), out.size());
        // A loop of single calls: their flush branch is well predicted and the
        // lookups of neighbouring hands overlap; a branch-free pass measured slower.
        for (std::size_t i = 0; i < hands.size(); ++i) out[i] = evaluate(hands[i]);
    }
    /// The value of a hand that the caller knows to hold exactly `Size` (5, 6
    /// or 7) natural cards of the ranking's deck: no check at all, one lookup
    /// (a flush in lowball looks for a better five). For loops that build their
    /// hands card by card and know their size, as enumerations and equity do;
    /// any other hand gives an unspecified value (checked by an assertion in
    /// debug builds).
    ///
    ///     Hand board = Hand{} + parse_card("Ah") + parse_card("Kh") + parse_card("Qh") + parse_card("7c") + parse_card("2d");
    ///     hand_value v = ev.evaluate_as<7>(board + parse_card("Jh") + parse_card("Th"));
    template <int Size>
    hand_value evaluate_as(const Hand& hand) const {
        static_assert(Size >= 5 && Size <= 7, "evaluate_as takes hands of 5, 6 or 7 cards");
        assert(hand.size() == Size && (hand.bits() & ~detail::deck_bits<Ranking>) == 0 &&
               "evaluate_as<Size> needs exactly Size natural cards of the ranking's deck");
        return hand_value{detail::value_of_size<Ranking, Size>(hand.key(), hand.bits())};
    }
    /// The value of `Size` (5, 6 or 7) cards of these ranks holding no flush:
    /// one lookup and no check, as `evaluate_as`. The ranks must be of the
    /// ranking's deck; any other gives an unspecified value.
    ///
    ///     ev.evaluate_ranks<5>(RankHand{} + Rank::six + Rank::six + Rank::six + Rank::queen + Rank::queen)
    ///         == ev.evaluate("6s 6d 6h Qc Qd")
    template <int Size>
    hand_value evaluate_ranks(RankHand ranks) const {
        static_assert(Size >= 5 && Size <= 7, "evaluate_ranks takes 5, 6 or 7 ranks");
        assert(ranks.size() == Size && "evaluate_ranks<Size> needs exactly Size ranks");
        return hand_value{detail::displaced_rank_value<tables>(ranks.key())};
    }
    /// As above; also throws `hand_error` if a card is listed twice.
    hand_value evaluate(std::span<const Card> cards) const;
    hand_value evaluate(const CardList& cards) const { return evaluate(std::span<const Card>(cards.data(), cards.size())); }
    /// Parses and evaluates, e.g. `"As Ks Qs Js Ts"`; throws `parse_error` or `hand_error`.
    hand_value evaluate(std::string_view text) const;
    hand_value evaluate(const char* text) const { return evaluate(std::string_view{text}); }

    /// Orders two hands: `greater` when `a` is the better hand.
    std::strong_ordering compare(CardSet a, CardSet b) const { return evaluate(a) <=> evaluate(b); }

    /// Category and the ranks of the best five, read back from the value.
    /// Throws `std::out_of_range` for a value this evaluator cannot give
    /// (including 0, "no low" under a qualifier).
    hand_shape shape(hand_value v) const {
        return detail::unpack_shape(Ranking::tables::shape_code(checked(v)));
    }
    hand_category category(hand_value v) const { return shape(v).category; }
    /// The category in words ("Full house"), or "No low" for 0 under a qualifier.
    std::string category_label(hand_value v) const {
        if (v.value == 0 && Ranking::spec.qualifier_highest >= 0) return "No low";
        return std::string(category_name(category(v)));
    }
    /// In words: "Full house, sixes over queens", "Seven-five low (7-5-4-3-2)".
    std::string describe(hand_value v) const;
    /// The five cards that make the best hand, in the order they are read
    /// (groups first, a straight from its top card); empty when there is no
    /// qualifying low.
    CardList best_five(CardSet cards) const;

    /// Number of distinct values (hands that do not tie): 7,462 for high hands.
    static constexpr std::uint32_t distinct_values = Ranking::tables::class_count;
    /// Bytes of read-only tables an evaluation reads: the ranking's tables and
    /// the card-key tables that build a hand's key.
    static constexpr std::size_t table_bytes =
        Ranking::tables::table_bytes + sizeof(detail::half_lane_keys) + sizeof(detail::card_keys);

private:
    hand_value evaluate_key(std::uint64_t key, std::uint64_t bits) const {
        std::uint32_t v = detail::common_natural_value<Ranking>(key, bits);
        if (v != detail::too_few_cards_mark) [[likely]]
            return hand_value{v};
        if constexpr (detail::deck_bits<Ranking> != CardSet::standard_bits)
            if (bits & ~detail::deck_bits<Ranking>) return evaluate_large(CardSet{bits});
        return evaluate_flush_or_other(key, bits);
    }
    static hand_value evaluate_flush_or_other(std::uint64_t key, std::uint64_t bits) {
        switch (detail::key_card_count(key)) {
            case 5: return hand_value{detail::value_of_size<Ranking, 5>(key, bits)};
            case 6: return hand_value{detail::value_of_size<Ranking, 6>(key, bits)};
            case 7: return hand_value{detail::value_of_size<Ranking, 7>(key, bits)};
            default: return evaluate_large(CardSet{bits});
        }
    }
    // 8 to 10 cards (the best of every 7-card subset) and the error cases.
    static hand_value evaluate_large(CardSet cards);
    static std::uint32_t checked(hand_value v);
};

namespace detail {

// The tables of a ranking played with wild cards, for the pairs the registry
// lists; any other is a compile-time error that says why.
template <class Ranking, class Wild>
struct wild_tables {
    using played = played_as<Ranking, Wild>;
    static_assert(!std::is_void_v<played>,
                  "no tables for this ranking with these wild cards: pokerengine/registry.hpp lists the "
                  "wild-card rules each ranking plays");
    using type = typename wild_tables_at<
        boost::mp11::mp_find<wild_table_pairs_list, boost::mp11::mp_list<Ranking, played>>::value>::type;
};

// Each wild card adds its weight to the rank key, one card to the count and
// one to every suit counter: it can join any suit.
inline constexpr std::uint64_t wild_key_step =
    wild_rank_weight + (1ULL << card_count_shift) + (0x1111ULL << suit_counter_shift);

// Bit 0 of each suit's lane.
inline constexpr std::uint64_t lane_place_bits = 0x0001'0001'0001'0001ULL;

}  // namespace detail

/// An evaluator with wild cards: the best hand the wild cards can make.
/// Five of a kind is the top hand in high games (the worst in lowball), and a
/// natural hand ties an equal hand made with wild cards. Which cards are wild
/// is chosen at construction; the substitution rule and the ranking choose the
/// tables at compile time.
///
///     evaluator<high, wild> deuces{wild{deuces_wild_cards()}};
///     assert(deuces.describe(deuces.evaluate("2c 2d As Ah Ad")) == "Five aces");
///     evaluator<high, bug> joker{bug{joker_cards()}};
///     assert(joker.describe(joker.evaluate("Xx Ks Qs Js Ts")) == "Royal flush");
template <ranking_policy Ranking, wild_policy Wild>
class evaluator {
public:
    using ranking = Ranking;
    using wild_rule = Wild;
    using tables = typename detail::wild_tables<Ranking, Wild>::type;
    static constexpr int min_cards = 5;
    static constexpr int max_cards = 10;

    explicit evaluator(Wild rule) : rule_(rule) {
        // When every wild card has the same place in its suit's lane (one rank,
        // or the jokers' slot), a hand's wild cards are at most one bit per
        // lane, and the change they make to the key is one of 16 sums.
        const std::uint64_t wild = rule_.cards.bits();
        if (wild == 0) return;
        const int place = std::countr_zero(wild) % 16;
        if (wild & ~(detail::lane_place_bits << place)) return;
        // Multiplying the hand's wild bits by this moves lane L's bit to bit
        // 60 + L, with no carries: the four bits become the table's index.
        gather_ = ((1ULL << 60) | (1ULL << 45) | (1ULL << 30) | (1ULL << 15)) >> place;
        for (std::size_t lanes = 0; lanes < corrections_.size(); ++lanes)
            for (int lane = 0; lane < 4; ++lane) {
                const int code = 16 * lane + place;
                if (((lanes >> lane) & 1) && ((wild >> code) & 1))
                    corrections_[lanes] += detail::wild_key_step - detail::card_keys[static_cast<std::size_t>(code)];
            }
    }

    /// The cards that are wild.
    CardSet wild_cards() const { return rule_.cards; }

    /// Value of the best five cards, the wild cards standing in for the best
    /// cards they may. Throws `hand_error` for fewer than 5 or more than 10
    /// cards, a joker that is not wild, or a card outside the ranking's deck.
    hand_value evaluate(CardSet cards) const {
        return evaluate_key(detail::key_of_bits(cards.bits()) + wild_change(cards.bits()), cards.bits());
    }
    hand_value evaluate(const Hand& hand) const { return evaluate_key(hand.key() + wild_change(hand.bits()), hand.bits()); }
    /// Evaluates many hands at once: `out[i] = evaluate(hands[i])`. Throws
    /// `std::invalid_argument` if `out` is shorter than `hands`.
    void evaluate(std::span<const Hand> hands, std::span<hand_value> out) const {
        detail::check_batch_sizes(hands.size(), out.size());
        for (std::size_t i = 0; i < hands.size(); ++i) out[i] = evaluate(hands[i]);
    }
    /// As above; also throws `hand_error` if a card is listed twice.
    hand_value evaluate(std::span<const Card> cards) const;
    hand_value evaluate(const CardList& cards) const { return evaluate(std::span<const Card>(cards.data(), cards.size())); }
    /// Parses and evaluates; throws `parse_error` or `hand_error`.
    hand_value evaluate(std::string_view text) const;
    hand_value evaluate(const char* text) const { return evaluate(std::string_view{text}); }

    std::strong_ordering compare(CardSet a, CardSet b) const { return evaluate(a) <=> evaluate(b); }
    hand_shape shape(hand_value v) const { return detail::unpack_shape(tables::shape_code(checked(v))); }
    hand_category category(hand_value v) const { return shape(v).category; }
    /// The category in words ("Five of a kind"), or "No low" for 0 under a qualifier.
    std::string category_label(hand_value v) const {
        if (v.value == 0 && Ranking::spec.qualifier_highest >= 0) return "No low";
        return std::string(category_name(category(v)));
    }
    std::string describe(hand_value v) const;
    /// The five cards that make the best hand: natural cards in reading order,
    /// each wild card where it stands in.
    CardList best_five(CardSet cards) const;
    static constexpr std::uint32_t distinct_values = tables::class_count;

private:
    static constexpr bool flushes_counted = Ranking::spec.flushes == detail::flush_kind::counted;
    static constexpr bool lowball = Ranking::spec.direction == detail::rank_direction::lower_wins;

    // What the hand's wild cards change in its key: each one's own key out,
    // the wild key step in.
    std::uint64_t wild_change(std::uint64_t bits) const {
        const std::uint64_t wild_bits = bits & rule_.cards.bits();
        if (gather_ != 0) [[likely]]
            return corrections_[(wild_bits * gather_) >> 60];
        return static_cast<std::uint64_t>(detail::count_bits(wild_bits)) * detail::wild_key_step -
               (detail::key_of_bits(wild_bits) - detail::empty_hand_key);
    }

    // The value of a hand whose key counts its wild cards as wild.
    hand_value evaluate_key(std::uint64_t key, std::uint64_t bits) const {
        const std::uint64_t wild_bits = bits & rule_.cards.bits();
        if constexpr (detail::deck_bits<Ranking> != CardSet::standard_bits)
            if ((bits ^ wild_bits) & ~detail::deck_bits<Ranking>) [[unlikely]]
                return evaluate_large(CardSet{bits});
        // One test, as for natural hands: eight cards or more, or five of a
        // suit counting wild cards. In lowball a wild card can always take
        // another suit, so flushes matter there only without wild cards.
        std::uint64_t watched = detail::card_count_mask & ~(std::uint64_t{7} << detail::card_count_shift);
        if constexpr (flushes_counted && lowball)
            watched |= detail::flush_bits & (std::uint64_t{0} - static_cast<std::uint64_t>(wild_bits == 0));
        else if constexpr (flushes_counted)
            watched |= detail::flush_bits;
        if (!(key & watched)) [[likely]] {
            std::uint32_t v = detail::displaced_rank_value<tables>(key);
            if (v != detail::too_few_cards_mark) [[likely]]
                return hand_value{v};
        }
        int count = detail::key_card_count(key);
        if (count < 5 || count > 7) [[unlikely]]
            return evaluate_large(CardSet{bits});
        return hand_value{flush_possible(key, bits ^ wild_bits, count, detail::count_bits(wild_bits))};
    }

    // A hand of 5 to 7 cards with five or more of a suit, counting wild cards.
    static std::uint32_t flush_possible(std::uint64_t key, std::uint64_t natural, int count, int w) {
        std::uint32_t plain = detail::displaced_rank_value<tables>(key);
        if constexpr (!flushes_counted) {
            return plain;
        } else if constexpr (!lowball) {
            std::uint32_t best = plain;
            if (w <= tables::flush_wilds)
                for (std::uint64_t suits = (key & detail::flush_bits) >> detail::suit_counter_shift; suits; suits &= suits - 1) {
                    int suit = std::countr_zero(suits) / 4;
                    auto mask = static_cast<std::uint32_t>(natural >> (16 * suit)) & 0x1fff;
                    best = std::max<std::uint32_t>(best, tables::flush_values[static_cast<std::size_t>(w) * 8192 + mask]);
                }
            return best;
        } else {
            // In lowball a wild card can always take another suit; with none,
            // five suited cards are a flush and more cards look for a better five.
            if (w > 0) return plain;
            if (count == 5) {
                auto mask = static_cast<std::uint32_t>(natural >> (16 * detail::flush_suit(key))) & 0x1fff;
                return tables::flush_values[mask];
            }
            return detail::best_natural_five<tables>(key, natural);
        }
    }
    hand_value evaluate_large(CardSet cards) const;
    static std::uint32_t checked(hand_value v);

    Wild rule_;
    std::uint64_t gather_ = 0;  // 0 when the wild cards have no common place in their lanes
    std::array<std::uint64_t, 16> corrections_{};  // by the lanes holding a wild card
};

/// The evaluators of the common games.
using high_evaluator = evaluator<high>;
using short_deck_evaluator = evaluator<short_deck>;
using razz_evaluator = evaluator<ace_to_five_low>;
using ace_to_five_evaluator = evaluator<ace_to_five_low>;
using eight_or_better_evaluator = evaluator<eight_or_better_low>;
using ace_to_six_evaluator = evaluator<ace_to_six_low>;
using deuce_to_seven_evaluator = evaluator<deuce_to_seven_low>;

/// Deuces wild at a table: the four deuces are wild, five of a kind is the top hand.
struct deuces_wild_evaluator : evaluator<high, wild> {
    deuces_wild_evaluator() : evaluator<high, wild>{wild{deuces_wild_cards()}} {}
};
/// Jokers wild (a deck with one or two jokers).
struct jokers_wild_evaluator : evaluator<high, wild> {
    jokers_wild_evaluator() : evaluator<high, wild>{wild{joker_cards()}} {}
};
/// Joker draw: five-card draw with the joker as the bug.
struct joker_draw_evaluator : evaluator<high, bug> {
    joker_draw_evaluator() : evaluator<high, bug>{bug{joker_cards()}} {}
};
/// Ace-to-five lowball with a joker, the lowest card missing from the hand.
struct ace_to_five_joker_evaluator : evaluator<ace_to_five_low, wild> {
    ace_to_five_joker_evaluator() : evaluator<ace_to_five_low, wild>{wild{joker_cards()}} {}
};
/// Deuces wild video poker: natural royal > four deuces > wild royal > five of a kind.
struct deuces_wild_video_poker_evaluator : evaluator<high, deuces_wild_pay_table> {
    deuces_wild_video_poker_evaluator() : evaluator<high, deuces_wild_pay_table>{deuces_wild_pay_table{deuces_wild_cards()}} {}
};
/// Joker poker video poker: natural royal > five of a kind > wild royal.
struct joker_poker_evaluator : evaluator<high, joker_poker_pay_table> {
    joker_poker_evaluator() : evaluator<high, joker_poker_pay_table>{joker_poker_pay_table{joker_cards()}} {}
};

// Every registered evaluator is compiled once, in the library.
#define POKERENGINE_EXTERN_EVALUATOR(z, I, data) \
    extern template class evaluator<detail::pair_ranking<I>, detail::pair_wild<I>>;
POKERENGINE_FOR_EACH_REGISTERED_PAIR(POKERENGINE_EXTERN_EVALUATOR)
#undef POKERENGINE_EXTERN_EVALUATOR

}  // namespace pokerengine
