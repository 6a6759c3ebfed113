// Rankings other than high: razz (ace-to-five low), deuce-to-seven,
// eight-or-better, ace-to-six and short deck, chosen at compile time by type
// or at run time by name. Every evaluator's values are "higher is better"
// under its own ranking, so no comparison below is ever flipped for a low
// game. Built and run by the test suite (docs).
#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "pokerengine/card_set.hpp"
#include "pokerengine/evaluator.hpp"
#include "pokerengine/rules.hpp"
#include "pokerengine/showdown.hpp"
#include "example_check.hpp"

using namespace pokerengine;

int main() {
    // --- Razz: ace-to-five low over seven cards. -----------------------------
    const razz_evaluator razz;  // the same type as ace_to_five_evaluator
    hand_value wheel = razz.evaluate("As 2d 3c 4h 5s");
    check(razz.describe(wheel) == "Wheel, five-four low (5-4-3-2-A)", "razz: the wheel's description");
    check(wheel > razz.evaluate("As 2d 3c 4h 6s"), "razz: 5-4-3-2-A beats 6-4-3-2-A");
    // Straights and flushes do not count: a suited wheel is still the best low.
    check(razz.evaluate("As 2s 3s 4s 5s") == wheel, "razz: a suited wheel ties an unsuited one");
    // Aces are low, so a pair of aces beats a pair of twos; any unpaired hand beats both.
    check(razz.evaluate("As Ad 2c 3h 4s") > razz.evaluate("2s 2d 3c 4h 5s"), "razz: A-A beats 2-2");
    check(razz.evaluate("Ks Qd Jc Th 8s") > razz.evaluate("As Ad 2c 3h 4s"), "razz: K-high beats a pair");
    // Lows compare from the top card down: an eight-six beats an eight-seven,
    // and equal pairs go to the lower kickers.
    check(razz.evaluate("8s 6d 5c 4h 2s") > razz.evaluate("8d 7c 5h 4s As"), "razz: 8-6 beats 8-7");
    check(razz.evaluate("3s 3d 6c 4h 2s") > razz.evaluate("3h 3c 6d 5s As"), "razz: 3-3-6-4-2 beats 3-3-6-5-A");
    // Seven cards: the best five are chosen; the pair of kings is left out.
    CardSet seven = parse_card_set("Kd 7c 5h 4s 3d 2c Kc");
    check(razz.describe(razz.evaluate(seven)) == "Seven-five low (7-5-4-3-2)", "razz: best low of seven");
    check(to_string(razz.best_five(seven)) == "7c 5h 4s 3d 2c", "razz: best five");
    // The showdown is the same function as for high hands.
    std::vector<CardSet> razz_players{parse_card_set("As 2d 3c 9h 9s Kd Qc"),   // queen-nine low
                                      parse_card_set("6s 5d 4c 3h 2s Kh Kc")};  // six-five low
    check(razz.describe(razz.evaluate(razz_players[0])) == "Queen-nine low (Q-9-3-2-A)", "razz: queen-nine low");
    check((winners(razz, razz_players) == std::vector<std::size_t>{1}), "razz: the six-five low wins");

    // --- Deuce-to-seven: aces high, straights and flushes count against. ------
    const deuce_to_seven_evaluator d27;
    hand_value number_one = d27.evaluate("7s 5d 4c 3h 2s");
    check(d27.describe(number_one) == "Number one, seven-five low (7-5-4-3-2)", "2-7: number one");
    check(number_one.value == deuce_to_seven_evaluator::distinct_values, "2-7: number one is the top value");
    // The same ranks in one suit are a flush, a bad low.
    hand_value suited = d27.evaluate("7s 5s 4s 3s 2s");
    check(d27.category(suited) == hand_category::flush, "2-7: suited 7-5-4-3-2 is a flush");
    check(d27.evaluate("8s 6d 4c 3h 2s") > suited, "2-7: an eight-six beats the flush");
    // 6-5-4-3-2 is a straight; A-5-4-3-2 is not a straight but ace-high.
    check(d27.category(d27.evaluate("6s 5d 4c 3h 2s")) == hand_category::straight, "2-7: 6-5-4-3-2 is a straight");
    hand_value ace_five = d27.evaluate("As 5d 4c 3h 2s");
    check(d27.describe(ace_five) == "Ace-five low (A-5-4-3-2)", "2-7: A-5-4-3-2 is ace-high");
    check(d27.evaluate("Ks Qd Jc Th 8s") > ace_five, "2-7: king-high beats ace-high");
    check(ace_five > d27.evaluate("2s 2d 3c 4h 5s"), "2-7: ace-high beats any pair");
    check(d27.evaluate("Ks Kd Qc Jh Ts") > d27.evaluate("As Ad 2c 3h 4s"), "2-7: a pair of aces is the worst pair");

    // --- Ace-to-six: aces low, straights and flushes count against. -----------
    const ace_to_six_evaluator a6;
    check(a6.describe(a6.evaluate("6s 4d 3c 2h As")) == "Six-four low (6-4-3-2-A)", "A-6: the best hand");
    check(a6.category(a6.evaluate("As 2d 3c 4h 5s")) == hand_category::straight, "A-6: A-2-3-4-5 is a straight");
    check(a6.evaluate("Ks Qd Jc 9h 8s") > a6.evaluate("As 2d 3c 4h 5s"), "A-6: king-high beats the wheel straight");

    // --- Eight-or-better: a low needs five different ranks, eight or lower. ---
    const eight_or_better_evaluator low8;
    hand_value no_low = low8.evaluate("9s 5d 4c 3h 2s");
    check(no_low.value == 0, "8-or-better: a nine means no low, value 0");
    check(low8.describe(no_low) == "No qualifying low", "8-or-better: no low in words");
    check(low8.best_five(parse_card_set("9s 5d 4c 3h 2s")).empty(), "8-or-better: no five cards for no low");
    check(low8.evaluate("As Ad 2c 3h 4s").value == 0, "8-or-better: a pair does not qualify");
    hand_value worst_low = low8.evaluate("8s 7d 6c 5h 4s");
    check(worst_low.value == 1 && worst_low > no_low, "8-or-better: 8-7-6-5-4 is the lowest qualifying value");
    check(eight_or_better_evaluator::distinct_values == 56, "8-or-better: 56 qualifying lows");
    try {
        (void)low8.shape(no_low);
        check(false, "8-or-better: shape(0) accepted");
    } catch (const std::out_of_range&) {
    }
    // Stud high-low: the same seven cards are read once for high, once for low.
    CardSet stud = parse_card_set("As 2d 4c 7h 8d Ks Kh");
    check(high_evaluator{}.describe(high_evaluator{}.evaluate(stud)) == "Pair of kings, ace-eight-seven kickers",
          "stud 8: the high half");
    check(low8.describe(low8.evaluate(stud)) == "Eight-seven low (8-7-4-2-A)", "stud 8: the low half");
    // One hand can be both: a steel wheel is a straight flush for high and the best low.
    CardSet both_ways = parse_card_set("Ah 2h 3h 4h 5h Kd Kc");
    check(high_evaluator{}.category(high_evaluator{}.evaluate(both_ways)) == hand_category::straight_flush,
          "stud 8: the steel wheel is a straight flush");
    check(low8.evaluate(both_ways).value == 56, "stud 8: ... and the best low");
    // With nobody qualifying, every player ties at 0: the caller, not the
    // evaluator, gives the whole pot to the high hand.
    std::vector<CardSet> no_lows{parse_card_set("Ks Kd Qc Jh 9s"), parse_card_set("Ts 9d 9c 2h 3s")};
    showdown_result low_half = showdown(low8, no_lows);
    check(low_half.values[0].value == 0 && low_half.values[1].value == 0, "8-or-better: neither hand qualifies");
    check((low_half.winners == std::vector<std::size_t>{0, 1}), "8-or-better: all tie at no low");

    // --- Short deck: 36 cards, six to ace. ------------------------------------
    const short_deck_evaluator six_plus;                // three of a kind beats a straight
    const evaluator<short_deck_wsop> wsop;              // a straight beats three of a kind
    hand_value low_straight = six_plus.evaluate("As 6d 7c 8h 9s");
    check(six_plus.category(low_straight) == hand_category::straight, "short deck: A-6-7-8-9 is a straight");
    check(six_plus.evaluate("6s 7d 8c 9h Ts") > low_straight, "short deck: A-6-7-8-9 is the lowest straight");
    check(six_plus.compare(parse_card_set("As Ks 9s 8s 6s"), parse_card_set("Ks Kd Kc 6h 6s")) > 0,
          "short deck: a flush beats a full house");
    check(wsop.compare(parse_card_set("As Ks 9s 8s 6s"), parse_card_set("Ks Kd Kc 6h 6s")) > 0,
          "short deck (WSOP): a flush beats a full house");
    CardSet trips = parse_card_set("7s 7d 7c Ah Ks"), straight = parse_card_set("Ts Jd Qc Kh As");
    check(six_plus.compare(trips, straight) > 0, "short deck: three sevens beat the ace-high straight");
    check(wsop.compare(trips, straight) < 0, "short deck (WSOP): the straight beats three sevens");
    try {
        (void)six_plus.evaluate("As Kd Qc Jh 5s");
        check(false, "short deck: a five accepted");
    } catch (const hand_error& e) {
        check(std::string(e.what()) == "card 5s is not in the 36-card deck (six to ace) of short-deck rules", "short deck: message");
    }

    // --- Run-time choice: rules by name, one dispatch per batch. ---------------
    // The same two hands under three rule sets read from configuration.
    CardSet seven_five = parse_card_set("7s 5d 4c 3h 2s"), wheel_straight = parse_card_set("As 2d 3c 4h 5c");
    struct expectation {
        std::string_view rules;
        int better;  // 0: the 7-5 hand, 1: A-2-3-4-5
    };
    for (expectation e : {expectation{"high", 1}, expectation{"ace-to-five", 1}, expectation{"deuce-to-seven", 0}}) {
        rules r = rules::parse(e.rules);
        int better = r.visit([&](const auto& ev) { return ev.compare(seven_five, wheel_straight) > 0 ? 0 : 1; });
        check(better == e.better, "rules " + std::string(e.rules) + ": the better hand");
        check(r.name() == e.rules, "rules name");
    }
    rules deuce = rules::parse("deuce-to-seven");
    // One dispatch for a whole batch: inside the lambda the evaluator has its real type.
    std::vector<CardSet> hands{seven_five, wheel_straight, parse_card_set("7s 5s 4s 3s 2s")};
    // The lambda is compiled for every evaluator rules can hold; this call runs the deuce-to-seven one.
    bool ran_deuce = false;
    std::vector<hand_value> values = deuce.visit([&](const auto& ev) {
        ran_deuce = std::is_same_v<std::decay_t<decltype(ev)>, evaluator<deuce_to_seven_low>>;
        std::vector<hand_value> out;
        for (CardSet hand : hands) out.push_back(ev.evaluate(hand));
        return out;
    });
    check(ran_deuce, "rules: visit called the deuce-to-seven evaluator");
    check(values.size() == 3 && values[0] > values[1] && values[1] > values[2],
          "rules: number one, then ace-five, then the flush");
    check(deuce.describe(deuce.evaluate(seven_five)) == "Number one, seven-five low (7-5-4-3-2)", "rules: describe");
    check(rules::parse("eight-or-better").has_qualifier() && !deuce.has_qualifier(), "rules: qualifier");
    try {
        (void)rules::parse("razz");
        check(false, "rules: an unknown name accepted");
    } catch (const rules_error& e) {
        check(std::string(e.what()) ==
                  "unknown rules \"razz\"; valid rules are high, ace-to-five, ace-to-six, deuce-to-seven, "
                  "eight-or-better, short-deck, short-deck-wsop, badugi",
              "rules: the error lists the valid names");
    }

    std::printf("%s\n", failures ? "rankings example: FAILED" : "rankings example: ok");
    return failures ? 1 : 0;
}
