// Ranks, suits and single cards: every accepted notation, canonical text,
// names, and the error message for every kind of bad input.

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <doctest/doctest.h>

#include "pokerengine/card.hpp"
#include "test_support.hpp"

using namespace pokerengine;

namespace {

constexpr Card card(Rank r, Suit s) { return Card{r, s}; }

// Every ordinary card, clubs first, deuce to ace in each suit.
std::vector<Card> all_cards() {
    std::vector<Card> cards;
    for (int s = 0; s < suit_count; ++s)
        for (int r = 0; r < rank_count; ++r) cards.push_back(Card{static_cast<Rank>(r), static_cast<Suit>(s)});
    return cards;
}

}  // namespace

TEST_CASE("a card is a rank and a suit packed in one byte") {
    static_assert(sizeof(Card) == 1);
    static_assert(Card{}.rank() == Rank::two && Card{}.suit() == Suit::clubs);
    static_assert(Card{Rank::ace, Suit::spades}.code() == 16 * 3 + 12);
#if !defined(__clang__)  // clang 14 cannot build libstdc++'s std::string at compile time
    static_assert(to_string(Card{Rank::ace, Suit::spades}) == "As");
#endif
    CHECK(to_string(Card{Rank::ace, Suit::spades}) == "As");

    for (Card c : all_cards()) {
        CAPTURE(c);
        CHECK(c.code() == 16 * static_cast<int>(c.suit()) + static_cast<int>(c.rank()));
        CHECK(Card::is_valid_code(c.code()));
        CHECK(Card::from_code(c.code()) == c);
        CHECK_FALSE(c.is_joker());
    }

    SUBCASE("the jokers use the spare rank slot of the first two lanes") {
        CHECK(Card::joker(0).is_joker());
        CHECK(Card::joker(1).is_joker());
        CHECK(Card::joker(0) != Card::joker(1));
        CHECK(Card::joker(0).code() == 13);
        CHECK(Card::joker(1).code() == 29);
        CHECK(Card::is_valid_code(13));
        CHECK(Card::is_valid_code(29));
    }

    SUBCASE("only 54 codes are valid") {
        int valid = 0;
        for (int code = -1; code <= 64; ++code) valid += Card::is_valid_code(code);
        CHECK(valid == 54);
        CHECK_FALSE(Card::is_valid_code(14));
        CHECK_FALSE(Card::is_valid_code(45));  // rank slot 13 of the hearts lane is not a joker
        CHECK_FALSE(Card::is_valid_code(64));
        CHECK_FALSE(Card::is_valid_code(-1));
    }

    SUBCASE("cards order by code: by suit, then by rank") {
        CHECK(card(Rank::ace, Suit::clubs) < card(Rank::two, Suit::diamonds));
        CHECK(card(Rank::two, Suit::spades) < card(Rank::three, Suit::spades));
    }
}

TEST_CASE("canonical text is rank then lower-case suit letter") {
    CHECK(to_string(card(Rank::ace, Suit::spades)) == "As");
    CHECK(to_string(card(Rank::ten, Suit::diamonds)) == "Td");
    CHECK(to_string(card(Rank::two, Suit::clubs)) == "2c");
    CHECK(to_string(card(Rank::king, Suit::hearts)) == "Kh");
    CHECK(to_string(Card::joker(0)) == "Xx");
    CHECK(to_string(Card::joker(1)) == "Xx");

    SUBCASE("rank and suit characters") {
        CHECK(std::string(1, rank_char(Rank::two)) == "2");
        CHECK(std::string(1, rank_char(Rank::nine)) == "9");
        CHECK(std::string(1, rank_char(Rank::ten)) == "T");
        CHECK(std::string(1, rank_char(Rank::jack)) == "J");
        CHECK(std::string(1, rank_char(Rank::queen)) == "Q");
        CHECK(std::string(1, rank_char(Rank::king)) == "K");
        CHECK(std::string(1, rank_char(Rank::ace)) == "A");
        CHECK(suit_char(Suit::clubs) == 'c');
        CHECK(suit_char(Suit::diamonds) == 'd');
        CHECK(suit_char(Suit::hearts) == 'h');
        CHECK(suit_char(Suit::spades) == 's');
    }

    SUBCASE("every card prints differently and parses back to itself") {
        std::set<std::string> texts;
        for (Card c : all_cards()) {
            CAPTURE(c);
            std::string text = to_string(c);
            CHECK(text.size() == 2);
            CHECK(parse_card(text) == c);
            texts.insert(text);
        }
        CHECK(texts.size() == 52);
    }
}

