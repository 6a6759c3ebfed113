// The exact return of each built-in video-poker game under optimal play,
// against the published figures (four decimals of a percentage):
//   Jacks or Better 9/6      99.5439%  (Wizard of Odds, Jacks or Better)
//   Deuces Wild full pay    100.7620%  (Wizard of Odds, Deuces Wild)
//   Joker Poker kings 20-7-5 100.6463% (Wizard of Odds, Joker Poker)
// docs/video_poker.md gives the addresses. Each game enumerates every deal,
// about a second each in a release build.

#include <cmath>
#include <cstdint>

#include <doctest/doctest.h>

#include "pokerengine/video_poker.hpp"

using namespace pokerengine;

namespace {

video_poker_return return_of(const char* name) { return compute_return(draw_tables{pay_table::named(name)}); }

// The return in percent, rounded to four decimals, times 10,000.
std::int64_t percent_four_decimals(const video_poker_return& r) {
    return static_cast<std::int64_t>(std::llround(r.value.convert_to<double>() * 1'000'000));
}

void check_probabilities_add_up(const video_poker_return& r) {
    exact_fraction total = 0;
    for (const exact_fraction& p : r.row_probability) total += p;
    CHECK(total == 1);
}

}  // namespace

TEST_CASE("Jacks or Better 9/6 returns 99.5439%") {
    video_poker_return r = return_of("jacks-or-better-9-6");
    CHECK(r.deals == 2'598'960);
    CHECK(r.distinct_deals == 134'459);
    CHECK(percent_four_decimals(r) == 995'439);
    check_probabilities_add_up(r);
}

TEST_CASE("full-pay Deuces Wild returns 100.7620%") {
    video_poker_return r = return_of("deuces-wild-full-pay");
    CHECK(r.deals == 2'598'960);
    CHECK(percent_four_decimals(r) == 1'007'620);
    check_probabilities_add_up(r);
}

TEST_CASE("Joker Poker, kings or better, 20-7-5 returns 100.6463%") {
    video_poker_return r = return_of("joker-poker-kings");
    CHECK(r.deals == 2'869'685);
    CHECK(percent_four_decimals(r) == 1'006'463);
    check_probabilities_add_up(r);
}
