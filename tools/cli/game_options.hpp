#pragma once
// The options of `poker showdown --game` and the reader of its players
// (`CARDS[:CHIPS]`), shared with the fuzz target that tests the reader.

#include <charconv>
#include <string>
#include <string_view>

#include "pokerengine/card_set.hpp"
#include "pokerengine/games.hpp"
#include "pokerengine/settlement.hpp"
#include "cli.hpp"

namespace poker_cli {

inline constexpr option game_option{"game", 'g', "NAME", "settle the pots of a hand of game NAME (see 'poker games')"};
inline constexpr option button_option = whole_option(
    {"button", 0, "N", "with --game: the player on the button, 1 to the number of players (default 1)"}, 1);
inline constexpr option player_option{
    "player", 'p', "CARDS[:CHIPS]",
    "with --game: a player's cards (or 'fold') and what they put in; repeat in seat order", true};

inline constexpr option showdown_profile_option{
    "profile", 0, "NAME", "with --game: odd chips by rule profile wsop-2024 (default), roberts or pokerkit"};

/// `--button must be a player number from 1 to ...`: showdown's wording of a bad --button.
std::string button_wording(const option& o, std::string_view given);

/// Every pot, who won each part of it and with what, then each player's payout.
std::string pots_text(const pokerengine::settlement& s);

namespace game_cli {

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

}  // namespace game_cli
}  // namespace poker_cli
