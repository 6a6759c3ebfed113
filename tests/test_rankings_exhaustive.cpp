// Slow suite: every six- and seven-card hand of the rankings other than high poker.
//
// - Short deck, both orders: all C(36,7) = 8,347,680 hands, each one's
//   category against a direct seven-card classifier written here from the
//   rules' text and against counts derived by hand, and every 64th hand's
//   value against the reference (reference_lowball.hpp).
// - The 52-card low games: all C(52,7) = 133,784,560 hands, built card by
//   card with `Hand + Card`; razz against the published seven-card lowball
//   table and, value by value, against a derivation over rank multisets with
//   the reference; eight-or-better likewise; ace-to-six and deuce-to-seven
//   (whose flushes make the rank-multiset derivation impossible) against the
//   reference on every 256th hand and against each other.
// - Six cards: every short-deck hand against the reference; every 52-card
//   hand counted per value as above, every 16th against the reference.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <map>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include <doctest/doctest.h>

#include "pokerengine/enumerate.hpp"
#include "pokerengine/evaluator.hpp"
#include "reference_lowball.hpp"
#include "test_support.hpp"

using namespace pokerengine;
namespace ref = pokerengine::reference_lowball;

namespace {

using category_counts = std::array<long long, category_count>;

long long of(const category_counts& counts, hand_category c) { return counts[static_cast<std::size_t>(c)]; }

std::vector<Card> deck(bool short_deck) {
    std::vector<Card> cards;
    for (Card c : CardSet::standard_deck())
        if (!short_deck || c.rank() >= Rank::six) cards.push_back(c);
    return cards;
}

// The fast value of each packed reference key, from every five-card hand of
// the deck (the unit suite checks this map is consistent and keeps order).
template <class R>
std::unordered_map<std::uint32_t, std::uint32_t> value_of_reference_key(ref::rules rules, bool short_deck) {
    const evaluator<R> ev;
    const std::vector<Card> cards = deck(short_deck);
    const std::size_t n = cards.size();
    std::vector<ref::simple_card> simple;
    for (Card c : cards) simple.push_back(ref::from_engine(c));
    std::unordered_map<std::uint32_t, std::uint32_t> map;
    long clashes = 0;
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b)
            for (std::size_t c = b + 1; c < n; ++c)
                for (std::size_t d = c + 1; d < n; ++d)
                    for (std::size_t e = d + 1; e < n; ++e) {
                        const std::uint32_t key =
                            ref::evaluate_five(rules, {simple[a], simple[b], simple[c], simple[d], simple[e]}).packed();
                        const std::uint32_t value =
                            ev.evaluate(CardSet{cards[a]} | cards[b] | cards[c] | cards[d] | cards[e]).value;
                        auto [it, inserted] = map.emplace(key, value);
                        if (!inserted && it->second != value) ++clashes;
                    }
    CHECK(clashes == 0);
    return map;
}

// ---------------------------------------------------------------------------
// Short deck

