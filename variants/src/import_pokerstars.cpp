// PokerStars hand histories in English: the current `PokerStars Hand #`
// header and the older `PokerStars Game #`, cash games and tournaments, the
// games dealt with a board (hold'em, Omaha high and hi-lo, 6+ hold'em); and
// GGPoker's, whose text is PokerStars' with its own header (`Poker Hand #`),
// straddles, fees and words for a few lines.
// Each hand is read in two passes: the lines into events naming players, then,
// once it is known who was dealt in, the events into the engine's seats.

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "room_text.hpp"

namespace pokerengine::play {
namespace {

using namespace room_text;

bool pokerstars_header(string_view line) {
    if (starts_with(line, bom)) line.remove_prefix(bom.size());
    if (!starts_with(line, "PokerStars ")) return false;
    const auto colon = line.find(':');
    const string_view before = line.substr(0, colon);
    return colon != string_view::npos && (before.find("Hand #") != string_view::npos ||
                                          before.find("Game #") != string_view::npos);
}

// "Poker Hand #HD1587634: Hold'em No Limit  ($0.5/$1) - 2018/11/11 22:08:11", "Poker Hand #OM2268205: PLO (...".
bool ggpoker_header(string_view line) {
    if (starts_with(line, bom)) line.remove_prefix(bom.size());
    return starts_with(line, "Poker Hand #") && line.find(':') != string_view::npos;
}

// Which room's words a hand is written in.
enum class dialect : std::uint8_t { pokerstars, ggpoker };

// "*********** # 2 **************": the separator some exports put between hands.
bool pokerstars_separator(string_view line) { return starts_with(line, "***********") && line.find(" # ") != string_view::npos; }

// The games, the most specific name first: the first found in the header is the hand's.
struct game_name {
    string_view text;
    string_view game;  // the engine's name; empty: not read yet
};
constexpr std::array game_names{
    game_name{"6+ Hold'em", "short-deck"},
    game_name{"5 Card Omaha Hi/Lo", "omaha5-hi-lo"},
    game_name{"5 Card Omaha", "omaha5"},
    game_name{"6 Card Omaha", "omaha6"},
    game_name{"Omaha Hi/Lo", "omaha-hi-lo"},
    game_name{"Omaha", "omaha"},
    game_name{"Hold'em", "holdem"},
    game_name{"Courchevel", ""},
    game_name{"7 Card Stud Hi/Lo", "stud-hi-lo"},
    game_name{"7 Card Stud", "stud"},
    game_name{"Razz", "razz"},
    game_name{"5 Card Draw", "five-card-draw"},
    game_name{"Triple Draw 2-7 Lowball", "deuce-to-seven-triple-draw"},
    game_name{"Single Draw 2-7 Lowball", "deuce-to-seven-single-draw"},
    game_name{"Badugi", "badugi"},
};

class hand_reader : room_hand {
public:
    hand_reader(const hand_text& t, dialect d)
        : room_hand(t, d == dialect::ggpoker ? "ggpoker" : "pokerstars"), dialect_(d) {}

