// CardSet operations and iteration, card-list parsing and its errors,
// canonical text and ordering by rank.

#include <algorithm>
#include <initializer_list>
#include <iterator>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "pokerengine/card_set.hpp"
#include "test_support.hpp"

using namespace pokerengine;

namespace {

Card c(const char* text) { return parse_card(text); }
CardSet set(const char* text) { return parse_card_set(text); }

CardList list_of(std::initializer_list<const char*> texts) {
    CardList out;
    for (const char* t : texts) out.push_back(parse_card(t));
    return out;
}

}  // namespace

TEST_CASE("CardSet is a 64-bit mask of card codes") {
    static_assert(sizeof(CardSet) == 8);
    static_assert(CardSet{}.empty());
    static_assert(CardSet::standard_deck().size() == 52);
    static_assert(CardSet{Card{Rank::ace, Suit::spades}}.bits() == 1ULL << 60);
    static_assert(CardSet{Card::joker(0)}.joker_count() == 1);

    const CardSet aces = set("As Ah Ad Ac");

    SUBCASE("size, contains, empty") {
        CHECK(aces.size() == 4);
        CHECK_FALSE(aces.empty());
        CHECK(CardSet{}.empty());
        CHECK(CardSet{}.size() == 0);
        CHECK(aces.contains(c("Ah")));
        CHECK_FALSE(aces.contains(c("Kh")));
        CHECK(aces.contains(set("As Ac")));
        CHECK_FALSE(aces.contains(set("As Kc")));
        CHECK(aces.contains(CardSet{}));
        CHECK(aces.intersects(set("As Kc")));
        CHECK_FALSE(aces.intersects(set("Ks Kc")));
        CHECK_FALSE(aces.intersects(CardSet{}));
    }

    SUBCASE("set algebra") {
        const CardSet spades = set("As Ks Qs");
        CHECK((aces | spades).size() == 6);
        CHECK((aces & spades) == CardSet{c("As")});
        CHECK((aces - spades) == (set("Ah Ad Ac")));
        CHECK((spades - aces) == (set("Ks Qs")));
        CHECK((aces ^ spades) == (set("Ah Ad Ac Ks Qs")));
        CardSet s = aces;
        s -= c("Ah");
        CHECK(s.size() == 3);
        s |= c("Ah");
        CHECK(s == aces);
        s &= spades;
        CHECK(s == CardSet{c("As")});
        s ^= c("As");
        CHECK(s.empty());
        CHECK((CardSet::standard_deck() - aces).size() == 48);
    }

    SUBCASE("bits follow card codes") {
        for (Card card : CardSet::standard_deck()) {
            CAPTURE(card);
            CHECK(CardSet{card}.bits() == 1ULL << card.code());
        }
        CHECK(CardSet::standard_deck().bits() == CardSet::standard_bits);
        CHECK(CardSet{CardSet::joker_bits} == (CardSet{Card::joker(0)} | CardSet{Card::joker(1)}));
        CHECK((CardSet::standard_bits & CardSet::joker_bits) == 0);
    }

    SUBCASE("jokers") {
        CHECK(aces.joker_count() == 0);
        CardSet with_jokers = aces | Card::joker(0);
        CHECK(with_jokers.joker_count() == 1);
        with_jokers |= Card::joker(1);
        CHECK(with_jokers.joker_count() == 2);
        CHECK(with_jokers.size() == 6);
        CHECK(with_jokers.ranks() == aces.ranks());  // jokers have no rank
        CHECK(with_jokers.suit_ranks(Suit::clubs) == aces.suit_ranks(Suit::clubs));
        CHECK(with_jokers.suit_ranks(Suit::diamonds) == aces.suit_ranks(Suit::diamonds));
    }
}

TEST_CASE("suit_ranks and ranks are 13-bit rank masks") {
    const CardSet cards = parse_card_set("As Ks 2s Ah 7d 7c 2c");
    CHECK(cards.suit_ranks(Suit::spades) == ((1u << 12) | (1u << 11) | (1u << 0)));
    CHECK(cards.suit_ranks(Suit::hearts) == (1u << 12));
    CHECK(cards.suit_ranks(Suit::diamonds) == (1u << 5));
    CHECK(cards.suit_ranks(Suit::clubs) == ((1u << 5) | (1u << 0)));
    CHECK(cards.ranks() == ((1u << 12) | (1u << 11) | (1u << 5) | (1u << 0)));
    CHECK(CardSet{}.ranks() == 0);
    CHECK(CardSet::standard_deck().ranks() == 0x1fff);
    for (int s = 0; s < suit_count; ++s) CHECK(CardSet::standard_deck().suit_ranks(static_cast<Suit>(s)) == 0x1fff);
}

