// The ACPC dealer's reply reader: each line of the input is a player's reply
// to the state last sent in a 3-player no-limit hand (a line starting with
// '=' is answered with the state sent and the rest of the line, so that
// actions get through). Whatever the lines, the reader gives a status, the
// hand accepts what it gives, every MATCHSTATE line has the shape of the
// protocol, and a finished hand's values add up to zero.

#include <numeric>
#include <string>

#include "fuzz_support.hpp"
#include "pokerengine/server/acpc_protocol.hpp"

using namespace pokerengine;
using namespace pokerengine::server;

namespace {

constexpr std::string_view nolimit_3p =
    "GAMEDEF\nnolimit\nnumPlayers = 3\nnumRounds = 4\nstack = 20000 20000 20000\nblind = 50 100 0\n"
    "firstPlayer = 3 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n";

bool well_formed(const std::string& line) {
    if (!line.starts_with("MATCHSTATE:")) return false;
    return std::count(line.begin(), line.end(), ':') == 4 && std::count(line.begin(), line.end(), '|') == 2 &&
           line.find_first_not_of("MATCHSTE:0123456789/|fcr23456789TJQKAcdhs") == std::string::npos;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const acpc_game game = play::read_acpc_game(nolimit_3p);
    const std::string_view text = fuzz::text_of(data, size);
    const CardList cards = acpc_hand::shuffled_cards(game, size);
    acpc_hand hand(game, 7, {cards.data(), cards.size()});
    std::size_t start = 0;
    while (start <= text.size() && !hand.finished()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        const std::string sent = hand.matchstate(*hand.acting());
        fuzz::require(well_formed(sent));
        std::string reply(line);
        if (line.starts_with('=')) reply = sent + std::string(line.substr(1));
        const acpc_reply r = read_acpc_reply(reply, sent, game.structure);
        fuzz::require(!to_string(r.status).empty());
        if (r.status == acpc_reply_status::action || r.status == acpc_reply_status::bad_action) hand.apply(r.act);
    }
    while (!hand.finished()) hand.apply_default();
    for (int p = 0; p < 3; ++p) fuzz::require(well_formed(hand.matchstate(p)));
    const std::vector<chips> values = hand.values();
    fuzz::require(std::accumulate(values.begin(), values.end(), chips{0}) == 0);
    return 0;
}
