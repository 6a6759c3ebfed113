#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "pokerengine/card.hpp"
#include "pokerengine/card_set.hpp"
#include "pokerengine/deck.hpp"
#include "pokerengine/random.hpp"

using namespace pokerengine;

namespace doctest {
template <>
struct StringMaker<Card> {
    static String convert(Card c) { return to_string(c).c_str(); }
};
}  // namespace doctest

namespace {

/// The first `count` cards of the deck as text, without dealing them.
std::string top_cards(const Deck& deck, int count) {
    const CardList all = deck.remaining();
    return to_string(CardList(all.begin(), all.begin() + count));
}

/// Pearson's statistic of observed counts against one common expected count.
double pearson(const std::vector<long>& counts, double expected) {
    double statistic = 0;
    for (long c : counts) statistic += (static_cast<double>(c) - expected) * (static_cast<double>(c) - expected) / expected;
    return statistic;
}

// Upper 0.0001 points of the chi-square distribution (mpmath's regularized
// incomplete gamma function); the seeds are fixed, so the tests are too.
constexpr double chi_square_critical_df23 = 57.074643;
constexpr double chi_square_critical_df25 = 60.140292;

/// The six clubs 2..7: a small deck whose orders a test can count.
CardSet small_deck(int size) {
    CardSet cards;
    for (int r = 0; r < size; ++r) cards |= Card{static_cast<Rank>(r), Suit::clubs};
    return cards;
}

// A card-by-position table of counts is a sum of permutation matrices, not n*n
// independent cells: every row and column adds up to the number of shuffles.
// For uniform shuffles Pearson's statistic X^2 over the table then has mean
// n(n-1), and (n-1)/n * X^2 tends to chi-square with (n-1)^2 degrees of
// freedom (the covariance of a random permutation matrix is 1/(n-1) times the
// identity on the tables whose rows and columns sum to zero, and 0 on the rest).
double position_statistic(int size, int shuffles, const std::function<CardList()>& shuffled_order) {
    std::vector<long> counts(static_cast<std::size_t>(size * size));
    for (int i = 0; i < shuffles; ++i) {
        const CardList order = shuffled_order();
        for (int position = 0; position < size; ++position) {
            const int card = static_cast<int>(order[static_cast<std::size_t>(position)].rank());
            ++counts[static_cast<std::size_t>(card * size + position)];
        }
    }
    const double n = size;
    return (n - 1) / n * pearson(counts, shuffles / n);
}

/// Pearson's statistic over all 24 orders of a 4-card deck: 23 degrees of freedom.
double order_statistic(int shuffles, const std::function<CardList()>& shuffled_order) {
    std::vector<long> counts(256);  // indexed by the order read as a base-4 number
    for (int i = 0; i < shuffles; ++i) {
        int key = 0;
        for (Card c : shuffled_order()) key = key * 4 + static_cast<int>(c.rank());
        ++counts[static_cast<std::size_t>(key)];
    }
    std::vector<long> seen;
    for (long c : counts) {
        if (c != 0) seen.push_back(c);
    }
    REQUIRE(seen.size() == 24);
    return pearson(seen, shuffles / 24.0);
}

/// The classic mistake: swapping each card with any card, not with one at or below it.
CardList naive_shuffle(CardList cards, xoshiro256ss& rng) {
    for (std::size_t i = 0; i < cards.size(); ++i) std::swap(cards[i], cards[uniform_below(rng, cards.size())]);
    return cards;
}

}  // namespace

TEST_CASE("a new deck") {
    SUBCASE("holds the 52 cards in code order") {
        Deck deck;
        CHECK(deck.size() == 52);
        CHECK(deck.remaining_set() == CardSet::standard_deck());
        CHECK(top_cards(deck, 4) == "2c 3c 4c 5c");
        CHECK(deck.remaining().back() == parse_card("As"));
    }
    SUBCASE("can hold jokers") {
        Deck deck{CardSet::standard_deck() | Card::joker(0) | Card::joker(1)};
        CHECK(deck.size() == 54);
        CHECK(deck.remaining_set().joker_count() == 2);
    }
    SUBCASE("can be built without some cards") {
        Deck deck{CardSet::standard_deck() - parse_card_set("As Kd")};
        CHECK(deck.size() == 50);
        CHECK_FALSE(deck.remaining_set().intersects(parse_card_set("As Kd")));
    }
    SUBCASE("can be empty") {
        Deck deck{CardSet{}};
        CHECK(deck.size() == 0);
        CHECK_FALSE(deck.can_deal(1));
    }
}

