// Cards and card sets: parse_card, parse_cards, parse_card_set, and the
// evaluator on what they accept, every input form agreeing.

#include <span>

#include "fuzz_support.hpp"
#include "pokerengine/card_set.hpp"
#include "pokerengine/evaluator.hpp"

using namespace pokerengine;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::text_of(data, size);
    fuzz::expect_clean([&] { (void)parse_card(text); });
    fuzz::expect_clean([&] {
        const CardList cards = parse_cards(text);
        const CardSet set = parse_card_set(text);
        fuzz::require(set.size() == static_cast<int>(cards.size()));
        fuzz::require(parse_card_set(to_string(set)) == set);
        const high_evaluator natural;
        const evaluator<high, wild> jokers{wild{joker_cards()}};
        fuzz::expect_clean([&] {
            const hand_value v = natural.evaluate(set);
            fuzz::require(natural.evaluate(Hand{set}) == v);
            fuzz::require(natural.evaluate(std::span<const Card>(cards.data(), cards.size())) == v);
            fuzz::require(natural.best_five(set).size() == 5);
            (void)natural.describe(v);
        });
        fuzz::expect_clean([&] {
            const hand_value v = jokers.evaluate(set);
            fuzz::require(jokers.evaluate(Hand{set}) == v);
            (void)jokers.describe(v);
        });
    });
    return 0;
}