TEST_CASE("rank and suit names") {
    CHECK(rank_name(Rank::two) == "two");
    CHECK(rank_name(Rank::six) == "six");
    CHECK(rank_name(Rank::ten) == "ten");
    CHECK(rank_name(Rank::jack) == "jack");
    CHECK(rank_name(Rank::queen) == "queen");
    CHECK(rank_name(Rank::king) == "king");
    CHECK(rank_name(Rank::ace) == "ace");
    CHECK(rank_plural(Rank::two) == "twos");
    CHECK(rank_plural(Rank::six) == "sixes");
    CHECK(rank_plural(Rank::ten) == "tens");
    CHECK(rank_plural(Rank::queen) == "queens");
    CHECK(rank_plural(Rank::ace) == "aces");
    CHECK(suit_name(Suit::clubs) == "clubs");
    CHECK(suit_name(Suit::diamonds) == "diamonds");
    CHECK(suit_name(Suit::hearts) == "hearts");
    CHECK(suit_name(Suit::spades) == "spades");

    SUBCASE("every rank has a distinct singular and plural") {
        std::set<std::string_view> seen;
        for (int r = 0; r < rank_count; ++r) {
            seen.insert(rank_name(static_cast<Rank>(r)));
            seen.insert(rank_plural(static_cast<Rank>(r)));
        }
        CHECK(seen.size() == 2 * rank_count);
    }
}

TEST_CASE("parse_rank accepts letters in either case, digits and 10") {
    CHECK(parse_rank("A") == Rank::ace);
    CHECK(parse_rank("a") == Rank::ace);
    CHECK(parse_rank("K") == Rank::king);
    CHECK(parse_rank("k") == Rank::king);
    CHECK(parse_rank("Q") == Rank::queen);
    CHECK(parse_rank("j") == Rank::jack);
    CHECK(parse_rank("T") == Rank::ten);
    CHECK(parse_rank("t") == Rank::ten);
    CHECK(parse_rank("10") == Rank::ten);
    CHECK(parse_rank("9") == Rank::nine);
    CHECK(parse_rank("2") == Rank::two);
    for (int r = 0; r < rank_count; ++r)
        CHECK(parse_rank(std::string(1, rank_char(static_cast<Rank>(r)))) == static_cast<Rank>(r));

    SUBCASE("bad ranks") {
        CHECK_THROWS_WITH_AS(parse_rank(""), "empty rank text", parse_error);
        CHECK_THROWS_WITH_AS(parse_rank("1"), "unknown rank \"1\" (ranks are A K Q J T/10 9 8 7 6 5 4 3 2)",
                             parse_error);
        CHECK_THROWS_WITH_AS(parse_rank("11"), "unknown rank \"11\" (ranks are A K Q J T/10 9 8 7 6 5 4 3 2)",
                             parse_error);
        CHECK_THROWS_WITH_AS(parse_rank("Ace"), "unknown rank \"Ace\" (ranks are A K Q J T/10 9 8 7 6 5 4 3 2)",
                             parse_error);
        CHECK_THROWS_WITH_AS(parse_rank("B"), "unknown rank \"B\" (ranks are A K Q J T/10 9 8 7 6 5 4 3 2)",
                             parse_error);
        CHECK_THROWS_WITH_AS(parse_rank("0"), "unknown rank \"0\" (ranks are A K Q J T/10 9 8 7 6 5 4 3 2)",
                             parse_error);
        CHECK_THROWS_AS(parse_rank("s"), parse_error);
        CHECK_THROWS_AS(parse_rank(" A"), parse_error);
        CHECK_THROWS_AS(parse_rank("A "), parse_error);
    }
}

