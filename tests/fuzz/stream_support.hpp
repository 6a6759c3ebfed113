#pragma once
// Shared by the room-history fuzz targets: the text read again through a
// `history_stream` in small chunks must give the hands of the whole read;
// a room's reader on any text, then the check of every hand it reads.

#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "pokerengine/import.hpp"

namespace fuzz {

inline void require_same_when_streamed(const pokerengine::play::history_reader& reader, std::string_view text,
                                       const std::vector<pokerengine::play::imported_hand>& whole,
                                       std::size_t chunk_bytes) {
    using namespace pokerengine::play;
    std::istringstream in{std::string(text)};
    history_stream stream{in, chunk_bytes};
    const std::unique_ptr<read_state> state = reader.file_state();
    std::vector<imported_hand> streamed;
    for (auto blocks = stream.next(reader, 64); !blocks.empty(); blocks = stream.next(reader, 64))
        for (const history_block& b : blocks)
            for (imported_hand& hand : reader.read(b.text, "fuzz.txt", b.where, state.get()))
                streamed.push_back(std::move(hand));
    require(streamed.size() == whole.size());
    for (std::size_t k = 0; k < whole.size(); ++k) {
        const imported_hand &a = whole[k], &b = streamed[k];
        require(a.id == b.id && a.first_line == b.first_line && a.read_status == b.read_status &&
                a.reason == b.reason && a.players == b.players && a.recorded_results == b.recorded_results &&
                a.action_lines == b.action_lines && a.result_lines == b.result_lines && a.rake == b.rake &&
                a.cancelled == b.cancelled && a.cash_outs == b.cash_outs &&
                a.hand.actions.size() == b.hand.actions.size());
    }
}

// The reader of `room` on any text, then the check of every hand it reads. A hand is never thrown out
// of the reader; an `ok` hand's results are the room's and add up with its rake and cash-outs, a hand
// that is not ok says why in one printable line. Read again from a stream in small chunks, the text
// gives the same hands.
inline void require_room_reads(std::string_view room, const std::uint8_t* data, std::size_t size) {
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
                // What the room paid beside the pots (a cash-out) is in the results; the rest adds up.
                const chips total = std::accumulate(c.results.begin(), c.results.end(), chips{0});
                const chips cashed = std::accumulate(hand.cash_outs.begin(), hand.cash_outs.end(), chips{0});
                if (!hand.cancelled) require(total + hand.rake == cashed);
            } else {
                require(!c.reason.empty() && printable(c.reason) == c.reason);
            }
        }
    }
}

}  // namespace fuzz
