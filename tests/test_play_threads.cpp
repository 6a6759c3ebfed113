// Many hands on many threads: hand_state has no shared mutable state, so
// threads that share one const configuration and one const hand in progress
// (each copying it) play exactly the hands one thread plays. The ThreadSanitizer
// build runs this program ('threads' suite).
#include <doctest/doctest.h>

#include <cstdint>
#include <thread>
#include <vector>

#include "pokerengine/phh.hpp"
#include "pokerengine/play.hpp"

using namespace pokerengine;
using namespace pokerengine::play;

namespace {

// A checksum of `count` seeded random hands from `first`, each also copied
// from `shared` (a hand in progress) and played on from there.
std::uint64_t play_hands(const hand_config& config, const hand_state& shared, std::uint64_t first, int count) {
    std::uint64_t sum = 0;
    for (int k = 0; k < count; ++k) {
        const std::uint64_t seed = first + static_cast<std::uint64_t>(k);
        hand_state hand{config, seed};
        xoshiro256ss rng{seed};
        while (!hand.is_complete()) hand.apply(random_action(hand, rng));
        hand_state copy = shared;
        while (!copy.is_complete()) copy.apply(random_action(copy, rng));
        for (chips c : hand.stacks()) sum = sum * 31 + static_cast<std::uint64_t>(c);
        for (chips c : copy.stacks()) sum = sum * 37 + static_cast<std::uint64_t>(c);
        sum += write_phh(hand).size() + hand.serialize().size() + hand.view_for(0).history.size();
    }
    return sum;
}

}  // namespace

TEST_CASE("threads sharing a configuration and a hand play what one thread plays") {
    for (const char* game : {"holdem", "omaha-hi-lo", "razz", "badugi"}) {
        CAPTURE(game);
        const hand_config config =
            hand_config::standard(game, hand_config::usual_structure(find_game(game)), 6, 100);
        const hand_state shared{config, 99};
        constexpr int per_thread = 300;
        std::vector<std::uint64_t> alone(4), together(4);
        for (int t = 0; t < 4; ++t)
            alone[static_cast<std::size_t>(t)] = play_hands(config, shared, 1000u * static_cast<unsigned>(t), per_thread);
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&, t] {
                together[static_cast<std::size_t>(t)] =
                    play_hands(config, shared, 1000u * static_cast<unsigned>(t), per_thread);
            });
        for (std::thread& th : threads) th.join();
        CHECK(alone == together);
    }
}
