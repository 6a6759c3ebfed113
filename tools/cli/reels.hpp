#pragma once
// The reels files of `poker odds --reels FILE`: one line of cards per reel.
// A header of its own for the fuzz target that tests the reader.

#include <algorithm>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "pokerengine/card_set.hpp"

namespace poker_cli::odds_detail {

// The reels of a reels file read from `in`: one line of cards per reel. Errors
// name the file (`path`) and the line.
inline std::vector<pokerengine::CardList> parse_reels(std::istream& in, const std::string& path) {
    std::vector<pokerengine::CardList> reels;
    std::vector<int> line_of_reel;
    pokerengine::CardSet seen;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        std::string_view text = line;
        std::size_t start = text.find_first_not_of(" \t\r");
        if (start == std::string_view::npos || text[start] == '#') continue;
        const std::string where = path + " line " + std::to_string(number) + ": ";
        pokerengine::CardList reel;
        try {
            reel = pokerengine::parse_cards(text);
        } catch (const pokerengine::parse_error& e) {
            throw pokerengine::parse_error(where + e.what());
        }
        for (pokerengine::Card& c : reel) {
            // The first joker of the file is Xx, the second the other joker.
            if (c.is_joker() && seen.contains(pokerengine::Card::joker(0)) && !seen.contains(pokerengine::Card::joker(1)) &&
                std::find(reel.begin(), reel.end(), pokerengine::Card::joker(1)) == reel.end())
                c = pokerengine::Card::joker(1);
            if (seen.contains(c)) {
                std::size_t other = 0;
                while (std::find(reels[other].begin(), reels[other].end(), c) == reels[other].end()) ++other;
                throw pokerengine::hand_error(
                    where + pokerengine::to_string(c) + " is already on the reel of line " +
                    std::to_string(line_of_reel[other]) + " (a card may stand on one reel only; reels sharing cards are not supported)");
            }
        }
        for (pokerengine::Card c : reel) seen |= c;
        reels.push_back(reel);
        line_of_reel.push_back(number);
    }
    if (in.bad()) throw std::runtime_error("cannot read the reels file " + pokerengine::quoted(path));
    if (reels.size() < 4 || reels.size() > 7)
        throw pokerengine::hand_error(path + ": a hand takes one card from each reel, so the file needs 5 to 7 reels (4 for badugi), not " +
                                      std::to_string(reels.size()));
    return reels;
}

}  // namespace poker_cli::odds_detail
