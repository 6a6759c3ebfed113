// PHH hand histories: read_phh on any text, then every hand read is replayed
// strictly and leniently; a hand that plays to its end conserves the chips.
// The fast reader of plain documents and toml++ must agree on every document,
// and the streaming reader, in blocks of a few bytes, must read every table
// to a hand or a phh_error, and agree with them when it reads every hand.

#include <numeric>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "pokerengine/phh.hpp"

using namespace pokerengine;
using namespace pokerengine::play;

namespace {

std::optional<std::vector<phh_hand>> read_or_nothing(std::string_view text, bool general) {
    try {
        phh_read_options options;
        options.general_toml_reader = general;
        return read_phh(text, "fuzz.phhs", options);
    } catch (const phh_error&) {
        return std::nullopt;
    }
}

bool same_reading(const phh_hand& a, const phh_hand& b) {
    auto keys = [](const phh_hand& h) {
        std::vector<std::string> k;
        for (const auto& [key, value] : h.other_fields) k.push_back(key);
        return k;
    };
    return a.table == b.table && a.variant == b.variant && a.decimals == b.decimals && a.actions == b.actions &&
           a.action_texts == b.action_texts && a.finishing_stacks == b.finishing_stacks &&
           a.config.starting_stacks == b.config.starting_stacks && a.config.forced.antes == b.config.forced.antes &&
           a.config.forced.blinds_or_straddles == b.config.forced.blinds_or_straddles &&
           a.config.forced.bring_in == b.config.forced.bring_in && a.config.limits.min_bet == b.config.limits.min_bet &&
           a.config.limits.small_bet == b.config.limits.small_bet && a.config.limits.big_bet == b.config.limits.big_bet &&
           a.config.mode == b.config.mode && a.config.rules == b.config.rules && a.config.forced.ante_trimming == b.config.forced.ante_trimming &&
           keys(a) == keys(b);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::text_of(data, size);
    const auto fast = read_or_nothing(text, false), general = read_or_nothing(text, true);
    fuzz::require(fast.has_value() == general.has_value());
    if (fast) {
        fuzz::require(fast->size() == general->size());
        for (std::size_t i = 0; i < fast->size(); ++i) fuzz::require(same_reading((*fast)[i], (*general)[i]));
    }
    // The streaming reader, blocks of 1 to 61 bytes so that tables and lines
    // cross them; every error is a phh_error with a printable message.
    std::istringstream in{std::string(text)};
    phh_stream stream{in, "fuzz.phhs", {}, 1 + size % 61};
    std::vector<phh_hand> streamed;
    bool every_hand = true, in_order = true;
    fuzz::expect_clean([&] {
        for (auto tables = stream.next(3); !tables.empty(); tables = stream.next(3)) {
            for (const phh_table_text& t : tables) {
                try {
                    streamed.push_back(stream.hand(t));
                    in_order &= t.note.empty();
                } catch (const phh_error& e) {
                    fuzz::check_message(e);
                    every_hand = false;
                }
            }
        }
    });
    if (fast && every_hand && in_order) {
        fuzz::require(streamed.size() == fast->size());
        for (std::size_t i = 0; i < fast->size(); ++i) fuzz::require(same_reading(streamed[i], (*fast)[i]));
    }
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