TEST_CASE("a fixed seed gives a fixed deal") {
    // Expected cards come from a separate Python model of the whole chain:
    // xoshiro256** seeded through splitmix64, Lemire's bounded draw and the
    // Fisher-Yates shuffle (i from n-1 down to 1, swap with a draw below i+1),
    // written with Python's unbounded integers instead of 64/128-bit machine
    // arithmetic. That model's generator was first checked against the output
    // of the authors' reference C code.
    SUBCASE("the standard deck") {
        CHECK(top_cards(shuffled_deck(42), 10) == "3s 3c As Jh 7h 5c 7d Td 5s Kh");
        CHECK(top_cards(shuffled_deck(0), 10) == "Qh 9c 8s 2d 5s Kc Ac 7s 8h 2c");
        CHECK(top_cards(shuffled_deck(2024), 10) == "7s 6d Ts Th 4s 6c Qh Tc 8s Ks");
    }
    SUBCASE("a deck with two jokers") {
        const CardSet with_jokers = CardSet::standard_deck() | Card::joker(0) | Card::joker(1);
        CHECK(top_cards(shuffled_deck(7, with_jokers), 10) == "Qc 7d As Xx 3h Kd 9c 7h 2c 4d");
    }
    SUBCASE("a deck without As Kd Qh 2c") {
        const CardSet known = parse_card_set("As Kd Qh 2c");
        const std::string expected = "Ad 3h Qc Ah 7h 8d 8h 4d 8s 5d";
        CHECK(top_cards(shuffled_deck(99, CardSet::standard_deck() - known), 10) == expected);

        Deck removed_first;
        removed_first.remove(known);
        xoshiro256ss rng{99};
        removed_first.shuffle(rng);
        CHECK(top_cards(removed_first, 10) == expected);
    }
    SUBCASE("dealing follows the shuffled order") {
        Deck deck = shuffled_deck(42);
        CHECK(deck.deal() == parse_card("3s"));
        CHECK(to_string(deck.deal(3)) == "3c As Jh");
        CHECK(deck.deal() == parse_card("7h"));
        CHECK(deck.size() == 47);
    }
    SUBCASE("the same seed, the same deck") {
        CHECK(shuffled_deck(123).remaining() == shuffled_deck(123).remaining());
        CHECK(shuffled_deck(123).remaining() != shuffled_deck(124).remaining());
    }
}