TEST_CASE("iteration visits each card once in increasing code order") {
    SUBCASE("an ordinary set") {
        const CardSet cards = parse_card_set("As 2c Kd 9h Ac");
        std::vector<Card> seen(cards.begin(), cards.end());
        CHECK(seen == std::vector<Card>{c("2c"), c("Ac"), c("Kd"), c("9h"), c("As")});
        CHECK(std::distance(cards.begin(), cards.end()) == 5);
    }

    SUBCASE("the empty set") {
        CHECK(CardSet{}.begin() == CardSet{}.end());
        int count = 0;
        for (Card card : CardSet{}) {
            (void)card;
            ++count;
        }
        CHECK(count == 0);
    }

    SUBCASE("the whole deck: clubs 2..A, then diamonds, hearts, spades") {
        std::vector<Card> seen;
        for (Card card : CardSet::standard_deck()) seen.push_back(card);
        REQUIRE(seen.size() == 52);
        CHECK(std::is_sorted(seen.begin(), seen.end()));
        CHECK(seen.front() == c("2c"));
        CHECK(seen[12] == c("Ac"));
        CHECK(seen[13] == c("2d"));
        CHECK(seen.back() == c("As"));
    }

    SUBCASE("jokers come first: their codes are 13 and 29") {
        const CardSet cards = CardSet{c("As")} | Card::joker(1) | Card::joker(0);
        std::vector<Card> seen(cards.begin(), cards.end());
        CHECK(seen == std::vector<Card>{Card::joker(0), Card::joker(1), c("As")});
    }

    SUBCASE("a CardList can be built straight from a set") {
        const CardSet cards = parse_card_set("Kd 2c");
        CardList list(cards.begin(), cards.end());
        CHECK(list == list_of({"2c", "Kd"}));
    }

    SUBCASE("iterators are ordinary forward iterators") {
        const CardSet cards = parse_card_set("3h 4h");
        auto it = cards.begin();
        auto old = it++;
        CHECK(*old == c("3h"));
        CHECK(*it == c("4h"));
        CHECK(++it == cards.end());
        CHECK(std::count_if(CardSet::standard_deck().begin(), CardSet::standard_deck().end(),
                            [](Card card) { return card.rank() == Rank::ace; }) == 4);
    }
}

TEST_CASE("parse_cards reads lists with or without separators") {
    const CardList ace_king = list_of({"As", "Kd"});
    CHECK(parse_cards("AsKd") == ace_king);
    CHECK(parse_cards("As Kd") == ace_king);
    CHECK(parse_cards("As,Kd") == ace_king);
    CHECK(parse_cards("As, Kd") == ace_king);
    CHECK(parse_cards("  As   Kd  ") == ace_king);
    CHECK(parse_cards("As\tKd\n") == ace_king);
    CHECK(parse_cards("\r\nAs,,Kd,") == ace_king);
    CHECK(parse_cards("asKD") == ace_king);
    CHECK(parse_cards("A♠K♦") == ace_king);
    CHECK(parse_cards("A♤ K♢") == ace_king);
    CHECK(parse_cards("A♠\uFE0FK♦\uFE0F") == ace_king);
    CHECK(parse_cards("A♠\uFE0F Kd") == ace_king);

    SUBCASE("tens written as 10 run straight into the next card") {
        CHECK(parse_cards("10sKd") == list_of({"Ts", "Kd"}));
        CHECK(parse_cards("10s10d") == list_of({"Ts", "Td"}));
        CHECK(parse_cards("Ts10♥tc") == list_of({"Ts", "Th", "Tc"}));
    }

    SUBCASE("mixed notations keep their order") {
        CHECK(parse_cards("2c A♥ 10s,kd Q♧") == list_of({"2c", "Ah", "Ts", "Kd", "Qc"}));
        CHECK(parse_cards("Kd As") == list_of({"Kd", "As"}));
    }

    SUBCASE("jokers: the first is joker 0, the second joker 1") {
        const CardList one = parse_cards("Xx As");
        CHECK(one == CardList{Card::joker(0), c("As")});
        const CardList two = parse_cards("xx As XX");
        CHECK(two == CardList{Card::joker(0), c("As"), Card::joker(1)});
        CHECK(parse_card_set("XxXx").joker_count() == 2);
    }

    SUBCASE("a whole deck") {
        CardList all;
        std::string text;
        for (Card card : CardSet::standard_deck()) {
            all.push_back(card);
            text += to_string(card);
        }
        CHECK(parse_cards(text) == all);
        CHECK(parse_card_set(text) == CardSet::standard_deck());
        CHECK(parse_card_set(text + " Xx Xx").size() == 54);
    }
}