TEST_CASE("parse_suit accepts letters in either case and both symbol forms") {
    CHECK(parse_suit("s") == Suit::spades);
    CHECK(parse_suit("S") == Suit::spades);
    CHECK(parse_suit("h") == Suit::hearts);
    CHECK(parse_suit("H") == Suit::hearts);
    CHECK(parse_suit("d") == Suit::diamonds);
    CHECK(parse_suit("D") == Suit::diamonds);
    CHECK(parse_suit("c") == Suit::clubs);
    CHECK(parse_suit("C") == Suit::clubs);
    CHECK(parse_suit("♠") == Suit::spades);
    CHECK(parse_suit("♤") == Suit::spades);
    CHECK(parse_suit("♥") == Suit::hearts);
    CHECK(parse_suit("♡") == Suit::hearts);
    CHECK(parse_suit("♦") == Suit::diamonds);
    CHECK(parse_suit("♢") == Suit::diamonds);
    CHECK(parse_suit("♣") == Suit::clubs);
    CHECK(parse_suit("♧") == Suit::clubs);
    CHECK(parse_suit("♥\uFE0F") == Suit::hearts);

    SUBCASE("bad suits") {
        CHECK_THROWS_WITH_AS(parse_suit(""), "empty suit text", parse_error);
        CHECK_THROWS_WITH_AS(parse_suit("x"), "unknown suit \"x\" (suits are s h d c or ♠ ♥ ♦ ♣)", parse_error);
        CHECK_THROWS_WITH_AS(parse_suit("spades"), "unknown suit \"spades\" (suits are s h d c or ♠ ♥ ♦ ♣)",
                             parse_error);
        CHECK_THROWS_WITH_AS(parse_suit("♨"), "unknown suit \"♨\" (suits are s h d c or ♠ ♥ ♦ ♣)", parse_error);
        CHECK_THROWS_WITH_AS(parse_suit("♠♠"), "unknown suit \"♠♠\" (suits are s h d c or ♠ ♥ ♦ ♣)", parse_error);
        CHECK_THROWS_AS(parse_suit("\uFE0F"), parse_error);
        CHECK_THROWS_AS(parse_suit("\xE2\x99"), parse_error);  // a symbol cut short
    }
}

TEST_CASE("parse_card accepts every notation") {
    const Card ace_of_spades = card(Rank::ace, Suit::spades);

    SUBCASE("letters in any case") {
        CHECK(parse_card("As") == ace_of_spades);
        CHECK(parse_card("as") == ace_of_spades);
        CHECK(parse_card("AS") == ace_of_spades);
        CHECK(parse_card("aS") == ace_of_spades);
        CHECK(parse_card("Kh") == card(Rank::king, Suit::hearts));
        CHECK(parse_card("qD") == card(Rank::queen, Suit::diamonds));
        CHECK(parse_card("jc") == card(Rank::jack, Suit::clubs));
        CHECK(parse_card("2c") == card(Rank::two, Suit::clubs));
        CHECK(parse_card("9H") == card(Rank::nine, Suit::hearts));
    }

    SUBCASE("the ten as T, t or 10") {
        const Card ten_of_spades = card(Rank::ten, Suit::spades);
        CHECK(parse_card("Ts") == ten_of_spades);
        CHECK(parse_card("ts") == ten_of_spades);
        CHECK(parse_card("tS") == ten_of_spades);
        CHECK(parse_card("TS") == ten_of_spades);
        CHECK(parse_card("10s") == ten_of_spades);
        CHECK(parse_card("10S") == ten_of_spades);
        CHECK(parse_card("10♠") == ten_of_spades);
    }

    SUBCASE("suit symbols, black and white") {
        CHECK(parse_card("A♠") == ace_of_spades);
        CHECK(parse_card("A♤") == ace_of_spades);
        CHECK(parse_card("A♥") == card(Rank::ace, Suit::hearts));
        CHECK(parse_card("A♡") == card(Rank::ace, Suit::hearts));
        CHECK(parse_card("7♦") == card(Rank::seven, Suit::diamonds));
        CHECK(parse_card("7♢") == card(Rank::seven, Suit::diamonds));
        CHECK(parse_card("q♣") == card(Rank::queen, Suit::clubs));
        CHECK(parse_card("Q♧") == card(Rank::queen, Suit::clubs));
    }

    SUBCASE("a symbol may carry the emoji presentation selector U+FE0F") {
        CHECK(parse_card("A♠\uFE0F") == ace_of_spades);
        CHECK(parse_card("K♥\uFE0F") == card(Rank::king, Suit::hearts));
        CHECK(parse_card("10♦\uFE0F") == card(Rank::ten, Suit::diamonds));
        CHECK(parse_card("3♣\uFE0F") == card(Rank::three, Suit::clubs));
        CHECK(parse_card("3♧\uFE0F") == card(Rank::three, Suit::clubs));
    }

    SUBCASE("the joker in any case") {
        CHECK(parse_card("Xx") == Card::joker(0));
        CHECK(parse_card("xx") == Card::joker(0));
        CHECK(parse_card("XX") == Card::joker(0));
        CHECK(parse_card("xX") == Card::joker(0));
    }

    SUBCASE("every rank with every suit spelling") {
        const char* suits[4][5] = {{"c", "C", "♣", "♧", "♣\uFE0F"},
                                   {"d", "D", "♦", "♢", "♦\uFE0F"},
                                   {"h", "H", "♥", "♡", "♥\uFE0F"},
                                   {"s", "S", "♠", "♤", "♠\uFE0F"}};
        for (int s = 0; s < suit_count; ++s)
            for (int r = 0; r < rank_count; ++r)
                for (const char* suit : suits[s]) {
                    const Card expected{static_cast<Rank>(r), static_cast<Suit>(s)};
                    std::string text = std::string(1, rank_char(static_cast<Rank>(r))) + suit;
                    CAPTURE(text);
                    CHECK(parse_card(text) == expected);
                    if (r >= 8 && r <= 12) {  // T J Q K A have lower-case forms
                        text[0] = static_cast<char>(text[0] - 'A' + 'a');
                        CHECK(parse_card(text) == expected);
                    }
                }
    }
}

