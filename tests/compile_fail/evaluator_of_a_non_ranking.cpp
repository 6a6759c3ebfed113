// Must not compile: an evaluator's ranking must be a ranking policy.
#include "pokerengine/evaluator.hpp"

struct not_a_ranking {};

int main() {
    pokerengine::evaluator<not_a_ranking> ev;
    return static_cast<int>(ev.evaluate(pokerengine::CardSet{}).value);
}