TEST_CASE("parse_cards errors quote the whole text") {
    SUBCASE("empty input") {
        CHECK_THROWS_WITH_AS(parse_cards(""), "no cards in \"\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_cards("   "), "no cards in \"   \"", parse_error);
        CHECK_THROWS_WITH_AS(parse_cards(" , ,"), "no cards in \" , ,\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_card_set(""), "no cards in \"\"", parse_error);
    }

    SUBCASE("a card twice") {
        CHECK_THROWS_WITH_AS(parse_cards("As As"), "card As appears twice in \"As As\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_cards("AsKdas"), "card As appears twice in \"AsKdas\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_cards("A♠ 2c A♤"), "card As appears twice in \"A♠ 2c A♤\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_cards("Th 10h"), "card Th appears twice in \"Th 10h\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_card_set("2c 2C"), "card 2c appears twice in \"2c 2C\"", parse_error);
    }

    SUBCASE("more than two jokers") {
        CHECK_THROWS_WITH_AS(parse_cards("Xx Xx Xx"), "more than two jokers in \"Xx Xx Xx\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_cards("xxAsXXxX"), "more than two jokers in \"xxAsXXxX\"", parse_error);
    }

    SUBCASE("a bad card inside the list") {
        CHECK_THROWS_WITH_AS(parse_cards("As Zd"),
                             "unknown rank 'Z' in \"As Zd\" (ranks are A K Q J T/10 9 8 7 6 5 4 3 2, jokers Xx)",
                             parse_error);
        CHECK_THROWS_WITH_AS(parse_cards("As;Kd"),
                             "unknown rank ';' in \"As;Kd\" (ranks are A K Q J T/10 9 8 7 6 5 4 3 2, jokers Xx)",
                             parse_error);
        CHECK_THROWS_WITH_AS(parse_cards("AsKx"), "unknown suit 'x' in \"AsKx\" (suits are s h d c or ♠ ♥ ♦ ♣)",
                             parse_error);
        CHECK_THROWS_WITH_AS(parse_cards("As K"), "missing suit after rank 'K' in \"As K\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_cards("As K d"), "missing suit after rank 'K' in \"As K d\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_cards("As 10"), "missing suit after rank '10' in \"As 10\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_cards("As 1s"),
                             "unknown rank '1' in \"As 1s\" (ranks are A K Q J T/10 9 8 7 6 5 4 3 2, jokers Xx)",
                             parse_error);
    }

    SUBCASE("a list with the wrong number of cards") {
        CHECK(parse_cards("As Kd", 2) == list_of({"As", "Kd"}));
        CHECK_THROWS_WITH_AS(parse_cards("As Kd", 3), "expected 3 cards but got 2 in \"As Kd\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_cards("As Kd Qh", 2), "expected 2 cards but got 3 in \"As Kd Qh\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_cards("", 0), "no cards in \"\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_cards("As As", 2), "card As appears twice in \"As As\"", parse_error);
    }
}

TEST_CASE("canonical text and ordering by rank") {
    SUBCASE("a set prints highest rank first, spades first within a rank") {
        CHECK(to_string(parse_card_set("2c Ah Kd As")) == "As Ah Kd 2c");
        CHECK(to_string(parse_card_set("Ac Ad Ah As")) == "As Ah Ad Ac");
        CHECK(to_string(parse_card_set("10s 9♥ t♣")) == "Ts Tc 9h");
        CHECK(to_string(CardSet{c("7d")}) == "7d");
        CHECK(to_string(CardSet{}) == "");
    }

    SUBCASE("jokers print first") {
        CHECK(to_string(parse_card_set("As Xx 2c")) == "Xx As 2c");
        CHECK(to_string(parse_card_set("xx As XX")) == "Xx Xx As");
    }

    SUBCASE("a list keeps its order") {
        CHECK(to_string(parse_cards("2c,Ah,  Kd")) == "2c Ah Kd");
        CHECK(to_string(parse_cards("10♥ Xx")) == "Th Xx");
        CHECK(to_string(CardList{}) == "");
    }

    SUBCASE("text round trips") {
        for (const char* text : {"As Kd", "Ts 9h 8d 7c 6s", "Xx As", "Ah Kh Qh Jh Th 9h 8h 7h 6h 5h"}) {
            CAPTURE(text);
            CHECK(to_string(parse_card_set(text)) == text);
            CHECK(to_string(parse_cards(text)) == text);
        }
        CHECK(parse_card_set(to_string(CardSet::standard_deck())) == CardSet::standard_deck());
    }

    SUBCASE("by_rank_descending") {
        CHECK(by_rank_descending(parse_card_set("2c 2s Ah 5d 5h")) == list_of({"Ah", "5h", "5d", "2s", "2c"}));
        CHECK(by_rank_descending(CardSet{}).empty());
        const CardList deck = by_rank_descending(CardSet::standard_deck());
        REQUIRE(deck.size() == 52);
        CHECK(deck.front() == c("As"));
        CHECK(deck[1] == c("Ah"));
        CHECK(deck[3] == c("Ac"));
        CHECK(deck[4] == c("Ks"));
        CHECK(deck.back() == c("2c"));
        for (std::size_t i = 1; i < deck.size(); ++i) CHECK(deck[i - 1].rank() >= deck[i].rank());
    }
}

// parse_cards accepts tabs and line breaks as separators, so a rank before one
// is missing its suit, as before a space or comma; the message shows the
// control character as an escape.
TEST_CASE("a rank before a tab or line break is missing its suit") {
    CHECK_THROWS_WITH_AS(parse_cards("As K\tQd"), "missing suit after rank 'K' in \"As K\\x09Qd\"", parse_error);
    CHECK_THROWS_WITH_AS(parse_cards("As K\nQd"), "missing suit after rank 'K' in \"As K\\x0aQd\"", parse_error);
    CHECK_THROWS_WITH_AS(parse_card("A\t"), "missing suit after rank 'A' in \"A\\x09\"", parse_error);
}
