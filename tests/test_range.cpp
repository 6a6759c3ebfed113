// Hand ranges: every syntax form, weights, card removal and error messages.
#include <doctest/doctest.h>

#include <chrono>
#include <set>
#include <string>

#include "pokerengine/range.hpp"
#include "test_support.hpp"

using namespace pokerengine;

namespace {

// Hand classes of a range written plainly ("AKs", "QQ", ...), from its cards.
std::set<std::string> classes_of(const hand_range& r) {
    std::set<std::string> names;
    for (const weighted_combo& c : r.combos()) {
        Card a = *c.cards.begin(), b = *std::next(c.cards.begin());
        if (a.rank() < b.rank()) std::swap(a, b);
        std::string name{rank_char(a.rank()), rank_char(b.rank())};
        if (a.rank() != b.rank()) name += a.suit() == b.suit() ? 's' : 'o';
        names.insert(name);
    }
    return names;
}

std::string error_of(std::string_view text) {
    try {
        (void)parse_range(text);
    } catch (const range_error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("every form expands to the right number of hands") {
    struct row {
        const char* text;
        std::size_t hands;
    };
    const row rows[] = {
        {"AhKh", 1},     {"QQ", 6},          {"AKs", 4},      {"AKo", 12},      {"AK", 16},      {"QQ+", 18},
        {"22+", 78},     {"A2s+", 48},       {"KTo+", 36},    {"AK+", 16},      {"22-55", 24},   {"55-22", 24},
        {"A9s-A2s", 32}, {"T9s-65s", 20},    {"KQo-76o", 84}, {"random", 1326}, {"QQ+,AKs", 22}, {"QQ+, AK, AhKh", 34},
        {"AA,AA", 6},    {"AKs:0.5,QQ", 10}, {"ka", 16},      {"aKS", 4},
    };
    for (const row& r : rows) {
        CAPTURE(r.text);
        CHECK(parse_range(r.text).size() == r.hands);
    }
}

TEST_CASE("spans and pluses hold the hand classes they name") {
    CHECK(classes_of(parse_range("T9s-65s")) == std::set<std::string>{"T9s", "98s", "87s", "76s", "65s"});
    CHECK(classes_of(parse_range("A9s-A6s")) == std::set<std::string>{"A9s", "A8s", "A7s", "A6s"});
    CHECK(classes_of(parse_range("JJ+")) == std::set<std::string>{"JJ", "QQ", "KK", "AA"});
    CHECK(classes_of(parse_range("KTo+")) == std::set<std::string>{"KTo", "KJo", "KQo"});
    CHECK(classes_of(parse_range("33-22")) == std::set<std::string>{"22", "33"});
}

TEST_CASE("weights, repeats, random and card removal") {
    hand_range r = parse_range("AKs:0.5, QQ+");
    CHECK(r.total_weight() == doctest::Approx(4 * 0.5 + 18));
    CHECK_FALSE(r.is_random());
    CHECK(parse_range("random").is_random());
    CHECK(parse_range("AA:0.25,AsAh").combos().back().weight == 0.25);  // the first weight stays
    SUBCASE("card removal") {
        CHECK(parse_range("QQ+").without(parse_card_set("Qh")).size() == 15);
        CHECK(parse_range("AKs").without(parse_card_set("As Kh")).size() == 2);
        CHECK(parse_range("random").without(parse_card_set("As Kh 2c")).size() == 1176);
        CHECK(parse_range("random").without(parse_card_set("As Kh 2c")).is_random());
    }
}

TEST_CASE("bad tokens are named with their position") {
    CHECK(error_of("AKx") ==
          "bad range token \"AKx\" at position 1: expected '+', '-' and a second class, or "
          "nothing after AK");
    CHECK(error_of("QQ+, AZs").find("\"AZs\" at position 6") != std::string::npos);
    CHECK(error_of("AKs:abc").find("weight") != std::string::npos);
    CHECK(error_of("AKs:0").find("from 0.000000001 to 1000000000") != std::string::npos);
    CHECK(error_of("QQs").find("a pair is neither suited nor offsuit") != std::string::npos);
    CHECK(error_of("AKs-QJo").find("suited, offsuit") != std::string::npos);
    CHECK(error_of("AKs-T8s").find("share their first rank") != std::string::npos);
    CHECK(error_of("QQ-AK").find("two pairs or two non-pairs") != std::string::npos);
    CHECK(error_of("AsKsQs").find("holds 2 cards, not 3") != std::string::npos);
    CHECK(error_of("Zz").find("\"Zz\" at position 1") != std::string::npos);
    CHECK(error_of("AA,,KK").find("position 4") != std::string::npos);
    CHECK(error_of("").find("empty") != std::string::npos);
    CHECK_THROWS_AS(parse_range("AK-"), range_error);
    CHECK_THROWS_AS(parse_range("AK-"), parse_error);  // a range error is a parse error
}

TEST_CASE("explicit hand lists for games with more hole cards") {
    hand_range omaha = parse_hand_list("AsAdKsKd, AhAcKhKc:0.5", 4);
    CHECK(omaha.size() == 2);
    CHECK(omaha.cards_per_hand() == 4);
    CHECK(omaha.combos()[1].weight == 0.5);
    CHECK(parse_hand_list("random", 4).is_random());
    CHECK(parse_hand_list("As2h3d", 7).cards_per_hand() == 3);
    CHECK_THROWS_WITH_AS(parse_hand_list("AsAdKsKdQh", 4), doctest::Contains("at most 4 cards"), range_error);
    CHECK_THROWS_WITH_AS(parse_hand_list("AsAdKsKd,AhAc", 4), doctest::Contains("same number of cards"), range_error);
    CHECK_THROWS_WITH_AS(parse_hand_list("AsAdKsKd,random", 4), doctest::Contains("stands alone"), range_error);
}

TEST_CASE("hand patterns: a rank in any suit, any card") {
    CHECK(parse_hand_list("AAKK", 4).size() == 36);
    CHECK(parse_hand_list("AsAdxx", 4).size() == 1225);
    CHECK(parse_hand_list("AsAd**", 4).size() == 1225);
    // Hands with at least two aces: two aces and two non-aces, three aces and one, or four.
    CHECK(parse_hand_list("AAxx", 4).size() == 6 * 1128 + 4 * 48 + 1);
    CHECK(parse_hand_list("AKs9", 3).size() == 16);  // 's' after a rank is a suit: any ace, Ks, any nine
    CHECK(parse_hand_list("A A K K, Q Q J J", 4).size() == 72);
    CHECK(parse_hand_list("10h10s", 4).size() == 1);
    CHECK_THROWS_WITH_AS(parse_hand_list("AAAAA", 4), doctest::Contains("at most 4 cards"), range_error);
    CHECK_THROWS_WITH_AS(parse_hand_list("AAAA,KKKK,QQQQ,AAAAx", 5), doctest::Contains("same number of cards"),
                         range_error);
    CHECK_THROWS_WITH_AS(parse_hand_list("xxxxx", 6), doctest::Contains("more than 2000000 hands"), range_error);
}

TEST_CASE("patterns are walked one hand at a time and refused at once when too large") {
    CHECK(parse_hand_list("xxxx", 4).size() == 270'725);
    CHECK(parse_hand_list("AAxxx", 5).size() == 6 * 17'296 + 4 * 1'128 + 48);  // two, three or four aces
    CHECK(parse_hand_list("xAxK", 4).size() == parse_hand_list("AKxx", 4).size());
    // C(52,5) and C(52,7) hands once took 20 million steps before being refused.
    const auto start = std::chrono::steady_clock::now();
    CHECK_THROWS_WITH_AS(parse_hand_list("xxxxx", 5),
                         "bad range token \"xxxxx\" at position 1: the pattern names more than 2000000 hands; give "
                         "more of the cards",
                         range_error);
    CHECK_THROWS_AS(parse_hand_list("xxxxxxx", 7), range_error);
    CHECK_THROWS_AS(parse_hand_list("x x x x x x", 6), range_error);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::milliseconds(100));
}

TEST_CASE("a range names at most max_range_hands hands, repeats counted") {
    std::string randoms = "random";
    for (int i = 0; i < 2'000; ++i) randoms += ",random";
    CHECK_THROWS_WITH_AS(parse_range(randoms), doctest::Contains("more than 2000000 hands in all"), range_error);
    std::string patterns = "xxxx";
    for (int i = 0; i < 10; ++i) patterns += ",xxxx";
    CHECK_THROWS_WITH_AS(parse_hand_list(patterns, 4), doctest::Contains("more than 2000000 hands in all"),
                         range_error);
    CHECK(parse_range("random,random,random").size() == 1326);
}

TEST_CASE("weights lie between min_weight and max_weight, so equity sums stay finite") {
    CHECK(parse_range("AKs:0.000000001").combos().front().weight == min_weight);
    CHECK(parse_range("AKs:1e9").combos().front().weight == max_weight);
    CHECK(parse_hand_list("AsAdKsKd:1e-9", 4).combos().front().weight == min_weight);
    for (const char* bad : {"AKs:1e308", "AKs:5e-324", "AKs:1.1e9", "AKs:9e-10", "AKs:inf", "AKs:nan", "AKs:-1"}) {
        CAPTURE(bad);
        CHECK_THROWS_WITH_AS(parse_range(bad), doctest::Contains("from 0.000000001 to 1000000000"), range_error);
        CHECK_THROWS_AS(parse_hand_list(bad, 2), range_error);
    }
}

TEST_CASE("the starting-hand grid names") {
    CHECK(starting_hand_class(0, 0) == "AA");
    CHECK(starting_hand_class(0, 1) == "AKs");
    CHECK(starting_hand_class(1, 0) == "AKo");
    CHECK(starting_hand_class(12, 12) == "22");
    CHECK(starting_hand_class(11, 12) == "32s");
    std::size_t combos = 0;
    for (int row = 0; row < 13; ++row)
        for (int column = 0; column < 13; ++column) combos += parse_range(starting_hand_class(row, column)).size();
    CHECK(combos == 1326);
}