    imported_hand read() {
        return room_hand::read([&] {
            header(t_.lines[0]);
            std::size_t i = 1;
            auto skip_blank = [&] {
                while (i < t_.lines.size() && trim(t_.lines[i]).empty()) ++i;
            };
            skip_blank();
            if (i < t_.lines.size() && starts_with(t_.lines[i], "Table '")) {
                table(t_.lines[i], number(i));
                ++i;
            }
            for (skip_blank(); i < t_.lines.size() && starts_with(t_.lines[i], "Seat "); ++i, skip_blank())
                seat(trim(t_.lines[i]), i);
            if (seats_.empty()) throw bad_line{number(i), "expected the seats ('Seat 1: NAME (1500 in chips)')"};
            for (; i < t_.lines.size(); ++i) body(t_.lines[i], number(i));
        });
    }

private:
    void header(string_view line) {
        if (starts_with(line, bom)) line.remove_prefix(bom.size());
        const std::size_t n = t_.first_line;
        auto hash = line.find('#');
        const auto colon = line.find(':');
        if (hash == string_view::npos || colon == string_view::npos || hash > colon)
            bad(n, "not a PokerStars header: '" + printable(line) + "'");
        out_.id = std::string(line.substr(hash + 1, colon - hash - 1));
        const string_view rest = line.substr(colon + 1);
        tournament_ = rest.find("Tournament #") != string_view::npos;
        if (dialect_ == dialect::ggpoker && ggpoker_omaha(trim(rest), n)) return;
        for (const game_name& g : game_names) {
            const auto at = rest.find(g.text);
            if (at == string_view::npos) continue;
            string_view after = rest.substr(at + g.text.size());
            // The structure follows the game's name: "No Limit", "Pot Limit", "Limit".
            after = trim(after);
            string_view structure_name;
            for (string_view s : {string_view("No Limit"), string_view("Pot Limit"), string_view("Limit")})
                if (starts_with(after, s)) {
                    structure_name = s;
                    break;
                }
            if (structure_name.empty()) bad(n, "no betting structure after '" + std::string(g.text) + "'");
            out_.game = std::string(g.text) + " " + std::string(structure_name);
            if (g.game.empty()) unsupported(n, "the game " + out_.game + " is not read yet");
            game_ = find_game(g.game);
            stud_ = traits_of(game_).family == game_family::stud;
            draw_ = draw_game();
            structure_ = structure_name == "No Limit"    ? betting_structure::no_limit
                         : structure_name == "Pot Limit" ? betting_structure::pot_limit
                                                         : betting_structure::fixed_limit;
            after.remove_prefix(structure_name.size());
            stakes(after, n);
            return;
        }
        bad(n, "no game " + std::string(dialect_ == dialect::ggpoker ? "GGPoker" : "PokerStars") +
                   " deals in the header: '" + printable(rest) + "'");
    }

    // GGPoker names pot-limit Omaha "PLO", "PLO-5", "PLO-6" ("PLO ($0.05/$0.1) - 2023/11/01 17:53:18").
    bool ggpoker_omaha(string_view rest, std::size_t n) {
        for (const auto& [name, game] : {std::pair{string_view("PLO-6"), "omaha6"}, std::pair{string_view("PLO-5"), "omaha5"},
                                         std::pair{string_view("PLO"), "omaha"}}) {
            if (!starts_with(rest, name) || (rest.size() > name.size() && rest[name.size()] != ' ')) continue;
            out_.game = std::string(name);
            game_ = find_game(game);
            structure_ = betting_structure::pot_limit;
            stakes(rest.substr(name.size()), n);
            return true;
        }
        return false;
    }

    // "($0.25/$0.50 USD)", "- Level I (10/20)" or, in a mixed game, "(Razz Limit, $0.10/$0.20 USD)": the
    // blinds, or the small and big bet of a limit game, on both sides of the first slash.
    void stakes(string_view text, std::size_t n) {
        const auto slash = text.find('/');
        if (slash == string_view::npos) bad(n, "no stakes in the header");
        const auto start = text.find_last_of("( ,", slash);
        const auto close = text.find_first_of(" )", slash);
        if (start == string_view::npos) bad(n, "no stakes in the header");
        const auto low = money_of(text.substr(start + 1, slash - start - 1));
        const auto high = money_of(text.substr(slash + 1, close == string_view::npos ? close : close - slash - 1));
        if (!low || !high) bad(n, "stakes that are not amounts: '" + printable(text.substr(start + 1, close - start - 1)) + "'");
        small_stake_ = *low;
        big_stake_ = *high;
        note(*low);
        note(*high);
        // A cap game's "($2/$4 - $80 Cap -  USD)": its cap.
        const string_view group = text.substr(slash, text.find(')', slash) - slash);
        if (const auto cap = group.find(" Cap"); cap != string_view::npos) {
            const auto from = group.find_last_of(' ', cap - 1);
            const auto amount = from == string_view::npos ? std::nullopt : money_of(group.substr(from + 1, cap - from - 1));
            if (!amount) bad(n, "a cap that is not an amount: '" + printable(group) + "'");
            cap_game_ = true;
            cap_ = *amount;
            note(*amount);
        }
    }

    void table(string_view line, std::size_t n) {
        const auto at = line.find("Seat #");
        if (at == string_view::npos) return;  // no button: stud
        button_ = 0;
        for (std::size_t k = at + 6; k < line.size() && line[k] >= '0' && line[k] <= '9'; ++k) {
            button_ = button_ * 10 + (line[k] - '0');
            if (button_ > max_seat_number) bad(n, "a button seat above 1000: '" + printable(line) + "'");
        }
    }

