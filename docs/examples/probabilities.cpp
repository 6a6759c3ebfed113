// Probabilities: how likely each kind of hand is, counted exactly over every
// hand of a deck or a set of reels, and simulated with a seed beside it.
// Built and run by the test suite (docs); exits non-zero if a figure is wrong.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "pokerengine/card_set.hpp"
#include "pokerengine/evaluator.hpp"
#include "pokerengine/probability.hpp"
#include "pokerengine/rules.hpp"
#include "example_check.hpp"

using namespace pokerengine;

namespace {

std::uint64_t count_of(const odds_table& t, const std::string& label) {
    for (const odds_row& row : t.rows)
        if (row.label == label) return row.count;
    return 0;
}
}  // namespace

int main() {
    // --- Every five-card hand of the 52 cards: the published table. ----------
    const hand_source five = hand_source::from_deck(CardSet::standard_deck(), 5);
    const odds_table high = exact_odds(high_evaluator{}, five);
    check(high.total == 2'598'960, "five cards: C(52, 5) hands");
    check(high.rows.front().label == "Royal flush" && high.rows.front().count == 4, "five cards: 4 royal flushes");
    check(count_of(high, "Full house") == 3'744, "five cards: 3,744 full houses");
    // Probabilities are exact fractions in lowest terms.
    check(high.probability(0) == exact_fraction(1, 649'740), "five cards: a royal flush is 1 in 649,740");

    // --- Seven cards, on every core: well under a second. --------------------
    const odds_table seven = exact_odds(high_evaluator{}, hand_source::from_deck(CardSet::standard_deck(), 7));
    check(seven.total == 133'784'560 && count_of(seven, "Royal flush") == 4'324, "seven cards: 4,324 royal flushes");

    // --- Rules by name: lowball rows are the lows by their top card. ---------
    const odds_table razz = exact_odds(rules::parse("ace-to-five"), hand_source::from_deck(CardSet::standard_deck(), 7));
    check(razz.rows[0].label == "5-low (wheel)" && razz.rows[0].count == 781'824, "razz: 781,824 wheels in seven cards");
    const odds_table eight = exact_odds(rules::parse("eight-or-better"), five);
    check(eight.rows.back().label == "No qualifying low", "eight-or-better: no low is the last row");

    // --- Wild cards: the deck gets its joker from the caller. ----------------
    const odds_table deuces = exact_odds(deuces_wild_evaluator{}, five);
    check(deuces.rows[0].label == "Five of a kind" && deuces.rows[0].count == 672, "deuces wild: 672 five of a kind");
    const hand_source with_joker = hand_source::from_deck(CardSet::standard_deck() | Card::joker(0), 5);
    check(exact_odds(joker_poker_evaluator{}, with_joker).rows[1].label == "Five of a kind",
          "joker poker: five of a kind second in the pay table");

    // --- Reels: one card from each; three reels of two cards and two of one. --
    const hand_source machine = hand_source::from_reels(
        {parse_cards("As Kd"), parse_cards("Ah 2c"), parse_cards("Ac 7s"), parse_cards("Qs"), parse_cards("Jh")});
    const odds_table reels = exact_odds(high_evaluator{}, machine);
    check(reels.total == 8 && count_of(reels, "Three of a kind") == 1 && count_of(reels, "One pair") == 3,
          "reels: 8 hands, one three of a kind, three pairs");

    // --- A seeded simulation beside the exact table. ------------------------
    const odds_table simulated = simulated_odds(high_evaluator{}, five, 2'000'000, 42);
    check(simulated.total == 2'000'000, "simulation: the hands asked for");
    for (std::size_t i = 0; i < high.rows.size(); ++i) {
        double z = standard_errors(simulated.rows[i].count, simulated.total, high.probability(i));
        check(std::abs(z) < 4, "simulation: " + high.rows[i].label + " within 4 standard errors");
    }
    // The same seed gives the same numbers, with any number of threads.
    const odds_table again = simulated_odds(high_evaluator{}, five, 2'000'000, 42, run_options{.threads = 1});
    check(again.rows[8].count == simulated.rows[8].count, "simulation: the seed fixes the numbers");

    if (failures == 0) std::printf("probabilities: all checks passed\n");
    return failures == 0 ? 0 : 1;
}
