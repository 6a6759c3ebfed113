// Random legal hands, 11,400 per game and betting structure: more than 100,000
// per game family (hold'em, Omaha, stud, draw) in the slow suite; each game is
// its own test case so they run in parallel: --test-case=holdem.
// Every hand is checked as in the unit suite (tests/play_support.hpp): chips
// conserved after every action, legal() against try_apply at the raise
// boundaries, no card in two places, restore(serialize()) at random points,
// and a replay from the seed and the actions.
#include <doctest/doctest.h>

#include <cstdint>
#include <string_view>

#include "play_support.hpp"

namespace {

constexpr int hands = 11'400;  // per betting structure

void random_play(std::string_view game, std::uint64_t seed) {
    play_testing::check_random_hands_all_structures(game, hands, seed * 1'000'003ULL);
}

}  // namespace

TEST_CASE("holdem") { random_play("holdem", 1); }
TEST_CASE("short-deck") { random_play("short-deck", 2); }
TEST_CASE("short-deck-wsop") { random_play("short-deck-wsop", 3); }
TEST_CASE("omaha") { random_play("omaha", 4); }
TEST_CASE("omaha5") { random_play("omaha5", 5); }
TEST_CASE("omaha6") { random_play("omaha6", 6); }
TEST_CASE("omaha-hi-lo") { random_play("omaha-hi-lo", 7); }
TEST_CASE("omaha5-hi-lo") { random_play("omaha5-hi-lo", 8); }
TEST_CASE("stud") { random_play("stud", 9); }
TEST_CASE("stud-hi-lo") { random_play("stud-hi-lo", 10); }
TEST_CASE("razz") { random_play("razz", 11); }
TEST_CASE("five-card-draw") { random_play("five-card-draw", 12); }
TEST_CASE("deuce-to-seven-single-draw") { random_play("deuce-to-seven-single-draw", 13); }
TEST_CASE("deuce-to-seven-triple-draw") { random_play("deuce-to-seven-triple-draw", 14); }
TEST_CASE("ace-to-five-triple-draw") { random_play("ace-to-five-triple-draw", 15); }
TEST_CASE("badugi") { random_play("badugi", 16); }
TEST_CASE("joker-draw") { random_play("joker-draw", 17); }
TEST_CASE("deuces-wild-draw") { random_play("deuces-wild-draw", 18); }