    // "Seat 3: NAME ($25.96 in chips)" with ", $148.95 bounty", "is sitting out" or "out of hand" after.
    void seat(string_view line, std::size_t i) {
        const std::size_t n = number(i);
        const auto colon = line.find(": ");
        const auto chips_at = line.rfind(" in chips");
        if (colon == string_view::npos || chips_at == string_view::npos) bad(n, "not a seat: '" + printable(line) + "'");
        const auto open = line.rfind('(', chips_at);
        if (open == string_view::npos || open < colon + 2) bad(n, "not a seat: '" + printable(line) + "'");
        seat_line s;
        s.line = n;
        s.name = std::string(trim(line.substr(colon + 2, open - colon - 2)));
        for (char c : line.substr(5, colon - 5)) {
            if (c < '0' || c > '9') bad(n, "not a seat number: '" + printable(line) + "'");
            s.number = s.number * 10 + (c - '0');
            if (s.number > max_seat_number) bad(n, "a seat number above 1000: '" + printable(line) + "'");
        }
        const auto stack = money_of(line.substr(open + 1, chips_at - open - 1));
        if (!stack) bad(n, "a stack that is not an amount: '" + printable(line) + "'");
        s.stack = *stack;
        note(*stack);
        seats_.push_back(std::move(s));
    }


    // Lines about the table rather than the hand: chat, arrivals, departures, connections.
    static bool is_table_talk(string_view line) {
        for (string_view s : {string_view(" leaves the table"), string_view(" is disconnected"),
                              string_view(" is connected"), string_view(" has timed out"),
                              string_view(" has timed out while disconnected"),
                              string_view(" has timed out while being disconnected"), string_view(" has returned"),
                              string_view(" is sitting out"), string_view(": sits out"),
                              string_view("will be allowed to play after the button"),
                              string_view(" was removed from the table for failing to post"),
                              string_view(" - congratulations!")})
            if (ends_with(line, s)) return true;
        for (string_view s : {string_view(" said, \""), string_view(" joins the table at seat #"),
                              string_view(" finished the tournament"), string_view(" wins the tournament"),
                              string_view(" for eliminating "), string_view(" re-buys and receives "),
                              string_view(" takes the add-on and receives "), string_view(" is feeling ")})
            if (line.find(s) != string_view::npos) return true;
        return false;
    }

    void body(string_view raw, std::size_t n) {
        const string_view line = trim(raw);
        if (line.empty()) return;
        if (summary_) return summary_line(line, n);
        if (starts_with(line, "*** ")) return section(line, n);
        if (line == "No low hand qualified") return;
        if (line == "Hand cancelled") {
            out_.cancelled = true;
            return;
        }
        if (stud_ && starts_with(line, "Dealt to ")) return stud_dealt(line, n);
        if (draw_ && draws_ > 0 && starts_with(line, "Dealt to ")) return replacement(line, n);
        if (starts_with(line, "Dealt to ")) {
            // "Dealt to NAME [Ah Kd]"; GGPoker writes every seat's line, "Dealt to NAME" for the others.
            int who = player_at_start(line.substr(9), " ");
            if (const int whole = player_at_start(line.substr(9), "");
                whole >= 0 && seats_[static_cast<std::size_t>(whole)].name.size() == line.size() - 9)
                who = whole;
            if (who < 0) bad(n, "cards dealt to a player not seated: '" + printable(line) + "'");
            const auto open = line.find('[');
            if (open == string_view::npos) return;  // another player's cards, not shown
            seats_[static_cast<std::size_t>(who)].known = cards_in_brackets(line, n, line);
            seats_[static_cast<std::size_t>(who)].in_hand = true;
            return;
        }
        if (starts_with(line, "Uncalled bet (")) {
            string_view rest = line.substr(14);
            const auto close = rest.find(") returned to ");
            if (close == string_view::npos) bad(n, "not an uncalled bet: '" + printable(line) + "'");
            string_view amount = rest.substr(0, close);
            const decimal_amount d = amount_or_bad(amount, n, line);
            const int who = player_at_start(rest.substr(close + 14), "");
            if (who < 0) bad(n, "an uncalled bet returned to a player not seated: '" + printable(line) + "'");
            return add(event::kind::returned, who, n, d);
        }
        // PokerStars' All-in Cash Out: "NAME cashed out the hand for $15.82 | Cash Out Fee $0.32", the room's
        // payment beside the pots (the fee is taken before it, not from the pots).
        if (const int who = player_at_start(line, " cashed out the hand for "); who >= 0) {
            string_view rest = line.substr(seats_[static_cast<std::size_t>(who)].name.size() + 25);
            add(event::kind::cash_out, who, n, amount_or_bad(rest, n, line));
            events_.back().to = 1;
            rest = trim(rest);
            if (!starts_with(rest, "| Cash Out Fee ")) bad(n, "a cash-out without its fee: '" + printable(line) + "'");
            rest.remove_prefix(15);
            (void)amount_or_bad(rest, n, line);
            if (!trim(rest).empty()) bad(n, "words after the cash-out fee: '" + printable(line) + "'");
            cashed_out_.push_back(who);
            return;
        }
        // "NAME: verb ..." of a seated player.
        const int who = player_at_start(line, ": ");
        if (who >= 0) {
            const string_view rest = line.substr(seats_[static_cast<std::size_t>(who)].name.size() + 2);
            if (player_action(rest, who, n, line)) return;
        }
        // "NAME collected $4.64 from pot" (or from the main pot, a side pot, side pot-2).
        const int winner = player_at_start(line, " collected ");
        if (winner >= 0) {
            string_view rest = line.substr(seats_[static_cast<std::size_t>(winner)].name.size() + 11);
            const decimal_amount d = amount_or_bad(rest, n, line);
            if (!starts_with(rest, "from ")) bad(n, "not a collection from a pot: '" + printable(line) + "'");
            return add(event::kind::collected, winner, n, d);
        }
        if (is_table_talk(line)) return;
        bad(n, "a line the reader does not know: '" + printable(line) + "'");
    }

