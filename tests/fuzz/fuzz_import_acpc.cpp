// ACPC dealer logs: an input holding "END GAMEDEF" is a game definition and a
// log after it; otherwise a log of the no-limit 3-player game. The definition
// is refused with std::invalid_argument or read; every hand of the log is
// checked; an `ok` hand's results are the log's values. Read again from a
// stream in small chunks, the log gives the same hands.

#include <string>

#include "fuzz_support.hpp"
#include "stream_support.hpp"
#include "pokerengine/import.hpp"

using namespace pokerengine;
using namespace pokerengine::play;

namespace {

constexpr std::string_view nolimit_3p =
    "GAMEDEF\nnolimit\nnumPlayers = 3\nnumRounds = 4\nstack = 20000 20000 20000\nblind = 50 100 0\n"
    "firstPlayer = 3 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::text_of(data, size);
    const auto end = text.find("END GAMEDEF");
    const std::string_view definition = end == std::string_view::npos ? nolimit_3p : text.substr(0, end + 11);
    const std::string_view log = end == std::string_view::npos ? text : text.substr(end + 11);
    std::unique_ptr<history_reader> reader;
    try {
        reader = acpc_reader(definition);
    } catch (const std::invalid_argument& e) {
        fuzz::check_message(e);
        return 0;
    }
    (void)reader->recognizes(log);
    const std::vector<imported_hand> hands = reader->read(log, "fuzz.txt");
    fuzz::require_same_when_streamed(*reader, log, hands, 1 + (size ? data[0] % 97 : 0));
    for (const imported_hand& hand : hands) {
        const import_check c = check(hand);
        if (c.status == import_status::ok) fuzz::require(c.reason.empty() && c.results == hand.recorded_results);
        else fuzz::require(!c.reason.empty() && printable(c.reason) == c.reason);
    }
    return 0;
}
