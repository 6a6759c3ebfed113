// A program outside the project that uses the installed pokerengine: the
// engine's evaluator and a game of the variants chosen by name, settled with
// side pots. The packaging tests build it through pkg-config, through CMake's
// find_package and as a Meson subproject, run it, and read its last line.
#include <cstdio>
#include <string>
#include <vector>

#include "pokerengine/card_set.hpp"
#include "pokerengine/evaluator.hpp"
#include "pokerengine/games.hpp"
#include "pokerengine/settlement.hpp"

using namespace pokerengine;

int main() {
    int failures = 0;
    auto check = [&](bool ok, const char* what) {
        if (!ok) {
            std::printf("wrong: %s\n", what);
            ++failures;
        }
    };

    const high_evaluator ev;
    check(ev.describe(ev.evaluate(parse_card_set("Ah Kh Qh Jh Th 2c 2d"))) == "Royal flush", "royal flush");

    const any_game game = find_game("holdem");
    const std::vector<seat> seats{{parse_card_set("Ks Kd"), 25}, {parse_card_set("As Ad"), 60},
                                  {parse_card_set("Qs Jd"), 100}};
    const settlement s = settle(game, seats, parse_card_set("Kh 9c 5d 2s 7h"), 0);
    check((s.payouts == std::vector<chips>{75, 70, 40}), "hold'em payouts with two side pots");

    std::printf("%s\n", failures ? "consumer: FAILED" : "consumer: ok");
    return failures ? 1 : 0;
}