    bool player_action(string_view rest, int who, std::size_t n, string_view line) {
        using k = event::kind;
        const auto all_in = rest.find(" and is all-in");
        if (all_in != string_view::npos && all_in + 14 == rest.size()) rest = rest.substr(0, all_in);
        rest = trim(rest);
        auto post = [&](string_view prefix, k what) {
            if (!starts_with(rest, prefix)) return false;
            string_view amount = rest.substr(prefix.size());
            const decimal_amount d = amount_or_bad(amount, n, line);
            add(what, who, n, d);
            return true;
        };
        if (post("posts small blind ", k::small_blind) || post("posts big blind ", k::big_blind) ||
            post("posts the ante ", k::ante) || post("posts small & big blinds ", k::dead_and_live) ||
            post("straddle ", k::straddle) || post("posts missed blind ", k::dead))
            return true;
        // A cap game's cap reached ("raises $72 to $80 and has reached the $80 cap"): the player bets no more.
        if (const auto cap = rest.find(" and has reached the "); cap != string_view::npos) {
            string_view amount = rest.substr(cap + 21);
            const decimal_amount d = amount_or_bad(amount, n, line);
            if (trim(amount) != "cap") bad(n, "not a cap reached: '" + printable(line) + "'");
            if (!player_action(rest.substr(0, cap), who, n, line)) return false;
            reached_cap(n, line, d);
            return true;
        }
        // GGPoker's EV Cashout, an insurance beside the pots: "Chooses to EV Cashout", then, the hand played
        // out, "Pays Cashout Risk ($22.68)" to the room when the seat wins, "Receives Cashout ($9.98)" from it.
        if (rest == "Chooses to EV Cashout") return true;
        if (starts_with(rest, "Pays Cashout Risk (") || starts_with(rest, "Receives Cashout (")) {
            const bool paid = starts_with(rest, "Pays");
            string_view amount = rest.substr(rest.find('(') + 1);
            if (amount.empty() || amount.back() != ')') bad(n, "a cash-out without its amount: '" + printable(line) + "'");
            amount.remove_suffix(1);
            add(k::cash_out, who, n, amount_or_bad(amount, n, line));
            events_.back().to = paid ? -1 : 1;
            return true;
        }
        // GGPoker's "Bet & Muck": a bet whose player mucks if called ("Bet & Muck $0.05", then "Bet & Muck folds").
        if (rest == "Bet & Muck folds") return add(k::muck, who, n), true;
        if (post("Bet & Muck ", k::bet)) return true;
        if (rest == "folds") return add(k::fold, who, n), true;
        if (rest == "checks") return add(k::check, who, n), true;
        if (post("calls ", k::call) || post("bets ", k::bet)) return true;
        if (starts_with(rest, "raises ")) {
            const auto to = rest.find(" to ");
            if (to == string_view::npos) bad(n, "a raise without 'to': '" + printable(line) + "'");
            string_view amount = rest.substr(to + 4);
            const decimal_amount d = amount_or_bad(amount, n, line);
            add(k::raise_to, who, n, d);
            return true;
        }
        if (starts_with(rest, "shows [")) {
            CardList cards = cards_in_brackets(rest, n, line);
            if (!draw_) seats_[static_cast<std::size_t>(who)].known = cards;
            add(k::show, who, n, {}, std::move(cards));
            return true;
        }
        if (starts_with(rest, "mucks hand")) {
            if (rest.find('[') != string_view::npos && !draw_)
                seats_[static_cast<std::size_t>(who)].known = cards_in_brackets(rest, n, line);
            add(k::muck, who, n);
            return true;
        }
        if (stud_ && post("brings in for ", k::bring_in)) return true;
        if (stud_ && starts_with(rest, "completes it to ")) {  // a bring-in completed to the small bet
            string_view amount = rest.substr(16);
            add(k::raise_to, who, n, amount_or_bad(amount, n, line));
            return true;
        }
        if (draw_ && (rest == "stands pat" || starts_with(rest, "discards "))) return discard(rest, who, n, line), true;
        if (rest == "doesn't show hand" || starts_with(rest, "is sitting out") || rest == "sits out" ||
            starts_with(rest, "is away"))
            return true;
        return false;
    }

