// `poker showdown`: several players' hands ranked, or with --game the pots of
// a hand of a game settled (game_showdown.cpp).

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "game_options.hpp"
#include "hand_output.hpp"

namespace poker_cli {
namespace {

constexpr auto showdown_options = with_rule_options(std::array{
    option{"board", 'b', "CARDS", "shared board cards, 0 to 5 (e.g. \"Ah 7c 2d 9s Kd\")"},
    json_option,
    game_option,
    button_option,
    player_option,
    showdown_profile_option,
});

// --button, --player and --profile are --game's; the game sets the rules, so no rule option goes with it.
constexpr auto showdown_constraints =
    concatenated(each_constraint(std::array{button_option, player_option, showdown_profile_option}, "game",
                                 constraint_kind::needs,
                                 "needs --game NAME"),
                 each_constraint(rule_option_list, "game", constraint_kind::excludes,
                                 "cannot be combined with --game: the game sets the rules"));

constexpr std::size_t max_board_cards = 5;

// The deck holds two jokers, and each parsed list numbers its own jokers from
// the first: number them across the board and all hands instead, so that two
// players may each hold one. A third joker is a bad hand.
void number_jokers(CardList& cards, CardSet& dealt, const std::string& prefix) {
    for (Card& c : cards) {
        if (!c.is_joker()) continue;
        Card next = dealt.contains(Card::joker(0)) ? Card::joker(1) : Card::joker(0);
        if (dealt.contains(next)) throw pokerengine::hand_error(prefix + "a third joker (Xx): the deck holds two");
        c = next;
        dealt |= c;
    }
}

template <class Evaluator>
std::string showdown_output(const Evaluator& ev, std::span<const CardList> hands, std::span<const CardSet> sets,
                            const CardList& board, bool as_json, const rule_options& chosen) {
    const CardSet board_set = to_set(board);
    for (std::size_t i = 0; i < sets.size(); ++i) {  // name the player whose card count is wrong
        try {
            (void)ev.evaluate(sets[i] | board_set);
        } catch (const std::invalid_argument&) {
            rethrow_with_prefix("player " + std::to_string(i + 1) + ": ");
        }
    }
    pokerengine::showdown_result r = ranked_showdown(ev, sets, board_set);
    return as_json ? showdown_json(ev, hands, board, r, chosen) : showdown_text(ev, hands, board_set, r);
}

int run_showdown(const arguments& args) {
    if (args.flag("game")) return run_game_showdown(args);
    const rule_options chosen = rule_options::from(args);
    args.expect_positional(1, SIZE_MAX, "at least one player's cards");
    CardList board;
    if (std::optional<std::string_view> text = args.value("board"); text && !is_blank_text(*text)) {
        try {
            board = pokerengine::parse_cards(*text);
        } catch (const std::invalid_argument&) {
            rethrow_with_prefix("board: ");
        }
        if (board.size() > max_board_cards)
            throw pokerengine::hand_error("board: a board holds 0 to 5 cards, got " + std::to_string(board.size()) +
                                          ": \"" + std::string(*text) + "\"");
    }
    CardSet jokers_dealt;
    number_jokers(board, jokers_dealt, "board: ");
    const CardSet board_set = to_set(board);
    std::vector<CardList> hands;
    std::vector<CardSet> sets;
    for (std::size_t i = 0; i < args.positional().size(); ++i) {
        const std::string prefix = "player " + std::to_string(i + 1) + ": ";
        try {
            hands.push_back(pokerengine::parse_cards(args.positional()[i]));
        } catch (const std::invalid_argument&) {
            rethrow_with_prefix(prefix);
        }
        number_jokers(hands.back(), jokers_dealt, prefix);
        sets.push_back(to_set(hands.back()));
    }
    pokerengine::check_no_card_dealt_twice(sets, board_set);
    const bool as_json = args.flag("json");
    write_out(chosen.rules.visit(
        [&](const auto& ev) { return showdown_output(ev, hands, sets, board, as_json, chosen); }));
    return 0;
}

}  // namespace

const command showdown_command{
    "showdown",
         "poker showdown [--board CARDS] [--rules NAME] [--wild SPEC] [--bug] [--double-ace-flush] [--paytable]\n"
         "                      [--json] HAND...\n"
         "       poker showdown --game NAME [--board CARDS] [--button N] [--profile NAME] [--json]\n"
         "                      --player CARDS[:CHIPS] --player CARDS[:CHIPS] ...",
         "rank several players' hands, or settle the pots of a hand of a game",
         "Each HAND is one player's cards; with the board each player has 5 to 10 cards.\n"
         "Prints a line per player, in the order given, then the winner(s):\n"
         "  player 1: As Ad  | Pair of aces, ... | best five: As Ad Qs Jc 9h | place 1\n"
         "  winner: player 1          (or: winners: players 1, 3 (split))\n"
         "With --json: {\"board\": [...], \"players\": [{\"cards\", \"category\", \"description\",\n"
         "\"best_five\", \"value\", \"place\", \"winner\"}, ...], \"winners\": [1], \"rules\": NAME,\n"
         "\"wild\": [wild cards], \"bug\": B, \"double_ace_flush\": B, \"paytable\": B}\n"
         "With --rules NAME and the wild-card options the players are ranked by those\n"
         "rules; the two jokers (Xx) may be in two players' hands. Under eight-or-better\n"
         "a player with no qualifying low has place '-' (JSON: null) and cannot win; if\n"
         "nobody qualifies the last line is 'winners: none (no qualifying low)'.\n"
         "\n"
         "With --game NAME (see 'poker games') the players are given in seat order,\n"
         "clockwise, each as --player CARDS:CHIPS: the cards they show (or 'fold') and\n"
         "the chips they put in this hand (0 when left out). The main pot and every side\n"
         "pot are built from the contributions; each goes to the best hand among the\n"
         "players who could match it, split between high and low in hi-lo games, tied\n"
         "hands sharing. Odd chips go clockwise from the player on the --button\n"
         "(1 = the first --player, the default) in button games, and by the highest\n"
         "card by suit (lowest for a low hand) in stud games; in a hi-lo split the odd\n"
         "chip goes to the high half. In stud the --profile decides which cards count,\n"
         "as in 'poker play': wsop-2024 (the default) the five cards used, roberts all\n"
         "the player's cards, pokerkit none (the first tied player in seat order, who\n"
         "also takes every odd chip of a split). Example:\n"
         "  poker showdown --game holdem --board \"2c 7d 9h Jc Qs\" --button 3 \\\n"
         "      --player \"As Ad:50\" --player \"Ks Kd:100\" --player fold:20\n"
         "  game: holdem\n"
         "  board: 2c 7d 9h Jc Qs\n"
         "  button: player 3\n"
         "  player 1: As Ad | put in 50 | high: Pair of aces, queen-jack-nine kickers (As Ad Qs Jc 9h)\n"
         "  player 2: Ks Kd | put in 100 | high: Pair of kings, queen-jack-nine kickers (Ks Kd Qs Jc 9h)\n"
         "  player 3: folded | put in 20\n"
         "  main pot: 120 | eligible: players 1, 2\n"
         "    high 120: player 1 wins 120 with Pair of aces, queen-jack-nine kickers\n"
         "  side pot 1: 50 | eligible: player 2\n"
         "    player 2 takes 50 (the only player eligible)\n"
         "  payouts: player 1 120, player 2 50, player 3 0\n"
         "With --json: {\"game\", \"board\", \"button\", \"players\": [{\"player\", \"cards\",\n"
         "\"contribution\", \"folded\", \"high\", \"low\", \"payout\"}], \"pots\": [{\"name\", \"amount\",\n"
         "\"eligible\", \"uncontested\", \"no_qualifying_low\", \"shares\": [{\"half\", \"amount\",\n"
         "\"winners\", \"won\"}]}], \"payouts\": [chips of each --player, in order]}; \"high\" and\n"
         "\"low\" are {\"category\", \"description\", \"best_five\", \"value\"} or null.\n",
    showdown_options,
    run_showdown,
    showdown_constraints,
    button_wording,
};

}  // namespace poker_cli
