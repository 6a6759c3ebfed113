#pragma once
// Shared by the room-history fuzz targets: the text read again through a
// `history_stream` in small chunks must give the hands of the whole read.

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
                a.cancelled == b.cancelled && a.hand.actions.size() == b.hand.actions.size());
    }
}

}  // namespace fuzz
