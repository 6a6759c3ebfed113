// Full Tilt Poker hand histories in English (`Full Tilt Poker Game #`), cash
// games and tournaments, the games dealt with a board: hold'em and Omaha high
// and hi-lo, no-limit, pot-limit and fixed-limit. The text is PokerStars' with
// other words: amounts grouped by commas ("$1,020"), the button on a line of
// its own, each pot won on a "wins" line, chat as "NAME: text".

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "room_text.hpp"

namespace pokerengine::play {
namespace {

using namespace room_text;

constexpr string_view header_start = "Full Tilt Poker Game #";

bool fulltilt_header(string_view line) {
    if (starts_with(line, bom)) line.remove_prefix(bom.size());
    return starts_with(line, header_start) && line.find(": ", header_start.size()) != string_view::npos;
}

struct structure_name {
    string_view text;
    betting_structure structure;
};
constexpr std::array structure_names{
    structure_name{"NL ", betting_structure::no_limit},     structure_name{"No Limit ", betting_structure::no_limit},
    structure_name{"PL ", betting_structure::pot_limit},    structure_name{"Pot Limit ", betting_structure::pot_limit},
    structure_name{"FL ", betting_structure::fixed_limit},  structure_name{"Limit ", betting_structure::fixed_limit},
    structure_name{"Fixed Limit ", betting_structure::fixed_limit},
};

// The games after the structure: the whole rest of the header's part.
struct game_name {
    string_view text;
    string_view game;
};
constexpr std::array game_names{
    game_name{"Hold'em", "holdem"},           game_name{"Omaha Hi", "omaha"},        game_name{"Omaha", "omaha"},
    game_name{"Omaha H/L", "omaha-hi-lo"},    game_name{"Omaha Hi/Lo", "omaha-hi-lo"},
};
// Words of the games Full Tilt dealt that are not read yet (stud, razz, draw games).
constexpr std::array other_games{string_view("Stud"), string_view("Razz"), string_view("Draw"), string_view("Badugi"),
                                 string_view("5 Card Omaha"), string_view("Hold'em/Omaha")};

class hand_reader : room_hand {
public:
    explicit hand_reader(const hand_text& t) : room_hand(t, "fulltilt", digit_grouping::commas) {}

    imported_hand read() {
        return room_hand::read([&] {
            header(t_.lines[0]);
            std::size_t i = 1;
            for (; i < t_.lines.size() && (trim(t_.lines[i]).empty() || starts_with(t_.lines[i], "Seat ")); ++i)
                if (!trim(t_.lines[i]).empty()) seat(trim(t_.lines[i]), number(i));
            if (seats_.empty()) bad(number(i), "expected the seats ('Seat 1: NAME ($25.96)')");
            for (; i < t_.lines.size(); ++i) body(t_.lines[i], number(i));
            if (button_ == 0) bad(t_.first_line, "no line says where the button is ('The button is in seat #N')");
        });
    }

private:
    // "Full Tilt Poker Game #33728217123: Table Brit (6 max) - NL Hold'em - $0.05/$0.10 - 22:56:02 ET - 2014/01/05",
    // a tournament's "...: MiniFTOPS Main Event (255707037), Table 179 - NL Hold'em - 10/20 - ...", or the older
    // "...: Table Bri (6 max) - $0.25/$0.50 - $15 Cap No Limit Hold'em - ...": parts between " - ".
    void header(string_view line) {
        if (starts_with(line, bom)) line.remove_prefix(bom.size());
        const std::size_t n = t_.first_line;
        const auto colon = line.find(": ");
        out_.id = std::string(line.substr(header_start.size(), colon - header_start.size()));
        const string_view rest = line.substr(colon + 2);
        tournament_ = !starts_with(rest, "Table ");
        bool game_read = false, stakes_read = false;
        std::vector<string_view> parts;  // after the table's
        for (std::size_t start = rest.find(" - "); start != string_view::npos && start < rest.size();) {
            start += 3;
            const auto end = std::min(rest.find(" - ", start), rest.size());
            parts.push_back(trim(rest.substr(start, end - start)));
            start = end;
        }
        for (string_view part : parts) {
            if (!game_read && game(part)) game_read = true;
            else if (!stakes_read && stakes(part)) stakes_read = true;
        }
        for (string_view part : parts)
            for (string_view other : other_games)
                if (!game_read && part.find(other) != string_view::npos) {
                    out_.game = std::string(part);
                    unsupported(n, "the game " + printable(part) + " is not read yet");
                }
        if (!game_read) bad(n, "no game Full Tilt deals in the header: '" + printable(rest) + "'");
        if (!stakes_read) bad(n, "no stakes in the header: '" + printable(rest) + "'");
    }

