// Wild cards, the bug, video-poker pay tables, Omaha and badugi: the rules of
// docs/rules.md sections 13 to 17 as checks. Built and run by the test suite
// (docs); exits non-zero if any check fails.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "pokerengine/badugi.hpp"
#include "pokerengine/card_set.hpp"
#include "pokerengine/evaluator.hpp"
#include "pokerengine/omaha.hpp"
#include "pokerengine/rules.hpp"
#include "pokerengine/showdown.hpp"
#include "pokerengine/wild.hpp"
#include "example_check.hpp"

using namespace pokerengine;

namespace {
template <class E>
std::string words(const E& ev, const char* cards) {
    return ev.describe(ev.evaluate(cards));
}
}  // namespace

int main() {
    // --- Deuces wild: a wild card may be any card, even one already held. ----
    const evaluator<high, wild> deuces{wild{deuces_wild_cards()}};
    hand_value five_aces = deuces.evaluate("2c 2d As Ah Ad");
    check(deuces.describe(five_aces) == "Five aces", "deuces: five aces");
    check(deuces.category(five_aces) == hand_category::five_of_a_kind, "deuces: five of a kind");
    check(five_aces.value == evaluator<high, wild>::distinct_values, "deuces: five aces is the top value");
    check(five_aces > deuces.evaluate("As Ks Qs Js Ts"), "deuces: five aces beat a royal flush");
    // Four deuces and a king are five kings: the deuces copy the king.
    check(words(deuces, "2c 2d 2h 2s Kd") == "Five kings", "deuces: four deuces and a king");
    // A natural hand and an equal wild hand tie.
    check(deuces.evaluate("2c Kh Qh Jh Th") == deuces.evaluate("Ah Kh Qh Jh Th"), "deuces: wild and natural royal tie");
    check(deuces.evaluate("2c 7s 7d 9h Kc") == deuces.evaluate("7h 7s 7d 9h Kc"), "deuces: wild and natural trips tie");
    // In a flush a wild card is the highest card of the suit the hand lacks.
    check(words(deuces, "2c Ah Kh 9h 4h") == "Ace-high flush, king-queen-nine-four", "deuces: flush");
    check(to_string(deuces.best_five(parse_card_set("2c Ah Kh 9h 4h"))) == "Ah Kh 2c 9h 4h",
          "deuces: best five puts the deuce where it stands in");

    // The named evaluators are the same evaluators with their wild cards filled in.
    check(deuces_wild_evaluator{}.evaluate("2c 2d As Ah Ad") == five_aces, "deuces_wild_evaluator");
    check(words(joker_draw_evaluator{}, "Xx As Ah Ad Ac") == "Five aces", "joker_draw_evaluator");
    check(words(ace_to_five_joker_evaluator{}, "Xx As 2d 3c 5h") == "Wheel, five-four low (5-4-3-2-A)",
          "ace_to_five_joker_evaluator");

    // --- One-eyed jacks: only the jack of spades and the jack of hearts. -------
    const evaluator<high, wild> jacks{wild{parse_wild_cards("Js,Jh")}};
    check(jacks.wild_cards() == one_eyed_jacks(), "jacks: parse_wild_cards");
    check(words(jacks, "Js Jh Ad Ac As") == "Five aces", "jacks: five aces");
    check(words(jacks, "Jd Jc Ad Ac As") == "Full house, aces over jacks", "jacks: two-eyed jacks are natural");

    // --- The bug: an ace, or a card that completes a straight or flush. ------
    const evaluator<high, bug> joker{bug{joker_cards()}};
    check(words(joker, "Xx Ks Qs Js Ts") == "Royal flush", "bug: royal flush");
    hand_value bug_aces = joker.evaluate("Xx As Ah Ad Ac");
    check(joker.describe(bug_aces) == "Five aces", "bug: five aces");
    check(bug_aces.value == evaluator<high, bug>::distinct_values, "bug: five aces is the best hand");
    check(words(joker, "Xx 9s Th Jd Qc") == "King-high straight", "bug: completes a straight");
    // Anything else, the bug is an ace: kings stay a pair, with an ace kicker.
    check(words(joker, "Xx Ks Kh 2c 3d") == "Pair of kings, ace-three-two kickers", "bug: an ace kicker");
    check(joker.evaluate("Xx Ks Kh 2c 3d") == joker.evaluate("As Ks Kh 2c 3d"), "bug: ties the natural ace");
    check(words(joker, "Xx Kh Jh 9h 4h") == "Ace-high flush, king-jack-nine-four", "bug: flush with the missing ace");

    // --- The double-ace flush, a house rule: on and off. ----------------------
    const evaluator<high, wild_double_ace> on{wild_double_ace{joker_cards()}};
    const evaluator<high, wild> off{wild{joker_cards()}};
    check(words(on, "Xx Ah Kh 9h 4h") == "Ace-high flush, ace-king-nine-four", "double ace on");
    check(words(off, "Xx Ah Kh 9h 4h") == "Ace-high flush, king-queen-nine-four", "double ace off");
    check(on.evaluate("Xx Ah Kh 9h 4h") > on.evaluate("Ah Kh Qh Jh 9h"), "double ace on: beats every other flush");
    check(off.evaluate("Xx Ah Kh 9h 4h") < off.evaluate("Ah Kh Qh Jh 9h"), "double ace off: loses to A-K-Q-J");
    check(on.evaluate("Xx Ah Kh 9h 4h") < on.evaluate("Qs Qd Qc 3s 3d"), "double ace on: below a full house");
    // Two wild cards and no natural ace: one is the ace, the other repeats it.
    check(words(on, "Xx Xx Kh 9h 4h") == "Ace-high flush, ace-king-nine-four", "double ace: two wild cards");

    // --- Pay-table orders: the same cards ranked as a video poker machine pays.
    const evaluator<high, deuces_wild_pay_table> machine{deuces_wild_pay_table{deuces_wild_cards()}};
    const char* deuces_order[] = {"Ah Kh Qh Jh Th", "2c 2d 2h 2s Kd", "2c Kh Qh Jh Th", "2c 2d As Ah Ad", "2c 9h Th Jh Qh",
                                  "2c 7s 7d 7h Kc"};
    const char* deuces_words[] = {"Natural royal flush", "Four deuces", "Wild royal flush", "Five aces",
                                  "King-high straight flush", "Four of a kind, sevens, king kicker"};
    for (int i = 0; i < 6; ++i) {
        check(words(machine, deuces_order[i]) == deuces_words[i], std::string("deuces wild pay table: ") + deuces_words[i]);
        if (i > 0)
            check(machine.evaluate(deuces_order[i - 1]) > machine.evaluate(deuces_order[i]),
                  std::string("deuces wild pay table: above ") + deuces_words[i]);
    }
    // Four deuces pay alike, whatever the fifth card.
    check(machine.evaluate("2c 2d 2h 2s Kd") == machine.evaluate("2c 2d 2h 2s 3d"), "pay table: four deuces tie");
    // At a table the same hands rank differently: five aces on top, royals tie.
    check(deuces.evaluate("2c 2d As Ah Ad") > deuces.evaluate("Ah Kh Qh Jh Th"), "table: five aces top");
    check(deuces.evaluate("2c Kh Qh Jh Th") == deuces.evaluate("Ah Kh Qh Jh Th"), "table: royals tie");
    // Joker poker: natural royal flush, then five of a kind, then the wild royal.
    const evaluator<high, joker_poker_pay_table> joker_poker{joker_poker_pay_table{joker_cards()}};
    check(joker_poker.evaluate("Ah Kh Qh Jh Th") > joker_poker.evaluate("Xx 7s 7d 7h 7c"), "joker poker: natural royal");
    check(joker_poker.evaluate("Xx 7s 7d 7h 7c") > joker_poker.evaluate("Xx Kh Qh Jh Th"), "joker poker: five sevens");
    check(machine.evaluate("2c Kh Qh Jh Th") > machine.evaluate("2c 2d As Ah Ad"), "pay table: wild royal > five aces");
    // Seven cards holding a natural royal flush and a deuce are a natural royal flush.
    check(words(machine, "2c Ah Kh Qh Jh Th 3d") == "Natural royal flush", "pay table: the best five use no deuce");
    check(words(joker_poker, "Xx Kh Qh Jh Th") == "Wild royal flush", "joker poker: wild royal");
    // By name: --paytable picks joker poker when the jokers are the only wild cards.
    rules jp = rules::parse("high", wild_options{.cards = joker_cards(), .paytable = true});
    check(jp.visit([](const auto& ev) {
        return std::is_same_v<std::decay_t<decltype(ev)>, evaluator<high, joker_poker_pay_table>>;
    }), "rules: jokers alone play joker poker");
    rules dw = rules::parse("high", wild_options{.cards = parse_wild_cards("2"), .paytable = true});
    check(dw.category_label(dw.evaluate("2c 2d 2h 2s Kd")) == "Four wild cards", "rules: deuces wild pay table");

    // Wild cards named at run time: the deuces and both jokers.
    const rules mixed = rules::parse("high", wild_options{parse_wild_cards("2,jokers")});
    check(mixed.describe(mixed.evaluate("Xx 2c Ah Ad As")) == "Five aces", "rules: deuces and jokers");
    check(mixed.category_label(mixed.evaluate("Xx 2c Ah Ad As")) == "Five of a kind", "rules: category label");

    // --- A joker in razz: the lowest card the hand lacks. ---------------------
    const rules razz = rules::parse("ace-to-five", wild_options{.cards = {}, .bug = true});
    check(razz.describe(razz.evaluate("Xx As 2d 4c 6h")) == "Six-four low (6-4-3-2-A)", "razz: the joker is a three");
    check(razz.describe(razz.evaluate("Xx As 2d 3c 5h")) == "Wheel, five-four low (5-4-3-2-A)", "razz: the joker is a four");
    // Seven cards: the kings are left out and the joker is the missing ace.
    check(razz.describe(razz.evaluate("Xx Kd Kc 7h 5s 3d 2c")) == "Seven-five low (7-5-3-2-A)", "razz: seven cards");
    // Eight-or-better: a joker may make a low qualify, but not a nine-high one.
    const rules low8 = rules::parse("eight-or-better", wild_options{.cards = {}, .bug = true});
    check(low8.describe(low8.evaluate("Xx 3s 5d 7c 8h")) == "Eight-seven low (8-7-5-3-A)", "8 or better: joker");
    check(low8.evaluate("Xx 7s 8d 9c Th").value == 0 && low8.category_label(hand_value{0}) == "No low",
          "8 or better: no low");
    // Deuce-to-seven: a wild card takes another suit and never pairs.
    const evaluator<deuce_to_seven_low, wild> d27{wild{joker_cards()}};
    check(words(d27, "Xx 7h 5h 4h 3h") == "Number one, seven-five low (7-5-4-3-2)", "2-7: the joker is an offsuit deuce");
    // The bug has no meaning there, and short deck has no wild cards at all.
    try {
        (void)rules::parse("deuce-to-seven", wild_options{.cards = {}, .bug = true});
        check(false, "2-7: the bug accepted");
    } catch (const rules_error& e) {
        check(std::string(e.what()) == "the bug plays in high, ace-to-five and eight-or-better rules, not in deuce-to-seven",
              "2-7: bug message");
    }
    try {
        (void)rules::parse("short-deck", wild_options{deuces_wild_cards()});
        check(false, "short deck: wild cards accepted");
    } catch (const rules_error&) {
    }

    // --- Omaha: exactly two hole cards and three board cards. -----------------
    const omaha_evaluator_high omaha;
    // Four spades in the hand and two on the board: only two spades play, no flush.
    hand_value no_flush = omaha.evaluate("As Ks Qs Js", "2s 3s 7d 8c 9h");
    check(omaha.describe(no_flush) == "Ace high, king-nine-eight-seven kickers", "omaha: no flush");
    check(to_string(omaha.best_five(parse_card_set("As Ks Qs Js"), parse_card_set("2s 3s 7d 8c 9h"))) ==
              "As Ks 9h 8c 7d",
          "omaha: best five");
    // Three hole cards of a straight are not a straight (9-T-J in hand, Q-K on board).
    check(omaha.category(omaha.evaluate("9c Tc Jc 2d", "Qh Kh 3s 4d 7c")) != hand_category::straight,
          "omaha: three hole cards");
    check(high_evaluator{}.category(high_evaluator{}.evaluate("9c Tc Jc 2d Qh Kh 3s 4d 7c")) == hand_category::straight,
          "omaha: the same cards in hold'em are a straight");
    // Omaha values are the five-card evaluator's values.
    check(no_flush == high_evaluator{}.evaluate("As Ks 9h 8c 7d"), "omaha: the five-card scale");
    // High and low may use different hole cards: kings for high, ace-deuce for low.
    const omaha_evaluator_low omaha_low;
    check(omaha.describe(omaha.evaluate("As 2d Kh Kd", "3c 4s 8h Kc 9d")) == "Three of a kind, kings, nine-eight kickers",
          "omaha: the high half");
    check(omaha_low.describe(omaha_low.evaluate("As 2d Kh Kd", "3c 4s 8h Kc 9d")) == "Eight-four low (8-4-3-2-A)",
          "omaha: the low half");

    // --- Badugi: four cards, the most of different ranks and suits play. -----
    const badugi_evaluator badugi;
    check(badugi.evaluate("Kd 8s 5h 2c") > badugi.evaluate("Ah 2h 3d 4s"), "badugi: a king badugi beats any three cards");
    check(words(badugi, "Ah 2h 3d 4s") == "Three-card four-three-ace (4-3-A)", "badugi: three cards");
    check((winners(badugi, std::vector<CardSet>{parse_card_set("Ah 2h 3d 4s"), parse_card_set("Kd 8s 5h 2c")}) ==
           std::vector<std::size_t>{1}),
          "badugi: winners");
    const rules by_name = rules::parse("badugi");
    hand_value b = by_name.evaluate("Kd 8s 5h 2c");
    check(by_name.category_label(b) == "Badugi" && by_name.describe(b) == "Badugi, king-eight-five-two (K-8-5-2)",
          "badugi: by name");

    std::printf("%s\n", failures ? "wild cards example: FAILED" : "wild cards example: ok");
    return failures ? 1 : 0;
}