// The category of the best five of seven short-deck cards, straight from the
// rules: find which kinds of hand some five of the cards make, and take the
// one the ranking puts highest.
hand_category classify_short_deck(const std::array<Card, 7>& hand, const std::vector<hand_category>& worst_to_best) {
    std::array<int, rank_count> count{};
    std::array<unsigned, suit_count> suit_ranks{};  // bit r: that suit holds rank r
    unsigned ranks = 0;
    for (Card c : hand) {
        ++count[static_cast<std::size_t>(c.rank())];
        suit_ranks[static_cast<std::size_t>(c.suit())] |= 1u << static_cast<int>(c.rank());
        ranks |= 1u << static_cast<int>(c.rank());
    }
    // The six straights of the short deck: A-6-7-8-9, 6-T, 7-J, 8-Q, 9-K, T-A.
    const auto bit = [](Rank r) { return 1u << static_cast<int>(r); };
    std::vector<unsigned> straights{bit(Rank::ace) | bit(Rank::six) | bit(Rank::seven) | bit(Rank::eight) |
                                    bit(Rank::nine)};
    for (int low = static_cast<int>(Rank::six); low <= static_cast<int>(Rank::ten); ++low)
        straights.push_back(0x1fu << low);
    const unsigned royal = straights.back();
    const auto has_straight = [&](unsigned mask) {
        return std::any_of(straights.begin(), straights.end(), [&](unsigned s) { return (mask & s) == s; });
    };

    int pairs = 0, trips = 0, quads = 0;
    for (int n : count) {
        if (n >= 2) ++pairs;
        if (n >= 3) ++trips;
        if (n == 4) ++quads;
    }
    std::vector<hand_category> present{hand_category::high_card};
    if (pairs >= 1) present.push_back(hand_category::one_pair);
    if (pairs >= 2) present.push_back(hand_category::two_pair);
    if (trips >= 1) present.push_back(hand_category::three_of_a_kind);
    if (has_straight(ranks)) present.push_back(hand_category::straight);
    if (trips >= 1 && pairs >= 2) present.push_back(hand_category::full_house);
    if (quads >= 1) present.push_back(hand_category::four_of_a_kind);
    for (unsigned s : suit_ranks) {
        if (std::popcount(s) >= 5) present.push_back(hand_category::flush);
        if (has_straight(s)) present.push_back(hand_category::straight_flush);
        if ((s & royal) == royal) present.push_back(hand_category::royal_flush);
    }
    hand_category best = hand_category::high_card;
    for (hand_category c : worst_to_best)
        if (std::find(present.begin(), present.end(), c) != present.end()) best = c;
    return best;
}

struct short_deck_tally {
    category_counts triton{}, wsop{};  // by the engine's categories
    long long hands = 0;
    long long classifier_disagrees = 0;  // hands whose engine category differs from the classifier's
    long long sampled = 0, sample_disagrees = 0;
    std::vector<std::string> problems;
};

const short_deck_tally& short_deck_seven() {
    static const short_deck_tally result = [] {
        short_deck_tally t;
        const short_deck_evaluator triton;
        const evaluator<short_deck_wsop> wsop;
        using C = hand_category;
        const std::vector<C> triton_order{C::high_card,  C::one_pair, C::two_pair,       C::straight,
                                          C::three_of_a_kind, C::full_house, C::flush, C::four_of_a_kind,
                                          C::straight_flush,  C::royal_flush};
        const std::vector<C> wsop_order{C::high_card,  C::one_pair, C::two_pair,       C::three_of_a_kind,
                                        C::straight,   C::full_house, C::flush, C::four_of_a_kind,
                                        C::straight_flush, C::royal_flush};
        const auto triton_values = value_of_reference_key<short_deck>(ref::rules::short_deck, true);
        const auto wsop_values = value_of_reference_key<short_deck_wsop>(ref::rules::short_deck_wsop, true);

        const std::vector<Card> cards = deck(true);
        const std::size_t n = cards.size();
        std::array<Card, 7> hand{};
        std::array<Hand, 8> partial{};
        // Seven nested loops written as one: at[i] is the index of the i-th card.
        auto visit = [&]() {
            const Hand& h = partial[7];
            const hand_value vt = triton.evaluate(h);
            const hand_value vw = wsop.evaluate(h);
            const C ct = triton.category(vt), cw = wsop.category(vw);
            ++t.triton[static_cast<std::size_t>(ct)];
            ++t.wsop[static_cast<std::size_t>(cw)];
            if ((ct != classify_short_deck(hand, triton_order) || cw != classify_short_deck(hand, wsop_order)) &&
                t.classifier_disagrees++ < 10)
                t.problems.push_back("category of " + to_string(h.cards()) + ": " + triton.describe(vt));
            if (t.hands++ % 64 == 0) {
                ++t.sampled;
                const std::vector<ref::simple_card> simple = ref::from_engine(h.cards());
                const auto it = triton_values.find(ref::evaluate(ref::rules::short_deck, simple).packed());
                const auto iw = wsop_values.find(ref::evaluate(ref::rules::short_deck_wsop, simple).packed());
                if ((it == triton_values.end() || it->second != vt.value || iw == wsop_values.end() ||
                     iw->second != vw.value) &&
                    t.sample_disagrees++ < 10)
                    t.problems.push_back("value of " + to_string(h.cards()) + ": " + triton.describe(vt));
            }
        };
        auto nest = [&](auto&& self, int depth, std::size_t from) -> void {
            if (depth == 7) return visit();
            for (std::size_t i = from; i + static_cast<std::size_t>(6 - depth) < n; ++i) {
                hand[static_cast<std::size_t>(depth)] = cards[i];
                partial[static_cast<std::size_t>(depth) + 1] = partial[static_cast<std::size_t>(depth)] + cards[i];
                self(self, depth + 1, i + 1);
            }
        };
        nest(nest, 0, 0);
        return t;
    }();
    return result;
}

