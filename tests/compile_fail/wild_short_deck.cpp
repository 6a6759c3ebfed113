// Must not compile: short deck has no wild-card tables.
#include "pokerengine/evaluator.hpp"

int main() {
    pokerengine::evaluator<pokerengine::short_deck, pokerengine::wild> ev{pokerengine::wild{pokerengine::joker_cards()}};
    return static_cast<int>(ev.evaluate(pokerengine::CardSet{}).value);
}
