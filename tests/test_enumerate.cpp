// for_each_hand: every hand of 5, 6 or 7 cards drawn from a set, each once,
// with its value. Five-card and six-card hands over the whole deck against
// published category counts and against evaluate(CardSet); seven-card hands
// over stripped decks hand by hand against evaluate(CardSet) and against the
// separately written reference evaluator; the number of visits is C(n, k);
// errors.

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
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

// C(n, k) for n up to 54, by Pascal's triangle.
const std::array<std::array<long long, 8>, 55>& binomials() {
    static const auto table = [] {
        std::array<std::array<long long, 8>, 55> t{};
        for (std::size_t n = 0; n < t.size(); ++n) {
            t[n][0] = 1;
            for (std::size_t k = 1; k < 8 && k <= n; ++k) t[n][k] = t[n - 1][k - 1] + (k < n ? t[n - 1][k] : 0);
        }
        return t;
    }();
    return table;
}
long long choose(int n, int k) { return binomials()[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)]; }

// Everything one enumeration saw, checked as it goes: each hand has the
// requested size, lies within the cards given, is new (its combination index
// is marked in a bitmap), and its value is the value evaluate(CardSet) gives.
struct census {
    CardSet deck;
    int size;
    std::array<int, 64> position{};  // a card's place among the deck's cards in code order
    std::vector<bool> seen;
    long long visits = 0;
    long long repeats = 0;
    long long wrong_cards = 0;
    long long wrong_values = 0;
    category_counts per_category{};

    census(CardSet cards, int hand_size) : deck(cards), size(hand_size) {
        int p = 0;
        for (Card c : cards) position[c.code()] = p++;
        seen.assign(static_cast<std::size_t>(choose(cards.size(), hand_size)), false);
    }

    // The hand's place in colexicographic order of the deck's k-subsets: a
    // bijection onto [0, C(n, k)), so a repeat marks the same index twice.
    std::size_t index_of(CardSet hand) const {
        long long index = 0;
        int i = 1;
        for (Card c : hand) {  // positions increase with codes
            index += choose(position[c.code()], i);
            ++i;
        }
        return static_cast<std::size_t>(index);
    }

    void operator()(const Hand& hand, hand_value v) {
        ++visits;
        const CardSet cards = hand.cards();
        if (cards.size() != size || !deck.contains(cards)) {
            if (wrong_cards++ < 5) FAIL_CHECK("hand outside the deck or of the wrong size: " << to_string(cards));
            return;
        }
        std::vector<bool>::reference mark = seen[index_of(cards)];
        if (mark && repeats++ < 5) FAIL_CHECK("hand visited twice: " << to_string(cards));
        mark = true;
        const hand_value expected = ev.evaluate(cards);
        if (v != expected && wrong_values++ < 5) {
            INFO("cards: " << to_string(cards));
            CHECK(v == expected);
        }
        ++per_category[static_cast<std::size_t>(ev.category(v))];
    }

    // Every combination visited exactly once and nothing wrong on the way.
    void check_complete() const {
        CHECK(visits == choose(deck.size(), size));
        CHECK(repeats == 0);
        CHECK(wrong_cards == 0);
        CHECK(wrong_values == 0);
        long long total = 0;
        for (long long n : per_category) total += n;
        CHECK(total == visits);
    }

    long long of(hand_category c) const { return per_category[static_cast<std::size_t>(c)]; }
};

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

// The cards of the given ranks in all four suits.
CardSet ranks_of_all_suits(std::initializer_list<Rank> ranks) {
    CardSet out;
    for (Rank r : ranks)
        for (int s = 0; s < suit_count; ++s) out |= Card{r, static_cast<Suit>(s)};
    return out;
}

// `count` different ordinary cards from a fixed seed.
CardSet random_deck(std::uint64_t seed, int count) {
    xoshiro256ss rng{seed};
    return testing::random_cards(rng, count);
}

}  // namespace

