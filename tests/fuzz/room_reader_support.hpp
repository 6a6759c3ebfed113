#pragma once
// Shared by the fuzz targets of the room readers: the reader on any text, then
// the check of every hand it reads. A hand is never thrown out of the reader;
// an `ok` hand's results are the room's, a hand that is not ok says why in one
// printable line. Read again from a stream in small chunks, the text gives the
// same hands.

#include <numeric>

#include "fuzz_support.hpp"
#include "stream_support.hpp"
#include "pokerengine/import.hpp"

namespace fuzz {

inline void check_room_reader(std::string_view room, const std::uint8_t* data, std::size_t size) {
    using namespace pokerengine;
    using namespace pokerengine::play;
    const std::string_view text = text_of(data, size);
    (void)detect_reader(text);
    const history_reader* reader = find_reader(room);
    require(reader != nullptr);
    const std::vector<imported_hand> hands = reader->read(text, "fuzz.txt");
    require_same_when_streamed(*reader, text, hands, 1 + (size ? data[0] % 97 : 0));
    for (const imported_hand& hand : hands) {
        for (bool lenient : {false, true}) {
            const import_check c = check(hand, {std::nullopt, lenient});
            if (c.status == import_status::ok) {
                require(c.reason.empty() && c.results == hand.recorded_results);
                const chips total = std::accumulate(c.results.begin(), c.results.end(), chips{0});
                if (!hand.cancelled) require(total + hand.rake == 0);
            } else {
                require(!c.reason.empty() && printable(c.reason) == c.reason);
            }
        }
    }
}

}  // namespace fuzz