    // A hand run more than once: "*** FIRST FLOP *** [..]", "*** SECOND RIVER *** [..] [Kc]",
    // "*** THIRD SHOW DOWN ***", each street of each runout in its own section.
    void section(string_view line, std::size_t n) {
        if (stud_) return stud_section(line, n);
        if (draw_) return draw_section(line, n);
        static constexpr std::array<string_view, 3> ordinals{"*** FIRST ", "*** SECOND ", "*** THIRD "};
        for (std::size_t r = 0; r < ordinals.size(); ++r) {
            if (!starts_with(line, ordinals[r])) continue;
            const string_view rest = line.substr(ordinals[r].size());
            if (starts_with(rest, "SHOW DOWN ***") || starts_with(rest, "SHOWDOWN ***")) return;
            for (string_view street : {string_view("FLOP ***"), string_view("TURN ***"), string_view("RIVER ***")})
                if (starts_with(rest, street)) return runout_street(line, n, static_cast<int>(r));
            bad(n, "a section the reader does not know: '" + printable(line) + "'");
        }
        if (line == "*** SHOWDOWN ***") return;  // GGPoker's
        if (!common_section(line, n)) bad(n, "a section the reader does not know: '" + printable(line) + "'");
    }

    // Stud's streets, "*** 3rd STREET ***" to "*** 6th STREET ***" and "*** RIVER ***", in order.
    void stud_section(string_view line, std::size_t n) {
        static constexpr std::array<string_view, 5> streets{"*** 3rd STREET ***", "*** 4th STREET ***",
                                                            "*** 5th STREET ***", "*** 6th STREET ***", "*** RIVER ***"};
        for (std::size_t k = 0; k < streets.size(); ++k) {
            if (line != streets[k]) continue;
            if (static_cast<int>(k) != stud_street_ + 1) bad(n, "a street out of order: '" + printable(line) + "'");
            stud_street_ = static_cast<int>(k);
            return add(event::kind::street, -1, n);
        }
        if (starts_with(line, "*** RIVER ***"))
            unsupported(n, "a community card on the river (the deck ran short): not read yet");
        if (starts_with(line, "*** SHOW DOWN ***") || starts_with(line, "*** SUMMARY ***")) {
            common_section(line, n);
            return;
        }
        bad(n, "a section the reader does not know: '" + printable(line) + "'");
    }

    // A draw game's sections: "*** DEALING HANDS ***", then "*** DRAW ***" (single draw) or "*** FIRST
    // DRAW ***" to "*** THIRD DRAW ***", as many as the game has draws.
    void draw_section(string_view line, std::size_t n) {
        if (line == "*** DEALING HANDS ***") return;
        static constexpr std::array<string_view, 4> draws{"*** DRAW ***", "*** FIRST DRAW ***", "*** SECOND DRAW ***",
                                                          "*** THIRD DRAW ***"};
        for (std::size_t k = 0; k < draws.size(); ++k) {
            if (line != draws[k]) continue;
            const int number = k == 0 ? 1 : static_cast<int>(k);  // "DRAW" is the one draw of a single-draw game
            if (number == draws_ && discards_first_) {  // the header after its discards (older histories)
                discards_first_ = false;
                return;
            }
            if (number != draws_ + 1 || number > game_draws())
                bad(n, "a draw out of order: '" + printable(line) + "'");
            draws_ = number;
            discards_first_ = false;
            return add(event::kind::street, -1, n);
        }
        if (starts_with(line, "*** SHOW DOWN ***") || starts_with(line, "*** SUMMARY ***")) {
            common_section(line, n);
            return;
        }
        bad(n, "a section the reader does not know: '" + printable(line) + "'");
    }