TEST_CASE("dealing card by card draws the same cards as a forward Fisher-Yates shuffle") {
    // The expected cards come from the same separate Python model as above,
    // drawing position i's card from positions i to n-1 (a draw below n-i).
    auto first_cards = [](std::uint64_t seed, int count) {
        Deck deck;
        xoshiro256ss rng{seed};
        CardList dealt;
        for (int i = 0; i < count; ++i) dealt.push_back(deck.deal_random(rng));
        CHECK(deck.size() == 52 - count);
        return to_string(dealt);
    };
    CHECK(first_cards(42, 12) == "6c 9d Qh Js As 4s 2s 8s 7c Th Ah Jd");
    CHECK(first_cards(0, 10) == "7h 2s 9c Qd 3c As Ad 2c 8s Js");
    CHECK(first_cards(2024, 10) == "4c 3s 7c Qc 4s 5d Kd 7d 8h Kc");

    SUBCASE("every card once, then an empty deck refuses") {
        Deck deck;
        xoshiro256ss rng{5};
        CardSet dealt;
        for (int i = 0; i < 52; ++i) dealt |= deck.deal_random(rng);
        CHECK(dealt == CardSet::standard_deck());
        CHECK_THROWS_AS(deck.deal_random(rng), hand_error);
    }
    SUBCASE("unbiased: every card in every position, every order (chi-square)") {
        xoshiro256ss rng{20261206};
        Deck six{small_deck(6)}, four{small_deck(4)};
        auto dealt_out = [&](Deck& deck) {
            deck.reset();
            CardList order;
            while (deck.size() > 0) order.push_back(deck.deal_random(rng));
            return order;
        };
        CHECK(position_statistic(6, 200'000, [&] { return dealt_out(six); }) < chi_square_critical_df25);
        CHECK(order_statistic(240'000, [&] { return dealt_out(four); }) < chi_square_critical_df23);
    }
}

TEST_CASE("dealing") {
    Deck deck{parse_card_set("As Kd Qh Jc Ts")};

    SUBCASE("takes cards from the top") {
        CHECK(deck.deal() == parse_card("Jc"));
        CHECK(to_string(deck.deal(2)) == "Kd Qh");
        CHECK(to_string(deck.remaining()) == "Ts As");
        CHECK(deck.remaining_set() == parse_card_set("Ts As"));
        CHECK(deck.deal(0).empty());
        CHECK(deck.size() == 2);
    }
    SUBCASE("too many cards throws and deals nothing") {
        deck.deal(3);
        CHECK(deck.can_deal(2));
        CHECK_FALSE(deck.can_deal(3));
        CHECK_THROWS_WITH_AS(deck.deal(3), "cannot deal 3 cards: 2 left in the deck", hand_error);
        CHECK(deck.size() == 2);
        deck.deal(2);
        CHECK_THROWS_WITH_AS(deck.deal(), "cannot deal 1 card: 0 left in the deck", hand_error);
    }
    SUBCASE("a negative count throws") {
        CHECK_FALSE(deck.can_deal(-1));
        CHECK_THROWS_AS(deck.deal(-1), hand_error);
        CHECK(deck.size() == 5);
    }
    SUBCASE("a whole 54-card deck") {
        Deck full{CardSet::standard_deck() | Card::joker(0) | Card::joker(1)};
        xoshiro256ss rng{5};
        full.shuffle(rng);
        const CardList all = full.deal(54);
        CardSet dealt;
        for (Card c : all) dealt |= c;
        CHECK(dealt.size() == 54);
        CHECK(full.size() == 0);
    }
}

TEST_CASE("removing cards") {
    Deck deck{parse_card_set("As Kd Qh Jc Ts")};

    SUBCASE("keeps the order of the others") {
        deck.remove(parse_card_set("Kd Ts"));
        CHECK(to_string(deck.remaining()) == "Jc Qh As");
    }
    SUBCASE("a card not in the deck throws and changes nothing") {
        deck.deal();  // Jc
        CHECK_THROWS_WITH_AS(deck.remove(parse_card_set("Jc Kd")), "cannot remove Jc: not in the deck", hand_error);
        CHECK_THROWS_WITH_AS(deck.remove(parse_card("2c")), "cannot remove 2c: not in the deck", hand_error);
        CHECK(deck.size() == 4);
    }
    SUBCASE("the empty set removes nothing") {
        deck.remove(CardSet{});
        CHECK(deck.size() == 5);
    }
}

TEST_CASE("reset and reshuffle") {
    SUBCASE("reset brings back dealt and removed cards, unshuffled") {
        Deck deck = shuffled_deck(3);
        deck.deal(10);
        deck.remove(deck.remaining().front());
        deck.reset();
        CHECK(deck.size() == 52);
        CHECK(top_cards(deck, 3) == "2c 3c 4c");
    }
    SUBCASE("shuffling keeps the cards") {
        const CardSet cards = CardSet::standard_deck() | Card::joker(0);
        Deck deck{cards};
        xoshiro256ss rng{11};
        deck.shuffle(rng);
        CHECK(deck.remaining_set() == cards);
        CHECK(deck.size() == 53);
    }
    SUBCASE("shuffling after a deal moves only the cards left") {
        Deck deck = shuffled_deck(8);
        const CardList dealt = deck.deal(5);
        const CardSet left = deck.remaining_set();
        xoshiro256ss rng{9};
        deck.shuffle(rng);
        CHECK(deck.remaining_set() == left);
        deck.reset();
        CHECK(deck.size() == 52);
        CHECK(dealt.size() == 5);
    }
    SUBCASE("decks seeded from the operating system differ") {
        xoshiro256ss first = seeded_from_os(), second = seeded_from_os();
        Deck a, b;
        a.shuffle(first);
        b.shuffle(second);
        CHECK(a.remaining() != b.remaining());  // equal with probability 1/52!
    }
}

TEST_CASE("the shuffle is unbiased") {
    xoshiro256ss rng{20240601};

    SUBCASE("every card is equally likely in every position (6 cards, chi-square)") {
        Deck deck{small_deck(6)};
        const double statistic = position_statistic(6, 200'000, [&] {
            deck.reset();
            deck.shuffle(rng);
            return deck.remaining();
        });
        CHECK(statistic < chi_square_critical_df25);
    }
    SUBCASE("every order is equally likely (4 cards, chi-square over 24 orders)") {
        Deck deck{small_deck(4)};
        const double statistic = order_statistic(240'000, [&] {
            deck.reset();
            deck.shuffle(rng);
            return deck.remaining();
        });
        CHECK(statistic < chi_square_critical_df23);
    }
    SUBCASE("the same tests catch a biased shuffle") {
        Deck six{small_deck(6)}, four{small_deck(4)};
        CHECK(position_statistic(6, 200'000, [&] { return naive_shuffle(six.remaining(), rng); }) >
              chi_square_critical_df25);
        CHECK(order_statistic(240'000, [&] { return naive_shuffle(four.remaining(), rng); }) > chi_square_critical_df23);
    }
}