    // "NL Hold'em", "FL Omaha H/L", "PL Omaha Hi", "CAP NL Hold'em", "$15 Cap No Limit Hold'em".
    bool game(string_view part) {
        string_view words = part;
        // A cap game ("and is capped" when a player's bets reach the cap), whose older header names the cap.
        for (string_view cap : {string_view("CAP "), string_view("Cap ")})
            if (const auto at = words.find(cap); at != string_view::npos) {
                cap_game_ = true;
                if (const auto amount = money_of(trim(words.substr(0, at)), digit_grouping::commas)) {
                    cap_ = *amount;
                    note(*amount);
                }
                words = words.substr(at + cap.size());
                break;
            }
        for (const structure_name& s : structure_names) {
            if (!starts_with(words, s.text)) continue;
            const string_view name = words.substr(s.text.size());
            for (const game_name& g : game_names)
                if (name == g.text) {
                    out_.game = std::string(part);
                    game_ = find_game(g.game);
                    structure_ = s.structure;
                    return true;
                }
        }
        return false;
    }

    // "$0.05/$0.10", "10/20": the blinds, or the small and big bet of a limit game.
    bool stakes(string_view part) {
        const auto slash = part.find('/');
        if (slash == string_view::npos) return false;
        const auto low = money_of(part.substr(0, slash), digit_grouping::commas);
        const auto high = money_of(part.substr(slash + 1), digit_grouping::commas);
        if (!low || !high) return false;
        small_stake_ = *low;
        big_stake_ = *high;
        note(*low);
        note(*high);
        return true;
    }

    // "Seat 3: NAME ($25.96)", "Seat 1: NAME (13,587)", with ", is sitting out" after.
    void seat(string_view line, std::size_t n) {
        const auto colon = line.find(": ");
        if (colon == string_view::npos) bad(n, "not a seat: '" + printable(line) + "'");
        string_view rest = line.substr(colon + 2);
        if (ends_with(rest, ", is sitting out")) rest.remove_suffix(16);
        const auto open = rest.rfind(" (");
        if (open == string_view::npos || open == 0 || rest.back() != ')') bad(n, "not a seat: '" + printable(line) + "'");
        seat_line s;
        s.line = n;
        s.name = std::string(rest.substr(0, open));
        for (char c : line.substr(5, colon - 5)) {
            if (c < '0' || c > '9') bad(n, "not a seat number: '" + printable(line) + "'");
            s.number = s.number * 10 + (c - '0');
            if (s.number > max_seat_number) bad(n, "a seat number above 1000: '" + printable(line) + "'");
        }
        const auto stack = money_of(rest.substr(open + 2, rest.size() - open - 3), digit_grouping::commas);
        if (!stack) bad(n, "a stack that is not an amount: '" + printable(line) + "'");
        s.stack = *stack;
        note(*stack);
        seats_.push_back(std::move(s));
    }