TEST_CASE("parse_card says what is wrong and quotes the text") {
    SUBCASE("empty text") {
        CHECK_THROWS_WITH_AS(parse_card(""), "empty card text", parse_error);
    }

    SUBCASE("unknown rank") {
        CHECK_THROWS_WITH_AS(parse_card("Zs"),
                             "unknown rank 'Z' in \"Zs\" (ranks are A K Q J T/10 9 8 7 6 5 4 3 2, jokers Xx)",
                             parse_error);
        CHECK_THROWS_WITH_AS(parse_card("1s"),
                             "unknown rank '1' in \"1s\" (ranks are A K Q J T/10 9 8 7 6 5 4 3 2, jokers Xx)",
                             parse_error);
        CHECK_THROWS_WITH_AS(parse_card("0s"),
                             "unknown rank '0' in \"0s\" (ranks are A K Q J T/10 9 8 7 6 5 4 3 2, jokers Xx)",
                             parse_error);
        CHECK_THROWS_WITH_AS(parse_card("♠A"),
                             "unknown rank '♠' in \"♠A\" (ranks are A K Q J T/10 9 8 7 6 5 4 3 2, jokers Xx)",
                             parse_error);
        CHECK_THROWS_WITH_AS(parse_card(" As"),
                             "unknown rank ' ' in \" As\" (ranks are A K Q J T/10 9 8 7 6 5 4 3 2, jokers Xx)",
                             parse_error);
        CHECK_THROWS_WITH_AS(parse_card("X"),
                             "unknown rank 'X' in \"X\" (ranks are A K Q J T/10 9 8 7 6 5 4 3 2, jokers Xx)",
                             parse_error);
        CHECK_THROWS_WITH_AS(parse_card("Xs"),
                             "unknown rank 'X' in \"Xs\" (ranks are A K Q J T/10 9 8 7 6 5 4 3 2, jokers Xx)",
                             parse_error);
    }

    SUBCASE("unknown suit") {
        CHECK_THROWS_WITH_AS(parse_card("Ax"), "unknown suit 'x' in \"Ax\" (suits are s h d c or ♠ ♥ ♦ ♣)",
                             parse_error);
        CHECK_THROWS_WITH_AS(parse_card("10z"), "unknown suit 'z' in \"10z\" (suits are s h d c or ♠ ♥ ♦ ♣)",
                             parse_error);
        CHECK_THROWS_WITH_AS(parse_card("AA"), "unknown suit 'A' in \"AA\" (suits are s h d c or ♠ ♥ ♦ ♣)",
                             parse_error);
        CHECK_THROWS_WITH_AS(parse_card("A♨"), "unknown suit '♨' in \"A♨\" (suits are s h d c or ♠ ♥ ♦ ♣)",
                             parse_error);
        CHECK_THROWS_WITH_AS(parse_card("K\uFE0F"),
                             "unknown suit '\uFE0F' in \"K\uFE0F\" (suits are s h d c or ♠ ♥ ♦ ♣)", parse_error);
        // "10" is read as the ten, so the final "0" is where the suit should be
        CHECK_THROWS_WITH_AS(parse_card("100"), "unknown suit '0' in \"100\" (suits are s h d c or ♠ ♥ ♦ ♣)",
                             parse_error);
    }

    SUBCASE("missing suit") {
        CHECK_THROWS_WITH_AS(parse_card("A"), "missing suit after rank 'A' in \"A\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_card("10"), "missing suit after rank '10' in \"10\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_card("t"), "missing suit after rank 't' in \"t\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_card("A s"), "missing suit after rank 'A' in \"A s\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_card("K,s"), "missing suit after rank 'K' in \"K,s\"", parse_error);
    }

    SUBCASE("trailing characters") {
        CHECK_THROWS_WITH_AS(parse_card("Ass"), "unexpected 's' after card As in \"Ass\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_card("AsKd"), "unexpected 'Kd' after card As in \"AsKd\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_card("As "), "unexpected ' ' after card As in \"As \"", parse_error);
        CHECK_THROWS_WITH_AS(parse_card("10s0"), "unexpected '0' after card Ts in \"10s0\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_card("A♠♠"), "unexpected '♠' after card As in \"A♠♠\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_card("xxx"), "unexpected 'x' after card Xx in \"xxx\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_card("Asx"), "unexpected 'x' after card As in \"Asx\"", parse_error);
    }

    SUBCASE("a suit symbol cut short is not a suit") {
        CHECK_THROWS_AS(parse_card("A\xE2\x99"), parse_error);
        CHECK_THROWS_AS(parse_card("A\xE2"), parse_error);
    }
}

