// Rules chosen by name at run time (rules.hpp): every name dispatches to the
// compile-time evaluator of its ranking and gives the same values, words and
// best five cards; unknown names are errors that list the valid ones.

#include <algorithm>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <doctest/doctest.h>

#include "pokerengine/rules.hpp"
#include "test_support.hpp"

using namespace pokerengine;

namespace {

// The ranking each name stands for, written out here rather than read from rules.hpp.
template <class R>
struct named {
    using ranking = R;
    std::string_view name;
    bool short_deck;
    bool qualifier;
};

// `count` different cards from `deck` by a partial Fisher-Yates shuffle.
CardSet random_hand(xoshiro256ss& rng, std::vector<Card> deck, int count) {
    CardSet out;
    for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i) {
        std::swap(deck[i], deck[i + uniform_below(rng, deck.size() - i)]);
        out |= deck[i];
    }
    return out;
}

std::vector<Card> deck(bool short_deck) {
    std::vector<Card> cards;
    for (Card c : CardSet::standard_deck())
        if (!short_deck || c.rank() >= Rank::six) cards.push_back(c);
    return cards;
}

// The rules of `n.name` behave as `evaluator<R>` on random hands of 5 to 10 cards.
template <class R>
void check_same_as_compile_time(const named<R>& n) {
    CAPTURE(n.name);
    const rules r = rules::parse(n.name);
    const evaluator<R> ev;
    CHECK(r.name() == n.name);
    CHECK(r.has_qualifier() == n.qualifier);
    CHECK(r.visit([](const auto& e) { return std::is_same_v<std::decay_t<decltype(e)>, evaluator<R>>; }));

    xoshiro256ss rng{2024};
    int wrong = 0;
    for (int size = 5; size <= 10; ++size)
        for (int i = 0; i < 2'000; ++i) {
            const CardSet cards = random_hand(rng, deck(n.short_deck), size);
            const hand_value v = ev.evaluate(cards);
            bool same = r.evaluate(cards) == v && r.evaluate(to_string(cards)) == v &&
                        r.describe(v) == ev.describe(v) && r.best_five(cards) == ev.best_five(cards);
            if (v.value != 0) same = same && r.category(v) == ev.category(v);
            if (!same && wrong++ < 10) FAIL_CHECK(n.name << ": " << to_string(cards) << " (" << ev.describe(v) << ")");
        }
    CHECK(wrong == 0);
}

}  // namespace

TEST_CASE("every name gives the values of its compile-time evaluator") {
    check_same_as_compile_time(named<high>{"high", false, false});
    check_same_as_compile_time(named<ace_to_five_low>{"ace-to-five", false, false});
    check_same_as_compile_time(named<ace_to_six_low>{"ace-to-six", false, false});
    check_same_as_compile_time(named<deuce_to_seven_low>{"deuce-to-seven", false, false});
    check_same_as_compile_time(named<eight_or_better_low>{"eight-or-better", false, true});
    check_same_as_compile_time(named<short_deck>{"short-deck", true, false});
    check_same_as_compile_time(named<short_deck_wsop>{"short-deck-wsop", true, false});

    SUBCASE("the seven names above and badugi are all the names, each once") {
        std::vector<std::string_view> names(rules::names.begin(), rules::names.end());
        std::sort(names.begin(), names.end());
        CHECK(names == std::vector<std::string_view>{"ace-to-five", "ace-to-six", "badugi", "deuce-to-seven",
                                                     "eight-or-better", "high", "short-deck", "short-deck-wsop"});
        badugi_evaluator badugi;
        rules by_name = rules::parse("badugi");
        for (const char* hand : {"As 2h 3d 4c", "Kh 7d 5s Ah", "As Ah Ad Ac"})
            CHECK(by_name.evaluate(hand) == badugi.evaluate(hand));
        CHECK(by_name.category_label(by_name.evaluate("Kh 7d 5s Ah")) == "Three-card hand");
        for (std::string_view name : rules::names) CHECK(rules::parse(name).name() == name);
    }
}