    // What a player, seated or not, does that is about the table rather than the hand: "NAME sits down",
    // "NAME adds $10", "NAME has 15 seconds left to act".
    static bool is_table_talk(string_view line) {
        for (string_view s : {string_view(" has requested TIME"), string_view(" has timed out"),
                              string_view(" has been disconnected"), string_view(" has reconnected"),
                              string_view(" sits down"), string_view(" stands up"), string_view(" is sitting out"),
                              string_view(" has returned"), string_view(" sits out"), string_view(" seconds left to act"),
                              string_view(" seconds to reconnect")})
            if (ends_with(line, s)) return true;
        const auto adds = line.rfind(" adds ");
        return (adds != string_view::npos && money_of(line.substr(adds + 6), digit_grouping::commas)) ||
               line.find(" is feeling ") != string_view::npos;
    }

    void body(string_view raw, std::size_t n) {
        const string_view line = trim(raw);
        if (line.empty()) return;
        if (summary_) return summary_line(line, n);
        if (starts_with(line, "*** ")) return section(line, n);
        if (starts_with(line, "Dealt to ")) {
            const int who = player_at_start(line.substr(9), " [");
            if (who < 0) bad(n, "cards dealt to a player not seated: '" + printable(line) + "'");
            seats_[static_cast<std::size_t>(who)].known = cards_in_brackets(line, n, line);
            seats_[static_cast<std::size_t>(who)].in_hand = true;
            return;
        }
        if (starts_with(line, "Uncalled bet of ")) {
            string_view rest = line.substr(16);
            const decimal_amount d = amount_or_bad(rest, n, line);
            if (!starts_with(rest, "returned to ")) bad(n, "not an uncalled bet: '" + printable(line) + "'");
            const int who = player_at_start(rest.substr(12), "");
            if (who < 0) bad(n, "an uncalled bet returned to a player not seated: '" + printable(line) + "'");
            return add(event::kind::returned, who, n, d);
        }
        if (starts_with(line, "The button is in seat #")) {
            button_ = 0;
            for (char c : line.substr(23)) {
                if (c < '0' || c > '9' || button_ > max_seat_number) bad(n, "not a button seat: '" + printable(line) + "'");
                button_ = button_ * 10 + (c - '0');
            }
            return;
        }
        if (line == "Players agree to Run It Twice" || line == "Players agree to Run It Three Times") {
            agreed_runs_ = line.ends_with("Twice") ? 2 : 3;
            agreed_line_ = n;
            return;
        }
        // "NAME verb ..." of a seated player (each seat whose name starts the line is tried).
        for (std::size_t k = 0; k < seats_.size(); ++k) {
            const std::string& name = seats_[k].name;
            if (starts_with(line, name) && starts_with(line.substr(name.size()), " ") &&
                player_action(line.substr(name.size() + 1), static_cast<int>(k), n, line))
                return;
        }
        if (player_at_start(line, ": ") >= 0 || is_table_talk(line)) return;  // chat, or about the table
        bad(n, "a line the reader does not know: '" + printable(line) + "'");
    }

