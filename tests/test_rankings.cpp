// The rankings other than high poker (ranking.hpp): short deck in both orders,
// ace-to-five (razz), eight-or-better, ace-to-six and deuce-to-seven. Every
// five-card hand of each ranking's deck is ordered exactly as a separately
// written reference (reference_lowball.hpp) orders it and falls into the
// categories in the numbers counted by hand below; random larger hands agree
// with the reference; then the rules' named edge cases, descriptions and
// best five cards. High poker is in the list too, as a check on the reference.

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include "pokerengine/evaluator.hpp"
#include "reference_lowball.hpp"
#include "test_support.hpp"

using namespace pokerengine;
namespace ref = pokerengine::reference_lowball;

namespace {

using category_counts = std::array<long, category_count>;

// What each ranking's deck and published or hand-derived figures are.
//
// Five-card counts per category, in hand_category order (high card, pair, two
// pair, trips, straight, flush, full house, quads, straight flush, royal flush):
//
// - high: the standard table (Wikipedia "Poker probability"), kept here only
//   to check the reference.
// - ace-to-five: straights and flushes do not count, so only the rank pattern
//   matters: no pair C(13,5)*4^5 = 1,317,888 (the total of Wikipedia "Poker
//   probability", "Frequency of 5-card lowball poker hands"), and the pair
//   counts of high poker (1,098,240; 123,552; 54,912; 3,744; 624).
//   Distinct values: 1,287 + 2,860 + 858 + 858 + 156 + 156 = 6,175.
// - eight-or-better: a qualifying low is five different ranks from A-8, any
//   suits: C(8,5)*4^5 = 57,344 hands in 56 values; the other 2,541,616 have none.
// - ace-to-six (derived by hand): the ace is only low, so the straights are
//   A-5 up to 9-K: 9 * (4^5 - 4) = 9,180 straights and 9 * 4 = 36 straight
//   flushes; A-K-Q-J-T is no straight, so no pair is (1,287 - 9) * 1,020 =
//   1,303,560 and flushes (1,287 - 9) * 4 = 5,112. Distinct values 7,462.
// - deuce-to-seven (derived by hand): the ace is only high, so the straights
//   are 2-6 up to T-A: 9,180 straights, 32 straight flushes plus 4 royal
//   flushes; 5-4-3-2-A is ace-high: 1,303,560 no pair and 5,112 flushes.
// - short deck: 36 cards, C(36,5) = 376,992 hands (Wikipedia "Six-plus hold
//   'em" lists the rankings; the counts are derived by hand): straights
//   A-6-7-8-9 up to T-J-Q-K-A are 6 rank sets, so 6 * 1,020 = 6,120 straights,
//   20 straight flushes and 4 royal flushes; no pair (C(9,5) - 6) * 1,020 =
//   122,400; flushes (126 - 6) * 4 = 480; pair 9*6*C(8,3)*4^3 = 193,536; two
//   pair C(9,2)*36*7*4 = 36,288; trips 9*4*C(8,2)*16 = 16,128; full house
//   9*4*8*6 = 1,728; quads 9*32 = 288. Distinct values 1,404. Both orders give
//   the same five-card counts: no five cards are both a straight and trips.
template <class R>
struct facts;

template <>
struct facts<high> {
    static constexpr ref::rules rules = ref::rules::high;
    static constexpr bool short_deck = false;
    static constexpr category_counts five_card{1'302'540, 1'098'240, 123'552, 54'912, 10'200,
                                               5'108,     3'744,     624,     36,     4};
    static constexpr category_counts distinct{1'277, 2'860, 858, 858, 10, 1'277, 156, 156, 9, 1};
};

template <>
struct facts<ace_to_five_low> {
    static constexpr ref::rules rules = ref::rules::ace_to_five;
    static constexpr bool short_deck = false;
    static constexpr category_counts five_card{1'317'888, 1'098'240, 123'552, 54'912, 0, 0, 3'744, 624, 0, 0};
    static constexpr category_counts distinct{1'287, 2'860, 858, 858, 0, 0, 156, 156, 0, 0};
};

template <>
struct facts<eight_or_better_low> {
    static constexpr ref::rules rules = ref::rules::eight_or_better;
    static constexpr bool short_deck = false;
    static constexpr category_counts five_card{57'344, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    static constexpr category_counts distinct{56, 0, 0, 0, 0, 0, 0, 0, 0, 0};
};

template <>
struct facts<ace_to_six_low> {
    static constexpr ref::rules rules = ref::rules::ace_to_six;
    static constexpr bool short_deck = false;
    static constexpr category_counts five_card{1'303'560, 1'098'240, 123'552, 54'912, 9'180,
                                               5'112,     3'744,     624,     36,     0};
    static constexpr category_counts distinct{1'278, 2'860, 858, 858, 9, 1'278, 156, 156, 9, 0};
};

template <>
struct facts<deuce_to_seven_low> {
    static constexpr ref::rules rules = ref::rules::deuce_to_seven;
    static constexpr bool short_deck = false;
    static constexpr category_counts five_card{1'303'560, 1'098'240, 123'552, 54'912, 9'180,
                                               5'112,     3'744,     624,     32,     4};
    static constexpr category_counts distinct{1'278, 2'860, 858, 858, 9, 1'278, 156, 156, 8, 1};
};

template <>
struct facts<short_deck> {
    static constexpr ref::rules rules = ref::rules::short_deck;
    static constexpr bool short_deck = true;
    static constexpr category_counts five_card{122'400, 193'536, 36'288, 16'128, 6'120, 480, 1'728, 288, 20, 4};
    static constexpr category_counts distinct{120, 504, 252, 252, 6, 120, 72, 72, 5, 1};
};

template <>
struct facts<short_deck_wsop> : facts<short_deck> {
    static constexpr ref::rules rules = ref::rules::short_deck_wsop;
};

constexpr long sum(const category_counts& c) {
    long total = 0;
    for (long n : c) total += n;
    return total;
}

// The derivations above add up to all hands of the deck.
static_assert(sum(facts<high>::five_card) == 2'598'960);
static_assert(sum(facts<ace_to_five_low>::five_card) == 2'598'960);
static_assert(sum(facts<ace_to_six_low>::five_card) == 2'598'960);
static_assert(sum(facts<deuce_to_seven_low>::five_card) == 2'598'960);
static_assert(sum(facts<short_deck>::five_card) == 376'992);
static_assert(sum(facts<ace_to_five_low>::distinct) == 6'175);
static_assert(sum(facts<ace_to_six_low>::distinct) == 7'462);
static_assert(sum(facts<deuce_to_seven_low>::distinct) == 7'462);
static_assert(sum(facts<short_deck>::distinct) == 1'404);

hand_category as_engine(ref::kind k) {
    using K = ref::kind;
    switch (k) {
        case K::high_card: return hand_category::high_card;
        case K::one_pair: return hand_category::one_pair;
        case K::two_pair: return hand_category::two_pair;
        case K::three_of_a_kind: return hand_category::three_of_a_kind;
        case K::straight: return hand_category::straight;
        case K::flush: return hand_category::flush;
        case K::full_house: return hand_category::full_house;
        case K::four_of_a_kind: return hand_category::four_of_a_kind;
        case K::straight_flush: return hand_category::straight_flush;
        case K::royal_flush: return hand_category::royal_flush;
    }
    throw std::logic_error("unknown reference kind");
}

// The reference reads an ace as 1 or 14.
std::array<Rank, 5> as_engine(const std::array<int, 5>& reading) {
    std::array<Rank, 5> out{};
    for (std::size_t i = 0; i < 5; ++i)
        out[i] = reading[i] == 1 || reading[i] == 14 ? Rank::ace : static_cast<Rank>(reading[i] - 2);
    return out;
}

std::string text_of(const ref::hand_key& k) {
    if (!k.qualifies) return "no qualifying low";
    return std::string(category_name(as_engine(k.category))) + " " + ref::digits(k);
}

// The cards of a ranking's deck, in the engine's order.
template <class R>
std::vector<Card> deck_of() {
    std::vector<Card> cards;
    for (Card c : CardSet::standard_deck())
        if (!facts<R>::short_deck || c.rank() >= Rank::six) cards.push_back(c);
    return cards;
}

// `count` different cards of a ranking's deck by a partial Fisher-Yates shuffle.
template <class R>
CardSet random_hand(xoshiro256ss& rng, int count) {
    std::vector<Card> deck = deck_of<R>();
    CardSet out;
    for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i) {
        std::swap(deck[i], deck[i + uniform_below(rng, deck.size() - i)]);
        out |= deck[i];
    }
    return out;
}

// Every five-card hand of a ranking's deck, evaluated by the engine and by the
// reference, once for all test cases.
template <class R>
struct five_card_census {
    static constexpr std::uint32_t none = 0xffff'ffff;
    long hands = 0;
    long hand_and_set_disagree = 0;  // evaluate(Hand) != evaluate(CardSet)
    // ref_of[v]: the packed reference key of the hands with fast value v (none: no such hand).
    std::vector<std::uint32_t> ref_of = std::vector<std::uint32_t>(evaluator<R>::distinct_values + 1, none);
    std::vector<long> hands_per_value = std::vector<long>(evaluator<R>::distinct_values + 1, 0);
    category_counts hands_per_reference_kind{};  // qualifying hands only
    std::vector<std::string> problems;           // the first few disagreements, in words
    // (packed reference key, fast value), sorted by key.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> order;
    std::map<std::uint32_t, ref::hand_key> key_of_packed;

    void problem(std::string text) {
        if (problems.size() < 10) problems.push_back(std::move(text));
    }
};

template <class R>
const five_card_census<R>& census() {
    static const five_card_census<R> result = [] {
        const evaluator<R> ev;
        five_card_census<R> r;
        const std::vector<Card> cards = deck_of<R>();
        const std::size_t n = cards.size();
        std::vector<ref::simple_card> simple;
        for (Card c : cards) simple.push_back(ref::from_engine(c));

        for (std::size_t a = 0; a < n; ++a) {
            const Hand h1 = Hand{} + cards[a];
            for (std::size_t b = a + 1; b < n; ++b) {
                const Hand h2 = h1 + cards[b];
                for (std::size_t c = b + 1; c < n; ++c) {
                    const Hand h3 = h2 + cards[c];
                    for (std::size_t d = c + 1; d < n; ++d) {
                        const Hand h4 = h3 + cards[d];
                        for (std::size_t e = d + 1; e < n; ++e) {
                            const Hand h5 = h4 + cards[e];
                            const hand_value v = ev.evaluate(h5);
                            ++r.hands;
                            if (ev.evaluate(h5.cards()) != v) ++r.hand_and_set_disagree;
                            const ref::hand_key key = ref::evaluate_five(
                                facts<R>::rules, {simple[a], simple[b], simple[c], simple[d], simple[e]});
                            if (key.qualifies)
                                ++r.hands_per_reference_kind[static_cast<std::size_t>(as_engine(key.category))];
                            const std::uint32_t packed = key.packed();
                            if (v.value > evaluator<R>::distinct_values) {
                                r.problem("value " + std::to_string(v.value) + " out of range for " +
                                          to_string(h5.cards()));
                                continue;
                            }
                            ++r.hands_per_value[v.value];
                            std::uint32_t& seen = r.ref_of[v.value];
                            if (seen == five_card_census<R>::none) {
                                seen = packed;
                                r.key_of_packed.emplace(packed, key);
                            } else if (seen != packed) {
                                r.problem("value " + std::to_string(v.value) + " given to " + to_string(h5.cards()) +
                                          " (" + text_of(key) + ") and to " + text_of(r.key_of_packed.at(seen)));
                            }
                        }
                    }
                }
            }
        }
        for (std::uint32_t v = 0; v <= evaluator<R>::distinct_values; ++v)
            if (r.hands_per_value[v] > 0) r.order.emplace_back(r.ref_of[v], v);
        std::sort(r.order.begin(), r.order.end());
        return r;
    }();
    return result;
}

// The fast value the census ties to a reference key (none if no five cards have it).
template <class R>
std::uint32_t fast_value_for(const ref::hand_key& key) {
    const auto& order = census<R>().order;
    const std::uint32_t packed = key.packed();
    auto it = std::lower_bound(order.begin(), order.end(), std::make_pair(packed, std::uint32_t{0}));
    return it != order.end() && it->first == packed ? it->second : five_card_census<R>::none;
}

// Random hands of `size` cards: the fast value must be the one the census
// ties to the reference's verdict, so order, not only category, is checked.
template <class R>
void check_random_hands(int size, int count, std::uint64_t seed) {
    const evaluator<R> ev;
    xoshiro256ss rng{seed};
    int failures = 0;
    for (int i = 0; i < count; ++i) {
        const CardSet cards = random_hand<R>(rng, size);
        const hand_value fast = ev.evaluate(cards);
        const ref::hand_key key = ref::evaluate(facts<R>::rules, cards);
        if (fast.value != fast_value_for<R>(key) && failures++ < 10) {
            INFO("cards: " << to_string(cards));
            INFO("fast: " << ev.describe(fast));
            INFO("reference: " << text_of(key));
            CHECK(fast == hand_value{fast_value_for<R>(key)});
        }
    }
    CHECK(failures == 0);
}

}  // namespace

#define ALL_RANKINGS \
    high, short_deck, short_deck_wsop, ace_to_five_low, eight_or_better_low, ace_to_six_low, deuce_to_seven_low

TEST_CASE_TEMPLATE("every five-card hand: the counts derived by hand, per category and per value", R, ALL_RANKINGS) {
    const five_card_census<R>& c = census<R>();
    const evaluator<R> ev;
    for (const std::string& p : c.problems) FAIL_CHECK(p);
    const long deck = facts<R>::short_deck ? 36 : 52;
    CHECK(c.hands == deck * (deck - 1) * (deck - 2) * (deck - 3) * (deck - 4) / 120);
    CHECK(c.hand_and_set_disagree == 0);

    category_counts hands{}, values{};
    for (std::uint32_t v = 1; v <= evaluator<R>::distinct_values; ++v) {
        const auto k = static_cast<std::size_t>(ev.category(hand_value{v}));
        hands[k] += c.hands_per_value[v];
        ++values[k];
    }
    for (int k = 0; k < category_count; ++k) {
        CAPTURE(static_cast<hand_category>(k));
        const auto i = static_cast<std::size_t>(k);
        CHECK(hands[i] == facts<R>::five_card[i]);
        CHECK(c.hands_per_reference_kind[i] == facts<R>::five_card[i]);
        CHECK(values[i] == facts<R>::distinct[i]);
    }
    CHECK(evaluator<R>::distinct_values == static_cast<std::uint32_t>(sum(facts<R>::distinct)));
    // Every value is used; 0 only for "no qualifying low".
    CHECK(std::count(c.hands_per_value.begin() + 1, c.hands_per_value.end(), 0) == 0);
    if constexpr (std::is_same_v<R, eight_or_better_low>)
        CHECK(c.hands_per_value[0] == 2'598'960 - 57'344);
    else
        CHECK(c.hands_per_value[0] == 0);
}

TEST_CASE_TEMPLATE("every five-card hand is ordered exactly as the reference orders it", R, ALL_RANKINGS) {
    const five_card_census<R>& c = census<R>();
    const evaluator<R> ev;
    REQUIRE(c.problems.empty());  // equal fast values never hold hands the reference separates
    // Sorted by reference key, keys are all different (hands the reference ties
    // share one fast value) and fast values strictly increase.
    int failures = 0;
    for (std::size_t i = 1; i < c.order.size(); ++i) {
        // Named copies, not structured bindings: INFO captures them in a lambda,
        // which clang 14 does not allow for bindings.
        const auto key_before = c.order[i - 1].first, value_before = c.order[i - 1].second;
        const auto key = c.order[i].first, value = c.order[i].second;
        if ((key_before >= key || value_before >= value) && failures++ < 10) {
            INFO("reference " << text_of(c.key_of_packed.at(key_before)) << " then "
                              << text_of(c.key_of_packed.at(key)));
            INFO("fast values " << value_before << " then " << value);
            FAIL_CHECK("the fast order differs from the reference order");
        }
    }
    CHECK(failures == 0);

    SUBCASE("each value's shape is the reference's category and ranks in reading order") {
        int wrong = 0;
        for (const auto& entry : c.order) {
            const auto value = entry.second;
            if (value == 0) continue;
            const ref::hand_key& key = c.key_of_packed.at(entry.first);
            const hand_shape shape = ev.shape(hand_value{value});
            if ((shape.category != as_engine(key.category) || shape.ranks != as_engine(key.reading)) && wrong++ < 10) {
                INFO("value " << value << ": " << ev.describe(hand_value{value}) << "; reference " << text_of(key));
                CHECK(shape.category == as_engine(key.category));
                CHECK(shape.ranks == as_engine(key.reading));
            }
        }
        CHECK(wrong == 0);
    }

    SUBCASE("every value has a capitalised description; a low without a pair ends with its cards") {
        int wrong = 0;
        for (const auto& entry : c.order) {
            const auto value = entry.second;
            if (value == 0) continue;
            const ref::hand_key& key = c.key_of_packed.at(entry.first);
            const std::string text = ev.describe(hand_value{value});
            const std::string tail = " low (" + ref::digits(key) + ")";
            const bool unpaired_low = ref::is_low(facts<R>::rules) && key.category == ref::kind::high_card;
            if ((text.empty() || text[0] < 'A' || text[0] > 'Z' ||
                 (unpaired_low && !text.ends_with(tail))) &&
                wrong++ < 10)
                FAIL_CHECK("value " << value << " (" << text_of(key) << ") reads \"" << text << "\"");
        }
        CHECK(wrong == 0);
    }
}

TEST_CASE("published low distributions of five cards") {
    // Unpaired ace-to-five lows by their top card (Wikipedia "Poker
    // probability", 5-card lowball): C(top - 1, 4) rank sets of 4^5 suits each.
    const auto by_top_card = [](const auto& ev, const auto& c) {
        std::map<Rank, long> out;
        for (std::uint32_t v = 1; v < c.hands_per_value.size(); ++v)
            if (const hand_shape s = ev.shape(hand_value{v}); s.category == hand_category::high_card)
                out[s.ranks[0]] += c.hands_per_value[v];
        return out;
    };
    const std::map<Rank, long> razz = by_top_card(razz_evaluator{}, census<ace_to_five_low>());
    const std::map<Rank, long> published{
        {Rank::five, 1'024},    {Rank::six, 5'120},     {Rank::seven, 15'360},
        {Rank::eight, 35'840},  {Rank::nine, 71'680},   {Rank::ten, 129'024},
        {Rank::jack, 215'040},  {Rank::queen, 337'920}, {Rank::king, 506'880}};
    CHECK(razz == published);

    // Eight-or-better keeps exactly the eight-or-better part of that table.
    const std::map<Rank, long> eight = by_top_card(eight_or_better_evaluator{}, census<eight_or_better_low>());
    CHECK(eight == std::map<Rank, long>{
                       {Rank::five, 1'024}, {Rank::six, 5'120}, {Rank::seven, 15'360}, {Rank::eight, 35'840}});

    // The best hand of each game: any suits except all one where flushes count.
    CHECK(census<ace_to_five_low>().hands_per_value.back() == 1'024);      // 5-4-3-2-A
    CHECK(census<eight_or_better_low>().hands_per_value.back() == 1'024);  // 5-4-3-2-A
    CHECK(census<ace_to_six_low>().hands_per_value.back() == 1'020);       // 6-4-3-2-A, not suited
    CHECK(census<deuce_to_seven_low>().hands_per_value.back() == 1'020);   // 7-5-4-3-2, not suited
    CHECK(census<short_deck>().hands_per_value.back() == 4);               // royal flush
    // The worst: the royal flush in deuce-to-seven, K-Q-J-T-9 suited in ace-to-six.
    CHECK(census<deuce_to_seven_low>().hands_per_value[1] == 4);
    CHECK(census<ace_to_six_low>().hands_per_value[1] == 4);
    CHECK(census<ace_to_five_low>().hands_per_value[1] == 4);  // K-K-K-K-Q
}

TEST_CASE_TEMPLATE("random larger hands agree with the reference", R, ALL_RANKINGS) {
    SUBCASE("20,000 six-card hands") { check_random_hands<R>(6, 20'000, 6); }
    SUBCASE("20,000 seven-card hands") { check_random_hands<R>(7, 20'000, 7); }
    SUBCASE("1,000 each of eight, nine and ten cards") {
        check_random_hands<R>(8, 1'000, 8);
        check_random_hands<R>(9, 1'000, 9);
        check_random_hands<R>(10, 1'000, 10);
    }
}

TEST_CASE_TEMPLATE("best_five: five of the given cards worth the hand's value, in reading order", R, ALL_RANKINGS) {
    const evaluator<R> ev;
    xoshiro256ss rng{55};
    int wrong = 0;
    for (int size = 5; size <= 10; ++size)
        for (int i = 0; i < 1'000; ++i) {
            const CardSet cards = random_hand<R>(rng, size);
            const hand_value v = ev.evaluate(cards);
            const CardList five = ev.best_five(cards);
            if (v.value == 0) {  // no qualifying low: no cards
                if (!five.empty() && wrong++ < 10) FAIL_CHECK(to_string(cards) << ": " << to_string(five));
                continue;
            }
            CardSet chosen;
            for (Card c : five) chosen |= c;
            std::array<Rank, 5> ranks{};
            for (std::size_t k = 0; k < 5 && k < five.size(); ++k) ranks[k] = five[k].rank();
            if ((five.size() != 5 || chosen.size() != 5 || !cards.contains(chosen) || ev.evaluate(chosen) != v ||
                 ranks != ev.shape(v).ranks) &&
                wrong++ < 10)
                FAIL_CHECK(to_string(cards) << " (" << ev.describe(v) << "): best five " << to_string(five));
        }
    CHECK(wrong == 0);
}

TEST_CASE("A-2-3-4-5 in each ranking") {
    const char* wheel = "As 2d 3c 4h 5s";
    const char* steel_wheel = "As 2s 3s 4s 5s";

    SUBCASE("high: the five-high straight") {
        const high_evaluator ev;
        CHECK(ev.category(ev.evaluate(wheel)) == hand_category::straight);
        CHECK(ev.describe(ev.evaluate(wheel)) == "Five-high straight (wheel)");
    }

    SUBCASE("ace-to-five: the best hand, suited or not") {
        const razz_evaluator ev;
        CHECK(ev.evaluate(wheel) == hand_value{razz_evaluator::distinct_values});
        CHECK(ev.evaluate(steel_wheel) == ev.evaluate(wheel));
        CHECK(ev.evaluate(wheel) > ev.evaluate("6s 4d 3c 2h As"));
        CHECK(ev.category(ev.evaluate(steel_wheel)) == hand_category::high_card);
        CHECK(ev.describe(ev.evaluate(wheel)) == "Wheel, five-four low (5-4-3-2-A)");
    }

    SUBCASE("eight-or-better: the best low") {
        const eight_or_better_evaluator ev;
        CHECK(ev.evaluate(wheel) == hand_value{56});
        CHECK(ev.evaluate(steel_wheel) == ev.evaluate(wheel));
        CHECK(ev.describe(ev.evaluate(wheel)) == "Wheel, five-four low (5-4-3-2-A)");
    }

    SUBCASE("ace-to-six: a straight, worse than three of a kind, better than a flush") {
        const ace_to_six_evaluator ev;
        const hand_value v = ev.evaluate(wheel);
        CHECK(ev.category(v) == hand_category::straight);
        CHECK(ev.describe(v) == "Five-high straight (wheel)");
        CHECK(v < ev.evaluate("Ks Kd Kc Qh Js"));  // trips
        CHECK(v < ev.evaluate("Ks Qd Jc Th 8s"));  // any no-pair hand
        CHECK(v > ev.evaluate("7h 5h 4h 3h 2h"));  // a flush
        CHECK(v > ev.evaluate("6d 7c 8h 9s Ts"));  // the lowest straight is the best one
        CHECK(ev.evaluate("6s 4d 3c 2h As") == hand_value{ace_to_six_evaluator::distinct_values});
        // Suited, it is a straight flush: the best of them, still below four of a kind.
        CHECK(ev.category(ev.evaluate(steel_wheel)) == hand_category::straight_flush);
        CHECK(ev.evaluate(steel_wheel) < ev.evaluate("Ks Kd Kc Kh Qs"));
        CHECK(ev.evaluate(steel_wheel) > ev.evaluate("2h 3h 4h 5h 6h"));
    }

    SUBCASE("deuce-to-seven: ace-high, not a straight") {
        const deuce_to_seven_evaluator ev;
        const hand_value v = ev.evaluate(wheel);
        CHECK(ev.category(v) == hand_category::high_card);
        CHECK(ev.describe(v) == "Ace-five low (A-5-4-3-2)");
        CHECK(v < ev.evaluate("Ks Qd Jc Th 8s"));  // any king-high beats it
        CHECK(v > ev.evaluate("2s 2d 3c 4h 5s"));  // and it beats any pair
        CHECK(v > ev.evaluate("As Kd Qc Jh 9s"));
        // Suited, it is an ace-high flush, not a straight flush.
        CHECK(ev.category(ev.evaluate(steel_wheel)) == hand_category::flush);
    }

    SUBCASE("short deck: twos to fives are not in the deck") {
        CHECK_THROWS_AS(short_deck_evaluator{}.evaluate(wheel), hand_error);
        CHECK_THROWS_AS(evaluator<short_deck_wsop>{}.evaluate(wheel), hand_error);
    }
}

TEST_CASE("deuce-to-seven: 7-5-4-3-2 is best unless all one suit") {
    const deuce_to_seven_evaluator ev;
    const hand_value number_one = ev.evaluate("7s 5d 4c 3h 2s");
    CHECK(number_one == hand_value{deuce_to_seven_evaluator::distinct_values});
    CHECK(ev.describe(number_one) == "Number one, seven-five low (7-5-4-3-2)");

    const hand_value suited = ev.evaluate("7h 5h 4h 3h 2h");
    CHECK(ev.category(suited) == hand_category::flush);
    CHECK(suited < ev.evaluate("Ks Kd Kc Qh Js"));  // a flush is worse than trips
    CHECK(suited > ev.evaluate("Ks Kd Kc Qh Qs"));  // and better than a full house
    CHECK(ev.describe(suited) == "Seven-high flush, five-four-three-two");

    SUBCASE("six or seven cards avoid the flush when they can") {
        CHECK(ev.evaluate("7h 5h 4h 3h 2h 2c") == number_one);
        CHECK(ev.evaluate("7h 5h 4h 3h 2h 2c Kd") == number_one);
        CHECK(to_string(ev.best_five(parse_card_set("7h 5h 4h 3h 2h 2c Kd"))) == "7h 5h 4h 3h 2c");
        CHECK(ev.evaluate("7h 5h 4h 3h 2h Kh") == ev.evaluate("7h 5h 4h 3h 2h"));  // six of one suit: still a flush
        CHECK(ev.evaluate("8h 5h 4h 3h 2h 7c") == number_one);
        // Six hearts 7-6-5-4-3-2: every five of them is a flush, so the 8c must play.
        CHECK(ev.evaluate("7h 6h 5h 4h 3h 2h 8c") == ev.evaluate("8c 5h 4h 3h 2h"));
    }

    SUBCASE("a straight counts against the hand; A-K-Q-J-T suited is the worst hand") {
        CHECK(ev.category(ev.evaluate("6s 5d 4c 3h 2s")) == hand_category::straight);
        CHECK(ev.evaluate("6s 5d 4c 3h 2s") < ev.evaluate("As Kd Qc Jh 9s"));
        CHECK(ev.evaluate("As Ks Qs Js Ts") == hand_value{1});
        CHECK(ev.category(hand_value{1}) == hand_category::royal_flush);
    }
}

TEST_CASE("eight-or-better: five different ranks, eight or lower, or no low") {
    const eight_or_better_evaluator ev;
    const hand_value none{0};
    CHECK(ev.evaluate("As Ad 2c 3h 4s") == none);  // a pair
    CHECK(ev.evaluate("9s 5d 4c 3h 2s") == none);  // a nine
    CHECK(ev.evaluate("Ks Qd Jc Th 9s") == none);
    CHECK(ev.evaluate("8s 7d 6c 5h 4s") == hand_value{1});  // the worst low beats no low
    CHECK(ev.evaluate("8s 7d 6c 5h 4s") > none);
    CHECK(ev.evaluate("8s 7s 6s 5s 4s") == hand_value{1});  // a straight flush is still a low
    CHECK(ev.describe(none) == "No qualifying low");
    CHECK(ev.describe(ev.evaluate("8s 7d 6c 5h 4s")) == "Eight-seven low (8-7-6-5-4)");
    CHECK(ev.best_five(parse_card_set("9s 5d 4c 3h 2s")).empty());
    CHECK_THROWS_AS(ev.shape(none), std::out_of_range);
    CHECK_THROWS_AS(ev.category(none), std::out_of_range);

    SUBCASE("seven cards: the best five qualifying ranks") {
        CHECK(ev.evaluate("8h 8d 7c 4s 3h 2d Ks") == ev.evaluate("8h 7c 4s 3h 2d"));
        CHECK(ev.evaluate("As Ad 2c 2h 3s 9d 8d") == none);  // only four different ranks A-8
        CHECK(ev.evaluate("As Ad 2c 3h 4s 9d 8d") == ev.evaluate("8d 4s 3h 2c As"));
        CHECK(ev.describe(ev.evaluate("As Ad 2c 3h 4s 9d 8d")) == "Eight-four low (8-4-3-2-A)");
        CHECK(ev.evaluate("As 2c 3d 4h Ks Kd 5s") == hand_value{56});
        CHECK(ev.evaluate("7s 6s 5s 4s 3s 2s As") == hand_value{56});  // flushes and straights do not count
        CHECK(to_string(ev.best_five(parse_card_set("8h 8d 7c 4s 3h 2d Ks"))) == "8h 7c 4s 3h 2d");
        CHECK(ev.evaluate("9s 9d Tc Jh Qs Kd As") == none);
    }
}

TEST_CASE("ace-to-five: pairs are worse than any no-pair hand, then the lower pair wins") {
    const razz_evaluator ev;
    CHECK(ev.evaluate("As Ad 2c 3h 4s") < ev.evaluate("Ks Qd Jc Th 9s"));
    CHECK(ev.evaluate("As Ad Kc Qh Js") > ev.evaluate("2s 2d 3c 4h 5s"));  // aces are the lowest pair
    CHECK(ev.evaluate("2s 2d Kc Qh Js") < ev.evaluate("As Ad Kc Qh Js"));
    CHECK(ev.evaluate("8s 6d 4c 2h As") > ev.evaluate("8s 6d 4c 3h As"));  // highest card first, then the next
    CHECK(ev.evaluate("8s 5d 4c 3h 2s") < ev.evaluate("7s 6d 5c 4h 3s"));
    CHECK(ev.evaluate("Ks Kd Kc Kh Qs") == hand_value{1});
    CHECK(ev.describe(ev.evaluate("As Ad 2c 3h 4s")) == "Pair of aces, four-three-two kickers");
    CHECK(ev.describe(ev.evaluate("8s 6d 4c 2h As")) == "Eight-six low (8-6-4-2-A)");
    CHECK(ev.describe(ev.evaluate("Ks Qd Jc Th 9s")) == "King-queen low (K-Q-J-T-9)");
    CHECK(ev.evaluate("9s 8s 7s 6s 5s") == ev.evaluate("9s 8d 7s 6s 5s"));  // straights and flushes do not count
    CHECK(ev.evaluate("As Ad 2c 2h 3s 3d 4c") == ev.evaluate("As Ad 4c 3s 2c"));  // the lowest pair, then kickers
}

TEST_CASE("ace-to-six: the ace is only low, so A-K-Q-J-T is no straight") {
    const ace_to_six_evaluator ev;
    const hand_value v = ev.evaluate("As Kd Qc Jh Ts");
    CHECK(ev.category(v) == hand_category::high_card);
    CHECK(ev.describe(v) == "King-queen low (K-Q-J-T-A)");
    CHECK(v > ev.evaluate("Ks Qd Jc Th 9s"));  // the king-high straight is worse
    CHECK(v > ev.evaluate("Ks Qd Jc Th 8s"));  // the ace is its lowest card, below the eight
    CHECK(ev.category(ev.evaluate("As Ks Qs Js Ts")) == hand_category::flush);
    CHECK(ev.evaluate("Ks Qs Js Ts 9s") == hand_value{1});  // the worst hand
    CHECK(ev.describe(ev.evaluate("6s 4d 3c 2h As")) == "Six-four low (6-4-3-2-A)");
    CHECK(ev.describe(ev.evaluate("7s 5d 4c 3h 2s")) == "Seven-five low (7-5-4-3-2)");
    // Seven cards: the best five that make neither straight nor flush.
    CHECK(ev.evaluate("As 2d 3c 4h 5s 6d Kc") == ev.evaluate("6d 4h 3c 2d As"));
    // 6-4-3-2-A is all hearts and 6-5-4-3-2 a straight, so 6-5-3-2-A.
    CHECK(ev.evaluate("6h 4h 3h 2h Ah 5c 7c") == ev.evaluate("6h 5c 3h 2h Ah"));
}

TEST_CASE("short deck: A-6-7-8-9, flush over full house, and trips against straights in both orders") {
    const short_deck_evaluator triton;
    const evaluator<short_deck_wsop> wsop;

    SUBCASE("A-6-7-8-9 is the lowest straight, nine-high") {
        CHECK(triton.category(triton.evaluate("As 6d 7c 8h 9s")) == hand_category::straight);
        CHECK(wsop.category(wsop.evaluate("As 6d 7c 8h 9s")) == hand_category::straight);
        CHECK(triton.shape(triton.evaluate("As 6d 7c 8h 9s")).primary() == Rank::nine);
        CHECK(triton.evaluate("As 6d 7c 8h 9s") < triton.evaluate("6d 7c 8h 9s Ts"));
        CHECK(wsop.evaluate("As 6d 7c 8h 9s") < wsop.evaluate("6d 7c 8h 9s Ts"));
        CHECK(triton.evaluate("As 6d 7c 8h 9s") > triton.evaluate("As Ad Kc Kh Qs"));
        CHECK(triton.describe(triton.evaluate("As 6d 7c 8h 9s")).starts_with("Nine-high straight"));
        CHECK(triton.category(triton.evaluate("As 6s 7s 8s 9s")) == hand_category::straight_flush);
        CHECK(triton.describe(triton.evaluate("As 6s 7s 8s 9s")).starts_with("Nine-high straight flush"));
        CHECK(triton.category(triton.evaluate("Ks As 6d 7c 8h")) == hand_category::high_card);  // no wrapping
    }

    SUBCASE("a flush beats a full house in both orders") {
        CHECK(triton.evaluate("Ks Kd Kc Qh Qs") < triton.evaluate("6h 7h 8h 9h Jh"));
        CHECK(wsop.evaluate("Ks Kd Kc Qh Qs") < wsop.evaluate("6h 7h 8h 9h Jh"));
        CHECK(triton.evaluate("As Ad Ac Kh Ks") < triton.evaluate("6h 7h 8h 9h Jh"));
        CHECK(triton.evaluate("6s 6d 6c 6h 7s") > triton.evaluate("Ah Kh Qh Jh 9h"));  // quads still beat it
        CHECK(triton.describe(triton.evaluate("Ks Kd Kc Qh Qs")) == "Full house, kings over queens");
        CHECK(triton.describe(triton.evaluate("As Ks 9s 8s 7s")) == "Ace-high flush, king-nine-eight-seven");
    }

    SUBCASE("three of a kind beats a straight in the Six-Plus order, loses in the WSOP order") {
        const char* trips = "6s 6d 6c 7h 8s";
        const char* straight = "Ts Jd Qc Kh As";
        CHECK(triton.evaluate(trips) > triton.evaluate(straight));
        CHECK(wsop.evaluate(trips) < wsop.evaluate(straight));
        CHECK(triton.describe(triton.evaluate(trips)) == "Three of a kind, sixes, eight-seven kickers");
        // Seven cards holding both: each order takes its better hand.
        const char* both = "6s 6d 6c 7h 8s 9d Tc";
        CHECK(triton.category(triton.evaluate(both)) == hand_category::three_of_a_kind);
        CHECK(wsop.category(wsop.evaluate(both)) == hand_category::straight);
    }

    SUBCASE("cards two to five are errors, however the hand is given") {
        CHECK_THROWS_WITH_AS(triton.evaluate("5s 6d 7c 8h 9s"), "card 5s is not in the 36-card deck (six to ace) of short-deck rules",
                             hand_error);
        CHECK_THROWS_AS(wsop.evaluate("2c 6d 7c 8h 9s"), hand_error);
        CHECK_THROWS_AS(triton.evaluate(parse_card_set("As Ks Qs Js Ts 9s 4d")), hand_error);
        CHECK_THROWS_AS(triton.evaluate(Hand{parse_card_set("As Ks Qs Js 3h")}), hand_error);
        CHECK_THROWS_AS(triton.evaluate(parse_card_set("As Ks Qs Js Ts 9s 8s 7s 6s 2d")), hand_error);
        CHECK_THROWS_AS(triton.evaluate(parse_cards("As Ks Qs Js 5c 6c")), hand_error);
        CHECK_THROWS_AS(triton.best_five(parse_card_set("As Ks Qs Js 5c 6c")), hand_error);
        CHECK_NOTHROW(triton.evaluate("As Ks Qs Js Ts 9s 8s 7s 6s 6d"));
    }
}

TEST_CASE("descriptions: a few hands of each ranking") {
    const razz_evaluator razz;
    CHECK(razz.describe(razz.evaluate("7s 5d 4c 3h 2s")) == "Seven-five low (7-5-4-3-2)");
    CHECK(razz.describe(razz.evaluate("5s 4d 3c 2h As")) == "Wheel, five-four low (5-4-3-2-A)");
    CHECK(razz.describe(razz.evaluate("Ks Kd Kc Qh Qs")) == "Full house, kings over queens");
    CHECK(razz.describe(razz.evaluate("9s 9d 2c 2h As")) == "Two pair, nines and twos, ace kicker");

    const eight_or_better_evaluator eight;
    CHECK(eight.describe(eight.evaluate("8s 6d 4c 2h As")) == "Eight-six low (8-6-4-2-A)");
    CHECK(eight.describe(eight.evaluate("9s 6d 4c 2h As")) == "No qualifying low");
    CHECK(eight.describe(eight.evaluate("6s 4d 3c 2h As")) == "Six-four low (6-4-3-2-A)");

    const ace_to_six_evaluator a6;
    CHECK(a6.describe(a6.evaluate("6s 4d 3c 2h As")) == "Six-four low (6-4-3-2-A)");
    CHECK(a6.describe(a6.evaluate("8s 7s 5s 3s 2s")) == "Eight-high flush, seven-five-three-two");

    const deuce_to_seven_evaluator d27;
    CHECK(d27.describe(d27.evaluate("7s 5d 4c 3h 2s")) == "Number one, seven-five low (7-5-4-3-2)");
    CHECK(d27.describe(d27.evaluate("8s 6d 4c 3h 2s")) == "Eight-six low (8-6-4-3-2)");
    CHECK(d27.describe(d27.evaluate("As Ks Qs Js Ts")) == "Royal flush");
    CHECK(d27.describe(d27.evaluate("2s 2d 7c 5h 3s")) == "Pair of twos, seven-five-three kickers");

    const short_deck_evaluator sd;
    CHECK(sd.describe(sd.evaluate("As Ks Qs Js Ts")) == "Royal flush");
    CHECK(sd.describe(sd.evaluate("6s 6d 6c 6h As")) == "Four of a kind, sixes, ace kicker");
}