TEST_CASE("the rules differ where their rankings differ") {
    const CardSet wheel = parse_card_set("As 2d 3c 4h 5s");
    CHECK(rules::parse("high").category(rules::parse("high").evaluate(wheel)) == hand_category::straight);
    CHECK(rules::parse("ace-to-five").describe(rules::parse("ace-to-five").evaluate(wheel)) ==
          "Wheel, five-four low (5-4-3-2-A)");
    CHECK(rules::parse("ace-to-six").category(rules::parse("ace-to-six").evaluate(wheel)) == hand_category::straight);
    CHECK(rules::parse("deuce-to-seven").describe(rules::parse("deuce-to-seven").evaluate(wheel)) ==
          "Ace-five low (A-5-4-3-2)");
    CHECK(rules::parse("eight-or-better").evaluate("9s 5d 4c 3h 2s") == hand_value{0});
    CHECK(rules::parse("eight-or-better").describe(hand_value{0}) == "No qualifying low");
    CHECK(rules::parse("eight-or-better").best_five(parse_card_set("9s 5d 4c 3h 2s")).empty());

    const rules triton = rules::parse("short-deck");
    const rules wsop = rules::parse("short-deck-wsop");
    CHECK(triton.evaluate("6s 6d 6c 7h 8s") > triton.evaluate("Ts Jd Qc Kh As"));
    CHECK(wsop.evaluate("6s 6d 6c 7h 8s") < wsop.evaluate("Ts Jd Qc Kh As"));
    CHECK_THROWS_AS(triton.evaluate(wheel), hand_error);
    CHECK_THROWS_AS(wsop.evaluate("5s 6d 7c 8h 9s"), hand_error);
}

TEST_CASE("has_qualifier: only eight-or-better can have no low") {
    for (std::string_view name : rules::names) {
        CAPTURE(name);
        CHECK(rules::parse(name).has_qualifier() == (name == "eight-or-better"));
    }
}

TEST_CASE("the default rules are high poker") {
    const rules r;
    CHECK(r.name() == "high");
    CHECK_FALSE(r.has_qualifier());
    CHECK(r.evaluate("As Ks Qs Js Ts") == high_evaluator{}.evaluate("As Ks Qs Js Ts"));
    CHECK(r.describe(r.evaluate("6s 6d 6h Qc Qd")) == "Full house, sixes over queens");

    rules copy = rules::parse("deuce-to-seven");
    CHECK(copy.name() == "deuce-to-seven");
    copy = r;  // rules are values
    CHECK(copy.name() == "high");
}

TEST_CASE("an unknown name is an error that quotes it and lists every valid name") {
    // The names in the order of rules::names, comma-separated.
    std::string listed;
    for (std::string_view name : rules::names) listed += (listed.empty() ? "" : ", ") + std::string(name);
    CHECK(listed.starts_with("high, ace-to-five, ace-to-six, deuce-to-seven, eight-or-better, short-deck, "
                             "short-deck-wsop"));
    CHECK_THROWS_WITH_AS(rules::parse("razz"), ("unknown rules \"razz\"; valid rules are " + listed).c_str(),
                         rules_error);

    for (const char* bad : {"", "High", "deuce_to_seven", "ace-to-five ", "short deck", "2-7", "lowball"}) {
        CAPTURE(bad);
        try {
            (void)rules::parse(bad);
            FAIL_CHECK("no error for \"" << bad << "\"");
        } catch (const rules_error& e) {
            const std::string message = e.what();
            const std::string quoted = std::string(1, '"').append(bad).append(1, '"');
            CHECK(message.find(quoted) != std::string::npos);
            for (std::string_view name : rules::names) {
                CAPTURE(name);
                CHECK(message.find(name) != std::string::npos);
            }
        }
    }

    // A rules_error is an invalid_argument, so callers may catch either.
    CHECK_THROWS_AS(rules::parse("razz"), std::invalid_argument);
}
