// Building and evaluating hands card by card with the public incremental API,
// and best-part selection: what an equity calculator or a simulation needs.
// Built and run by the test suite (docs).
#include <cstdio>
#include <string>
#include <vector>

#include "pokerengine/card_set.hpp"
#include "pokerengine/enumerate.hpp"
#include "pokerengine/evaluator.hpp"
#include "pokerengine/omaha.hpp"
#include "pokerengine/selection.hpp"
#include "example_check.hpp"

using namespace pokerengine;

int main() {
    const high_evaluator ev;

    // A board and two holdings as Hands: a card is added with +, removed with -.
    const Hand board = Hand{} + parse_card("Ah") + parse_card("Kh") + parse_card("7c") + parse_card("2d") + parse_card("9s");
    const Hand alice = Hand{} + parse_card("Qh") + parse_card("Jh");
    const Hand bob = Hand{} + parse_card("As") + parse_card("Ac");
    // The caller knows each hand holds seven natural cards, so no check is made.
    hand_value a = ev.evaluate_as<7>(board + alice);
    hand_value b = ev.evaluate_as<7>(board + bob);
    check(b > a, "three aces beat ace-king high");
    check(ev.describe(b) == "Three of a kind, aces, king-nine kickers", "bob's hand");
    Hand turn = (board + alice) - parse_card("9s");  // take the river back
    check(ev.evaluate_as<6>(turn) == ev.evaluate(parse_card_set("Ah Kh 7c 2d Qh Jh")), "six cards");

    // Every river for Alice: one addition and one lookup each.
    int rivers = 0, wins = 0;
    const Hand turn_board = board - parse_card("9s");
    for (Card river : (CardSet::standard_deck() - (board + alice + bob).cards()) | parse_card("9s")) {
        ++rivers;
        if (ev.evaluate_as<7>(turn_board + river + alice) > ev.evaluate_as<7>(turn_board + river + bob)) ++wins;
    }
    check(rivers == 44, "44 rivers");
    // Seven hearts (not 7h or 2h, which fill up the aces) and the three other tens.
    check(wins == 10, "alice wins on ten rivers, not " + std::to_string(wins));

    // Rivers by rank: on a rainbow turn neither player can hold five cards of a
    // suit, so each river rank is valued once by its ranks alone and counts
    // once for every card of that rank left in the deck.
    const Hand rainbow = Hand{} + parse_card("Ah") + parse_card("Kd") + parse_card("7c") + parse_card("2s");
    const Hand carol = Hand{} + parse_card("Qh") + parse_card("Jd");
    const Hand dave = Hand{} + parse_card("Ks") + parse_card("Kc");
    const CardSet left = CardSet::standard_deck() - (rainbow + carol + dave).cards();
    const RankHand carol_ranks{rainbow + carol}, dave_ranks{rainbow + dave};
    int carol_by_rank = 0, carol_by_card = 0;
    for (int r = 0; r < 13; ++r) {
        const auto rank = static_cast<Rank>(r);
        int copies = 0;
        for (Card c : left) copies += c.rank() == rank;
        if (ev.evaluate_ranks<7>(carol_ranks + rank) > ev.evaluate_ranks<7>(dave_ranks + rank)) carol_by_rank += copies;
    }
    for (Card river : left)
        if (ev.evaluate_as<7>(rainbow + river + carol) > ev.evaluate_as<7>(rainbow + river + dave)) ++carol_by_card;
    check(carol_by_rank == carol_by_card, "the rivers counted by rank and card by card agree");
    check(carol_by_rank == 4, "carol wins with the four tens, not " + std::to_string(carol_by_rank));

    // Best-part selection: the best five of seven, and which five.
    const std::vector<Card> seven{parse_card("As"), parse_card("Ks"), parse_card("Qs"), parse_card("Js"),
                                  parse_card("Ts"), parse_card("2d"), parse_card("2c")};
    auto best = best_of_choices(seven, 5, [&](const Hand& h) { return ev.evaluate_as<5>(h); });
    check(ev.describe(best.value) == "Royal flush", "best five of seven");
    check(best.hand.cards() == parse_card_set("As Ks Qs Js Ts"), "the royal flush's cards");

    // Omaha's two hole cards and three board cards.
    const std::vector<Card> hole{parse_card("As"), parse_card("Ks"), parse_card("Qs"), parse_card("Js")};
    const std::vector<Card> flop_turn_river{parse_card("2s"), parse_card("3s"), parse_card("7d"), parse_card("8c"),
                                            parse_card("9h")};
    auto omaha = best_of_split_choices<2, 3>(hole, flop_turn_river, [&](const Hand& h) { return ev.evaluate_as<5>(h); });
    check(omaha.value == omaha_evaluator_high{}.evaluate("As Ks Qs Js", "2s 3s 7d 8c 9h"), "Omaha's best hand");
    check(ev.describe(omaha.value) == "Ace high, king-nine-eight-seven kickers", "no flush with two hole cards");

    // for_each_hand takes every ranking: the deuce-to-seven lows of one suit's 13 cards.
    const deuce_to_seven_evaluator d27;
    int flushes = 0;
    for_each_hand(d27, parse_card_set("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"), 5, [&](const Hand&, hand_value v) {
        if (d27.category(v) == hand_category::flush) ++flushes;
    });
    check(flushes == 1'287 - 9, "five cards of one suit are a flush unless they are a straight");

    if (failures == 0) std::printf("incremental: all checks passed\n");
    return failures == 0 ? 0 : 1;
}