// ---------------------------------------------------------------------------
// The 52-card low games

struct low_tally {
    std::vector<long long> razz = std::vector<long long>(razz_evaluator::distinct_values + 1, 0);
    std::vector<long long> eight = std::vector<long long>(eight_or_better_evaluator::distinct_values + 1, 0);
    std::vector<long long> a6 = std::vector<long long>(ace_to_six_evaluator::distinct_values + 1, 0);
    std::vector<long long> d27 = std::vector<long long>(deuce_to_seven_evaluator::distinct_values + 1, 0);
    long long hands = 0, sampled = 0;
    std::array<long long, 4> sample_disagrees{};  // razz, eight-or-better, ace-to-six, deuce-to-seven
    std::vector<std::string> problems;
};

const low_tally& low_seven() {
    static const low_tally result = [] {
        low_tally t;
        const razz_evaluator razz;
        const eight_or_better_evaluator eight;
        const ace_to_six_evaluator a6;
        const deuce_to_seven_evaluator d27;
        const std::array<std::unordered_map<std::uint32_t, std::uint32_t>, 4> values{
            value_of_reference_key<ace_to_five_low>(ref::rules::ace_to_five, false),
            value_of_reference_key<eight_or_better_low>(ref::rules::eight_or_better, false),
            value_of_reference_key<ace_to_six_low>(ref::rules::ace_to_six, false),
            value_of_reference_key<deuce_to_seven_low>(ref::rules::deuce_to_seven, false)};
        const std::array<const char*, 4> names{"ace-to-five", "eight-or-better", "ace-to-six", "deuce-to-seven"};
        const std::array<ref::rules, 4> rules{ref::rules::ace_to_five, ref::rules::eight_or_better,
                                              ref::rules::ace_to_six, ref::rules::deuce_to_seven};

        const std::vector<Card> c = deck(false);
        for (std::size_t a = 0; a < 52; ++a) {
            const Hand h1 = Hand{} + c[a];
            for (std::size_t b = a + 1; b < 52; ++b) {
                const Hand h2 = h1 + c[b];
                for (std::size_t d = b + 1; d < 52; ++d) {
                    const Hand h3 = h2 + c[d];
                    for (std::size_t e = d + 1; e < 52; ++e) {
                        const Hand h4 = h3 + c[e];
                        for (std::size_t f = e + 1; f < 52; ++f) {
                            const Hand h5 = h4 + c[f];
                            for (std::size_t g = f + 1; g < 52; ++g) {
                                const Hand h6 = h5 + c[g];
                                for (std::size_t k = g + 1; k < 52; ++k) {
                                    const Hand h7 = h6 + c[k];
                                    const std::array<std::uint32_t, 4> v{
                                        razz.evaluate(h7).value, eight.evaluate(h7).value, a6.evaluate(h7).value,
                                        d27.evaluate(h7).value};
                                    ++t.razz[v[0]];
                                    ++t.eight[v[1]];
                                    ++t.a6[v[2]];
                                    ++t.d27[v[3]];
                                    if (t.hands++ % 256 != 0) continue;
                                    ++t.sampled;
                                    const std::vector<ref::simple_card> simple = ref::from_engine(h7.cards());
                                    for (std::size_t i = 0; i < 4; ++i) {
                                        const auto it = values[i].find(ref::evaluate(rules[i], simple).packed());
                                        if ((it == values[i].end() || it->second != v[i]) &&
                                            t.sample_disagrees[i]++ < 3)
                                            t.problems.push_back(std::string(names[i]) + ": " +
                                                                 to_string(h7.cards()));
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return t;
    }();
    return result;
}

// Hands of `size` cards per value of ace-to-five or eight-or-better, derived
// without the fast evaluator's tables: these games look only at ranks, so
// every multiset of `size` ranks (each at most four times) is one case, worth
// the product of C(4, count) suit choices, and its best low is the reference's.
std::vector<long long> derived_values(ref::rules rules, std::uint32_t distinct,
                                      const std::unordered_map<std::uint32_t, std::uint32_t>& values, int size) {
    std::vector<long long> per_value(distinct + 1, 0);
    constexpr std::array<long long, 5> choose4{1, 4, 6, 4, 1};
    std::array<int, 13> count{};
    auto place = [&](auto&& self, int rank, int left) -> void {
        if (rank == 13) {
            if (left != 0) return;
            std::vector<ref::simple_card> hand;
            long long ways = 1;
            for (int r = 0; r < 13; ++r) {
                ways *= choose4[static_cast<std::size_t>(count[static_cast<std::size_t>(r)])];
                for (int s = 0; s < count[static_cast<std::size_t>(r)]; ++s) hand.push_back({r + 2, s});
            }
            const auto it = values.find(ref::evaluate(rules, hand).packed());
            REQUIRE(it != values.end());
            per_value[it->second] += ways;
            return;
        }
        for (int k = 0; k <= std::min(4, left); ++k) {
            count[static_cast<std::size_t>(rank)] = k;
            self(self, rank + 1, left - k);
        }
        count[static_cast<std::size_t>(rank)] = 0;
    };
    place(place, 0, size);
    return per_value;
}

// ---------------------------------------------------------------------------
// Six cards: every short-deck hand and every 16th 52-card hand against the
// reference, every 52-card hand counted per value.

struct six_card_tally {
    std::array<std::vector<long long>, 4> per_value;  // ace-to-five, eight-or-better, ace-to-six, deuce-to-seven
    long long short_deck_hands = 0, short_deck_disagrees = 0;
    long long hands = 0, sampled = 0;
    std::array<long long, 4> sample_disagrees{};
    std::vector<std::string> problems;
};

// Calls visit(hand) for every hand of `size` cards from `cards`, built card by card.
template <class Visit>
void for_each_subset(const std::vector<Card>& cards, int size, Visit&& visit) {
    std::array<Hand, 11> partial{};
    auto nest = [&](auto&& self, int depth, std::size_t from) -> void {
        if (depth == size) return visit(partial[static_cast<std::size_t>(depth)]);
        for (std::size_t i = from; i + static_cast<std::size_t>(size - 1 - depth) < cards.size(); ++i) {
            partial[static_cast<std::size_t>(depth) + 1] = partial[static_cast<std::size_t>(depth)] + cards[i];
            self(self, depth + 1, i + 1);
        }
    };
    nest(nest, 0, 0);
}

const six_card_tally& six_cards() {
    static const six_card_tally result = [] {
        six_card_tally t;
        {
            const short_deck_evaluator triton;
            const evaluator<short_deck_wsop> wsop;
            const auto triton_values = value_of_reference_key<short_deck>(ref::rules::short_deck, true);
            const auto wsop_values = value_of_reference_key<short_deck_wsop>(ref::rules::short_deck_wsop, true);
            for_each_subset(deck(true), 6, [&](const Hand& h) {
                ++t.short_deck_hands;
                const std::vector<ref::simple_card> simple = ref::from_engine(h.cards());
                const auto it = triton_values.find(ref::evaluate(ref::rules::short_deck, simple).packed());
                const auto iw = wsop_values.find(ref::evaluate(ref::rules::short_deck_wsop, simple).packed());
                if ((it == triton_values.end() || it->second != triton.evaluate(h).value ||
                     iw == wsop_values.end() || iw->second != wsop.evaluate(h).value) &&
                    t.short_deck_disagrees++ < 10)
                    t.problems.push_back("short deck: " + to_string(h.cards()));
            });
        }
        const razz_evaluator razz;
        const eight_or_better_evaluator eight;
        const ace_to_six_evaluator a6;
        const deuce_to_seven_evaluator d27;
        t.per_value = {std::vector<long long>(razz_evaluator::distinct_values + 1, 0),
                       std::vector<long long>(eight_or_better_evaluator::distinct_values + 1, 0),
                       std::vector<long long>(ace_to_six_evaluator::distinct_values + 1, 0),
                       std::vector<long long>(deuce_to_seven_evaluator::distinct_values + 1, 0)};
        const std::array<std::unordered_map<std::uint32_t, std::uint32_t>, 4> values{
            value_of_reference_key<ace_to_five_low>(ref::rules::ace_to_five, false),
            value_of_reference_key<eight_or_better_low>(ref::rules::eight_or_better, false),
            value_of_reference_key<ace_to_six_low>(ref::rules::ace_to_six, false),
            value_of_reference_key<deuce_to_seven_low>(ref::rules::deuce_to_seven, false)};
        const std::array<const char*, 4> names{"ace-to-five", "eight-or-better", "ace-to-six", "deuce-to-seven"};
        const std::array<ref::rules, 4> rules{ref::rules::ace_to_five, ref::rules::eight_or_better,
                                              ref::rules::ace_to_six, ref::rules::deuce_to_seven};
        for_each_subset(deck(false), 6, [&](const Hand& h) {
            const std::array<std::uint32_t, 4> v{razz.evaluate(h).value, eight.evaluate(h).value,
                                                 a6.evaluate(h).value, d27.evaluate(h).value};
            for (std::size_t i = 0; i < 4; ++i) ++t.per_value[i][v[i]];
            if (t.hands++ % 16 != 0) return;
            ++t.sampled;
            const std::vector<ref::simple_card> simple = ref::from_engine(h.cards());
            for (std::size_t i = 0; i < 4; ++i) {
                const auto it = values[i].find(ref::evaluate(rules[i], simple).packed());
                if ((it == values[i].end() || it->second != v[i]) && t.sample_disagrees[i]++ < 3)
                    t.problems.push_back("six cards, " + std::string(names[i]) + ": " + to_string(h.cards()));
            }
        });
        return t;
    }();
    return result;
}

// Hands per top card among the lows without a pair.
template <class R>
std::map<Rank, long long> by_top_card(const std::vector<long long>& per_value) {
    const evaluator<R> ev;
    std::map<Rank, long long> out;
    for (std::uint32_t v = 1; v < per_value.size(); ++v)
        if (const hand_shape s = ev.shape(hand_value{v}); s.category == hand_category::high_card)
            out[s.ranks[0]] += per_value[v];
    return out;
}

template <class R>
category_counts per_category(const std::vector<long long>& per_value) {
    const evaluator<R> ev;
    category_counts out{};
    for (std::uint32_t v = 1; v < per_value.size(); ++v)
        out[static_cast<std::size_t>(ev.category(hand_value{v}))] += per_value[v];
    return out;
}

}  // namespace

TEST_CASE("short deck: all 8,347,680 seven-card hands in both orders") {
    const short_deck_tally& t = short_deck_seven();
    for (const std::string& p : t.problems) FAIL_CHECK(p);
    CHECK(t.hands == 8'347'680);  // C(36,7)
    CHECK(t.classifier_disagrees == 0);
    CHECK(t.sampled == 130'433);
    CHECK(t.sample_disagrees == 0);

    for (const category_counts* counts : {&t.triton, &t.wsop}) {
        const category_counts& c = *counts;
        long long total = 0;
        for (long long n : c) total += n;
        CHECK(total == 8'347'680);
        // Derived by hand. A royal flush leaves 2 of the other 31 cards:
        // 4 * C(31,2); a lower straight flush (top 9 to K) must also miss the
        // next card of its suit: 4 * 5 * C(30,2). Four of a kind: 9 * C(32,3).
        // Five or more of a suit: 4 * (C(9,5) C(27,2) + C(9,6) 27 + C(9,7)) =
        // 186,120, less the 10,560 straight flushes; seven cards cannot hold a
        // flush together with a full house or four of a kind, so the order of
        // those does not matter. Full houses (no quads): ranks 3-3-1, 3-2-2 and
        // 3-2-1-1: 36*16*28 + 9*28*4*36 + 72*21*4*6*16.
        CHECK(of(c, hand_category::royal_flush) == 1'860);
        CHECK(of(c, hand_category::straight_flush) == 8'700);
        CHECK(of(c, hand_category::four_of_a_kind) == 44'640);
        CHECK(of(c, hand_category::flush) == 175'560);
        CHECK(of(c, hand_category::full_house) == 633'024);
        // No pair: seven of the nine ranks missing a card of every straight
        // (15 of the 36 rank sets, counted by hand), times the 4^7 suit choices
        // less the 4 * (C(7,5) 9 + C(7,6) 3 + 1) = 844 with five of a suit.
        CHECK(of(c, hand_category::high_card) == 15 * (16'384 - 844));
        // Counted by the classifier above, which agrees hand by hand; no
        // published seven-card short-deck table was found to cite.
        CHECK(of(c, hand_category::one_pair) == 2'316'600);
        CHECK(of(c, hand_category::two_pair) == 3'157'056);
    }
    // The orders differ only for hands holding both three of a kind and a
    // straight and nothing better: ranks 3-1-1-1-1 forming one of the 6
    // straights, 5 ways to choose the tripled rank, 4 * 4^4 suit choices, less
    // the 4 * 3 per rank set that are straight flushes: 6 * 5 * (1,024 - 12).
    CHECK(of(t.triton, hand_category::three_of_a_kind) - of(t.wsop, hand_category::three_of_a_kind) == 30'360);
    CHECK(of(t.wsop, hand_category::straight) - of(t.triton, hand_category::straight) == 30'360);
    CHECK(of(t.triton, hand_category::three_of_a_kind) == 637'560);
    CHECK(of(t.triton, hand_category::straight) == 1'139'580);
    CHECK(of(t.wsop, hand_category::three_of_a_kind) == 607'200);
    CHECK(of(t.wsop, hand_category::straight) == 1'169'940);
}

TEST_CASE("ace-to-five (razz): all 133,784,560 seven-card hands") {
    const low_tally& t = low_seven();
    for (const std::string& p : t.problems) FAIL_CHECK(p);
    CHECK(t.hands == 133'784'560);  // C(52,7)
    CHECK(t.sample_disagrees[0] == 0);

    SUBCASE("the published table of seven-card lows without a pair") {
        // Wikipedia, "Poker probability": "Frequency of 7-card lowball poker
        // hands" (ace-to-five: aces low, straights and flushes ignored).
        const std::map<Rank, long long> published{
            {Rank::five, 781'824},       {Rank::six, 3'151'360},    {Rank::seven, 7'426'560},
            {Rank::eight, 13'171'200},   {Rank::nine, 19'174'400},  {Rank::ten, 23'675'904},
            {Rank::jack, 24'837'120},    {Rank::queen, 21'457'920}, {Rank::king, 13'939'200}};
        CHECK(by_top_card<ace_to_five_low>(t.razz) == published);
        CHECK(of(per_category<ace_to_five_low>(t.razz), hand_category::high_card) == 127'615'488);
    }

    SUBCASE("the hands with a pair at best, derived by hand") {
        // Seven cards of four ranks (4-1-1-1, 3-2-1-1, 2-2-2-1) make a pair;
        // of three ranks (4-2-1, 3-3-1, 3-2-2) two pair; of two (4-3) a full
        // house; trips or quads are never the best five of seven.
        const category_counts c = per_category<ace_to_five_low>(t.razz);
        CHECK(of(c, hand_category::one_pair) == 13LL * 220 * 64 + 13LL * 12 * 55 * 4 * 6 * 16 + 286LL * 10 * 216 * 4);
        CHECK(of(c, hand_category::two_pair) == 13LL * 12 * 11 * 6 * 4 + 78LL * 11 * 16 * 4 + 13LL * 66 * 4 * 36);
        CHECK(of(c, hand_category::three_of_a_kind) == 0);
        CHECK(of(c, hand_category::full_house) == 13 * 12 * 4);
        CHECK(of(c, hand_category::four_of_a_kind) == 0);
    }

    SUBCASE("every value as often as the rank-multiset derivation says") {
        const std::vector<long long> derived = derived_values(
            ref::rules::ace_to_five, razz_evaluator::distinct_values,
            value_of_reference_key<ace_to_five_low>(ref::rules::ace_to_five, false), 7);
        long long total = 0;
        for (long long n : derived) total += n;
        CHECK(total == 133'784'560);
        int wrong = 0;
        for (std::uint32_t v = 0; v < derived.size(); ++v)
            if (derived[v] != t.razz[v] && wrong++ < 10)
                FAIL_CHECK("value " << v << " (" << (v ? razz_evaluator{}.describe(hand_value{v}) : "none") << "): "
                                    << t.razz[v] << " hands, derived " << derived[v]);
        CHECK(wrong == 0);
    }
}

TEST_CASE("eight-or-better: all 133,784,560 seven-card hands") {
    const low_tally& t = low_seven();
    CHECK(t.sample_disagrees[1] == 0);
    // A qualifying low exists exactly when the razz low is eight-high or
    // better, so the published table's first four rows are the low hands.
    const std::map<Rank, long long> published{
        {Rank::five, 781'824}, {Rank::six, 3'151'360}, {Rank::seven, 7'426'560}, {Rank::eight, 13'171'200}};
    CHECK(by_top_card<eight_or_better_low>(t.eight) == published);
    CHECK(t.eight[0] == 133'784'560 - 24'530'944);

    const std::vector<long long> derived = derived_values(
        ref::rules::eight_or_better, eight_or_better_evaluator::distinct_values,
        value_of_reference_key<eight_or_better_low>(ref::rules::eight_or_better, false), 7);
    CHECK(derived == t.eight);
}

TEST_CASE("ace-to-six and deuce-to-seven: all 133,784,560 seven-card hands, every 256th against the reference") {
    const low_tally& t = low_seven();
    CHECK(t.sampled == 522'596);
    CHECK(t.sample_disagrees[2] == 0);
    CHECK(t.sample_disagrees[3] == 0);
    long long a6 = 0, d27 = 0;
    for (long long n : t.a6) a6 += n;
    for (long long n : t.d27) d27 += n;
    CHECK(a6 == 133'784'560);
    CHECK(d27 == 133'784'560);
    CHECK(t.a6[0] == 0);
    CHECK(t.d27[0] == 0);
    // Ace-to-six is deuce-to-seven with the ace moved from the top of the
    // ranks to the bottom: relabelling A, 2, ..., K as 2, 3, ..., A maps one
    // game onto the other, so each value is held by as many hands.
    CHECK(t.a6 == t.d27);

    // Derived by hand, as for razz: three ranks make two pair and two a full
    // house (no straight or flush fits in them); a flush is the best five only
    // when all seven cards are one suit, since a sixth suited card leaves an
    // off-suit card to play: 4 * C(13,7).
    for (const category_counts& c : {per_category<ace_to_six_low>(t.a6), per_category<deuce_to_seven_low>(t.d27)}) {
        CHECK(of(c, hand_category::two_pair) == 219'648);
        CHECK(of(c, hand_category::full_house) == 624);
        CHECK(of(c, hand_category::flush) == 4 * 1'716);
        CHECK(of(c, hand_category::straight_flush) == 0);
        CHECK(of(c, hand_category::royal_flush) == 0);
    }
}

TEST_CASE("six cards: every short-deck hand, every 52-card hand counted, every 16th against the reference") {
    const six_card_tally& t = six_cards();
    for (const std::string& p : t.problems) FAIL_CHECK(p);
    CHECK(t.short_deck_hands == 1'947'792);  // C(36,6)
    CHECK(t.short_deck_disagrees == 0);
    CHECK(t.hands == 20'358'520);  // C(52,6)
    CHECK(t.sampled == 1'272'408);
    CHECK(t.sample_disagrees == std::array<long long, 4>{});

    // Ace-to-five and eight-or-better value by value, as for seven cards.
    CHECK(derived_values(ref::rules::ace_to_five, razz_evaluator::distinct_values,
                         value_of_reference_key<ace_to_five_low>(ref::rules::ace_to_five, false), 6) == t.per_value[0]);
    CHECK(derived_values(ref::rules::eight_or_better, eight_or_better_evaluator::distinct_values,
                         value_of_reference_key<eight_or_better_low>(ref::rules::eight_or_better, false),
                         6) == t.per_value[1]);
    // Ace-to-six mirrors deuce-to-seven (see the seven-card case).
    CHECK(t.per_value[2] == t.per_value[3]);
}

namespace {

// The tally of low_seven() that holds a ranking's values.
template <class Ranking>
const std::vector<long long>& tally_of(const low_tally& t) {
    if constexpr (std::is_same_v<Ranking, ace_to_five_low>) return t.razz;
    else if constexpr (std::is_same_v<Ranking, eight_or_better_low>) return t.eight;
    else if constexpr (std::is_same_v<Ranking, ace_to_six_low>) return t.a6;
    else return t.d27;
}

}  // namespace

// for_each_hand evaluates through the fixed-size path (value_of_size); each of
// its hands is checked against evaluate(CardSet), which builds the key from
// the card set and takes the general path, and the values are counted against
// the nested loops above.
TEST_CASE_TEMPLATE("for_each_hand over all 133,784,560 seven-card hands of each low ranking, value by value", Ranking,
                   ace_to_five_low, eight_or_better_low, ace_to_six_low, deuce_to_seven_low) {
    const evaluator<Ranking> ev;
    std::vector<long long> per_value(evaluator<Ranking>::distinct_values + 1, 0);
    long long visits = 0, wrong = 0;
    for_each_hand(ev, CardSet::standard_deck(), 7, [&](const Hand& hand, hand_value v) {
        ++visits;
        if (ev.evaluate(hand.cards()) != v && wrong++ < 5) {
            INFO("cards: " << to_string(hand.cards()));
            CHECK(ev.evaluate(hand.cards()) == v);
        }
        ++per_value[v.value];
    });
    CHECK(visits == 133'784'560);
    CHECK(wrong == 0);
    CHECK(per_value == tally_of<Ranking>(low_seven()));
}