TEST_CASE("five-card hands over the whole deck: published counts, each hand once, each value right") {
    census c{CardSet::standard_deck(), 5};
    for_each_hand(ev, CardSet::standard_deck(), 5, c);
    c.check_complete();
    CHECK(c.visits == 2'598'960);
    CHECK(c.of(hand_category::royal_flush) == 4);
    CHECK(c.of(hand_category::straight_flush) == 36);
    CHECK(c.of(hand_category::four_of_a_kind) == 624);
    CHECK(c.of(hand_category::full_house) == 3'744);
    CHECK(c.of(hand_category::flush) == 5'108);
    CHECK(c.of(hand_category::straight) == 10'200);
    CHECK(c.of(hand_category::three_of_a_kind) == 54'912);
    CHECK(c.of(hand_category::two_pair) == 123'552);
    CHECK(c.of(hand_category::one_pair) == 1'098'240);
    CHECK(c.of(hand_category::high_card) == 1'302'540);
}

// The six-card figures are those the slow suite checks hand by hand against
// the reference evaluator (tests/test_evaluator_exhaustive.cpp).
TEST_CASE("six-card hands over the whole deck: the six-card counts, each hand once, each value right") {
    census c{CardSet::standard_deck(), 6};
    for_each_hand(ev, CardSet::standard_deck(), 6, c);
    c.check_complete();
    CHECK(c.visits == 20'358'520);
    CHECK(c.of(hand_category::royal_flush) == 188);
    CHECK(c.of(hand_category::straight_flush) == 1'656);
    CHECK(c.of(hand_category::four_of_a_kind) == 14'664);
    CHECK(c.of(hand_category::full_house) == 165'984);
    CHECK(c.of(hand_category::flush) == 205'792);
    CHECK(c.of(hand_category::straight) == 361'620);
    CHECK(c.of(hand_category::three_of_a_kind) == 732'160);
    CHECK(c.of(hand_category::two_pair) == 2'532'816);
    CHECK(c.of(hand_category::one_pair) == 9'730'740);
    CHECK(c.of(hand_category::high_card) == 6'612'900);
}

TEST_CASE("seven-card hands over stripped decks agree with evaluate(CardSet) and with the reference") {
    // Each hand's shape (category and the five ranks in reading order) must be
    // the reference's verdict; the unit suite for the evaluator checks that
    // shapes and values correspond one to one. The reference is slow, so a
    // large deck has only every `stride`-th hand checked against it.
    const auto check_against_reference = [](CardSet deck, long long stride) {
        census c{deck, 7};
        long long compared = 0, disagree = 0;
        for_each_hand(ev, deck, 7, [&](const Hand& hand, hand_value v) {
            c(hand, v);
            if (c.visits % stride != 0) return;
            ++compared;
            const reference::hand_key key = reference::evaluate(hand.cards());
            const hand_shape shape = ev.shape(v);
            if ((shape.category != as_engine(key.kind) || shape.ranks != as_engine(key.ranks)) && disagree++ < 5) {
                INFO("cards: " << to_string(hand.cards()));
                INFO("fast: " << ev.describe(v));
                CHECK(shape.category == as_engine(key.kind));
                CHECK(shape.ranks == as_engine(key.ranks));
            }
        });
        c.check_complete();
        CHECK(compared == c.visits / stride);
        CHECK(disagree == 0);
        return c;
    };

    SUBCASE("the 36-card deck 6..A: every hand against evaluate(CardSet), every 32nd against the reference") {
        const CardSet deck = ranks_of_all_suits({Rank::six, Rank::seven, Rank::eight, Rank::nine, Rank::ten,
                                                 Rank::jack, Rank::queen, Rank::king, Rank::ace});
        REQUIRE(deck.size() == 36);
        const census c = check_against_reference(deck, 32);
        CHECK(c.visits == 8'347'680);
        // Nine ranks allow straights 10-A down to 6-T only (A-6-7-8-9 is no
        // straight under high rules), so every category of natural cards occurs.
        for (int k = 0; k < static_cast<int>(hand_category::five_of_a_kind); ++k) {
            CAPTURE(static_cast<hand_category>(k));
            CHECK(c.per_category[static_cast<std::size_t>(k)] > 0);
        }
    }

    SUBCASE("the 24-card deck A..6 (wheels, six-high straights, flushes): every hand against the reference") {
        const CardSet deck = ranks_of_all_suits({Rank::ace, Rank::two, Rank::three, Rank::four, Rank::five, Rank::six});
        const census c = check_against_reference(deck, 1);
        CHECK(c.visits == 346'104);
        CHECK(c.of(hand_category::straight_flush) > 0);
        CHECK(c.of(hand_category::royal_flush) == 0);
    }

    SUBCASE("22 cards, nines to aces and two deuces, four removed: every hand against the reference") {
        const CardSet deck = ranks_of_all_suits({Rank::nine, Rank::ten, Rank::jack, Rank::queen, Rank::king}) |
                             parse_card_set("As Ah Ad Ac 2s 2h");
        REQUIRE(deck.size() == 26);
        const census c = check_against_reference(deck - parse_card_set("9c 9d Tc Jd"), 1);
        CHECK(c.visits == 170'544);
        CHECK(c.of(hand_category::royal_flush) > 0);
    }

    SUBCASE("a random 24-card deck: every hand against the reference") {
        const census c = check_against_reference(random_deck(2407, 24), 1);
        CHECK(c.visits == 346'104);
    }
}

TEST_CASE("the number of visits is C(n, k) for every deck size") {
    SUBCASE("random decks of k to 14 cards, each hand once") {
        for (int size = 5; size <= 7; ++size)
            for (int n = size; n <= 14; ++n) {
                CAPTURE(size);
                CAPTURE(n);
                const CardSet deck = random_deck(static_cast<std::uint64_t>(100 * size + n), n);
                census c{deck, size};
                for_each_hand(ev, deck, size, c);
                c.check_complete();
            }
    }
    SUBCASE("exactly `size` cards give one hand: themselves") {
        const CardSet cards = parse_card_set("As Ks Qs Js Ts 9s");
        int visits = 0;
        for_each_hand(ev, cards, 6, [&](const Hand& hand, hand_value v) {
            ++visits;
            CHECK(hand.cards() == cards);
            CHECK(ev.describe(v) == "Royal flush");
        });
        CHECK(visits == 1);
    }
}

TEST_CASE("the visitor is called in place, not copied") {
    census c{CardSet::standard_deck() - ranks_of_all_suits({Rank::two, Rank::three, Rank::four}), 5};
    for_each_hand(ev, c.deck, 5, c);  // an lvalue visitor accumulates in the caller's object
    CHECK(c.visits == choose(40, 5));
    c.check_complete();
}

TEST_CASE("the hand visited carries the key of its cards") {
    long long visits = 0, wrong_keys = 0;
    for_each_hand(ev, random_deck(9, 12), 7, [&](const Hand& hand, hand_value) {
        ++visits;
        if (hand.key() != Hand{hand.cards()}.key()) ++wrong_keys;
    });
    CHECK(visits == choose(12, 7));
    CHECK(wrong_keys == 0);
}

TEST_CASE("errors: sizes other than 5 to 7, jokers, too few cards") {
    int visits = 0;
    const auto count = [&](const Hand&, hand_value) { ++visits; };
    const CardSet deck = CardSet::standard_deck();

    SUBCASE("four or eight cards") {
        CHECK_THROWS_WITH_AS(for_each_hand(ev, deck, 4, count), "hands to enumerate hold 5 to 7 cards, not 4",
                             hand_error);
        CHECK_THROWS_WITH_AS(for_each_hand(ev, deck, 8, count), "hands to enumerate hold 5 to 7 cards, not 8",
                             hand_error);
        CHECK_THROWS_WITH_AS(for_each_hand(ev, deck, 0, count), "hands to enumerate hold 5 to 7 cards, not 0",
                             hand_error);
        CHECK_THROWS_WITH_AS(for_each_hand(ev, deck, -1, count), "hands to enumerate hold 5 to 7 cards, not -1",
                             hand_error);
    }

    SUBCASE("jokers in the cards") {
        CHECK_THROWS_WITH_AS(for_each_hand(ev, deck | Card::joker(0), 5, count),
                             "high hands take natural cards only; remove the jokers", hand_error);
        CHECK_THROWS_WITH_AS(for_each_hand(ev, parse_card_set("Xx As Ks Qs Js Ts"), 5, count),
                             "high hands take natural cards only; remove the jokers", hand_error);
        CHECK_THROWS_AS(for_each_hand(ev, deck | Card::joker(0) | Card::joker(1), 7, count), hand_error);
    }

    SUBCASE("fewer cards than the size") {
        CHECK_THROWS_WITH_AS(for_each_hand(ev, parse_card_set("As Ks Qs Js Ts 9s"), 7, count),
                             "cannot make 7-card hands from 6 cards", hand_error);
        CHECK_THROWS_WITH_AS(for_each_hand(ev, parse_card_set("As Ks Qs Js"), 5, count),
                             "cannot make 5-card hands from 4 cards", hand_error);
        CHECK_THROWS_WITH_AS(for_each_hand(ev, CardSet{}, 6, count), "cannot make 6-card hands from 0 cards",
                             hand_error);
    }

    CHECK(visits == 0);  // an error comes before any hand is visited
}

namespace {

// Every hand visited under any ranking, each value compared with evaluate(CardSet),
// which takes the general path; categories counted, "no low" (0) apart.
template <class Evaluator>
struct ranking_census {
    const Evaluator& ev;
    long long visits = 0;
    long long wrong_values = 0;
    long long no_low = 0;
    category_counts per_category{};

    void operator()(const Hand& hand, hand_value v) {
        ++visits;
        const hand_value expected = ev.evaluate(hand.cards());
        if (v != expected && wrong_values++ < 5) {
            INFO("cards: " << to_string(hand.cards()));
            CHECK(v == expected);
        }
        if (v.value == 0)
            ++no_low;
        else
            ++per_category[static_cast<std::size_t>(ev.category(v))];
    }
    long long of(hand_category c) const { return per_category[static_cast<std::size_t>(c)]; }
};

// All 2,598,960 hands visited, each valued right, and the hands with a pair or
// more counted as in high poker: lowball reorders them but names them alike.
template <class Census>
void check_all_five_card_hands_with_pairing_counts(const Census& c) {
    CHECK(c.visits == 2'598'960);
    CHECK(c.wrong_values == 0);
    CHECK(c.of(hand_category::four_of_a_kind) == 624);
    CHECK(c.of(hand_category::full_house) == 3'744);
    CHECK(c.of(hand_category::three_of_a_kind) == 54'912);
    CHECK(c.of(hand_category::two_pair) == 123'552);
    CHECK(c.of(hand_category::one_pair) == 1'098'240);
}

CardSet short_deck_cards() {
    CardSet out;
    for (Card c : CardSet::standard_deck())
        if (c.rank() >= Rank::six) out |= c;
    return out;
}

}  // namespace

// Ace-to-five ignores straights and flushes: only pairing counts, so its
// categories are the pairing counts of all 2,598,960 hands (the unpaired
// ones are C(13,5) x 4^5 = 1,317,888). Under eight-or-better every hand
// but five different ranks from ace to eight is no low (value 0).
TEST_CASE("five-card ace-to-five hands: pairing counts, each value as evaluate(CardSet)") {
    const razz_evaluator low;
    ranking_census<razz_evaluator> c{low};
    for_each_hand(low, CardSet::standard_deck(), 5, c);
    check_all_five_card_hands_with_pairing_counts(c);
    CHECK(c.of(hand_category::high_card) == 1'317'888);
}

TEST_CASE("five-card eight-or-better hands: C(8,5) x 4^5 lows, each value as evaluate(CardSet)") {
    const eight_or_better_evaluator low;
    ranking_census<eight_or_better_evaluator> c{low};
    for_each_hand(low, CardSet::standard_deck(), 5, c);
    CHECK(c.visits == 2'598'960);
    CHECK(c.wrong_values == 0);
    CHECK(c.of(hand_category::high_card) == 57'344);
    CHECK(c.no_low == 2'598'960 - 57'344);
}

// Ace-to-six and deuce-to-seven keep high poker's patterns in another order
// (A-2-3-4-5 is a straight in ace-to-six and ace-high in deuce-to-seven).
TEST_CASE_TEMPLATE("five-card hands under the lowballs with straights and flushes: counts, each value as evaluate(CardSet)",
                   Ranking, ace_to_six_low, deuce_to_seven_low) {
    const evaluator<Ranking> low;
    ranking_census<evaluator<Ranking>> c{low};
    for_each_hand(low, CardSet::standard_deck(), 5, c);
    check_all_five_card_hands_with_pairing_counts(c);
    const bool ace_to_six = std::is_same_v<Ranking, ace_to_six_low>;
    // Ace-to-six has no royal flush: A-K-Q-J-T is no straight there, so it is a flush.
    CHECK(c.of(hand_category::royal_flush) == (ace_to_six ? 0 : 4));
    CHECK(c.of(hand_category::straight_flush) == (ace_to_six ? 36 : 32));
    // Nine runs are straights in both: A-2-3-4-5 to 9-T-J-Q-K, or 2-3-4-5-6 to T-J-Q-K-A.
    CHECK(c.of(hand_category::flush) == (1'287 - 9) * 4);
    CHECK(c.of(hand_category::straight) == 9 * (1'024 - 4));
    CHECK(c.of(hand_category::high_card) == (1'287 - 9) * (1'024 - 4));
}

// Short deck: 36 cards, C(36,5) = 376,992 hands. A straight is one of six
// runs (A-6-7-8-9 to T-J-Q-K-A); the counts follow by counting.
TEST_CASE_TEMPLATE("five-card short-deck hands: counted category totals, each value as evaluate(CardSet)", Ranking,
                   short_deck, short_deck_wsop) {
    const evaluator<Ranking> six_plus;
    ranking_census<evaluator<Ranking>> c{six_plus};
    for_each_hand(six_plus, short_deck_cards(), 5, c);
    CHECK(c.visits == 376'992);
    CHECK(c.wrong_values == 0);
    using C = hand_category;
    const std::array<std::pair<hand_category, long long>, 10> counted{{
        {C::royal_flush, 4}, {C::straight_flush, 20}, {C::four_of_a_kind, 288}, {C::full_house, 1'728},
        {C::flush, 480}, {C::straight, 6'120}, {C::three_of_a_kind, 16'128}, {C::two_pair, 36'288},
        {C::one_pair, 193'536}, {C::high_card, 122'400}}};
    for (const auto& [category, count] : counted) {
        const std::string_view name = category_name(category);
        CAPTURE(name);
        CHECK(c.of(category) == count);
    }

    SUBCASE("six and seven cards: each value as evaluate(CardSet)") {
        for (int size : {6, 7}) {
            ranking_census<evaluator<Ranking>> larger{six_plus};
            for_each_hand(six_plus, short_deck_cards(), size, larger);
            CHECK(larger.visits == choose(36, size));
            CHECK(larger.wrong_values == 0);
        }
    }
    SUBCASE("a card outside the 36-card deck is refused") {
        int visits = 0;
        CHECK_THROWS_WITH_AS(for_each_hand(six_plus, CardSet::standard_deck(), 5,
                                           [&](const Hand&, hand_value) { ++visits; }),
                             (std::string("card 2c is not in the 36-card deck of ") +
                              (std::is_same_v<Ranking, short_deck> ? "short-deck" : "short-deck-wsop") + " hands")
                                 .c_str(),
                             hand_error);
        CHECK(visits == 0);
    }
}

TEST_CASE("lowball six-card hands with flushes: each value as evaluate(CardSet)") {
    // Hearts and spades only: many flushes, for which lowball looks for a better five.
    CardSet two_suits;
    for (Card c : CardSet::standard_deck())
        if (c.suit() == Suit::hearts || c.suit() == Suit::spades) two_suits |= c;
    const deuce_to_seven_evaluator d27;
    ranking_census<deuce_to_seven_evaluator> c{d27};
    for_each_hand(d27, two_suits, 6, c);
    CHECK(c.visits == choose(26, 6));
    CHECK(c.wrong_values == 0);
    const ace_to_six_evaluator a6;
    ranking_census<ace_to_six_evaluator> c6{a6};
    for_each_hand(a6, two_suits, 7, c6);
    CHECK(c6.visits == choose(26, 7));
    CHECK(c6.wrong_values == 0);
}

TEST_CASE("wild-card evaluators: every hand valued as evaluate(CardSet), jokers only when wild") {
    const deuces_wild_evaluator deuces;
    ranking_census<evaluator<high, wild>> c{deuces};
    for_each_hand(deuces, CardSet::standard_deck(), 5, c);
    CHECK(c.visits == 2'598'960);
    CHECK(c.wrong_values == 0);
    // Five of a kind: four deuces and any card (48), or 3, 2 or 1 deuces with a
    // pair (4 x 72), trips (6 x 48) or quads (4 x 12) of another rank.
    CHECK(c.of(hand_category::five_of_a_kind) == 672);

    const joker_draw_evaluator joker;
    ranking_census<evaluator<high, bug>> j{joker};
    const CardSet with_jokers = random_deck(77, 14) | joker_cards();
    for_each_hand(joker, with_jokers, 7, j);
    CHECK(j.visits == choose(16, 7));
    CHECK(j.wrong_values == 0);

    int visits = 0;
    CHECK_THROWS_WITH_AS(for_each_hand(deuces, with_jokers, 5, [&](const Hand&, hand_value) { ++visits; }),
                         "high hands take natural cards only; remove the jokers that are not wild", hand_error);
    CHECK(visits == 0);
}
