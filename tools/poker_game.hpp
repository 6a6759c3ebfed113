#pragma once
// `poker showdown --game NAME ...` (who gets which chips at the end of a hand
// of a named game) and `poker games` (the games the engine knows).

#include <charconv>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <range/v3/view/indices.hpp>

#include "pokerengine/card_set.hpp"
#include "pokerengine/games.hpp"
#include "pokerengine/settlement.hpp"
#include "poker_args.hpp"
#include "poker_text.hpp"

namespace poker_cli {

inline constexpr option game_option{"game", 'g', "NAME", "settle the pots of a hand of game NAME (see 'poker games')"};
inline constexpr option button_option{"button", 0, "N",
                                      "with --game: the player on the button, 1 to the number of players (default 1)"};
inline constexpr option player_option{
    "player", 'p', "CARDS[:CHIPS]",
    "with --game: a player's cards (or 'fold') and what they put in; repeat in seat order", true};

namespace game_cli {

using pokerengine::CardSet;
using pokerengine::chips;

inline std::string player_name(std::size_t i) { return "player " + std::to_string(i + 1); }

inline bool is_fold_word(std::string_view text) {
    auto lower = [](std::string_view t) {
        std::string s(t);
        for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        return s;
    };
    std::string word = lower(text);
    auto first = word.find_first_not_of(" \t");
    auto last = word.find_last_not_of(" \t");
    if (first == std::string::npos) return false;
    word = word.substr(first, last - first + 1);
    return word == "fold" || word == "folded";
}

// Reads "CARDS[:CHIPS]": the cards (or the word fold) and the chips put in;
// `shown` keeps the cards in the order given, for printing.
inline pokerengine::seat parse_player(std::string_view text, std::size_t index, pokerengine::CardList& shown) {
    const std::string prefix = player_name(index) + ": ";
    pokerengine::seat s;
    std::string_view cards = text;
    if (std::size_t colon = text.rfind(':'); colon != std::string_view::npos) {
        cards = text.substr(0, colon);
        std::string_view amount = text.substr(colon + 1);
        chips value = 0;
        auto [end, error] = std::from_chars(amount.data(), amount.data() + amount.size(), value);
        constexpr chips most_chips = 1'000'000'000'000'000;
        bool digits_only = !amount.empty() && end == amount.data() + amount.size();
        if (!digits_only || (error != std::errc{} && error != std::errc::result_out_of_range))
            throw pokerengine::game_error(prefix + "the contribution '" + pokerengine::printable(amount) +
                                          "' is not a whole number of chips");
        if (error == std::errc::result_out_of_range || value > most_chips)
            throw pokerengine::game_error(prefix + "the contribution " + pokerengine::printable(amount) +
                                          " is more than " + std::to_string(most_chips) + " chips");
        s.contribution = value;
    }
    if (is_fold_word(cards)) {
        s.folded = true;
        return s;
    }
    if (std::size_t start = cards.find_first_not_of(" \t"); start != std::string_view::npos) {
        std::string_view first_word = cards.substr(start, cards.find_first_of(" \t,", start) - start);
        if (is_fold_word(first_word))
            throw pokerengine::game_error(player_name(index) + " folded and cannot show cards");
    }
    if (cards.find_first_not_of(" \t") == std::string_view::npos) return s;
    try {
        shown = pokerengine::parse_cards(cards);
        for (pokerengine::Card c : shown) {
            if (s.cards.contains(c)) throw pokerengine::game_error(prefix + to_string(c) + " is given twice");
            s.cards |= c;
        }
    } catch (const std::invalid_argument& e) {
        throw pokerengine::game_error(prefix + e.what());
    }
    return s;
}

inline std::string players_text(std::span<const std::size_t> players) {
    return (players.size() == 1 ? "player " : "players ") + numbered(players);
}

inline std::string_view half_name(pokerengine::pot_half h) { return h == pokerengine::pot_half::high ? "high" : "low"; }

inline const std::optional<pokerengine::shown_hand>& hand_of(const pokerengine::settlement& s, pokerengine::pot_half h,
                                                             std::size_t player) {
    return h == pokerengine::pot_half::high ? s.high[player] : s.low[player];
}

inline std::string pot_title(std::size_t index) {
    return index == 0 ? std::string("main pot") : "side pot " + std::to_string(index);
}

// Every pot, who won each part of it and with what, then each player's payout.
inline std::string pots_text(const pokerengine::settlement& s) {
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
    return out + "payouts: " + joined(ranges::views::indices(s.payouts.size()), payout, ", ") + "\n";
}

// The cards each player showed and the board, in the order they were given.
struct shown_cards {
    std::vector<pokerengine::CardList> players;
    pokerengine::CardList board;
};

inline std::string settlement_text(const pokerengine::game_traits& game, std::span<const pokerengine::seat> seats,
                                   const shown_cards& shown, std::size_t button, const pokerengine::settlement& s) {
    std::string out = "game: " + std::string(game.name) + "\n";
    if (!shown.board.empty()) {
        out += "board: ";
        append_cards(out, shown.board);
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
            append_cards(out, shown.players[i]);
        }
        out += " | put in " + std::to_string(seats[i].contribution);
        for (pokerengine::pot_half h : {pokerengine::pot_half::high, pokerengine::pot_half::low})
            if (const auto& hand = hand_of(s, h, i)) {
                out += " | " + std::string(half_name(h)) + ": " + hand->description;
                if (!hand->best_cards.empty()) {
                    out += " (";
                    append_cards(out, hand->best_cards);
                    out += ")";
                }
            }
        out += "\n";
    }
    return out + pots_text(s);
}

inline json hand_json(const std::optional<pokerengine::shown_hand>& hand) {
    if (!hand) return nullptr;
    return {{"category", hand->category},
            {"description", hand->description},
            {"best_five", cards_json(hand->best_cards)},
            {"value", hand->value.value}};
}

// Players as the tool numbers them, from 1.
inline json players_json(std::span<const std::size_t> players) {
    json a = json::array();
    for (std::size_t p : players) a.push_back(p + 1);
    return a;
}

inline std::string settlement_json(const pokerengine::game_traits& game, std::span<const pokerengine::seat> seats,
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
                              {"winners", players_json(share.winners)},
                              {"won", share.won}});
        pots.push_back({{"name", pot_title(k)},
                        {"amount", pot.amount},
                        {"eligible", players_json(pot.eligible)},
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

}  // namespace game_cli

/// `poker showdown --game NAME [--board CARDS] [--button N] --player CARDS[:CHIPS] ...`
inline std::string game_showdown(const arguments& args, const pokerengine::settlement_rules& rules) {
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
    game_cli::shown_cards shown;
    shown.players.resize(texts.size());
    for (std::size_t i = 0; i < texts.size(); ++i)
        seats.push_back(game_cli::parse_player(texts[i], i, shown.players[i]));
    std::size_t button = 0;
    if (std::optional<std::string_view> text = args.value("button")) {
        int n = 0;
        auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), n);
        if (error != std::errc{} || end != text->data() + text->size() || n < 1 ||
            static_cast<std::size_t>(n) > seats.size())
            throw usage_error("--button must be a player number from 1 to " + std::to_string(seats.size()) + ", got '" +
                              std::string(*text) + "'");
        button = static_cast<std::size_t>(n - 1);
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
    const pokerengine::settlement s = pokerengine::settle(game, seats, board, button, rules);
    return args.flag("json") ? game_cli::settlement_json(traits, seats, shown, button, s)
                             : game_cli::settlement_text(traits, seats, shown, button, s);
}

inline constexpr std::array games_options{option{"json", 0, "", "print one JSON array instead of text"}};

inline bool split_game(const pokerengine::game_traits& g) {
    return std::visit([](const auto& game) { return pokerengine::is_split_game<std::decay_t<decltype(game)>>; },
                      pokerengine::find_game(g.name));
}

/// `poker games`: one line per game, its name and what it is.
inline std::string games_listing(bool as_json) {
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

}  // namespace poker_cli
