// Video poker: the examples of docs/video_poker.md as checks. Built and run by
// the test suite (docs); exits non-zero if any check fails.
#include <cstdio>
#include <string>
#include <vector>

#include "pokerengine/card_set.hpp"
#include "pokerengine/video_poker.hpp"

using namespace pokerengine;

namespace {
int failures = 0;
void check(bool ok, const std::string& what) {
    if (!ok) {
        std::printf("FAILED: %s\n", what.c_str());
        ++failures;
    }
}
}  // namespace

int main() {
    pay_table table = pay_table::named("jacks-or-better-9-6");
    check(table.rows()[3].label == "Full house" && table.rows()[3].pays == 9, "9/6: a full house pays 9");
    check(table.pays(parse_card_set("Jh Jd 2c 5s 9h")) == 1 && table.pays(parse_card_set("Th Td 2c 5s 9h")) == 0,
          "a pair pays from jacks up");

    // Four to a royal flush beats the made flush.
    std::vector<hold_value> holds = analyze_hand(table, parse_card_set("As Ks Qs Js 9s"));
    check(holds.size() == 32, "32 holds");
    check(holds[0].held == parse_card_set("As Ks Qs Js"), "the best hold keeps four to the royal");
    check(holds[0].pay_sum == 866 && holds[0].draws == 47, "and is worth 866/47");
    check(holds[1].held.size() == 5 && holds[1].ev() == 6, "the flush is worth 6");

    // A dealt royal flush holds all five.
    check(analyze_hand(table, parse_card_set("As Ks Qs Js Ts"))[0].ev() == 800, "a dealt royal is worth 800");

    // A table of one's own: Jacks or Better 8/5.
    pay_table eight_five = pay_table::parse(
        "game jacks-or-better\n"
        "royal-flush 800\nstraight-flush 50\nfour-of-a-kind 25\nfull-house 8\nflush 5\n"
        "straight 4\nthree-of-a-kind 3\ntwo-pair 2\njacks-or-better 1\n",
        "8-5.txt");
    check(eight_five.rows()[3].pays == 8, "8/5: a full house pays 8");
    try {
        (void)pay_table::parse("game jacks-or-better\nroyal 800\n", "bad.txt");
        check(false, "an unknown category is an error");
    } catch (const paytable_error& e) {
        check(std::string(e.what()).starts_with("bad.txt: line 2: unknown category \"royal\""), e.what());
    }

    // The exact return under optimal play: 99.5439% as published.
    draw_tables tables{table};
    // The tables count the same draws without dealing them.
    for (const hold_value& h : tables.holds(parse_card_set("As Ks Qs Js 9s")))
        if (h.held == parse_card_set("As Ks Qs Js")) check(h.pay_sum == 866 && h.draws == 47, "counted: 866/47");
    video_poker_return r = compute_return(tables);
    check(numerator(r.value) == 1'653'526'326'983 && denominator(r.value) == 1'661'102'543'100,
          "9/6 returns 1653526326983/1661102543100");
    check(r.deals == 2'598'960 && r.distinct_deals == 134'459, "every deal, 134,459 up to suits");
    double percent = 100 * r.value.convert_to<double>();
    check(percent > 99.54385 && percent < 99.54395, "99.5439%");
    std::printf("Jacks or Better 9/6 returns %.6f%%\n", percent);
    return failures == 0 ? 0 : 1;
}
