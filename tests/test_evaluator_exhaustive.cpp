// Slow suite: every seven-card and six-card hand against published
// frequencies, every seven-card hand by for_each_hand against the nested
// loops, every six-card hand and a million random seven-card hands against
// the reference evaluator.

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include <doctest/doctest.h>

#include "pokerengine/enumerate.hpp"
#include "pokerengine/evaluator.hpp"
#include "reference_evaluator.hpp"
#include "test_support.hpp"

using namespace pokerengine;

namespace {

const high_evaluator ev;

using category_counts = std::array<long long, category_count>;

std::array<Card, 52> deck_cards() {
    std::array<Card, 52> cards{};
    std::size_t n = 0;
    for (Card c : CardSet::standard_deck()) cards[n++] = c;
    return cards;
}

// Hands per value, folded into hands per category; also the number of values used.
struct tally {
    std::vector<long long> per_value = std::vector<long long>(high_evaluator::distinct_values + 1, 0);

    category_counts per_category() const {
        category_counts out{};
        for (std::uint32_t v = 1; v < per_value.size(); ++v)
            out[static_cast<std::size_t>(ev.category(hand_value{v}))] += per_value[v];
        return out;
    }
    long long distinct() const { return std::count_if(per_value.begin() + 1, per_value.end(), [](long long n) { return n > 0; }); }
    long long total() const {
        long long sum = 0;
        for (long long n : per_value) sum += n;
        return sum;
    }
};

long long of(const category_counts& counts, hand_category c) { return counts[static_cast<std::size_t>(c)]; }

// The fast value of each reference key, from all five-card hands; the unit
// suite checks that this map is consistent and preserves order.
const std::unordered_map<std::uint32_t, std::uint32_t>& fast_value_of_reference_key() {
    static const std::unordered_map<std::uint32_t, std::uint32_t> map = [] {
        std::unordered_map<std::uint32_t, std::uint32_t> m;
        const std::array<Card, 52> cards = deck_cards();
        for (std::size_t a = 0; a < 52; ++a)
            for (std::size_t b = a + 1; b < 52; ++b)
                for (std::size_t c = b + 1; c < 52; ++c)
                    for (std::size_t d = c + 1; d < 52; ++d)
                        for (std::size_t e = d + 1; e < 52; ++e) {
                            const std::array<Card, 5> five{cards[a], cards[b], cards[c], cards[d], cards[e]};
                            std::array<reference::simple_card, 5> simple{};
                            for (std::size_t i = 0; i < 5; ++i) simple[i] = reference::from_engine(five[i]);
                            const std::uint32_t key = reference::evaluate_five(simple).packed();
                            const std::uint32_t value = ev.evaluate(std::span<const Card>(five)).value;
                            auto [it, inserted] = m.emplace(key, value);
                            if (!inserted && it->second != value)
                                FAIL_CHECK("reference key " << key << " has two fast values");
                        }
        return m;
    }();
    return map;
}

// Counts failures and reports the first few with the cards that failed.
struct agreement {
    long long checked = 0;
    long long failures = 0;

