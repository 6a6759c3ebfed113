// The high evaluator: published five-card frequencies, agreement in order with
// a separately written reference evaluator on every five-card hand and on
// random larger hands, the rules' tie and kicker examples, descriptions, best
// five cards, shapes, overloads and errors.

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include "pokerengine/evaluator.hpp"
#include "reference_evaluator.hpp"
#include "test_support.hpp"

using namespace pokerengine;

namespace {

const high_evaluator ev;

hand_value value_of(const char* text) { return ev.evaluate(text); }
hand_category category_of(const char* text) { return ev.category(ev.evaluate(text)); }
std::string describe(const char* text) { return ev.describe(ev.evaluate(text)); }

// The reference's categories, written out name by name.
hand_category as_engine(reference::category c) {
    using R = reference::category;
    switch (c) {
        case R::high_card: return hand_category::high_card;
        case R::one_pair: return hand_category::one_pair;
        case R::two_pair: return hand_category::two_pair;
        case R::three_of_a_kind: return hand_category::three_of_a_kind;
        case R::straight: return hand_category::straight;
        case R::flush: return hand_category::flush;
        case R::full_house: return hand_category::full_house;
        case R::four_of_a_kind: return hand_category::four_of_a_kind;
        case R::straight_flush: return hand_category::straight_flush;
        case R::royal_flush: return hand_category::royal_flush;
    }
    throw std::logic_error("unknown reference category");
}

std::array<Rank, 5> as_engine(const std::array<int, 5>& ranks) {
    std::array<Rank, 5> out{};
    for (std::size_t i = 0; i < 5; ++i) out[i] = static_cast<Rank>(ranks[i] - 2);
    return out;
}

std::array<Card, 52> deck_cards() {
    std::array<Card, 52> cards{};
    std::size_t n = 0;
    for (Card c : CardSet::standard_deck()) cards[n++] = c;
    return cards;
}

// A packed reference key in hex: one digit for the category, one per rank (e = ace).
std::string hex(std::uint32_t packed) {
    std::string out;
    for (int shift = 20; shift >= 0; shift -= 4) out += "0123456789abcdef"[(packed >> shift) & 15];
    return out;
}

// Every five-card hand, evaluated by both evaluators, once for all test cases.
struct five_card_census {
    std::array<long, category_count> hands_per_category{};
    long hands = 0;
    long hand_and_set_disagree = 0;  // evaluate(Hand) != evaluate(CardSet)
    // ref_of[v]: the packed reference key of the hands with fast value v (0: none seen).
    std::vector<std::uint32_t> ref_of = std::vector<std::uint32_t>(high_evaluator::distinct_values + 1, 0);
    std::vector<long> hands_per_value = std::vector<long>(high_evaluator::distinct_values + 1, 0);
    std::vector<std::string> problems;  // the first few disagreements, in words
    // The packed reference keys in increasing order with their fast values.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> order;
    std::map<std::uint32_t, reference::hand_key> key_of_packed;

    void problem(std::string text) {
        if (problems.size() < 10) problems.push_back(std::move(text));
    }
};

const five_card_census& census() {
    static const five_card_census result = [] {
        five_card_census r;
        const std::array<Card, 52> cards = deck_cards();
        std::array<reference::simple_card, 52> simple{};
        for (std::size_t i = 0; i < 52; ++i) simple[i] = reference::from_engine(cards[i]);

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
                            const hand_value v = ev.evaluate(h5);
                            ++r.hands;
                            if (ev.evaluate(h5.cards()) != v) ++r.hand_and_set_disagree;
                            const reference::hand_key key = reference::evaluate_five(
                                {simple[a], simple[b], simple[c], simple[d], simple[e]});
                            const std::uint32_t packed = key.packed();
                            if (v.value == 0 || v.value > high_evaluator::distinct_values) {
                                r.problem("value " + std::to_string(v.value) + " out of range for " +
                                          to_string(h5.cards()));
                                continue;
                            }
                            ++r.hands_per_value[v.value];
                            std::uint32_t& seen = r.ref_of[v.value];
                            if (seen == 0) {
                                seen = packed;
                                r.key_of_packed.emplace(packed, key);
                            } else if (seen != packed) {
                                r.problem("value " + std::to_string(v.value) + " given to hands the reference ranks differently, e.g. " +
                                          to_string(h5.cards()));
                            }
                        }
                    }
                }
            }
        }
        for (std::uint32_t v = 1; v <= high_evaluator::distinct_values; ++v) {
            if (r.hands_per_value[v] == 0) continue;
            r.hands_per_category[static_cast<std::size_t>(ev.category(hand_value{v}))] += r.hands_per_value[v];
            r.order.emplace_back(r.ref_of[v], v);
        }
        std::sort(r.order.begin(), r.order.end());
        return r;
    }();
    return result;
}

// The fast value the five-card census found for a reference key (0 if none).
std::uint32_t fast_value_for(const reference::hand_key& key) {
    const auto& order = census().order;
    const std::uint32_t packed = key.packed();
    auto it = std::lower_bound(order.begin(), order.end(), std::make_pair(packed, std::uint32_t{0}));
    return it != order.end() && it->first == packed ? it->second : 0;
}