    int game_draws() const { return traits_of(game_).deal.draws; }

    // "NAME: stands pat", "NAME: discards 2 cards [Qs 9c]" (the history's owner) or "NAME: discards 1 card".
    void discard(string_view rest, int who, std::size_t n, string_view line) {
        // Older single-draw histories write the discards before "*** DRAW ***": the first begins the draw.
        const bool betting_since = !events_.empty() && is_betting(events_.back().what);
        if ((draws_ == 0 || betting_since) && !discards_first_) {
            if (draws_ >= game_draws() || !betting_since)
                bad(n, "a discard before the draw: '" + printable(line) + "'");
            ++draws_;
            discards_first_ = true;
            add(event::kind::street, -1, n);
        }
        event e{event::kind::discard, who, {}, {}, n};
        if (rest != "stands pat") {
            rest.remove_prefix(9);
            std::size_t count = 0, k = 0;
            for (; k < rest.size() && rest[k] >= '0' && rest[k] <= '9' && count <= 5; ++k)
                count = count * 10 + static_cast<std::size_t>(rest[k] - '0');
            if (k == 0 || count == 0 || count > 5) bad(n, "not a number of cards discarded: '" + printable(line) + "'");
            if (rest.find('[') != string_view::npos) {
                e.cards = cards_in_brackets(rest, n, line);
                if (e.cards.size() != count)
                    bad(n, std::to_string(count) + " cards discarded, " + std::to_string(e.cards.size()) + " named: '" +
                               printable(line) + "'");
            }
            e.to = static_cast<chips>(count);
        }
        seats_[static_cast<std::size_t>(who)].in_hand = true;
        events_.push_back(std::move(e));
    }

    // "Dealt to NAME [7s 3c 8d] [As 5h]" after a discard: the cards kept, then the new ones. The kept
    // cards must be those held less those thrown; a discard the record does not name ("discards 2")
    // is named by them.
    void replacement(string_view line, std::size_t n) {
        const int who = player_at_start(line.substr(9), " [");
        if (who < 0) bad(n, "cards dealt to a player not seated: '" + printable(line) + "'");
        const bool two = line.find('[') != line.rfind('[');
        const CardList kept = two ? cards_in_brackets(line, n, line) : CardList{};
        const CardList got = cards_in_brackets(line, n, line, true);
        seat_line& seat = seats_[static_cast<std::size_t>(who)];
        auto thrown = std::find_if(events_.rbegin(), events_.rend(), [&](const event& e) {
            return e.what == event::kind::street || (e.what == event::kind::discard && e.who == who);
        });
        if (thrown == events_.rend() || thrown->what != event::kind::discard)
            bad(n, "new cards without a discard: '" + printable(line) + "'");
        if (holding_.size() < seats_.size()) holding_.resize(seats_.size());
        CardList& holding = holding_[static_cast<std::size_t>(who)];
        if (holding.empty()) holding = seat.known;  // the cards dealt before the first draw
        if (thrown->to == 0) {  // stood pat: the hand as it was, nothing new
            CardList all = kept;
            all.insert(all.end(), got.begin(), got.end());
            if (!holding.empty() && all != holding)
                bad(n, "a hand that stood pat is not the hand held: '" + printable(line) + "'");
            return;
        }
        if (!holding.empty()) {
            CardSet held, rest;
            for (Card c : holding) held |= c;
            for (Card c : kept) rest |= c;
            CardList named;
            for (Card c : holding)
                if (!rest.contains(c)) named.push_back(c);
            if (!held.contains(rest) || static_cast<chips>(named.size()) != thrown->to ||
                (!thrown->cards.empty() && named != thrown->cards))
                bad(n, "the cards kept are not those held less those discarded: '" + printable(line) + "'");
            thrown->cards = named;
            holding = kept;
            holding.insert(holding.end(), got.begin(), got.end());
        }
        add(event::kind::replacement, who, n, {}, got);
    }