    bool player_action(string_view rest, int who, std::size_t n, string_view line) {
        using k = event::kind;
        if (ends_with(rest, ", and is all in")) rest.remove_suffix(15);
        if (ends_with(rest, ", and is capped")) {  // a cap game's cap reached: the player bets no more
            if (!player_action(rest.substr(0, rest.size() - 15), who, n, line)) return false;
            reached_cap(n, line);
            return true;
        }
        auto amount_after = [&](string_view prefix, k what) {
            if (!starts_with(rest, prefix)) return false;
            string_view amount = rest.substr(prefix.size());
            const decimal_amount d = amount_or_bad(amount, n, line);
            if (!amount.empty()) bad(n, "words after the amount: '" + printable(line) + "'");
            add(what, who, n, d);
            return true;
        };
        if (amount_after("posts the small blind of ", k::small_blind) ||
            amount_after("posts the big blind of ", k::big_blind) ||
            amount_after("posts a dead small blind of ", k::dead) || amount_after("posts ", k::live) ||
            amount_after("antes ", k::ante) || amount_after("calls ", k::call) || amount_after("bets ", k::bet) ||
            amount_after("raises to ", k::raise_to))
            return true;
        if (rest == "folds") return add(k::fold, who, n), true;
        if (rest == "checks") return add(k::check, who, n), true;
        if (starts_with(rest, "shows [")) {
            CardList cards = cards_in_brackets(rest, n, line);
            seats_[static_cast<std::size_t>(who)].known = cards;
            add(k::show, who, n, {}, std::move(cards));
            return true;
        }
        if (starts_with(rest, "shows ")) return true;  // the hand shown again after the runout, in words
        if (rest == "mucks" || starts_with(rest, "mucks [")) {
            if (rest.size() > 5) seats_[static_cast<std::size_t>(who)].known = cards_in_brackets(rest, n, line);
            add(k::muck, who, n);
            return true;
        }
        // "wins the pot ($2.85) with ...", "wins the high pot (...)", "wins side pot #1 (...)", "ties for the pot (...)".
        if (starts_with(rest, "wins ") || starts_with(rest, "ties for ")) {
            const auto open = rest.find('(');
            const auto close = rest.find(')', open);
            if (open == string_view::npos || close == string_view::npos) return false;
            string_view amount = rest.substr(open + 1, close - open - 1);
            const decimal_amount d = amount_or_bad(amount, n, line);
            if (!amount.empty()) bad(n, "not a pot won: '" + printable(line) + "'");
            add(k::collected, who, n, d);
            return true;
        }
        return false;
    }

    // The runouts of a hand run more than once: "*** RIVER 1 *** [Td 3d 3h Qh] [Ac] (Total Pot: ...)",
    // "*** SHOW DOWN 2 ***", "*** SUMMARY 1 ***" (whose seat lines repeat the pots' `wins` lines).
    static int runout_number(string_view& rest) {
        if (rest.size() < 5 || rest[0] < '1' || rest[0] > '3' || rest.substr(1, 4) != " ***") return 0;
        const int number = rest[0] - '0';
        rest.remove_prefix(5);
        return number;
    }

    void section(string_view line, std::size_t n) {
        if (starts_with(line, "*** SUMMARY ***")) check_runs();
        if (common_section(line, n)) return;
        for (string_view street : {string_view("*** FLOP "), string_view("*** TURN "), string_view("*** RIVER "),
                                   string_view("*** SHOW DOWN ")}) {
            if (!starts_with(line, street)) continue;
            string_view rest = line.substr(street.size());
            const int number = runout_number(rest);
            if (number == 0) break;
            if (street != "*** SHOW DOWN ") runout_street(line, n, number - 1);
            return;
        }
        bad(n, "a section the reader does not know: '" + printable(line) + "'");
    }

    // "Players agree to Run It Twice" and the runouts' sections must tell the same.
    void check_runs() const {
        if (agreed_line_ != 0 && agreed_runs_ != runs_)
            bad(agreed_line_, "the players agree to run it " + std::to_string(agreed_runs_) + " times, the record runs it " +
                                  std::to_string(runs_));
    }

    void summary_line(string_view line, std::size_t n) {
        if (rake_line(line, n)) return;
        if (starts_with(line, "*** SUMMARY ")) {  // "*** SUMMARY 1 ***": one board's
            string_view rest = line.substr(12);
            if (runout_number(rest) == 0 || !rest.empty()) bad(n, "a section the reader does not know: '" + printable(line) + "'");
            return;
        }
        summary_seat(line, n);
    }

    int agreed_runs_ = 1;
    std::size_t agreed_line_ = 0;
};

class fulltilt : public room_text_reader {
public:
    std::string_view room() const override { return "fulltilt"; }

private:
    bool is_header(string_view line) const override { return fulltilt_header(line); }
    imported_hand read_hand(const hand_text& t) const override { return hand_reader{t}.read(); }
    string_view room_title() const override { return "Full Tilt"; }
};

}  // namespace

const history_reader& fulltilt_reader() {
    static const fulltilt reader;
    return reader;
}

}  // namespace pokerengine::play
