// Badugi: agreement in order with a brute-force reference written from the
// rules' text on all 270,725 four-card hands; the numbers of 4-, 3-, 2- and
// 1-card hands and of distinct values, derived by counting; the rulebooks'
// examples; descriptions, playing cards, overloads and errors.

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "pokerengine/badugi.hpp"
#include "test_support.hpp"

using namespace pokerengine;

namespace {

const badugi_evaluator badugi;

hand_value value_of(const char* text) { return badugi.evaluate(text); }
std::string describe(const char* text) { return badugi.describe(badugi.evaluate(text)); }
int cards_in(const char* text) { return badugi.cards_in_hand(badugi.evaluate(text)); }
std::string best_cards(const char* text) { return to_string(badugi.best_cards(parse_card_set(text))); }

// The rules as written, card by card, sharing no code with the evaluator.
namespace reference {

// A playing hand: how many cards play and their ranks counted ace-low
// (ace 1, deuce 2, ..., king 13), highest first; unused places hold 0.
struct played {
    int count = 0;
    std::array<int, 4> ranks{};
};

int ace_low(Rank r) { return r == Rank::ace ? 1 : static_cast<int>(r) + 2; }

// "A 4-card hand beats any 3-card hand, which beats any 2-card hand, which
// beats a 1-card hand; among hands of the same size the lower highest card
// wins, then the next highest, and so on."
bool beats(const played& a, const played& b) {
    if (a.count != b.count) return a.count > b.count;
    for (std::size_t i = 0; i < static_cast<std::size_t>(a.count); ++i)
        if (a.ranks[i] != b.ranks[i]) return a.ranks[i] < b.ranks[i];
    return false;
}
bool ties(const played& a, const played& b) { return !beats(a, b) && !beats(b, a); }

// "The playing hand is the largest subset of the cards with all different
// ranks and all different suits; with a choice, the best one counts":
// every such subset, sorted best first by the comparison above.
played playing_hand(const std::array<Card, 4>& hand) {
    std::array<played, 15> candidates{};  // places left empty play no cards and sort last
    std::size_t found = 0;
    for (unsigned pick = 1; pick < 16; ++pick) {
        boost::container::static_vector<Card, 4> chosen;
        for (std::size_t i = 0; i < 4; ++i)
            if (pick & (1U << i)) chosen.push_back(hand[i]);
        bool all_different = true;
        for (std::size_t a = 0; a < chosen.size(); ++a)
            for (std::size_t b = a + 1; b < chosen.size(); ++b)
                if (chosen[a].rank() == chosen[b].rank() || chosen[a].suit() == chosen[b].suit()) all_different = false;
        if (!all_different) continue;
        played p;
        p.count = static_cast<int>(chosen.size());
        for (std::size_t i = 0; i < chosen.size(); ++i) p.ranks[i] = ace_low(chosen[i].rank());
        std::sort(p.ranks.begin(), p.ranks.end(), std::greater<>());
        candidates[found++] = p;
    }
    std::sort(candidates.begin(), candidates.end(), beats);
    return candidates[0];
}

// The documented wording: "Badugi, seven-five-four-ace (7-5-4-A)",
// "Three-card ...", "Two-card ...", "One-card ace (A)".
std::string words(const played& p) {
    static constexpr std::array<const char*, 14> names{"",     "ace",  "two",   "three", "four",  "five", "six",
                                                       "seven", "eight", "nine", "ten",   "jack",  "queen", "king"};
    static constexpr std::array<const char*, 5> prefixes{"", "One-card ", "Two-card ", "Three-card ", "Badugi, "};
    std::string named, digits;
    for (std::size_t i = 0; i < static_cast<std::size_t>(p.count); ++i) {
        std::size_t r = static_cast<std::size_t>(p.ranks[i]);
        named += std::string(i ? "-" : "") + names[r];
        digits += std::string(i ? "-" : "") + " A23456789TJQK"[r];
    }
    return prefixes[static_cast<std::size_t>(p.count)] + named + " (" + digits + ")";
}

}  // namespace reference

constexpr long choose(long n, long k) {
    long out = 1;
    for (long i = 1; i <= k; ++i) out = out * (n - k + i) / i;
    return out;
}

// How many of the C(52,4) = 270,725 hands play 4, 3, 2 and 1 cards, by counting.
//
// 4 cards: the club, diamond, heart and spade each take a different rank.
constexpr long four_card_hands = 13 * 12 * 11 * 10;  // 17,160
// 1 card: every two cards share a rank or a suit. That happens only when all
// four share one suit or one rank: if a and b share a suit and a and c share
// a rank, then b and c differ in both and two cards play.
constexpr long one_card_hands = 4 * choose(13, 4) + 13;  // 2,860 + 13 = 2,873
// 3 cards: more than two play only with at least three ranks and three
// suits, and four play only with four of each, so count by ranks and suits:
//  - four ranks, three suits: any three cards of different suits play.
//    C(13,4) rank sets, 4 choices of the missing suit, 36 ways to spread the
//    four cards over the other three suits: 715 * 4 * 36 = 102,960;
//  - three ranks, four suits: likewise, C(13,3) * 36 = 10,296;
//  - three ranks, three suits: the doubled rank R (13) and the two single
//    ranks (C(12,2) = 66), the doubled suit S (4) and the two single suits
//    (3) can be placed 5 ways: R with S and one single suit (2 ways) and S
//    with the other single rank (2 ways), or R with both single suits and S
//    with both single ranks. The first four hold three cards of different
//    ranks and suits, the fifth does not: 4 * 13 * 66 * 4 * 3 = 41,184.
constexpr long rank_suit_layouts_3x3 = 13 * choose(12, 2) * 4 * choose(3, 2);  // 10,296
constexpr long three_card_hands =
    choose(13, 4) * 4 * 36 + choose(13, 3) * 36 + 4 * rank_suit_layouts_3x3;  // 154,440
// 2 cards: a card is an edge between its rank and its suit and a playing hand
// is a matching, so (König's theorem) at most two cards play exactly when two
// lines, ranks or suits, hold all four cards. Hands within
//  - two ranks: 13 of one rank + 78 pairs of ranks * (C(8,4) - 2) = 5,317;
//  - two suits: 4 * C(13,4) of one suit + 6 pairs * (C(26,4) - 2 * C(13,4)) = 83,980;
//  - both at once, the four cards of two ranks in two suits: 78 * 6 = 468;
//  - a rank and a suit but neither of the above: the fifth 3x3 layout, 10,296;
// 5,317 + 83,980 - 468 + 10,296 = 99,125 hands, less the 2,873 one-card hands.
constexpr long two_rank_hands = 13 + choose(13, 2) * (choose(8, 4) - 2);
constexpr long two_suit_hands = 4 * choose(13, 4) + choose(4, 2) * (choose(26, 4) - 2 * choose(13, 4));
constexpr long two_card_hands =
    two_rank_hands + two_suit_hands - choose(13, 2) * choose(4, 2) + rank_suit_layouts_3x3 - one_card_hands;  // 96,252
static_assert(four_card_hands == 17'160 && three_card_hands == 154'440 && two_card_hands == 96'252 &&
              one_card_hands == 2'873);
static_assert(four_card_hands + three_card_hands + two_card_hands + one_card_hands == choose(52, 4));
// Distinct values: one per set of 1 to 4 different ranks.
static_assert(badugi_evaluator::distinct_values == choose(13, 4) + choose(13, 3) + choose(13, 2) + choose(13, 1));

// Every four-card hand, evaluated both ways once for the tests below.
struct hand_entry {
    reference::played ref;
    hand_value fast;
    CardSet cards;
};
struct exhaustive_run {
    std::vector<hand_entry> hands;  // worst first by the reference
    std::array<long, 5> by_count{};
    long disagreements = 0;
    std::string first_disagreement;
    long reference_classes = 0;
    long distinct_fast = 0;
};

exhaustive_run run_all_hands() {
    exhaustive_run run;
    std::array<Card, 52> deck{};
    std::size_t n = 0;
    for (Card c : CardSet::standard_deck()) deck[n++] = c;
    run.hands.reserve(static_cast<std::size_t>(choose(52, 4)));
    for (std::size_t a = 0; a < 52; ++a)
        for (std::size_t b = a + 1; b < 52; ++b)
            for (std::size_t c = b + 1; c < 52; ++c)
                for (std::size_t d = c + 1; d < 52; ++d) {
                    std::array<Card, 4> hand{deck[a], deck[b], deck[c], deck[d]};
                    CardSet set = CardSet{deck[a]} | deck[b] | deck[c] | deck[d];
                    run.hands.push_back({reference::playing_hand(hand), badugi.evaluate(set), set});
                    ++run.by_count[static_cast<std::size_t>(run.hands.back().ref.count)];
                }
    // Sorted by the reference, the fast values must rise exactly where the
    // reference's hands get better and stay equal where they tie; then the
    // two orders agree on every pair of hands.
    std::sort(run.hands.begin(), run.hands.end(),
              [](const hand_entry& x, const hand_entry& y) { return reference::beats(y.ref, x.ref); });
    run.reference_classes = run.hands.empty() ? 0 : 1;
    for (std::size_t i = 1; i < run.hands.size(); ++i) {
        const hand_entry& lower = run.hands[i - 1];
        const hand_entry& upper = run.hands[i];
        bool tie = reference::ties(lower.ref, upper.ref);
        if (!tie) ++run.reference_classes;
        if (tie ? upper.fast == lower.fast : upper.fast > lower.fast) continue;
        if (run.disagreements++ == 0)
            run.first_disagreement.append(to_string(lower.cards)).append(" and ").append(to_string(upper.cards));
    }
    std::vector<std::uint32_t> values;
    values.reserve(run.hands.size());
    for (const hand_entry& h : run.hands) values.push_back(h.fast.value);
    std::sort(values.begin(), values.end());
    run.distinct_fast = std::unique(values.begin(), values.end()) - values.begin();
    return run;
}

const exhaustive_run& all_hands() {
    static const exhaustive_run run = run_all_hands();
    return run;
}

}  // namespace

TEST_CASE("every four-card hand: the evaluator orders hands as the rules' text does") {
    const exhaustive_run& run = all_hands();
    REQUIRE(run.hands.size() == 270'725);
    INFO("first disagreement between neighbours in the reference's order: " << run.first_disagreement);
    CHECK(run.disagreements == 0);
    CHECK(run.reference_classes == 1'092);
    CHECK(run.distinct_fast == 1'092);
    CHECK(run.distinct_fast == badugi_evaluator::distinct_values);
}

TEST_CASE("every four-card hand: 17,160 badugis and 154,440, 96,252 and 2,873 hands of 3, 2 and 1 cards") {
    const exhaustive_run& run = all_hands();
    CHECK(run.by_count[4] == four_card_hands);
    CHECK(run.by_count[3] == three_card_hands);
    CHECK(run.by_count[2] == two_card_hands);
    CHECK(run.by_count[1] == one_card_hands);
    // The evaluator's own count of playing cards agrees hand by hand.
    std::array<long, 5> by_fast_count{};
    for (const hand_entry& h : run.hands) ++by_fast_count[static_cast<std::size_t>(badugi.cards_in_hand(h.fast))];
    CHECK(by_fast_count == run.by_count);
}

TEST_CASE("every four-card hand: descriptions and playing cards") {
    const exhaustive_run& run = all_hands();
    long wrong_words = 0, wrong_cards = 0;
    std::string first_words, first_cards;
    for (std::size_t i = 0; i < run.hands.size(); ++i) {
        const hand_entry& h = run.hands[i];
        // One description per value: check it where a new value starts.
        if (i == 0 || run.hands[i - 1].fast != h.fast) {
            std::string got = badugi.describe(h.fast), want = reference::words(h.ref);
            if (got != want && wrong_words++ == 0) first_words = to_string(h.cards) + ": " + got + " vs " + want;
        }
        // The playing cards: in the hand, all ranks and suits different, the
        // reference's ranks highest first.
        CardList cards = badugi.best_cards(h.cards);
        bool ok = static_cast<int>(cards.size()) == h.ref.count;
        unsigned suits = 0;
        for (std::size_t k = 0; ok && k < cards.size(); ++k) {
            ok = h.cards.contains(cards[k]) && reference::ace_low(cards[k].rank()) == h.ref.ranks[k] &&
                 !(suits >> static_cast<int>(cards[k].suit()) & 1);
            suits |= 1U << static_cast<int>(cards[k].suit());
        }
        if (ok) ok = badugi.evaluate(h.cards) == h.fast;
        if (!ok && wrong_cards++ == 0) first_cards = to_string(h.cards) + " -> " + to_string(cards);
    }
    INFO("first wrong description: " << first_words);
    CHECK(wrong_words == 0);
    INFO("first wrong playing cards: " << first_cards);
    CHECK(wrong_cards == 0);
}

TEST_CASE("every four-card hand: A-2-3-4 of four suits is the unique best hand, four kings the worst") {
    const exhaustive_run& run = all_hands();
    hand_value best = run.hands.back().fast, worst = run.hands.front().fast;
    CHECK(best == value_of("As 2h 3d 4c"));
    CHECK(worst == value_of("Ks Kh Kd Kc"));
    long best_count = 0, worst_count = 0;
    for (const hand_entry& h : run.hands) {
        best_count += h.fast == best;
        worst_count += h.fast == worst;
    }
    CHECK(best_count == 24);  // 4! ways to give A, 2, 3 and 4 the four suits
    CHECK(worst_count == 1);
    CHECK(badugi.describe(best) == "Badugi, four-three-two-ace (4-3-2-A)");
    CHECK(badugi.describe(worst) == "One-card king (K)");
}

TEST_CASE("named hands from the rules") {
    SUBCASE("A-2-3-4 of four suits beats every other badugi") {
        CHECK(value_of("As 2h 3d 4c") > value_of("As 2h 3d 5c"));
        CHECK(value_of("As 2h 3d 4c") > value_of("2s 3h 4d 5c"));
        CHECK(describe("4c 3d 2h As") == "Badugi, four-three-two-ace (4-3-2-A)");
    }
    SUBCASE("a four-card K-Q-J-T badugi beats a three-card A-2-3 (BARGE: KQJT beats any three-card hand)") {
        CHECK(cards_in("Ks Qh Jd Tc") == 4);
        CHECK(cards_in("As 2h 3d Ks") == 3);
        CHECK(value_of("Ks Qh Jd Tc") > value_of("As 2h 3d Ks"));
        CHECK(value_of("Ks Qh Jd Tc") > value_of("As 2h 3d 3c"));
    }
    SUBCASE("among badugis the lower highest card wins, then the next card") {
        CHECK(value_of("2s 4c 5d 6h") > value_of("As 2c 3d 7h"));
        CHECK(value_of("8s 7h 3d 2c") > value_of("9s 8h 4d 3c"));
        CHECK(value_of("6s 4h 3d 2c") > value_of("6s 5h 4d Ac"));
        CHECK(value_of("Ts 3h 2d Ac") > value_of("Ts 4h 2d Ac"));
    }
    SUBCASE("BARGE: a three-card 7-4-2 beats 7-5-A") {
        CHECK(describe("7s 4h 2d 2c") == "Three-card seven-four-two (7-4-2)");
        CHECK(describe("7s 5h Ad As") == "Three-card seven-five-ace (7-5-A)");
        CHECK(value_of("7s 4h 2d 2c") > value_of("7s 5h Ad As"));
    }
    SUBCASE("a pair plays only one of its cards") {
        CHECK(describe("As 2h 3d 3c") == "Three-card three-two-ace (3-2-A)");
        CHECK(describe("4h 4d 4c 6s") == "Two-card six-four (6-4)");
        CHECK(describe("Ad As 2d 2c") == "Two-card two-ace (2-A)");
        CHECK(describe("As Ah Ad Ac") == "One-card ace (A)");
    }
    SUBCASE("two cards of a suit play only one of them, the lower") {
        CHECK(describe("8h 5d 3s Ah") == "Three-card five-three-ace (5-3-A)");
        CHECK(describe("As 2s 3d 4h") == "Three-card four-three-ace (4-3-A)");
        CHECK(describe("6c 7s 8s 9s") == "Two-card seven-six (7-6)");
        CHECK(describe("Qd Jd 8d 4d") == "One-card four (4)");
        CHECK(describe("Kd Qd Jd Td") == "One-card ten (T)");
    }
    SUBCASE("with a choice of playing cards the best set counts") {
        // Ac 2c share a suit: A-3-4 beats 2-3-4, and A-2-3 beats both.
        CHECK(describe("Ac 2c 3d 4h") == "Three-card four-three-ace (4-3-A)");
        CHECK(value_of("Ah 2d 3s 4s") > value_of("Ac 2c 3d 4h"));
        CHECK(describe("As Ks 2h 3d") == "Three-card three-two-ace (3-2-A)");
    }
    SUBCASE("more playing cards always win") {
        CHECK(value_of("4s 5c 6d Kh") > value_of("2s 3s 4d 7h"));
        CHECK(value_of("2s 3s 4d 7h") > value_of("4s 5s 6d Kh"));
        CHECK(value_of("5d 7c Kc Kh") > value_of("2s 3d Ks Kd"));
        CHECK(value_of("Kc Qd Qc Kd") > value_of("As Ah Ad Ac"));
    }
    SUBCASE("suits never break ties") {
        CHECK(badugi.compare(parse_card_set("As 2h 3d 4c"), parse_card_set("Ah 2s 3c 4d")) == 0);
        CHECK(badugi.compare(parse_card_set("As 2h 3d 3c"), parse_card_set("Ac 2d 3h 3s")) == 0);
        CHECK(badugi.compare(parse_card_set("Ks Kh Qh Qs"), parse_card_set("Kd Qc Kc Qd")) == 0);
        CHECK(badugi.compare(parse_card_set("Kd Qd Jd Td"), parse_card_set("Ts Th Td Tc")) == 0);
        CHECK(badugi.compare(parse_card_set("Ks Qh Jd Tc"), parse_card_set("As 2h 3d Ks")) > 0);
        CHECK(badugi.compare(parse_card_set("As 2h 3d Ks"), parse_card_set("Ks Qh Jd Tc")) < 0);
    }
}

TEST_CASE("descriptions and playing cards") {
    CHECK(describe("7s 5h 4d Ac") == "Badugi, seven-five-four-ace (7-5-4-A)");
    CHECK(describe("Ts 9h 8d 7c") == "Badugi, ten-nine-eight-seven (T-9-8-7)");
    CHECK(describe("Kh 7d 5s Ah") == "Three-card seven-five-ace (7-5-A)");
    CHECK(describe("Kc Qd Qc Kd") == "Two-card king-queen (K-Q)");
    CHECK(describe("Js Jh Jd Jc") == "One-card jack (J)");
    SUBCASE("playing cards come highest first, the ace last") {
        CHECK(best_cards("As 2h 3d 4c") == "4c 3d 2h As");
        CHECK(best_cards("Kh 7d 5s Ah") == "7d 5s Ah");
        CHECK(best_cards("Kd Qd Jd Td") == "Td");
    }
    SUBCASE("of equal choices the highest card takes the higher suit") {
        CHECK(best_cards("As Ah 2s 2h") == "2s Ah");
        CHECK(best_cards("Ks Kh Kd Kc") == "Ks");
        CHECK(best_cards("As 2h 3d 3c") == "3d 2h As");
    }
}

TEST_CASE("every order of the same cards gives the same value") {
    xoshiro256ss rng{4};
    for (int round = 0; round < 200; ++round) {
        CardSet set = testing::random_cards(rng, 4);
        std::array<Card, 4> cards{};
        std::copy(set.begin(), set.end(), cards.begin());
        std::sort(cards.begin(), cards.end());
        hand_value v = badugi.evaluate(set);
        do {
            CHECK(badugi.evaluate(std::span<const Card>(cards)) == v);
        } while (std::next_permutation(cards.begin(), cards.end()));
        CardList list(cards.begin(), cards.end());
        CHECK(badugi.evaluate(list) == v);
        CHECK(badugi.evaluate(to_string(list)) == v);
    }
}

TEST_CASE("errors quote the cards") {
    SUBCASE("not four cards") {
        CHECK_THROWS_WITH_AS(badugi.evaluate("As 2d 3c 4h 5s"), "a badugi hand takes 4 cards, got 5: \"As 2d 3c 4h 5s\"",
                             hand_error);
        CHECK_THROWS_WITH_AS(badugi.evaluate("As,2d 3c"), "a badugi hand takes 4 cards, got 3: \"As,2d 3c\"", hand_error);
        CHECK_THROWS_WITH_AS(badugi.evaluate(parse_card_set("As 2d 3c 4h 5s")),
                             "a badugi hand takes 4 cards, got 5: \"As 5s 4h 3c 2d\"", hand_error);
        CHECK_THROWS_WITH_AS(badugi.evaluate(CardSet{}), "a badugi hand takes 4 cards, got 0", hand_error);
        CHECK_THROWS_WITH_AS(badugi.evaluate(parse_cards("As 2d 3c")), "a badugi hand takes 4 cards, got 3: \"As 3c 2d\"",
                             hand_error);
        CHECK_THROWS_AS(badugi.best_cards(parse_card_set("As 2d 3c 4h 5s")), hand_error);
        CHECK_THROWS_AS(badugi.compare(parse_card_set("As 2d 3c 4h"), parse_card_set("As 2d 3c")), hand_error);
    }
    SUBCASE("jokers") {
        CHECK_THROWS_WITH_AS(badugi.evaluate("Xx 2d 3c 4h"),
                             "a joker (Xx) needs a wild-card rule; badugi hands take natural cards only: \"Xx 4h 3c 2d\"",
                             hand_error);
        CHECK_THROWS_AS(badugi.evaluate(CardSet{Card::joker(0)} | Card::joker(1) | parse_card("2d") | parse_card("3c")),
                        hand_error);
    }
    SUBCASE("a card listed twice") {
        std::array<Card, 4> twice{parse_card("As"), parse_card("2d"), parse_card("As"), parse_card("4h")};
        CHECK_THROWS_WITH_AS(badugi.evaluate(std::span<const Card>(twice)),
                             "card As appears twice in the badugi hand \"As 2d As 4h\"", hand_error);
        CHECK_THROWS_AS(badugi.evaluate("As 2d As 4h"), parse_error);
    }
    SUBCASE("text that is not cards") {
        CHECK_THROWS_AS(badugi.evaluate("As 2d 3c 1h"), parse_error);
        CHECK_THROWS_AS(badugi.evaluate(""), parse_error);
    }
    SUBCASE("values that no badugi hand has") {
        for (std::uint32_t bad : {0U, 1U, 4U << 13 | 0x1fffU, 5U << 13, 3U << 13 | 0x1ff0U, 0xffff'ffffU}) {
            CAPTURE(bad);
            CHECK_THROWS_AS(badugi.describe(hand_value{bad}), std::out_of_range);
            CHECK_THROWS_AS(badugi.cards_in_hand(hand_value{bad}), std::out_of_range);
        }
        CHECK_THROWS_WITH_AS(badugi.describe(hand_value{0}), "hand value 0 did not come from the badugi evaluator",
                             std::out_of_range);
    }
}

TEST_CASE("the doc-comment examples in badugi.hpp") {
    badugi_evaluator ev;
    hand_value v = ev.evaluate("7s 5h 4d Ac");
    CHECK(ev.describe(v) == "Badugi, seven-five-four-ace (7-5-4-A)");
    CHECK(ev.evaluate("Ks Qh Jd Tc") > ev.evaluate("As 2h 3d 3c"));
    static_assert(badugi_evaluator::hand_size == 4);
    static_assert(badugi_evaluator::distinct_values == 1092);
    constexpr CardSet wheel = CardSet{Card{Rank::ace, Suit::spades}} | Card{Rank::two, Suit::hearts} |
                              Card{Rank::three, Suit::diamonds} | Card{Rank::four, Suit::clubs};
    static_assert(badugi_evaluator{}.cards_in_hand(badugi_evaluator{}.evaluate(wheel)) == 4);
    std::array<Card, 4> cards{parse_card("As"), parse_card("2h"), parse_card("3d"), parse_card("4c")};
    CHECK(ev.evaluate(std::span<const Card>(cards)) == ev.evaluate("4c 3d 2h As"));
    CHECK(ev.evaluate(parse_cards("As 2h 3d 4c")) == ev.evaluate("As 2h 3d 4c"));
    CHECK(ev.cards_in_hand(ev.evaluate("Kh Qd 2h 2c")) == 3);
    CHECK(ev.compare(parse_card_set("As 2h 3d 4c"), parse_card_set("Ah 2s 3c 4d")) == 0);
    CHECK(ev.cards_in_hand(ev.evaluate("As Ah Ad Ac")) == 1);
    CHECK(ev.describe(ev.evaluate("Kh 7d 5s Ah")) == "Three-card seven-five-ace (7-5-A)");
    CHECK(to_string(ev.best_cards(parse_card_set("Kh 7d 5s Ah"))) == "7d 5s Ah");
}

// The example in docs/badugi.md, word for word but with CHECK for assert.
TEST_CASE("the example in docs/badugi.md") {
    badugi_evaluator ev;
    hand_value mine = ev.evaluate("Kd 8s 5h 2c");   // all four cards play: a king badugi
    hand_value yours = ev.evaluate("Ah 2h 3d 4s");  // two hearts, so three cards play
    CHECK(ev.describe(mine) == "Badugi, king-eight-five-two (K-8-5-2)");
    CHECK(ev.describe(yours) == "Three-card four-three-ace (4-3-A)");
    CHECK(ev.cards_in_hand(yours) == 3);
    CHECK(mine > yours);  // any badugi beats any three-card hand
    CHECK(ev.compare(parse_card_set("Kd 8s 5h 2c"), parse_card_set("Kh 8c 5d 2s")) == 0);  // suits never count
    CHECK(to_string(ev.best_cards(parse_card_set("Ah 2h 3d 4s"))) == "4s 3d Ah");
}
