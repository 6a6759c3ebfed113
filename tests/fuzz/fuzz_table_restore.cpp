// A saved table (`restore_table`) from any text: a text read is written back
// to the same text and reads back to an equal table; its hand in progress
// plays to its end by `default_action` and the table takes it back, then
// deals on, keeping every chip.

#include <optional>
#include <string>

#include "fuzz_support.hpp"
#include "pokerengine/notation.hpp"
#include "pokerengine/table.hpp"

using namespace pokerengine;
using namespace pokerengine::play;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::text_of(data, size);
    std::optional<restored_table> back;
    fuzz::expect_clean([&] { back.emplace(restore_table(text)); });
    if (!back) return 0;
    table& t = back->restored;
    const std::string again = back->hand ? serialize(t, *back->hand) : serialize(t);
    const restored_table twice = restore_table(again);
    fuzz::require(twice.restored == t && twice.hand == back->hand);
    fuzz::require((twice.hand ? serialize(twice.restored, *twice.hand) : serialize(twice.restored)) == again);
    const chips before = t.total_chips();
    chips moved = 0;  // brought minus taken away by the seating changes made
    auto count = [&](const seat_event& e) { moved += e.chips_in - e.chips_out; };
    if (back->hand) {
        hand_state& hand = *back->hand;
        if (hand.manual()) return 0;  // the dealer's cards would come from the caller
        for (int n = 0; n < 1000 && !hand.is_complete(); ++n) hand.apply(default_action(hand));
        fuzz::require(hand.is_complete());
        for (const seat_event& e : t.finish_hand(hand)) count(e);
    } else if (t.hand_in_progress()) {
        return 0;  // the hand was saved apart
    }
    fuzz::require(t.total_chips() == before + moved);
    for (int k = 0; k < 3 && t.can_start_hand(); ++k) {
        hand_state hand = t.start_hand();
        for (int n = 0; n < 1000 && !hand.is_complete(); ++n) hand.apply(default_action(hand));
        fuzz::require(hand.is_complete());
        t.finish_hand(hand);
        fuzz::require(t.total_chips() == before + moved);
    }
    return 0;
}
