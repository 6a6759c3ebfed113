// PHH hand histories: read_phh on any text, then every hand read is replayed
// strictly and leniently; a hand that plays to its end conserves the chips.

#include <numeric>

#include "fuzz_support.hpp"
#include "pokerengine/phh.hpp"

using namespace pokerengine;
using namespace pokerengine::play;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::text_of(data, size);
    fuzz::expect_clean([&] {
        for (const phh_hand& hand : read_phh(text, "fuzz.phhs")) {
            for (bool lenient : {false, true}) {
                const replay_result r = replay(hand, {rule_profile::wsop_2024(), lenient});
                if (!r.ok && r.error.empty()) std::abort();
                if (!r.state || !r.state->is_complete()) continue;
                const auto& start = hand.config.starting_stacks;
                const auto stacks = r.state->stacks();
                if (std::accumulate(stacks.begin(), stacks.end(), chips{0}) !=
                    std::accumulate(start.begin(), start.end(), chips{0}))
                    std::abort();
                (void)write_phh(*r.state, hand.decimals);
            }
        }
    });
    return 0;
}
