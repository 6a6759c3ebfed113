// Player statistics over hand histories: a heads-up hand read from PHH, the
// figures a tracker shows, the all-in valued at its equity, and the graph of
// one player's winnings. Built and run by the test suite (docs).
#include <cmath>
#include <cstdio>
#include <string>

#include "pokerengine/phh.hpp"
#include "pokerengine/statistics.hpp"
#include "example_check.hpp"

using namespace pokerengine::play;

// Heads-up, blinds 1 and 2 (PHH lists the big blind first): Bob on the button
// opens to 6, Ann moves in for 100 and Bob calls with a pair of kings against
// her ace-king; the board pairs no one and the ace comes on the river.
constexpr const char* history = R"(variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
players = ['Ann', 'Bob']
actions = ['d dh p1 AsKd', 'd dh p2 KhKc', 'p2 cbr 6', 'p1 cbr 100', 'p2 cc', 'p1 sm AsKd', 'p2 sm KhKc',
  'd db 2c7d9h', 'd db 3s', 'd db Ah']
)";

int main() {
    statistics stats;
    stats.follow("Ann");
    for (const recorded_hand& hand : read_phh(history, "example.phh")) stats.add(hand, hand.players);

    for (const player_statistics& p : stats.players())
        std::printf("%s: %llu hand, VPIP %.0f%%, PFR %.0f%%, net %lld, all-in adjusted %.2f\n", p.player.c_str(),
                    static_cast<unsigned long long>(p.hands), 100 * p.vpip.ratio().value_or(0),
                    100 * p.pfr.ratio().value_or(0), static_cast<long long>(p.net), p.all_in_adjusted);

    const auto players = stats.players();
    const player_statistics& ann = players[0];
    const player_statistics& bob = players[1];
    check(ann.player == "Ann" && ann.net == 100 && bob.net == -100, "Ann wins Bob's 100");
    check(ann.three_bet.made == 1 && bob.fold_to_three_bet.chances == 1, "Ann's move in re-raises Bob's open");
    check(ann.went_to_showdown == 1 && ann.won_at_showdown == 1, "a showdown Ann won");
    // All in before the flop, Ann had about 30% of the 200 chips, so her result
    // valued at the equity is near 0.30 x 200 - 100 = -40, and Bob's its opposite.
    check(ann.all_in_hands == 1 && ann.all_in_adjusted > -45 && ann.all_in_adjusted < -35, "Ann's equity was about 30%");
    check(std::abs(ann.all_in_adjusted + bob.all_in_adjusted) < 1e-9, "what one expects to win the other expects to lose");

    const std::string svg = winnings_graph_svg(stats.graph(), "Ann");
    check(stats.graph().size() == 1 && svg.find("<polyline") != std::string::npos, "a graph of one hand");
    return failures == 0 ? 0 : 1;
}
