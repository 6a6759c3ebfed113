// `poker showdown --game NAME` (who gets which chips at the end of a hand of a
// named game) and `poker games` (the games the engine knows).

#include <cstdint>
#include <optional>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "commands.hpp"
#include "game_options.hpp"
#include "output.hpp"
#include "profile_option.hpp"

namespace poker_cli {

using game_cli::player_name;

std::string button_wording(const option& o, std::string_view given) {
    return "--" + std::string(o.name) + " must be a player number from 1 to the number of players, got '" +
           std::string(given) + "'";
}

namespace {

std::string players_text(std::span<const std::size_t> players) {
    return (players.size() == 1 ? "player " : "players ") + numbered(players);
}

std::string_view half_name(pokerengine::pot_half h) { return h == pokerengine::pot_half::high ? "high" : "low"; }

const std::optional<pokerengine::shown_hand>& hand_of(const pokerengine::settlement& s, pokerengine::pot_half h,
                                                             std::size_t player) {
    return h == pokerengine::pot_half::high ? s.high[player] : s.low[player];
}

std::string pot_title(std::size_t index) {
    return index == 0 ? std::string("main pot") : "side pot " + std::to_string(index);
}

// Every pot, who won each part of it and with what, then each player's payout.
}  // namespace

std::string pots_text(const pokerengine::settlement& s) {
    std::string out;
    for (std::size_t k = 0; k < s.pots.size(); ++k) {
        const pokerengine::pot_result& pot = s.pots[k];
        out += pot_title(k) + ": " + std::to_string(pot.amount) + " | eligible: " + players_text(pot.eligible) + "\n";
        if (pot.uncontested) {
            out += "  " + player_name(pot.eligible.front()) + " takes " + std::to_string(pot.amount) +
                   " (the only player eligible)\n";
            continue;
        }
        if (pot.no_qualifying_low) out += "  no qualifying low: the high hand takes the whole pot\n";
        for (const pokerengine::pot_share& share : pot.shares) {
            out += "  " + std::string(half_name(share.half)) + " " + std::to_string(share.amount) + ": ";
            if (share.winners.size() == 1) {
                out += player_name(share.winners[0]) + " wins " + std::to_string(share.won[0]);
            } else {
                out += players_text(share.winners) + " split (" +
                       joined(share.won, [](pokerengine::chips c) { return std::to_string(c); }, ", ") + ")";
            }
            const auto& hand = hand_of(s, share.half, share.winners.front());
            if (hand) out += " with " + hand->description;
            out += "\n";
        }
    }
    const auto payout = [&](std::size_t i) { return player_name(i) + " " + std::to_string(s.payouts[i]); };
    return out + "payouts: " + joined(std::views::iota(std::size_t{0}, s.payouts.size()), payout, ", ") + "\n";
}

namespace {

// The cards each player showed and the board, in the order they were given.
struct shown_cards {
    std::vector<pokerengine::CardList> players;
    pokerengine::CardList board;
};

std::string settlement_text(const pokerengine::game_traits& game, std::span<const pokerengine::seat> seats,
                                   const shown_cards& shown, std::size_t button, const pokerengine::settlement& s) {
    std::string out = "game: " + std::string(game.name) + "\n";
    if (!shown.board.empty()) {
        out += "board: ";
        out += cards_text(shown.board);
        out += "\n";
    }
    if (game.odd_chip == pokerengine::odd_chip_rule::left_of_button) out += "button: " + player_name(button) + "\n";
    for (std::size_t i = 0; i < seats.size(); ++i) {
        out += player_name(i) + ": ";
        if (seats[i].folded) {
            out += "folded";
        } else if (seats[i].cards.empty()) {
            out += "not shown";
        } else {
            out += cards_text(shown.players[i]);
        }
        out += " | put in " + std::to_string(seats[i].contribution);
        for (pokerengine::pot_half h : {pokerengine::pot_half::high, pokerengine::pot_half::low})
            if (const auto& hand = hand_of(s, h, i)) {
                out += " | " + std::string(half_name(h)) + ": " + hand->description;
                if (!hand->best_cards.empty()) {
                    out += " (";
                    out += cards_text(hand->best_cards);
                    out += ")";
                }
            }
        out += "\n";
    }
    return out + pots_text(s);
}

json hand_json(const std::optional<pokerengine::shown_hand>& hand) {
    if (!hand) return nullptr;
    return {{"category", hand->category},
            {"description", hand->description},
            {"best_five", cards_json(hand->best_cards)},
            {"value", hand->value.value}};
}


std::string settlement_json(const pokerengine::game_traits& game, std::span<const pokerengine::seat> seats,
                                   const shown_cards& shown, std::size_t button, const pokerengine::settlement& s) {
    json players = json::array();
    for (std::size_t i = 0; i < seats.size(); ++i)
        players.push_back({{"player", i + 1},
                           {"cards", cards_json(shown.players[i])},
                           {"contribution", seats[i].contribution},
                           {"folded", seats[i].folded},
                           {"high", hand_json(s.high[i])},
                           {"low", hand_json(s.low[i])},
                           {"payout", s.payouts[i]}});
    json pots = json::array();
    for (std::size_t k = 0; k < s.pots.size(); ++k) {
        const pokerengine::pot_result& pot = s.pots[k];
        json shares = json::array();
        for (const pokerengine::pot_share& share : pot.shares)
            shares.push_back({{"half", half_name(share.half)},
                              {"amount", share.amount},
                              {"winners", numbers_json(share.winners)},
                              {"won", share.won}});
        pots.push_back({{"name", pot_title(k)},
                        {"amount", pot.amount},
                        {"eligible", numbers_json(pot.eligible)},
                        {"uncontested", pot.uncontested},
                        {"no_qualifying_low", pot.no_qualifying_low},
                        {"shares", std::move(shares)}});
    }
    const bool has_button = game.odd_chip == pokerengine::odd_chip_rule::left_of_button;
    return json_line({{"game", game.name},
                      {"board", cards_json(shown.board)},
                      {"button", has_button ? json(button + 1) : json(nullptr)},
                      {"players", std::move(players)},
                      {"pots", std::move(pots)},
                      {"payouts", s.payouts}});
}

}  // namespace

/// `poker showdown --game NAME [--board CARDS] [--button N] --player CARDS[:CHIPS] ...`
int run_game_showdown(const arguments& args) {
    if (!args.positional().empty())
        throw usage_error("with --game give each player as --player CARDS[:CHIPS], not as '" +
                          std::string(args.positional().front()) + "'");
    const pokerengine::any_game game = [&] {
        try {
            return pokerengine::find_game(*args.value("game"));
        } catch (const pokerengine::game_error& e) {
            throw usage_error(e.what());
        }
    }();
    const pokerengine::game_traits& traits = pokerengine::traits_of(game);
    std::vector<std::string_view> texts = args.values("player");
    if (texts.size() < 2)
        throw usage_error("a showdown needs at least two --player options, got " + std::to_string(texts.size()));
    std::vector<pokerengine::seat> seats;
    shown_cards shown;
    shown.players.resize(texts.size());
    for (std::size_t i = 0; i < texts.size(); ++i)
        seats.push_back(game_cli::parse_player(texts[i], i, shown.players[i]));
    std::size_t button = 0;
    if (std::optional<std::uint64_t> n = args.whole("button")) {  // from 1
        if (*n > seats.size())
            throw usage_error("--button must be a player number from 1 to " + std::to_string(seats.size()) + ", got '" +
                              std::to_string(*n) + "'");
        button = static_cast<std::size_t>(*n - 1);
    }
    pokerengine::CardSet board;
    if (std::optional<std::string_view> text = args.value("board");
        text && text->find_first_not_of(" \t") != std::string_view::npos) {
        try {
            shown.board = pokerengine::parse_cards(*text);
        } catch (const std::invalid_argument& e) {
            throw pokerengine::game_error(std::string("board: ") + e.what());
        }
    }
    for (pokerengine::Card c : shown.board) {
        if (board.contains(c)) throw pokerengine::game_error("board: " + to_string(c) + " is given twice");
        board |= c;
    }
    const pokerengine::play::rule_profile profile = profile_of(args).value_or(pokerengine::play::rule_profile{});
    const pokerengine::settlement s = pokerengine::settle(game, seats, board, button, profile.settling());
    write_out(args.flag("json") ? settlement_json(traits, seats, shown, button, s)
                                : settlement_text(traits, seats, shown, button, s));
    return 0;
}



namespace {

constexpr std::array games_options{option{"json", 0, "", "print one JSON array instead of text"}};

bool split_game(const pokerengine::game_traits& g) {
    return std::visit([](const auto& game) { return pokerengine::is_split_game<std::decay_t<decltype(game)>>; },
                      pokerengine::find_game(g.name));
}

/// `poker games`: one line per game, its name and what it is.
std::string games_listing(bool as_json) {
    std::string out;
    json games = json::array();
    for (const pokerengine::game_traits& g : pokerengine::all_games()) {
        if (!as_json) {
            out += fmt::format("{:<27} {}\n", g.name, g.description);
            continue;
        }
        games.push_back({{"name", g.name},
                         {"description", g.description},
                         {"deck_cards", pokerengine::deck_cards(g.deck).size()},
                         {"hole_cards", g.deal.hole_cards},
                         {"up_cards", g.deal.up_cards},
                         {"board_cards", g.deal.board_cards},
                         {"draws", g.deal.draws},
                         {"hand_cards", g.deal.hand_cards},
                         {"split", split_game(g)},
                         {"odd_chip", g.odd_chip == pokerengine::odd_chip_rule::left_of_button ? "left of button"
                                                                                               : "card by suit"}});
    }
    return as_json ? json_line(games) : out;
}

int run_games(const arguments& args) {
    args.expect_positional(0, 0, "no arguments");
    write_out(games_listing(args.flag("json")));
    return 0;
}

}  // namespace

const command games_command{
    "games", "poker games [--json]", "list the games --game knows, one line each",
         "Prints each game's name, as --game takes it, and what it is:\n"
         "  holdem                      Texas hold'em: two hole cards and five board cards, ...\n"
         "With --json: [{\"name\", \"description\", \"deck_cards\", \"hole_cards\", \"up_cards\",\n"
         "\"board_cards\", \"draws\", \"hand_cards\", \"split\", \"odd_chip\"}, ...]\n",
    games_options,
    run_games,
};

}  // namespace poker_cli
