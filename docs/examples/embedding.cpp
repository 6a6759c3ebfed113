// How a game server embeds pokerengine: parse what players hold, evaluate,
// describe, settle a showdown, and enumerate hands. Built and run by the test
// suite (docs).
#include <array>
#include <bit>
#include <cstdio>
#include <string>
#include <vector>

#include "pokerengine/card_set.hpp"
#include "pokerengine/deck.hpp"
#include "pokerengine/enumerate.hpp"
#include "pokerengine/evaluator.hpp"
#include "pokerengine/showdown.hpp"
#include "example_check.hpp"

using namespace pokerengine;

int main() {
    // One evaluator serves every table and thread: it holds no state.
    const high_evaluator ev;

    // Evaluate and describe a hand.
    hand_value full_house = ev.evaluate(parse_card_set("6s 6d 6h Qc Qd"));
    check(ev.category(full_house) == hand_category::full_house, "category");
    check(ev.describe(full_house) == "Full house, sixes over queens", "description");

    // Seven cards: the best five are chosen, and can be shown.
    CardSet seven = parse_card_set("Ah Kh Qh Jh Th 2c 2d");
    check(to_string(ev.best_five(seven)) == "Ah Kh Qh Jh Th", "best five");
    check(ev.describe(ev.evaluate(seven)) == "Royal flush", "royal flush");

    // Compare: higher values are better hands; equal values split the pot.
    check(ev.compare(parse_card_set("Ks Kd Kh 2c 2d"), parse_card_set("Qs Qd Qh Ac Ad")) > 0, "compare");

    // A showdown with a shared board.
    std::vector<CardSet> players{parse_card_set("As Ad"), parse_card_set("Kc Kd"), parse_card_set("Ac Ah")};
    showdown_result result = showdown(ev, players, parse_card_set("2c 7d 9h Jc Qs"));
    check((result.winners == std::vector<std::size_t>{0, 2}), "aces split the pot");
    check((result.places == std::vector<int>{1, 3, 1}), "places");

    // Bad input is an exception whose message quotes the text.
    try {
        (void)parse_card_set("As Zd");
        check(false, "bad card accepted");
    } catch (const parse_error& e) {
        check(std::string(e.what()).find("'Z'") != std::string::npos, "message quotes the bad rank");
    }

    // A reproducible deal: the same seed gives the same cards everywhere.
    Deck deck = shuffled_deck(2026);
    CardList hole = deck.deal(2);
    check(shuffled_deck(2026).deal(2) == hole, "seeded deal repeats");

    // Enumerate every five-card hand: count hands per category, and count the
    // hands whose five cards share a suit. Those are the flushes, the straight
    // flushes and the royal flushes: 5,108 + 36 + 4 = 5,148 = 4 x C(13, 5).
    std::array<long, category_count> counts{};
    long one_suit = 0;
    for_each_hand(ev, CardSet::standard_deck(), 5, [&](const Hand& hand, hand_value v) {
        ++counts[int(ev.category(v))];
        const Suit first = (*hand.cards().begin()).suit();
        if (std::popcount(hand.cards().suit_ranks(first)) == 5) ++one_suit;
    });
    check(one_suit == 5'148, "hands of one suit");
    check(counts[int(hand_category::flush)] + counts[int(hand_category::straight_flush)] +
                  counts[int(hand_category::royal_flush)] == one_suit,
          "flushes of every kind are the one-suit hands");
    check(counts[int(hand_category::flush)] == 5'108, "plain flushes");

    std::printf("%s\n", failures ? "embedding example: FAILED" : "embedding example: ok");
    return failures ? 1 : 0;
}