    // "Dealt to NAME [Kh Ah Js]", later "Dealt to NAME [Kh Ah Js] [5c]": the last brackets hold the
    // street's cards (another player's up cards only).
    void stud_dealt(string_view line, std::size_t n) {
        const int who = player_at_start(line.substr(9), " [");
        if (who < 0) bad(n, "cards dealt to a player not seated: '" + printable(line) + "'");
        if (stud_street_ < 0) bad(n, "cards dealt before the 3rd street: '" + printable(line) + "'");
        seat_line& seat = seats_[static_cast<std::size_t>(who)];
        seat.in_hand = true;
        const auto street = static_cast<std::size_t>(stud_street_);
        if (seat.street_cards.size() <= street) seat.street_cards.resize(street + 1);
        seat.street_cards[street] = cards_in_brackets(line, n, line, true);
    }

    void summary_line(string_view line, std::size_t n) {
        if (rake_line(line, n)) return;
        if (line == "Hand was run twice" || line == "Hand was run two times" || line == "Hand was run three times") {
            const int said = line == "Hand was run three times" ? 3 : 2;  // GGPoker writes "two times"
            if (said != runs_) bad(n, "the hand was run " + std::to_string(runs_) + " times by its sections");
            return;
        }
        if (starts_with(line, "FIRST Board [") || starts_with(line, "SECOND Board [") ||
            starts_with(line, "THIRD Board ["))
            return;
        summary_seat(line, n);
        if (ends_with(line, " (pot not awarded as player cashed out)")) pot_not_awarded(line, n);
    }

    // "Seat 5: Hero (big blind) showed [Ad As] and won ($19.89) with ... (pot not awarded as player cashed
    // out)": what the pots gave a player who had cashed out went to the room. It is counted won, as the
    // engine's pots give it, and paid back beside the pots, so that the player's result is the cash-out.
    void pot_not_awarded(string_view line, std::size_t n) {
        const auto colon = line.find(": ");
        const int who = colon == string_view::npos ? -1 : player_at_start(line.substr(colon + 2), " ");
        if (who < 0 || std::find(cashed_out_.begin(), cashed_out_.end(), who) == cashed_out_.end())
            bad(n, "a pot not awarded to a player who did not cash out: '" + printable(line) + "'");
        const auto won = line.find(" won (");
        const auto close = won == string_view::npos ? won : line.find(')', won);
        const auto amount = close == string_view::npos ? std::nullopt : money_of(line.substr(won + 6, close - won - 6));
        if (!amount) bad(n, "a pot not awarded without its amount: '" + printable(line) + "'");
        const decimal_amount d = *amount;
        note(d);
        add(event::kind::collected, who, n, d);
        add(event::kind::cash_out, who, n, d);
        events_.back().to = -1;
    }

    dialect dialect_;
    bool stud_ = false;
    int stud_street_ = -1;  // the stud street being dealt, 0 for the 3rd
    bool draw_ = false;
    int draws_ = 0;         // a draw game's draws so far
    bool discards_first_ = false;  // a draw begun by its discards, its header not read yet
    std::vector<int> cashed_out_;  // seat lines of the players who cashed out
    std::vector<CardList> holding_;  // per seat line: the cards held after the draws, when known
};

class pokerstars : public room_text_reader {
public:
    std::string_view room() const override { return "pokerstars"; }

private:
    bool is_header(string_view line) const override { return pokerstars_header(line); }
    bool is_separator(string_view line) const override { return pokerstars_separator(line); }
    imported_hand read_hand(const hand_text& t) const override { return hand_reader{t, dialect::pokerstars}.read(); }
    string_view room_title() const override { return "PokerStars"; }
};

class ggpoker : public room_text_reader {
public:
    std::string_view room() const override { return "ggpoker"; }

private:
    bool is_header(string_view line) const override { return ggpoker_header(line); }
    imported_hand read_hand(const hand_text& t) const override { return hand_reader{t, dialect::ggpoker}.read(); }
    string_view room_title() const override { return "GGPoker"; }
};

}  // namespace

const history_reader& pokerstars_reader() {
    static const pokerstars reader;
    return reader;
}

const history_reader& ggpoker_reader() {
    static const ggpoker reader;
    return reader;
}

}  // namespace pokerengine::play
