#pragma once
// The games pokerengine knows, each a declaration on top of the evaluators,
// and the run-time registry that finds a game by name.
//
//     any_game g = find_game("omaha-hi-lo");          // throws game_error for an unknown name
//     assert(traits_of(g).deal.hole_cards == 4);
//     std::visit([](const auto& game) { /* compile-time game here */ }, g);

#include <array>
#include <span>
#include <string_view>
#include <variant>

#include "pokerengine/game.hpp"
#include "pokerengine/wild.hpp"

namespace pokerengine::games {

/// Texas hold'em: two hole cards, five on the board, the best five of seven.
struct holdem {
    static constexpr game_traits traits{
        "holdem", "Texas hold'em: two hole cards and five board cards, best five of seven",
        game_family::board, deck_kind::standard, {.hole_cards = 2, .board_cards = 5},
        odd_chip_rule::left_of_button, board_game_streets(2),
        betting_structure::no_limit, {{{betting_structure::fixed_limit, "FT"}, {betting_structure::no_limit, "NT"}}}};
    using high_hand = best_of_all<high_evaluator>;
    using low_hand = no_hand;
};

/// Short-deck hold'em: 36 cards, a flush beats a full house and three of a
/// kind beats a straight (Six-Plus/Triton order).
struct short_deck_holdem {
    static constexpr game_traits traits{
        "short-deck",
        "short-deck (six-plus) hold'em: 36 cards, flush beats full house, trips beat a straight",
        game_family::board, deck_kind::short_deck, {.hole_cards = 2, .board_cards = 5},
        odd_chip_rule::left_of_button, board_game_streets(2),
        betting_structure::no_limit};
    using high_hand = best_of_all<short_deck_evaluator>;
    using low_hand = no_hand;
};

/// Short-deck hold'em in the WSOP order: a straight beats three of a kind.
struct short_deck_wsop_holdem {
    static constexpr game_traits traits{
        "short-deck-wsop", "short-deck hold'em, WSOP order: 36 cards, flush beats full house, straight beats trips",
        game_family::board, deck_kind::short_deck, {.hole_cards = 2, .board_cards = 5},
        odd_chip_rule::left_of_button, board_game_streets(2),
        betting_structure::no_limit, {{{betting_structure::no_limit, "NS"}}}};
    using high_hand = best_of_all<evaluator<short_deck_wsop>>;
    using low_hand = no_hand;
};

template <int HoleCards>
struct omaha_high {
    static constexpr game_traits traits{
        HoleCards == 4 ? "omaha" : HoleCards == 5 ? "omaha5" : "omaha6",
        HoleCards == 4   ? "Omaha: four hole cards, exactly two with three of the five board cards"
        : HoleCards == 5 ? "five-card Omaha: exactly two of five hole cards with three board cards"
                         : "six-card Omaha: exactly two of six hole cards with three board cards",
        game_family::board, deck_kind::standard, {.hole_cards = HoleCards, .board_cards = 5},
        odd_chip_rule::left_of_button, board_game_streets(HoleCards),
        betting_structure::pot_limit, {{{betting_structure::pot_limit, HoleCards == 4 ? "PO" : ""}}}};
    using high_hand = two_plus_three<high, HoleCards>;
    using low_hand = no_hand;
};
/// Omaha with four, five and six hole cards: exactly two hole cards and three board cards.
using omaha = omaha_high<4>;
using omaha5 = omaha_high<5>;
using omaha6 = omaha_high<6>;

template <int HoleCards>
struct omaha_eight_or_better {
    static constexpr game_traits traits{
        HoleCards == 4 ? "omaha-hi-lo" : "omaha5-hi-lo",
        HoleCards == 4 ? "Omaha eight-or-better: high and qualifying low split, two hole cards each way"
                       : "five-card Omaha eight-or-better: high and qualifying low split",
        game_family::board, deck_kind::standard, {.hole_cards = HoleCards, .board_cards = 5},
        odd_chip_rule::left_of_button, board_game_streets(HoleCards),
        betting_structure::pot_limit, {{{betting_structure::fixed_limit, HoleCards == 4 ? "FO/8" : ""}}}};
    using high_hand = two_plus_three<high, HoleCards>;
    using low_hand = two_plus_three<eight_or_better_low, HoleCards>;
};
/// Omaha eight-or-better (four and five hole cards): the best high and the best
/// qualifying low split the pot, each made of two hole and three board cards.
using omaha_hi_lo = omaha_eight_or_better<4>;
using omaha5_hi_lo = omaha_eight_or_better<5>;

/// Seven-card stud: three cards down and four up, the best five of seven.
struct seven_card_stud {
    static constexpr game_traits traits{
        "stud", "seven-card stud: three down and four up cards, best five of seven",
        game_family::stud, deck_kind::standard, {.hole_cards = 7, .up_cards = 4},
        odd_chip_rule::card_by_suit, stud_streets(false),
        betting_structure::fixed_limit, {{{betting_structure::fixed_limit, "F7S"}}}};
    using high_hand = best_of_all<high_evaluator>;
    using low_hand = no_hand;
};

/// Seven-card stud eight-or-better: the best high and the best qualifying low split.
struct stud_hi_lo {
    static constexpr game_traits traits{
        "stud-hi-lo", "seven-card stud eight-or-better: high and qualifying low split",
        game_family::stud, deck_kind::standard, {.hole_cards = 7, .up_cards = 4},
        odd_chip_rule::card_by_suit, stud_streets(false),
        betting_structure::fixed_limit, {{{betting_structure::fixed_limit, "F7S/8"}}}};
    using high_hand = best_of_all<high_evaluator>;
    using low_hand = best_of_all<eight_or_better_evaluator>;
};

/// Razz: seven-card stud for the best ace-to-five low.
struct razz {
    static constexpr game_traits traits{
        "razz", "razz: seven-card stud for the lowest hand, ace-to-five (5-4-3-2-A best)",
        game_family::stud, deck_kind::standard, {.hole_cards = 7, .up_cards = 4},
        odd_chip_rule::card_by_suit, stud_streets(true),
        betting_structure::fixed_limit, {{{betting_structure::fixed_limit, "FR"}}}};
    using high_hand = no_hand;
    using low_hand = best_of_all<razz_evaluator>;
};

/// Five-card draw: five cards, one draw, high hand.
struct five_card_draw {
    static constexpr game_traits traits{
        "five-card-draw", "five-card draw: five cards, one draw, high hand",
        game_family::draw, deck_kind::standard, {.hole_cards = 5, .draws = 1}, odd_chip_rule::left_of_button,
        draw_streets(5, 1),
        betting_structure::fixed_limit};
    using high_hand = best_of_all<high_evaluator>;
    using low_hand = no_hand;
};

template <int Draws>
struct deuce_to_seven_draw {
    static constexpr game_traits traits{
        Draws == 1 ? "deuce-to-seven-single-draw" : "deuce-to-seven-triple-draw",
        Draws == 1 ? "deuce-to-seven single draw (Kansas City lowball): one draw, 7-5-4-3-2 best"
                   : "deuce-to-seven triple draw: three draws, 7-5-4-3-2 best, straights and flushes count",
        game_family::draw, deck_kind::standard, {.hole_cards = 5, .draws = Draws}, odd_chip_rule::left_of_button,
        draw_streets(5, Draws),
        Draws == 1 ? betting_structure::no_limit : betting_structure::fixed_limit,
        {{{Draws == 1 ? betting_structure::no_limit : betting_structure::fixed_limit, Draws == 1 ? "N2L1D" : "F2L3D"}}}};
    using high_hand = no_hand;
    using low_hand = best_of_all<deuce_to_seven_evaluator>;
};
/// Deuce-to-seven lowball with one and three draws.
using deuce_to_seven_single_draw = deuce_to_seven_draw<1>;
using deuce_to_seven_triple_draw = deuce_to_seven_draw<3>;

/// Ace-to-five triple draw: three draws, 5-4-3-2-A best.
struct ace_to_five_triple_draw {
    static constexpr game_traits traits{
        "ace-to-five-triple-draw", "ace-to-five triple draw: three draws, 5-4-3-2-A best",
        game_family::draw, deck_kind::standard, {.hole_cards = 5, .draws = 3}, odd_chip_rule::left_of_button,
        draw_streets(5, 3),
        betting_structure::fixed_limit};
    using high_hand = no_hand;
    using low_hand = best_of_all<ace_to_five_evaluator>;
};

/// Badugi: four cards, three draws, the most cards of different ranks and suits, lowest.
struct badugi {
    static constexpr game_traits traits{
        "badugi", "badugi: four cards, three draws, lowest hand of different ranks and suits",
        game_family::draw, deck_kind::standard, {.hole_cards = 4, .draws = 3, .hand_cards = 4}, odd_chip_rule::left_of_button,
        draw_streets(4, 3),
        betting_structure::fixed_limit, {{{betting_structure::fixed_limit, "FB"}}}};
    using high_hand = no_hand;
    using low_hand = best_of_all<badugi_evaluator>;
};

/// Five-card draw with one joker, the bug: an ace or a card that completes a
/// straight, flush or straight flush.
struct joker_draw {
    static constexpr game_traits traits{
        "joker-draw", "five-card draw with a joker as the bug (53 cards, five aces best)",
        game_family::draw, deck_kind::one_joker, {.hole_cards = 5, .draws = 1}, odd_chip_rule::left_of_button,
        draw_streets(5, 1),
        betting_structure::fixed_limit};
    using high_hand = best_of_all<joker_draw_evaluator>;
    using low_hand = no_hand;
};

/// Five-card draw with the four deuces wild; five of a kind is the best hand.
struct deuces_wild_draw {
    static constexpr game_traits traits{
        "deuces-wild-draw", "five-card draw, deuces wild: five of a kind is the best hand",
        game_family::draw, deck_kind::standard, {.hole_cards = 5, .draws = 1}, odd_chip_rule::left_of_button,
        draw_streets(5, 1),
        betting_structure::fixed_limit};
    using high_hand = best_of_all<deuces_wild_evaluator>;
    using low_hand = no_hand;
};

}  // namespace pokerengine::games

namespace pokerengine {

/// Every game, for servers that choose the game at run time.
using any_game =
    std::variant<games::holdem, games::short_deck_holdem, games::short_deck_wsop_holdem, games::omaha, games::omaha5,
                 games::omaha6, games::omaha_hi_lo, games::omaha5_hi_lo, games::seven_card_stud, games::stud_hi_lo,
                 games::razz, games::five_card_draw, games::deuce_to_seven_single_draw,
                 games::deuce_to_seven_triple_draw, games::ace_to_five_triple_draw, games::badugi, games::joker_draw,
                 games::deuces_wild_draw>;

/// The traits of every game in `any_game`, in that order.
std::span<const game_traits> all_games();

/// The game called `name` ("holdem", "omaha-hi-lo", ...). Throws `game_error`
/// listing the valid names for any other name.
any_game find_game(std::string_view name);

/// The traits of a game chosen at run time.
const game_traits& traits_of(const any_game& g);

}  // namespace pokerengine
