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

TEST_CASE("threads reading the hands of one phh_document read what one thread reads") {
    // Plain tables are read on the spot; the table with an escaped string is
    // not plain and sends the reader to the whole document once, whichever
    // thread asks first.
    const hand_config config = hand_config::standard("holdem", betting_structure::no_limit, 3, 200);
    std::string text;
    for (std::uint64_t h = 1; h <= 40; ++h) {
        hand_state hand{config, h};
        xoshiro256ss rng{h};
        while (!hand.is_complete()) hand.apply(random_action(hand, rng));
        text += '[';
        text += std::to_string(h);
        text += "]\n";
        text += write_phh(hand);
        if (h % 10 == 7) text += "_note = \"a \\\"quoted\\\" word\"\n";
        text += '\n';
    }
    const phh_document document{text, "threads.phhs"};
    REQUIRE(document.size() == 40);
    auto checksum = [&](std::size_t first, std::size_t step) {
        std::uint64_t sum = 0;
        for (std::size_t i = first; i < document.size(); i += step) {
            const replay_result r = replay(document.hand(i));
            for (chips c : r.state->stacks()) sum = sum * 31 + static_cast<std::uint64_t>(c) + i;
        }
        return sum;
    };
    const std::uint64_t alone = checksum(0, 1);
    for (int round = 0; round < 3; ++round) {
        const phh_document fresh{text, "threads.phhs"};
        std::vector<std::uint64_t> sums(4);
        std::vector<std::thread> threads;
        for (std::size_t t = 0; t < 4; ++t)
            threads.emplace_back([&, t] {
                std::uint64_t sum = 0;
                for (std::size_t i = t; i < fresh.size(); i += 4) {
                    const replay_result r = replay(fresh.hand(i));
                    for (chips c : r.state->stacks()) sum = sum * 31 + static_cast<std::uint64_t>(c) + i;
                }
                sums[t] = sum;
            });
        for (std::thread& th : threads) th.join();
        for (std::size_t t = 0; t < 4; ++t) CHECK(sums[t] == checksum(t, 4));
        CHECK(fresh.hand(6).other_fields.size() == 1);  // the escaped string, read by toml++
    }
    CHECK(alone == checksum(0, 1));
}
