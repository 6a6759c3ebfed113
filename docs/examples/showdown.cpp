// Settling the end of a hand with pokerengine's games: side pots in a
// three-way all-in, a high-low split with an odd chip, no player with two odd
// chips from one pot, a pot won before the flop, a game chosen by name at run
// time, and the stud helpers that say who brings in and who acts first.
// Built and run by the test suite (docs); docs/variants.md quotes it.
#include <cstdio>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include "pokerengine/card_set.hpp"
#include "pokerengine/games.hpp"
#include "pokerengine/pot.hpp"
#include "pokerengine/settlement.hpp"
#include "pokerengine/stud.hpp"

using namespace pokerengine;

namespace {
int failures = 0;
void check(bool ok, const std::string& what) {
    if (!ok) {
        std::printf("FAILED: %s\n", what.c_str());
        ++failures;
    }
}

chips total(const std::vector<chips>& amounts) { return std::accumulate(amounts.begin(), amounts.end(), chips{0}); }
chips put_in(std::span<const seat> seats) {
    chips sum = 0;
    for (const seat& s : seats) sum += s.contribution;
    return sum;
}
}  // namespace

int main() {
    // 1. Hold'em, three players all-in for different amounts and one who folded.
    // Seats are in clockwise order; the button is an index (0-based) into them.
    {
        const std::vector<seat> seats{
            {parse_card_set("Ks Kd"), 25},           // all-in for 25: three kings
            {parse_card_set("As Ad"), 60},           // all-in for 60: a pair of aces
            {parse_card_set("Qs Jd"), 100},          // covers both: king high
            {CardSet{}, 10, /*folded=*/true},        // put in 10, then folded
        };
        const settlement s = settle(games::holdem{}, seats, parse_card_set("Kh 9c 5d 2s 7h"), 3);

        // Main pot: 25 from each of the three and the folded player's 10.
        check(s.pots.size() == 3, "a main pot and two side pots");
        check(s.pots[0].amount == 85 && (s.pots[0].eligible == std::vector<std::size_t>{0, 1, 2}), "main pot");
        check(s.pots[1].amount == 70 && (s.pots[1].eligible == std::vector<std::size_t>{1, 2}), "side pot 1");
        // Nobody matched the last 40 chips of the big stack: they go back to it.
        check(s.pots[2].amount == 40 && s.pots[2].uncontested, "side pot 2 is uncontested");
        check((s.payouts == std::vector<chips>{85, 70, 40, 0}), "hold'em payouts");
        check(total(s.payouts) == put_in(seats), "chips are conserved");
        check(s.high[0]->description == "Three of a kind, kings, nine-seven kickers", "the winner's hand in words");
        check(!s.high[3] && !s.low[0], "a folded player shows no hand; hold'em has no low half");
    }

    // 2. Omaha eight-or-better: one player scoops with different hole cards
    // (the kings for high, the ace and deuce for low), and a split with an odd chip.
    {
        const std::vector<seat> seats{{parse_card_set("As 2d Kh Kd"), 100}, {parse_card_set("Qs Qc 5h 6h"), 100}};
        const settlement s = settle(games::omaha_hi_lo{}, seats, parse_card_set("3c 4s 8h Kc 9d"), 0);
        check((s.payouts == std::vector<chips>{200, 0}), "a scoop: both halves to player 1");
        check(s.high[0]->description == "Three of a kind, kings, nine-eight kickers", "high with the kings");
        check(s.low[0]->description == "Eight-four low (8-4-3-2-A)", "low with the ace and the deuce");
    }
    {
        // 151 chips: the high half gets the odd chip (76), the low half 75. Two
        // identical lows split the 75, and the odd chip of that split goes to
        // the first of them clockwise from the button (the button is index 0,
        // so index 1 gets it).
        const std::vector<seat> seats{
            {parse_card_set("Ah 2h Kh Kc"), 50},   // high: three kings; low 7-4-3-2-A
            {parse_card_set("Ad 2c 9s 9c"), 50},   // low 7-4-3-2-A
            {parse_card_set("Jh Js Tc Td"), 50},   // no low
            {CardSet{}, 1, true},                  // folded after putting in 1
        };
        const settlement s = settle(games::omaha_hi_lo{}, seats, parse_card_set("3c 4d 7h Ks Qd"), 0);
        const pot_result& main = s.pots.at(0);
        check(main.amount == 151 && main.shares.size() == 2, "one pot, two halves");
        check(main.shares[0].half == pot_half::high && main.shares[0].amount == 76, "odd chip of the split to high");
        check(main.shares[1].half == pot_half::low && main.shares[1].amount == 75, "low half");
        check((main.shares[1].winners == std::vector<std::size_t>{0, 1}), "two identical lows");
        check((s.payouts == std::vector<chips>{76 + 37, 38, 0, 0}), "quartered, odd chip left of the button");
    }
    {
        // The same two players tie both halves of 66 chips: 33 each way. The
        // high half's odd chip goes to player 2 (the first clockwise from the
        // button, index 0), and since no player receives more than one odd
        // chip from a pot, the low half's goes to player 1: 33 and 33, not 34
        // and 32.
        const std::vector<seat> seats{{parse_card_set("As 2s Jc Tc"), 33}, {parse_card_set("Ad 2d Jh Th"), 33}};
        const settlement s = settle(games::omaha_hi_lo{}, seats, parse_card_set("3c 4d 5h Ks Qd"), 0);
        const pot_result& main = s.pots.at(0);
        check((main.shares.at(0).won == std::vector<chips>{16, 17}), "high half: the odd chip to player 2");
        check((main.shares.at(1).won == std::vector<chips>{17, 16}), "low half: the odd chip to player 1");
        check((s.payouts == std::vector<chips>{33, 33}), "no player receives two odd chips from one pot");
    }
    {
        // With no qualifying low the high hand takes the whole pot.
        const std::vector<seat> seats{{parse_card_set("As 3d Kh Kd"), 100}, {parse_card_set("Ah Qh 4c 5c"), 100}};
        const settlement s = settle(games::omaha_hi_lo{}, seats, parse_card_set("Qc Jd 9h Ks 2d"), 0);
        check(s.pots[0].no_qualifying_low && (s.payouts == std::vector<chips>{200, 0}), "no low: high takes all");
    }

    // A pot won before the board is dealt out: everybody else folded before
    // the flop, so the board is empty, the last player shows nothing and no
    // hand is evaluated. With two players left the full board is required.
    {
        const std::vector<seat> seats{{CardSet{}, 1, true}, {CardSet{}, 2}, {CardSet{}, 2, true}};
        const settlement s = settle(games::holdem{}, seats, CardSet{}, 0);
        check((s.payouts == std::vector<chips>{0, 5, 0}), "the last player takes the blinds");
        check(s.pots.size() == 1 && s.pots[0].uncontested, "an uncontested pot");
        check(!s.high[1], "no hand is evaluated");
        try {
            const std::vector<seat> two_left{{parse_card_set("Ks Kd"), 10}, {parse_card_set("As Ad"), 30}};
            (void)settle(games::holdem{}, two_left, parse_card_set("2c 7d 9h"), 0);
            check(false, "a showdown on the flop accepted");
        } catch (const game_error& e) {
            check(std::string(e.what()) == "holdem needs 5 board cards at showdown, got 3", "two players left");
        }
    }

    // 3. A game chosen by name at run time, as a server reading its configuration.
    {
        const any_game razz = find_game("razz");
        check(traits_of(razz).deal.hole_cards == 7 && traits_of(razz).family == game_family::stud, "razz traits");
        const std::vector<seat> seats{{parse_card_set("Kd Ks 5h 4c 3d 2s Ah"), 30},
                                      {parse_card_set("6c 4d 3h 2c Ac Qd Qh"), 30}};
        const settlement s = settle(razz, seats, CardSet{}, 0);
        check((s.payouts == std::vector<chips>{60, 0}), "the wheel wins at razz");
        check(s.pots[0].shares[0].half == pot_half::low && s.low[0]->description == "Wheel, five-four low (5-4-3-2-A)",
              "razz has only a low half");

        // Every game in the registry can be found by its own name.
        for (const game_traits& t : all_games()) check(traits_of(find_game(t.name)).name == t.name, "registry name");
        check(all_games().size() == 18, "eighteen games");

        // An unknown name is an error that lists the valid names.
        try {
            (void)find_game("texas");
            check(false, "unknown game accepted");
        } catch (const game_error& e) {
            check(std::string(e.what()).starts_with("unknown game 'texas' (valid games: holdem, "), "unknown game");
        }
    }

    // 4. Bad input is an error and nothing is paid.
    {
        const CardSet board = parse_card_set("2s 7s Td 8c 3h");
        auto message = [&](const std::vector<seat>& seats) -> std::string {
            try {
                (void)settle(games::holdem{}, seats, board, 0);
            } catch (const std::invalid_argument& e) {  // game_error and pot_error
                return e.what();
            }
            return "no error";
        };
        check(message({{parse_card_set("As Ks"), 100}, {parse_card_set("Ah 4c 5c"), 100}}) ==
                  "player 2 shows 3 cards; holdem needs 2",
              "wrong number of cards");
        check(message({{parse_card_set("As Ks"), 100}, {parse_card_set("As 4c"), 100}}) ==
                  "As is dealt twice (player 1 and player 2)",
              "a card dealt twice");
        check(message({{parse_card_set("As Ks"), -5}, {parse_card_set("Ah 4c"), 100}}) ==
                  "player 1 has a negative contribution (-5)",
              "negative contribution");
        check(message({{parse_card_set("As Ks"), 100}, {parse_card_set("Ah 4c"), 100, true}}) ==
                  "player 2 folded and cannot show cards",
              "a folded player showing cards");
    }

    // 5. Pots and chips without a game.
    {
        const std::vector<pot> pots = build_pots(std::vector<stake>{{20}, {50}, {50}});
        check(pots.size() == 2 && pots[0].amount == 60 && pots[1].amount == 60, "build_pots");
        check((pots[1].eligible == std::vector<std::size_t>{1, 2}), "the short stack cannot win the side pot");
        check((split_chips(10, 3) == std::vector<chips>{4, 3, 3}), "split_chips");
    }

    // 6. Stud: who brings in on third street and who acts first later.
    {
        // Door cards in seat order, from the dealer's left. High games: the
        // lowest card brings in, aces high, clubs lowest of equal ranks.
        const std::vector<Card> doors{parse_card("7s"), parse_card("2d"), parse_card("2c"), parse_card("Ah")};
        check(bring_in(games::seven_card_stud{}, doors) == 2, "stud: the 2c brings in");
        check(bring_in(showing_order::high, doors) == 2, "the same by showing order");
        // Razz: the highest card brings in, aces low, spades highest: the 7s.
        check(bring_in(games::razz{}, doors) == 0, "razz: the 7s brings in");
        check(bring_in(find_game("stud-hi-lo"), doors) == 2, "stud eight-or-better reads cards as stud");

        // Fourth street and later: the best hand showing acts first.
        const std::vector<CardSet> up{parse_card_set("Kd 7c"), parse_card_set("5s 5h"), parse_card_set("Ac Kh"),
                                      CardSet{}};  // the last player folded
        check(first_to_act(games::seven_card_stud{}, up) == 1, "stud: the pair of fives acts first");
        // Razz: the lowest hand showing; K-A beats K-7, and a pair is worst.
        check(first_to_act(games::razz{}, up) == 2, "razz: king-ace acts first");
        // Straights and flushes showing do not count; equal hands: the first from the dealer's left.
        const std::vector<CardSet> fifth{parse_card_set("9h 8h 7h"), parse_card_set("Ks 4d 2c"),
                                         parse_card_set("Kc 4h 2d")};
        check(first_to_act(games::seven_card_stud{}, fifth) == 1, "no straight flush showing: king high first");
        check(first_to_act(showing_order_of<games::stud_hi_lo>(), fifth) == 1, "stud-hi-lo reads high");
        try {
            (void)bring_in(find_game("holdem"), doors);
            check(false, "hold'em has a bring-in");
        } catch (const game_error& e) {
            check(std::string(e.what()) == "holdem is not a stud game: it has no bring-in", "not a stud game");
        }
    }

    std::printf("%s\n", failures ? "showdown example: FAILED" : "showdown example: ok");
    return failures ? 1 : 0;
}
