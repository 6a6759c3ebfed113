// Must not compile: Omaha deals 4, 5 or 6 hole cards.
#include "pokerengine/omaha.hpp"

int main() {
    pokerengine::omaha_evaluator<pokerengine::high, 3> omaha;
    return static_cast<int>(omaha.evaluate(pokerengine::CardSet{}, pokerengine::CardSet{}).value);
}
