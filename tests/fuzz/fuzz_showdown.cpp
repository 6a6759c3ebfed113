// Showdown players: the CLI's reader of `CARDS[:CHIPS]` (tools/poker_game.hpp)
// for each line, then the settlement of the game the first byte picks; the
// payouts add up to the chips put in.

#include <numeric>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "game_options.hpp"
#include "pokerengine/settlement.hpp"

using namespace pokerengine;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    const auto games = all_games();
    const any_game game = find_game(games[data[0] % games.size()].name);
    const std::size_t button = data[1] % 10;
    std::string_view text = fuzz::text_of(data + 2, size - 2);
    // The first line is the board, then one player per line.
    std::vector<std::string_view> lines;
    while (!text.empty() && lines.size() < 64) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        lines.push_back(text.substr(0, end));
        text.remove_prefix(std::min(end + 1, text.size()));
    }
    if (lines.size() < 3) return 0;
    fuzz::expect_clean([&] {
        const CardSet board = lines[0].find_first_not_of(" \t") == std::string_view::npos ? CardSet{}
                                                                                          : parse_card_set(lines[0]);
        std::vector<seat> seats;
        for (std::size_t i = 1; i < lines.size(); ++i) {
            CardList shown;
            seats.push_back(poker_cli::game_cli::parse_player(lines[i], i - 1, shown));
        }
        const settlement s = settle(game, seats, board, button % seats.size());
        chips paid = 0, put_in = 0;
        for (chips c : s.payouts) paid += c;
        for (const seat& p : seats) put_in += p.contribution;
        fuzz::require(paid == put_in);
    });
    return 0;
}
