// `poker play`'s action lines: the first byte picks the game, the second the
// seats (and, above 4, a cash game whose board may run up to 2, 3 or 4 times;
// from 20, half the values deal card by card; from 40, half play a cap game
// whose cap, 25, is below the stacks of 60); the hand is dealt from a fixed
// seed and every further line is parsed
// as a PHH action and tried. Refused actions leave the state unchanged, and the
// chips always add up.

#include <numeric>

#include "fuzz_support.hpp"
#include "pokerengine/play.hpp"

using namespace pokerengine;
using namespace pokerengine::play;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    const auto games = all_games();
    const game_traits& game = games[data[0] % games.size()];
    const int seats = 2 + data[1] % 5;
    std::string_view text = fuzz::text_of(data + 2, size - 2);
    hand_config config =
        hand_config::standard(game.name, hand_config::usual_structure(find_game(game.name)), seats, 60);
    config.rules.most_runouts = 1 + (data[1] / 5) % 4;
    if (config.rules.most_runouts > 1) config.mode = play_mode::cash_game;
    if ((data[1] / 20) % 2 == 1) config.dealing = dealing_order::card_by_card;
    if ((data[1] / 40) % 2 == 1) config.cap = 25;
    hand_state hand{config, 12345};
    const chips total = std::accumulate(config.starting_stacks.begin(), config.starting_stacks.end(), chips{0});
    for (int lines = 0; !text.empty() && lines < 200; ++lines) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        const std::string_view line = text.substr(0, end);
        text.remove_prefix(std::min(end + 1, text.size()));
        fuzz::expect_clean([&] {
            const action a = parse_action(line);
            const hand_state before = hand;
            action_error_code why{};
            if (!hand.try_apply(a, &why)) {
                if (!(hand == before)) std::abort();
                try {
                    hand.apply(a);
                    std::abort();  // try_apply refused what apply accepts
                } catch (const action_error& e) {
                    fuzz::check_message(e);
                    if (e.code() != why) std::abort();
                }
            }
        });
        // Until the end of a cap game, the stacks leave out the chips above the cap.
        const chips behind = config.cap > 0 && !hand.is_complete() ? seats * (60 - config.cap) : 0;
        const auto stacks = hand.stacks();
        if (std::accumulate(stacks.begin(), stacks.end(), chips{0}) + hand.pot_total() + behind != total) std::abort();
    }
    return 0;
}