// Random hands of `size` cards: the fast value must be the one the census
// ties to the reference's verdict, so order, not only category, is checked.
void check_random_hands(int size, int count, std::uint64_t seed) {
    xoshiro256ss rng{seed};
    int failures = 0;
    for (int i = 0; i < count; ++i) {
        const CardSet cards = testing::random_cards(rng, size);
        const hand_value fast = ev.evaluate(cards);
        const reference::hand_key key = reference::evaluate(cards);
        if (fast.value != fast_value_for(key) && failures++ < 10) {
            INFO("cards: " << to_string(cards));
            INFO("fast: " << ev.describe(fast));
            CHECK(fast == hand_value{fast_value_for(key)});
        }
    }
    CHECK(failures == 0);
}

}  // namespace

TEST_CASE("all 2,598,960 five-card hands: published category counts and 7,462 values") {
    const five_card_census& c = census();
    for (const std::string& p : c.problems) FAIL_CHECK(p);
    CHECK(c.hands == 2'598'960);
    CHECK(c.hand_and_set_disagree == 0);

    const auto count = [&](hand_category k) { return c.hands_per_category[static_cast<std::size_t>(k)]; };
    CHECK(count(hand_category::royal_flush) == 4);
    CHECK(count(hand_category::straight_flush) == 36);
    CHECK(count(hand_category::four_of_a_kind) == 624);
    CHECK(count(hand_category::full_house) == 3'744);
    CHECK(count(hand_category::flush) == 5'108);
    CHECK(count(hand_category::straight) == 10'200);
    CHECK(count(hand_category::three_of_a_kind) == 54'912);
    CHECK(count(hand_category::two_pair) == 123'552);
    CHECK(count(hand_category::one_pair) == 1'098'240);
    CHECK(count(hand_category::high_card) == 1'302'540);

    // Every value from 1 to 7,462 is used: no gaps, nothing above.
    CHECK(high_evaluator::distinct_values == 7'462);
    CHECK(c.order.size() == 7'462);
    CHECK(std::count(c.hands_per_value.begin() + 1, c.hands_per_value.end(), 0) == 0);
}

TEST_CASE("every five-card hand is ordered exactly as the reference orders it") {
    const five_card_census& c = census();
    REQUIRE(c.problems.empty());  // equal fast values never hold hands the reference separates
    REQUIRE(c.order.size() == 7'462);
    // Sorted by reference key, keys are all different (so different fast values never
    // hold hands the reference ties) and fast values strictly increase.
    int failures = 0;
    for (std::size_t i = 1; i < c.order.size(); ++i) {
        // Named copies, not structured bindings: INFO captures them in a lambda,
        // which clang 14 does not allow for bindings.
        const auto key_before = c.order[i - 1].first, value_before = c.order[i - 1].second;
        const auto key = c.order[i].first, value = c.order[i].second;
        if ((key_before >= key || value_before >= value) && failures++ < 10) {
            INFO("reference keys " << hex(key_before) << " then " << hex(key));
            INFO("fast values " << value_before << " then " << value);
            FAIL_CHECK("the fast order differs from the reference order");
        }
    }
    CHECK(failures == 0);

    SUBCASE("each value's shape is the reference's category and ranks in reading order") {
        int wrong = 0;
        for (const auto& entry : c.order) {
            const auto value = entry.second;
            const reference::hand_key& key = c.key_of_packed.at(entry.first);
            const hand_shape shape = ev.shape(hand_value{value});
            if ((shape.category != as_engine(key.kind) || shape.ranks != as_engine(key.ranks)) && wrong++ < 10) {
                INFO("value " << value << ": " << ev.describe(hand_value{value}));
                CHECK(shape.category == as_engine(key.kind));
                CHECK(shape.ranks == as_engine(key.ranks));
            }
        }
        CHECK(wrong == 0);
    }
}

TEST_CASE("random larger hands agree with the reference") {
    SUBCASE("100,000 six-card hands") { check_random_hands(6, 100'000, 6); }
    SUBCASE("100,000 seven-card hands") { check_random_hands(7, 100'000, 7); }
    SUBCASE("3,000 eight-card hands") { check_random_hands(8, 3'000, 8); }
    SUBCASE("3,000 nine-card hands") { check_random_hands(9, 3'000, 9); }
    SUBCASE("2,000 ten-card hands") { check_random_hands(10, 2'000, 10); }
}

TEST_CASE("the rules' tie and kicker examples") {
    SUBCASE("a full house is ranked by its three of a kind first") {
        CHECK(value_of("Ks Kd Kh 2c 2d") > value_of("Qs Qd Qh Ac Ad"));
        CHECK(value_of("As Ad Ah 2c 2d") > value_of("Ks Kd Kh Ac Ad"));
        CHECK(value_of("7s 7d 7h Kc Kd") > value_of("7s 7d 7c Qc Qd"));
    }

    SUBCASE("a pair is decided by its kickers, down to the last one") {
        CHECK(value_of("As Ad Kh Qc Jd") > value_of("Ah Ac Ks Qd Td"));
        CHECK(value_of("As Ad Kh Qc 4d") > value_of("Ah Ac Ks Qd 3h"));
        CHECK(value_of("2s 2d 5h 4c 3d") > value_of("Ah Kh Qh Jh 9c"));  // any pair beats any high card
    }

    SUBCASE("the wheel is the lowest straight") {
        CHECK(value_of("As 2d 3h 4c 5s") < value_of("2d 3h 4c 5s 6d"));
        CHECK(value_of("As 2d 3h 4c 5s") > value_of("As Ad Ah Kc Qd"));  // still a straight
        CHECK(category_of("As 2d 3h 4c 5s") == hand_category::straight);
        CHECK(ev.shape(value_of("As 2d 3h 4c 5s")).primary() == Rank::five);
    }

    SUBCASE("suits never break ties") {
        CHECK(value_of("As Js 9s 6s 3s") == value_of("Ac Jc 9c 6c 3c"));
        CHECK(value_of("As Ks Qd Jd 9c") == value_of("Ah Kh Qc Jc 9d"));
        CHECK(value_of("Th Jh Qh Kh Ah") == value_of("Tc Jc Qc Kc Ac"));
        CHECK(value_of("2s 2d 7h 7c Kd") == value_of("2h 2c 7s 7d Ks"));
    }

    SUBCASE("straights do not wrap around the ace") {
        CHECK(category_of("Qs Kd Ah 2c 3d") == hand_category::high_card);
        CHECK(category_of("Ks Ad 2h 3c 4d") == hand_category::high_card);
        CHECK(category_of("Js Qd Kh Ac 2d") == hand_category::high_card);
        CHECK(describe("Qs Kd Ah 2c 3d") == "Ace high, king-queen-three-two kickers");
        CHECK(value_of("Qs Kd Ah 2c 3d") < value_of("As 2d 3h 4c 5s"));
    }

    SUBCASE("two pair: higher pair, then lower pair, then the kicker") {
        CHECK(value_of("As Ad Kh Kc Qd") > value_of("Ah Ac Ks Kd Jh"));
        CHECK(value_of("As Ad Kh Kc 2d") > value_of("Ah Ac Qs Qd Kh"));
        CHECK(value_of("As Ad 2h 2c 3d") > value_of("Kh Kc Qs Qd Jh"));
        CHECK(value_of("9s 9d 8h 8c Ad") > value_of("9h 9c 8s 8d Kh"));
    }

    SUBCASE("three of a kind and four of a kind kickers") {
        CHECK(value_of("7s 7d 7h Ac 2d") > value_of("7s 7d 7c Kc Qd"));
        CHECK(value_of("7s 7d 7h Ac 3d") > value_of("7s 7d 7c Ah 2d"));
        CHECK(value_of("9s 9d 9h 9c Ad") > value_of("9s 9d 9h 9c Kd"));
        CHECK(value_of("9s 9d 9h 9c 2d") > value_of("8s 8d 8h 8c Ad"));
    }

    SUBCASE("flushes compare card by card; high cards likewise") {
        CHECK(value_of("As Js 9s 6s 3s") > value_of("Ah Jh 9h 6h 2h"));
        CHECK(value_of("Ks Qs Js 9s 8s") < value_of("Ah 5h 4h 3h 2h"));
        CHECK(value_of("Ad Kc Qh Js 9d") > value_of("As Kh Qd Jc 8h"));
    }

    SUBCASE("one example per category, each beating the one below") {
        const std::vector<std::pair<const char*, hand_category>> ladder{
            {"Ad Kc Qh 9s 7d", hand_category::high_card},
            {"As Ad Kh Qc 9d", hand_category::one_pair},
            {"As Ad Kh Kc Qd", hand_category::two_pair},
            {"7s 7d 7h Ac Kd", hand_category::three_of_a_kind},
            {"As Kd Qh Jc Td", hand_category::straight},
            {"Ah Kh 9h 7h 4h", hand_category::flush},
            {"6s 6d 6h Qc Qd", hand_category::full_house},
            {"9s 9d 9h 9c Ad", hand_category::four_of_a_kind},
            {"9h 8h 7h 6h 5h", hand_category::straight_flush},
            {"As Ks Qs Js Ts", hand_category::royal_flush},
        };
        for (std::size_t i = 0; i < ladder.size(); ++i) {
            CAPTURE(ladder[i].first);
            CHECK(category_of(ladder[i].first) == ladder[i].second);
            if (i > 0) CHECK(value_of(ladder[i].first) > value_of(ladder[i - 1].first));
        }
        // The worst hand of each category beats the best of the one below.
        CHECK(value_of("2s 2d 3h 4c 5d") > value_of("As Kd Qh Jc 9d"));
        CHECK(value_of("2s 2d 3h 3c 4d") > value_of("As Ad Kh Qc Jd"));
        CHECK(value_of("2s 2d 2h 3c 4d") > value_of("As Ad Kh Kc Qd"));
        CHECK(value_of("As 2d 3h 4c 5d") > value_of("As Ad Ah Kc Qd"));
        CHECK(value_of("7s 5s 4s 3s 2s") > value_of("As Kd Qh Jc Td"));
        CHECK(value_of("2s 2d 2h 3c 3d") > value_of("As Ks Qs Js 9s"));
        CHECK(value_of("2s 2d 2h 2c 3d") > value_of("As Ad Ah Kc Kd"));
        CHECK(value_of("As 2s 3s 4s 5s") > value_of("As Ad Ah Ac Kd"));
        CHECK(value_of("As Ks Qs Js Ts") > value_of("Ks Qs Js Ts 9s"));
    }

    SUBCASE("seven cards: the best five play") {
        // Three pairs: the third pair's higher card is the kicker.
        CHECK(describe("Ah Ad Kc Ks Qh Qd 2c") == "Two pair, aces and kings, queen kicker");
        CHECK(describe("Ah Ad Kc Ks 2h 2d Qc") == "Two pair, aces and kings, queen kicker");
        // Two sets of trips make a full house of the higher over the lower.
        CHECK(describe("Ah Ad Ac Kc Ks Kh 2c") == "Full house, aces over kings");
        CHECK(describe("2h 2d 2c Kc Ks Kh 3c") == "Full house, kings over twos");
        // Trips and two pairs: the higher pair fills the house.
        CHECK(describe("5h 5d 5c Kc Ks 9h 9c") == "Full house, fives over kings");
        // Quads and trips: the kicker is the best other card.
        CHECK(describe("5h 5d 5c 5s Ks Kh Kc") == "Four of a kind, fives, king kicker");
        // Six to a straight: the top five count; the wheel with a six is six-high.
        CHECK(describe("2c 3d 4h 5s 6c 7d Kh") == "Seven-high straight");
        CHECK(describe("Ac 2d 3h 4s 5c 6d Kh") == "Six-high straight");
        // A straight flush beats a higher plain straight in the same seven cards.
        CHECK(describe("9h 8h 7h 6h 5h Ts Jd") == "Nine-high straight flush");
        // The steel wheel with an off-suit six stays a five-high straight flush.
        CHECK(describe("Ah 2h 3h 4h 5h 6c 9d") == "Five-high straight flush (steel wheel)");
        // Six or seven of a suit: the top five.
        CHECK(describe("Ah Kh 9h 7h 4h 3h 2h") == "Ace-high flush, king-nine-seven-four");
        // A flush over a straight in the same hand.
        CHECK(describe("Ah Kh 9h 7h 4h Qd Jc Ts") == "Ace-high flush, king-nine-seven-four");
    }

    SUBCASE("the board plays: equal hands from different hole cards") {
        const CardSet board = parse_card_set("As Kd Qh Jc Td");
        CHECK(ev.evaluate(board | parse_card_set("2c 3d")) == ev.evaluate(board | parse_card_set("4h 5s")));
        const CardSet quads = parse_card_set("9s 9d 9h 9c Ad");
        CHECK(ev.evaluate(quads | parse_card_set("2c 3d")) == ev.evaluate(quads | parse_card_set("Kh Ks")));
        // ...unless a hole card beats the board's kicker.
        const CardSet quads_king = parse_card_set("9s 9d 9h 9c Kd");
        CHECK(ev.evaluate(quads_king | parse_card_set("Ac 3d")) > ev.evaluate(quads_king | parse_card_set("Qh Qs")));
        CHECK(ev.compare(quads_king | parse_card_set("Ac 3d"), quads_king | parse_card_set("Qh Qs")) ==
              std::strong_ordering::greater);
        CHECK(ev.compare(board | parse_card_set("2c 3d"), board | parse_card_set("4h 5s")) ==
              std::strong_ordering::equal);
        CHECK(ev.compare(parse_card_set("2c 3d 4h 5s 7c"), parse_card_set("2d 3h 4s 5c 8d")) ==
              std::strong_ordering::less);
    }
}

TEST_CASE("describe: one sentence per hand") {
    CHECK(describe("Ad Kc Qh 9s 7d") == "Ace high, king-queen-nine-seven kickers");
    CHECK(describe("7d 5c 4h 3s 2d") == "Seven high, five-four-three-two kickers");
    CHECK(describe("As Ad Kh Qc 9d") == "Pair of aces, king-queen-nine kickers");
    CHECK(describe("2s 2d 5h 4c 3d") == "Pair of twos, five-four-three kickers");
    CHECK(describe("As Ad Kh Kc Qd") == "Two pair, aces and kings, queen kicker");
    CHECK(describe("3s 3d 2h 2c 4d") == "Two pair, threes and twos, four kicker");
    CHECK(describe("7s 7d 7h Ac Kd") == "Three of a kind, sevens, ace-king kickers");
    CHECK(describe("6s 6d 6h 3c 2d") == "Three of a kind, sixes, three-two kickers");
    CHECK(describe("As Kd Qh Jc Td") == "Ace-high straight");
    CHECK(describe("Ts 9d 8h 7c 6d") == "Ten-high straight");
    CHECK(describe("6s 5d 4h 3c 2d") == "Six-high straight");
    CHECK(describe("As 2d 3h 4c 5s") == "Five-high straight (wheel)");
    CHECK(describe("Ah Kh 9h 7h 4h") == "Ace-high flush, king-nine-seven-four");
    CHECK(describe("7c 5c 4c 3c 2c") == "Seven-high flush, five-four-three-two");
    CHECK(describe("6s 6d 6h Qc Qd") == "Full house, sixes over queens");
    CHECK(describe("Qs Qd Qh 6c 6d") == "Full house, queens over sixes");
    CHECK(describe("9s 9d 9h 9c Ad") == "Four of a kind, nines, ace kicker");
    CHECK(describe("As Ad Ah Ac 2d") == "Four of a kind, aces, two kicker");
    CHECK(describe("9h 8h 7h 6h 5h") == "Nine-high straight flush");
    CHECK(describe("Kd Qd Jd Td 9d") == "King-high straight flush");
    CHECK(describe("As 2s 3s 4s 5s") == "Five-high straight flush (steel wheel)");
    CHECK(describe("As Ks Qs Js Ts") == "Royal flush");
    CHECK(describe("10♥ J♥ Q♥ K♥ A♥") == "Royal flush");

    SUBCASE("every value has a description naming its category's words") {
        for (std::uint32_t v = 1; v <= high_evaluator::distinct_values; ++v) {
            const std::string text = ev.describe(hand_value{v});
            CHECK_FALSE(text.empty());
            if (text.empty() || text[0] < 'A' || text[0] > 'Z') FAIL_CHECK("not capitalised: " << text);
        }
    }
}

TEST_CASE("best_five: five of the given cards, worth the hand's value, in reading order") {
    const auto check_best_five = [](CardSet cards) {
        CAPTURE(cards);
        const CardList five = ev.best_five(cards);
        REQUIRE(five.size() == 5);
        CardSet chosen;
        for (Card c : five) chosen |= c;
        CHECK(chosen.size() == 5);
        CHECK(cards.contains(chosen));
        const hand_value v = ev.evaluate(cards);
        CHECK(ev.evaluate(chosen) == v);
        std::array<Rank, 5> ranks{};
        for (std::size_t i = 0; i < 5; ++i) ranks[i] = five[i].rank();
        CHECK(ranks == ev.shape(v).ranks);
        return five;
    };

    SUBCASE("examples") {
        CHECK(to_string(check_best_five(parse_card_set("5s 4c 3h 2d As Kd Kh"))) == "5s 4c 3h 2d As");
        CHECK(to_string(check_best_five(parse_card_set("As Kd Qh Jc Td 9s 2c"))) == "As Kd Qh Jc Td");
        CHECK(to_string(check_best_five(parse_card_set("Ah Kh 9h 7h 4h 3h 2h"))) == "Ah Kh 9h 7h 4h");
        CHECK(to_string(check_best_five(parse_card_set("As Ks Qs Js Ts"))) == "As Ks Qs Js Ts");
        CHECK(to_string(check_best_five(parse_card_set("9h 8h 7h 6h 5h Ts Jd"))) == "9h 8h 7h 6h 5h");

        const CardList full_house = check_best_five(parse_card_set("Qc 6s 2c 6d Qd 6h 3d"));
        CardSet trips, pair;
        for (std::size_t i = 0; i < 3; ++i) trips |= full_house[i];
        for (std::size_t i = 3; i < 5; ++i) pair |= full_house[i];
        CHECK(trips == parse_card_set("6s 6d 6h"));
        CHECK(pair == parse_card_set("Qc Qd"));

        const CardList two_pair = check_best_five(parse_card_set("Ah Ad Kc Ks Qh Qd 2c"));
        CHECK(two_pair[0].rank() == Rank::ace);
        CHECK(two_pair[2].rank() == Rank::king);
        CHECK(two_pair[4].rank() == Rank::queen);

        const CardList quads = check_best_five(parse_card_set("5h 5d 5c 5s Ks Kh Kc"));
        CHECK(quads[4].rank() == Rank::king);
    }

    SUBCASE("random hands of 5 to 10 cards") {
        xoshiro256ss rng{55};
        for (int size = 5; size <= 10; ++size)
            for (int i = 0; i < 2'000; ++i) check_best_five(testing::random_cards(rng, size));
    }

    SUBCASE("too few cards") {
        CHECK_THROWS_AS(ev.best_five(parse_card_set("As Ks Qs Js")), hand_error);
    }
}

TEST_CASE("shape: category and ranks read back from a value") {
    SUBCASE("primary and secondary ranks") {
        const hand_shape full_house = ev.shape(value_of("6s 6d 6h Qc Qd"));
        CHECK(full_house.category == hand_category::full_house);
        CHECK(full_house.ranks == std::array<Rank, 5>{Rank::six, Rank::six, Rank::six, Rank::queen, Rank::queen});
        CHECK(full_house.primary() == Rank::six);
        CHECK(full_house.secondary() == Rank::queen);
        CHECK(full_house.largest_group() == 3);

        const hand_shape two_pair = ev.shape(value_of("Kc As Qd Ad Kh"));
        CHECK(two_pair.ranks == std::array<Rank, 5>{Rank::ace, Rank::ace, Rank::king, Rank::king, Rank::queen});
        CHECK(two_pair.primary() == Rank::ace);
        CHECK(two_pair.secondary() == Rank::king);
        CHECK(two_pair.largest_group() == 2);

        const hand_shape pair = ev.shape(value_of("9d As Qc Ad Kh"));
        CHECK(pair.ranks == std::array<Rank, 5>{Rank::ace, Rank::ace, Rank::king, Rank::queen, Rank::nine});
        CHECK(pair.primary() == Rank::ace);

        const hand_shape quads = ev.shape(value_of("2d 9s 9d 9h 9c"));
        CHECK(quads.primary() == Rank::nine);
        CHECK(quads.ranks[4] == Rank::two);
        CHECK(quads.largest_group() == 4);

        const hand_shape trips = ev.shape(value_of("7s 2d 7h Ac 7d"));
        CHECK(trips.ranks == std::array<Rank, 5>{Rank::seven, Rank::seven, Rank::seven, Rank::ace, Rank::two});
        CHECK(trips.largest_group() == 3);

        const hand_shape wheel = ev.shape(value_of("As 2d 3h 4c 5s"));
        CHECK(wheel.ranks == std::array<Rank, 5>{Rank::five, Rank::four, Rank::three, Rank::two, Rank::ace});
        CHECK(wheel.primary() == Rank::five);

        const hand_shape broadway = ev.shape(value_of("Td Jc Qh Kd As"));
        CHECK(broadway.primary() == Rank::ace);
        CHECK(broadway.largest_group() == 1);

        const hand_shape flush = ev.shape(value_of("4h 9h Ah 7h Kh"));
        CHECK(flush.ranks == std::array<Rank, 5>{Rank::ace, Rank::king, Rank::nine, Rank::seven, Rank::four});
        CHECK(flush.primary() == Rank::ace);
    }

    SUBCASE("flush and straight questions for every category") {
        struct expectation {
            const char* hand;
            hand_category category;
            bool flush, straight;
        };
        const std::vector<expectation> cases{
            {"Ad Kc Qh 9s 7d", hand_category::high_card, false, false},
            {"As Ad Kh Qc 9d", hand_category::one_pair, false, false},
            {"As Ad Kh Kc Qd", hand_category::two_pair, false, false},
            {"7s 7d 7h Ac Kd", hand_category::three_of_a_kind, false, false},
            {"As Kd Qh Jc Td", hand_category::straight, false, true},
            {"Ah Kh 9h 7h 4h", hand_category::flush, true, false},
            {"6s 6d 6h Qc Qd", hand_category::full_house, false, false},
            {"9s 9d 9h 9c Ad", hand_category::four_of_a_kind, false, false},
            {"9h 8h 7h 6h 5h", hand_category::straight_flush, true, true},
            {"As Ks Qs Js Ts", hand_category::royal_flush, true, true},
        };
        for (const expectation& e : cases) {
            CAPTURE(e.hand);
            const hand_value v = value_of(e.hand);
            const hand_shape s = ev.shape(v);
            CHECK(s.category == e.category);
            CHECK(ev.category(v) == e.category);
            CHECK(s.is_flush() == e.flush);
            CHECK(s.is_straight() == e.straight);
            CHECK(category_name(s.category) == category_name(e.category));
        }
    }

    SUBCASE("category names") {
        CHECK(category_name(hand_category::high_card) == "High card");
        CHECK(category_name(hand_category::one_pair) == "One pair");
        CHECK(category_name(hand_category::two_pair) == "Two pair");
        CHECK(category_name(hand_category::three_of_a_kind) == "Three of a kind");
        CHECK(category_name(hand_category::straight) == "Straight");
        CHECK(category_name(hand_category::flush) == "Flush");
        CHECK(category_name(hand_category::full_house) == "Full house");
        CHECK(category_name(hand_category::four_of_a_kind) == "Four of a kind");
        CHECK(category_name(hand_category::straight_flush) == "Straight flush");
        CHECK(category_name(hand_category::royal_flush) == "Royal flush");
    }

    SUBCASE("values the evaluator never gives are refused") {
        CHECK_THROWS_WITH_AS(ev.shape(hand_value{0}), "hand value 0 did not come from the high evaluator",
                             std::out_of_range);
        CHECK_THROWS_AS(ev.shape(hand_value{high_evaluator::distinct_values + 1}), std::out_of_range);
        CHECK_THROWS_AS(ev.describe(hand_value{0}), std::out_of_range);
        CHECK_NOTHROW(ev.shape(hand_value{1}));
        CHECK_NOTHROW(ev.shape(hand_value{high_evaluator::distinct_values}));
        CHECK(ev.category(hand_value{1}) == hand_category::high_card);
        CHECK(ev.category(hand_value{high_evaluator::distinct_values}) == hand_category::royal_flush);
    }
}

TEST_CASE("evaluate overloads agree") {
    const CardList list = parse_cards("Ah Kh 9h 7h 4h 3c 2d");
    CardSet set;
    for (Card c : list) set |= c;
    Hand hand;
    for (Card c : list) hand += c;
    const hand_value expected = ev.evaluate(set);

    CHECK(ev.evaluate(hand) == expected);
    CHECK(ev.evaluate(std::span<const Card>(list.data(), list.size())) == expected);
    CHECK(ev.evaluate(std::string_view{"Ah Kh 9h 7h 4h 3c 2d"}) == expected);
    CHECK(ev.evaluate("A♥ K♥ 9♥ 7♥ 4♥ 3♣ 2♦") == expected);
    CHECK(ev.evaluate(std::string{"ah,kh,9h,7h,4h,3c,2d"}) == expected);
    CHECK(ev.category(expected) == hand_category::flush);

    SUBCASE("the Hand builder") {
        CHECK(hand.size() == 7);
        CHECK(hand.cards() == set);
        CHECK(Hand{set}.key() == hand.key());
        CHECK(Hand{}.size() == 0);
        CHECK(Hand{}.cards().empty());
        // Adding hands adds their keys: a board and hole cards combine in any order.
        const Hand board{parse_card_set("Ah Kh 9h 7h 4h")};
        const Hand hole{parse_card_set("3c 2d")};
        CHECK((board + hole).key() == hand.key());
        CHECK((hole + board).key() == hand.key());
        CHECK((board + hole).cards() == set);
        Hand sum = hole;
        sum += board;
        CHECK(sum.key() == hand.key());
        CHECK(ev.evaluate(board + hole) == expected);
        CHECK(ev.evaluate(Hand{} + parse_card("Ah") + parse_card("Kh") + parse_card("Qh") + parse_card("Jh") +
                          parse_card("Th")) == value_of("As Ks Qs Js Ts"));
        // 8 to 10 cards through the builder.
        const Hand big = hand + parse_card("Ad") + parse_card("Ac") + parse_card("As");
        CHECK(big.size() == 10);
        CHECK(ev.describe(ev.evaluate(big)) == "Four of a kind, aces, king kicker");
    }

    SUBCASE("a card listed twice") {
        const std::array<Card, 5> twice{parse_card("As"), parse_card("Kd"), parse_card("As"), parse_card("2c"),
                                        parse_card("3c")};
        CHECK_THROWS_WITH_AS(ev.evaluate(std::span<const Card>(twice)), "card As appears twice in the hand",
                             hand_error);
        CHECK_THROWS_WITH_AS(ev.evaluate("As Kd As 2c 3c"), "card As appears twice in \"As Kd As 2c 3c\"",
                             parse_error);
    }

    SUBCASE("the wrong number of cards") {
        CHECK_THROWS_WITH_AS(ev.evaluate("As Ks Qs Js"), "a high hand takes 5 to 10 cards, got 4: \"As Ks Qs Js\"",
                             hand_error);
        CHECK_THROWS_WITH_AS(ev.evaluate(CardSet{}), "a high hand takes 5 to 10 cards, got 0", hand_error);
        CHECK_THROWS_WITH_AS(ev.evaluate(parse_card_set("As")), "a high hand takes 5 to 10 cards, got 1: \"As\"",
                             hand_error);
        CHECK_THROWS_WITH_AS(ev.evaluate("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s"),
                             "a high hand takes 5 to 10 cards, got 11: \"As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s\"",
                             hand_error);
        CHECK_THROWS_AS(ev.evaluate(CardSet::standard_deck()), hand_error);
        // 52 cards and both jokers once wrapped the key's card count round to five.
        const CardSet everything{CardSet::standard_bits | CardSet::joker_bits};
        const std::string all_text = to_string(everything);
        CHECK_THROWS_WITH_AS(ev.evaluate(everything), ("a high hand takes 5 to 10 cards, got 54: \"" + all_text + "\"").c_str(),
                             hand_error);
        CHECK_THROWS_AS(ev.evaluate(Hand{everything}), hand_error);
        CHECK_THROWS_AS(ev.evaluate(all_text), hand_error);
        CHECK_THROWS_AS(ev.evaluate(everything - parse_card_set("As Ks Qs Js")), hand_error);
        CHECK_THROWS_AS(ev.evaluate(Hand{} + parse_card("As")), hand_error);
        CHECK_THROWS_AS(ev.evaluate(std::span<const Card>{}), hand_error);
        CHECK_NOTHROW(ev.evaluate("As Ks Qs Js Ts 9s 8s 7s 6s 5s"));
        CHECK_THROWS_AS(ev.evaluate(""), parse_error);
    }

    SUBCASE("jokers need a wild-card rule") {
        CHECK_THROWS_WITH_AS(ev.evaluate("Xx As Ks Qs Js"),
                             "a joker (Xx) needs a wild-card rule; high hands take natural cards only: "
                             "\"Xx As Ks Qs Js\"",
                             hand_error);
        CHECK_THROWS_AS(ev.evaluate("Xx As Ks Qs Js Ts"), hand_error);
        CHECK_THROWS_AS(ev.evaluate("Xx Xx As Ks Qs Js Ts"), hand_error);
        CHECK_THROWS_AS(ev.evaluate(Hand{parse_card_set("Xx As Ks Qs Js Ts")}), hand_error);
        CHECK_THROWS_AS(ev.evaluate(parse_card_set("Xx Xx As Ks Qs Js Ts 9s 8s")), hand_error);
    }
}

TEST_CASE_TEMPLATE("the incremental API: evaluate_as<Size> on hands built card by card, Hand minus a card", Ranking,
                   high, ace_to_five_low, eight_or_better_low, ace_to_six_low, deuce_to_seven_low) {
    const evaluator<Ranking> ev;
    xoshiro256ss rng{44};
    long long wrong = 0;
    for (int i = 0; i < 20'000; ++i) {
        const CardSet seven = testing::random_cards(rng, 7);
        Hand h;
        for (Card c : seven) h += c;
        const Card last = *seven.begin();
        const Hand six = h - last;
        const Hand five = six - *(seven - last).begin();
        if (ev.template evaluate_as<7>(h) != ev.evaluate(seven)) ++wrong;
        if (ev.template evaluate_as<6>(six) != ev.evaluate(six.cards())) ++wrong;
        if (ev.template evaluate_as<5>(five) != ev.evaluate(five.cards())) ++wrong;
        if (six.key() != Hand{seven - last}.key() || six.cards() != seven - last) ++wrong;
    }
    CHECK(wrong == 0);
    CHECK(evaluator<Ranking>::table_bytes > Ranking::tables::table_bytes);
}

TEST_CASE_TEMPLATE("the incremental API: evaluate_ranks<Size> on ranks added one by one, RankHand of a Hand", Ranking,
                   high, short_deck, short_deck_wsop, ace_to_five_low, eight_or_better_low, ace_to_six_low,
                   deuce_to_seven_low) {
    const evaluator<Ranking> ev;
    xoshiro256ss rng{45};
    std::vector<Rank> deck_ranks;
    for (int r = 0; r < 13; ++r)
        if ((Ranking::spec.deck_ranks >> r) & 1) deck_ranks.push_back(static_cast<Rank>(r));
    long long wrong = 0;
    for (int i = 0; i < 20'000; ++i) {
        const int size = 5 + i % 3;
        // Ranks at random (at most four of each), each card given the suit
        // with the fewest cards among those its rank has not taken: at most two
        // cards of a suit, so no flush.
        std::array<int, 13> copies{};
        std::array<int, 4> in_suit{};
        std::array<std::uint8_t, 13> suits_taken{};
        RankHand ranks;
        CardSet cards;
        while (cards.size() < size) {
            const Rank r = deck_ranks[uniform_below(rng, deck_ranks.size())];
            const auto ri = static_cast<std::size_t>(r);
            if (copies[ri] == 4) continue;
            ++copies[ri];
            int suit = -1;
            for (int s = 0; s < 4; ++s)
                if (!((suits_taken[ri] >> s) & 1) && (suit < 0 || in_suit[static_cast<std::size_t>(s)] < in_suit[static_cast<std::size_t>(suit)]))
                    suit = s;
            suits_taken[ri] = static_cast<std::uint8_t>(suits_taken[ri] | (1 << suit));
            ++in_suit[static_cast<std::size_t>(suit)];
            cards |= Card{r, static_cast<Suit>(suit)};
            ranks += r;
        }
        const hand_value truth = ev.evaluate(cards);
        hand_value v{};
        if (size == 5) v = ev.template evaluate_ranks<5>(ranks);
        if (size == 6) v = ev.template evaluate_ranks<6>(ranks);
        if (size == 7) v = ev.template evaluate_ranks<7>(ranks);
        if (v != truth || ranks.size() != size || RankHand{Hand{cards}}.key() != ranks.key()) ++wrong;
    }
    CHECK(wrong == 0);
    // A RankHand of hands added is the sum of their RankHands.
    const Hand board{parse_card_set("Ah Kh 7h 2h 9h")};
    const Hand hole{parse_card_set("Qd Qc")};
    CHECK((RankHand{board} + RankHand{hole}).key() == RankHand{board + hole}.key());
}

TEST_CASE("evaluate_ranks ignores suits: a flush's ranks are valued as if unsuited") {
    const high_evaluator ev;
    const Hand flush{parse_card_set("Ah Kh 7h 2h 9h Qd Qc")};
    CHECK(ev.describe(ev.evaluate_as<7>(flush)) == "Ace-high flush, king-nine-seven-two");
    CHECK(ev.evaluate_ranks<7>(RankHand{flush}) == ev.evaluate("Ad Kc 7h 2s 9h Qd Qc"));
    CHECK(ev.evaluate_ranks<5>(RankHand{} + Rank::six + Rank::six + Rank::six + Rank::queen + Rank::queen) ==
          ev.evaluate("6s 6d 6h Qc Qd"));
}

TEST_CASE("evaluate_as on short deck and the flushes of lowball") {
    const short_deck_evaluator six_plus;
    CHECK(six_plus.evaluate_as<5>(Hand{parse_card_set("As Ks Qs Js Ts")}) == six_plus.evaluate("As Ks Qs Js Ts"));
    const deuce_to_seven_evaluator d27;
    const Hand suited = Hand{parse_card_set("7s 5s 4s 3s 2s Kd")};
    CHECK(d27.evaluate_as<6>(suited) == d27.evaluate("7s 5s 4s 3s 2s Kd"));
    CHECK(d27.evaluate_as<6>(suited) > d27.evaluate("7s 5s 4s 3s 2s"));
}