TEST_CASE("messages show control characters and bytes that are not UTF-8 as escapes") {
    using namespace std::string_view_literals;
    CHECK(printable("As Kd") == "As Kd");
    CHECK(printable("A♠ K♥") == "A♠ K♥");
    CHECK(printable("A\xff" "s") == "A\\xffs");
    CHECK(printable("A\0s"sv) == "A\\x00s");
    CHECK(printable("\x1b[31m") == "\\x1b[31m");
    CHECK(printable("a\tb\nc\x7f") == "a\\x09b\\x0ac\\x7f");
    CHECK(printable("\xc2\x85") == "\\xc2\\x85");                // a C1 control, U+0085
    CHECK(printable("\xe2\x99") == "\\xe2\\x99");                // a character cut short
    CHECK(printable("\xed\xa0\x80") == "\\xed\\xa0\\x80");       // a surrogate
    CHECK(printable("\xc0\xaf") == "\\xc0\\xaf");                // an overlong '/'
    CHECK(printable("\xf4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");  // beyond U+10FFFF
    CHECK(printable("\xf0\x9f\x82\xa1") == "\xf0\x9f\x82\xa1");  // U+1F0A1, a playing card
    CHECK(printable(printable("A\xff\0"sv)) == printable("A\xff\0"sv));
    CHECK(quoted("A\xff") == "\"A\\xff\"");

    // The quoted text keeps every byte after a bad one, and a NUL no longer ends the message.
    CHECK_THROWS_WITH_AS(parse_card("A\xff" "s"), "unknown suit '\\xff' in \"A\\xffs\" (suits are s h d c or ♠ ♥ ♦ ♣)",
                         parse_error);
    CHECK_THROWS_WITH_AS(parse_cards("As A\0s Kd"sv), doctest::Contains("in \"As A\\x00s Kd\""), parse_error);
    CHECK_THROWS_WITH_AS(parse_cards("As \x1b[31mKd"), doctest::Contains("unknown rank '\\x1b' in \"As \\x1b[31mKd\""),
                         parse_error);
    CHECK_THROWS_WITH_AS(parse_card("A\xe2\x99"), doctest::Contains("unknown suit '\\xe2'"), parse_error);
}
