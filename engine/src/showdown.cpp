#include "pokerengine/showdown.hpp"

namespace pokerengine {

void check_no_card_dealt_twice(std::span<const CardSet> hands, CardSet board) {
    auto owner = [&](std::size_t player) { return "player " + std::to_string(player + 1); };
    for (std::size_t i = 0; i < hands.size(); ++i) {
        if (CardSet shared = hands[i] & board; !shared.empty())
            throw hand_error("card " + to_string(*shared.begin()) + " dealt twice: " + owner(i) + " and the board");
        for (std::size_t j = i + 1; j < hands.size(); ++j)
            if (CardSet shared = hands[i] & hands[j]; !shared.empty())
                throw hand_error("card " + to_string(*shared.begin()) + " dealt twice: " + owner(i) + " and " +
                                 owner(j));
    }
}

}  // namespace pokerengine
