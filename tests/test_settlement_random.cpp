// Half a million random showdowns per game family against the reference
// settlement (slow suite; each family is its own test so they run in parallel).
#include <doctest/doctest.h>

#include "pokerengine/games.hpp"
#include "settlement_properties.hpp"

using namespace pokerengine;

constexpr std::uint64_t showdowns = 500'000;

TEST_CASE("holdem") { testing::check_random_showdowns<games::holdem>(showdowns, 1); }
TEST_CASE("short-deck") { testing::check_random_showdowns<games::short_deck_holdem>(showdowns, 2); }
TEST_CASE("omaha-hi-lo") { testing::check_random_showdowns<games::omaha_hi_lo>(showdowns, 4); }
TEST_CASE("stud-hi-lo") { testing::check_random_showdowns<games::stud_hi_lo>(showdowns, 5); }
TEST_CASE("razz") { testing::check_random_showdowns<games::razz>(showdowns, 6); }
TEST_CASE("deuce-to-seven-triple-draw") {
    testing::check_random_showdowns<games::deuce_to_seven_triple_draw>(showdowns, 7);
}
TEST_CASE("badugi") { testing::check_random_showdowns<games::badugi>(showdowns, 8); }
