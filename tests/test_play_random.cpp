// Random legal hands, 5,700 per game and betting structure: more than 50,000
// per game family (hold'em, Omaha, stud, draw) in the slow suite; each game is
// its own meson test so they run in parallel (POKERENGINE_GAMES=holdem).
// Every hand is checked as in the unit suite (tests/play_support.hpp): chips
// conserved after every action, legal() against try_apply at the raise
// boundaries, no card in two places, restore(serialize()) at random points,
// and a replay from the seed and the actions.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "play_support.hpp"

namespace {

constexpr int hands = 5'700;  // per betting structure

// The games named by POKERENGINE_GAMES (comma-separated; meson gives each test
// one), or every game.
std::vector<std::string_view> chosen_games() {
    const char* chosen = std::getenv("POKERENGINE_GAMES");
    std::vector<std::string_view> names;
    for (const pokerengine::game_traits& t : pokerengine::all_games()) names.push_back(t.name);
    if (chosen == nullptr) return names;
    std::vector<std::string_view> picked;
    for (std::string_view rest = chosen; !rest.empty();) {
        const std::size_t comma = std::min(rest.find(','), rest.size());
        picked.push_back(rest.substr(0, comma));
        rest.remove_prefix(std::min(comma + 1, rest.size()));
    }
    return picked;
}

}  // namespace

// Each game's seed is its place in the game list, plus one.
TEST_CASE("random hands of every game") {
    const auto games = pokerengine::all_games();
    for (std::string_view name : chosen_games()) {
        CAPTURE(name);
        const auto at = std::ranges::find(games, name, &pokerengine::game_traits::name);
        REQUIRE(at != games.end());
        const auto seed = static_cast<std::uint64_t>(at - games.begin()) + 1;
        play_testing::check_random_hands_all_structures(name, hands, seed * 1'000'003ULL);
    }
}

// The slow suite runs one test per game, from a list meson keeps: it must name
// every game of the library, once.
TEST_CASE("the game list of the slow suite") {
    const char* listed = std::getenv("POKERENGINE_SUITE_GAMES");
    if (listed == nullptr) return;  // run outside meson
    std::string expected;
    for (const pokerengine::game_traits& t : pokerengine::all_games())
        expected += (expected.empty() ? "" : ",") + std::string(t.name);
    CHECK(std::string(listed) == expected);
}
