// Slow suite: every seven-card hand of the full deck under each rule set,
// counted by `exact_odds` and again by plain nested loops that value each
// hand with `rules::evaluate(CardSet)` (the general path, not the enumeration's
// fixed-size one) and read its row with `row_label_of`.

#include <map>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "odds_labels.hpp"
#include "pokerengine/probability.hpp"
#include "test_support.hpp"

using namespace pokerengine;

namespace {

// Every seven cards of `deck` in seven plain loops; rows read once per value.
std::map<std::string, std::uint64_t> seven_card_rows(const rules& r, CardSet deck) {
    const std::vector<Card> c(deck.begin(), deck.end());
    const std::size_t n = c.size();
    std::vector<std::uint64_t> per_value;
    r.visit([&](const auto& ev) {
        for (std::size_t a = 0; a < n; ++a)
            for (std::size_t b = a + 1; b < n; ++b)
                for (std::size_t d = b + 1; d < n; ++d)
                    for (std::size_t e = d + 1; e < n; ++e) {
                        const CardSet four = CardSet{c[a]} | c[b] | c[d] | c[e];
                        for (std::size_t f = e + 1; f < n; ++f)
                            for (std::size_t g = f + 1; g < n; ++g)
                                for (std::size_t h = g + 1; h < n; ++h) {
                                    const std::uint32_t v = ev.evaluate(four | c[f] | c[g] | c[h]).value;
                                    if (v >= per_value.size()) per_value.resize(v + 1, 0);
                                    ++per_value[v];
                                }
                    }
    });
    std::map<std::string, std::uint64_t> rows;
    for (std::uint32_t v = 0; v < per_value.size(); ++v)
        if (per_value[v]) rows[testing::row_label_of(r, hand_value{v})] += per_value[v];
    return rows;
}

void check_seven_cards(const rules& r, CardSet deck) {
    INFO("rules " << std::string(r.name()) << ", wild " << to_string(r.wild_settings().cards) << ", deck of "
                  << deck.size());
    const odds_table fast = exact_odds(r, hand_source::from_deck(deck, 7), run_options{.threads = 2});
    const std::map<std::string, std::uint64_t> slow = seven_card_rows(r, deck);
    std::uint64_t slow_total = 0;
    for (const auto& [label, count] : slow) slow_total += count;
    for (const odds_row& row : fast.rows) {
        INFO(row.label);
        CHECK(row.count == (slow.contains(row.label) ? slow.at(row.label) : 0));
    }
    CHECK(slow.size() <= fast.rows.size());
    CHECK(fast.total == slow_total);
    CHECK(fast.total == choose(deck.size(), 7));
}

}  // namespace

TEST_CASE("seven cards of the full deck: lowball rankings") {
    for (const char* name : {"ace-to-five", "ace-to-six", "deuce-to-seven", "eight-or-better"})
        check_seven_cards(rules::parse(name), CardSet::standard_deck());
}

// The brute force checks every row, in both orders; three rows follow by hand:
// royal flushes 4 * C(31, 2) = 1,860 (any two other cards); straight flushes
// 4 * 5 * C(30, 2) = 8,700 (six straights from A-6-7-8-9 up, the top one royal,
// and not the card that makes a higher one); four of a kind 9 * C(32, 3) = 44,640.
TEST_CASE("seven cards of the short deck, both orders") {
    const CardSet short_cards{detail::deck_bits<short_deck>};
    for (const char* name : {"short-deck", "short-deck-wsop"}) check_seven_cards(rules::parse(name), short_cards);
    const odds_table t = exact_odds(rules::parse("short-deck"), hand_source::from_deck(short_cards, 7));
    CHECK(t.rows[0].count == 1'860);
    CHECK(t.rows[1].count == 8'700);
    CHECK(t.rows[2].count == 44'640);
}

TEST_CASE("seven cards with wild cards: deuces wild, its pay table, the bug, a wild joker in razz") {
    check_seven_cards(rules::parse("high", {.cards = deuces_wild_cards()}), CardSet::standard_deck());
    check_seven_cards(rules::parse("high", {.cards = deuces_wild_cards(), .paytable = true}), CardSet::standard_deck());
    check_seven_cards(rules::parse("high", {.cards = joker_cards(), .bug = true}),
                      CardSet::standard_deck() | Card::joker(0));
    check_seven_cards(rules::parse("ace-to-five", {.cards = joker_cards()}), CardSet::standard_deck() | Card::joker(0));
}