    void check(CardSet cards, hand_value fast) {
        ++checked;
        const reference::hand_key key = reference::evaluate(cards);
        const auto& map = fast_value_of_reference_key();
        const auto it = map.find(key.packed());
        const std::uint32_t expected = it == map.end() ? 0 : it->second;
        if (fast.value != expected && failures++ < 10) {
            INFO("cards: " << to_string(cards));
            INFO("fast: " << ev.describe(fast));
            CHECK(fast == hand_value{expected});
        }
    }
};

// Every seven-card hand by seven nested loops, each hand built card by card;
// computed once and shared by the test cases below.
const tally& nested_loop_seven_card_tally() {
    static const tally result = [] {
        const std::array<Card, 52> cards = deck_cards();
        tally t;
        for (std::size_t a = 0; a < 52; ++a) {
            const Hand h1 = Hand{} + cards[a];
            for (std::size_t b = a + 1; b < 52; ++b) {
                const Hand h2 = h1 + cards[b];
                for (std::size_t c = b + 1; c < 52; ++c) {
                    const Hand h3 = h2 + cards[c];
                    for (std::size_t d = c + 1; d < 52; ++d) {
                        const Hand h4 = h3 + cards[d];
                        for (std::size_t e = d + 1; e < 52; ++e) {
                            const Hand h5 = h4 + cards[e];
                            for (std::size_t f = e + 1; f < 52; ++f) {
                                const Hand h6 = h5 + cards[f];
                                for (std::size_t g = f + 1; g < 52; ++g) {
                                    const hand_value v = ev.evaluate(h6 + cards[g]);
                                    ++t.per_value[v.value <= high_evaluator::distinct_values ? v.value : 0];
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

void check_published_seven_card_counts(const category_counts& n) {
    CHECK(of(n, hand_category::royal_flush) == 4'324);
    CHECK(of(n, hand_category::straight_flush) == 37'260);
    CHECK(of(n, hand_category::royal_flush) + of(n, hand_category::straight_flush) == 41'584);
    CHECK(of(n, hand_category::four_of_a_kind) == 224'848);
    CHECK(of(n, hand_category::full_house) == 3'473'184);
    CHECK(of(n, hand_category::flush) == 4'047'644);
    CHECK(of(n, hand_category::straight) == 6'180'020);
    CHECK(of(n, hand_category::three_of_a_kind) == 6'461'620);
    CHECK(of(n, hand_category::two_pair) == 31'433'400);
    CHECK(of(n, hand_category::one_pair) == 58'627'800);
    CHECK(of(n, hand_category::high_card) == 23'294'460);
}

}  // namespace

TEST_CASE("all 133,784,560 seven-card hands: published category counts and 4,824 values") {
    const tally& t = nested_loop_seven_card_tally();
    REQUIRE(t.per_value[0] == 0);  // no value out of range
    CHECK(t.total() == 133'784'560);
    CHECK(t.distinct() == 4'824);
    check_published_seven_card_counts(t.per_category());
}

// for_each_hand takes the cards in another order and evaluates through the
// fixed-size path, so agreeing value by value with the nested loops (and with
// evaluate(CardSet) on every hand) is a check of both.
TEST_CASE("for_each_hand over all seven-card hands: the same counts as the nested loops, value by value") {
    tally t;
    long long set_disagrees = 0;
    for_each_hand(ev, CardSet::standard_deck(), 7, [&](const Hand& hand, hand_value v) {
        ++t.per_value[v.value <= high_evaluator::distinct_values ? v.value : 0];
        if (ev.evaluate(hand.cards()) != v && set_disagrees++ < 10) {
            INFO("cards: " << to_string(hand.cards()));
            CHECK(ev.evaluate(hand.cards()) == v);
        }
    });
    REQUIRE(t.per_value[0] == 0);
    CHECK(set_disagrees == 0);
    CHECK(t.total() == 133'784'560);
    CHECK(t.distinct() == 4'824);
    const tally& nested = nested_loop_seven_card_tally();
    CHECK(t.per_category() == nested.per_category());
    CHECK(t.per_value == nested.per_value);
    check_published_seven_card_counts(t.per_category());
}

// Six-card frequencies as published in poker probability tables. The
// straight flush lines follow from counting: a royal flush plus any of the 47
// other cards, 4 x 47 = 188; a lower straight flush plus any card but the one
// that would extend it upwards, 4 x 9 x 46 = 1,656; 1,844 in all. The lines
// sum to C(52,6), and this test also checks every hand against the reference.
TEST_CASE("all 20,358,520 six-card hands: category counts, and each agrees with the reference") {
    const std::array<Card, 52> cards = deck_cards();
    tally t;
    agreement ref;
    for (std::size_t a = 0; a < 52; ++a) {
        const Hand h1 = Hand{} + cards[a];
        for (std::size_t b = a + 1; b < 52; ++b) {
            const Hand h2 = h1 + cards[b];
            for (std::size_t c = b + 1; c < 52; ++c) {
                const Hand h3 = h2 + cards[c];
                for (std::size_t d = c + 1; d < 52; ++d) {
                    const Hand h4 = h3 + cards[d];
                    for (std::size_t e = d + 1; e < 52; ++e) {
                        const Hand h5 = h4 + cards[e];
                        for (std::size_t f = e + 1; f < 52; ++f) {
                            const Hand h6 = h5 + cards[f];
                            const hand_value v = ev.evaluate(h6);
                            ++t.per_value[v.value <= high_evaluator::distinct_values ? v.value : 0];
                            ref.check(h6.cards(), v);
                        }
                    }
                }
            }
        }
    }
    REQUIRE(t.per_value[0] == 0);
    CHECK(ref.checked == 20'358'520);
    CHECK(ref.failures == 0);
    CHECK(t.total() == 20'358'520);
    CHECK(t.distinct() == 6'075);
    const category_counts n = t.per_category();
    CHECK(of(n, hand_category::royal_flush) == 188);
    CHECK(of(n, hand_category::straight_flush) == 1'656);
    CHECK(of(n, hand_category::four_of_a_kind) == 14'664);
    CHECK(of(n, hand_category::full_house) == 165'984);
    CHECK(of(n, hand_category::flush) == 205'792);
    CHECK(of(n, hand_category::straight) == 361'620);
    CHECK(of(n, hand_category::three_of_a_kind) == 732'160);
    CHECK(of(n, hand_category::two_pair) == 2'532'816);
    CHECK(of(n, hand_category::one_pair) == 9'730'740);
    CHECK(of(n, hand_category::high_card) == 6'612'900);
}

TEST_CASE("one million random seven-card hands agree with the reference") {
    xoshiro256ss rng{20'240'607};
    agreement ref;
    for (int i = 0; i < 1'000'000; ++i) {
        const CardSet cards = testing::random_cards(rng, 7);
        ref.check(cards, ev.evaluate(cards));
    }
    CHECK(ref.checked == 1'000'000);
    CHECK(ref.failures == 0);
}
