// Reels files and decks: the CLI's reels reader (tools/poker_odds.hpp) and
// the hand sources built from what it and parse_card_set accept.

#include <sstream>
#include <string>

#include "fuzz_support.hpp"
#include "reels.hpp"
#include "pokerengine/probability.hpp"

using namespace pokerengine;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const int hand_size = 4 + data[0] % 4;  // 4 to 7 cards
    const std::string text(fuzz::text_of(data + 1, size - 1));
    fuzz::expect_clean([&] {
        std::istringstream in(text);
        const hand_source reels = hand_source::from_reels(poker_cli::odds_detail::parse_reels(in, "fuzz.reels"));
        fuzz::require(reels.cards().size() <= 54);
    });
    fuzz::expect_clean([&] {
        const hand_source deck = hand_source::from_deck(parse_card_set(text), hand_size);
        fuzz::require(deck.cards().size() <= 54);
    });
    return 0;
}
