// PartyPoker hand histories in English (`***** Hand History for Game N *****`),
// cash games of hold'em and Omaha high and hi-lo, no-limit, pot-limit and
// fixed-limit, and no-limit and pot-limit tournaments in chips. The text says
// less than PokerStars': amounts stand in brackets with the currency after
// them ("[$0.25 USD]"), a call, bet or raise gives the chips the player puts
// in with it (never the total it raises to), an all-in does not say whether
// it calls or raises, and no rake is written: the pots' "wins" lines hold what
// the room paid, uncalled bets included.

#include <algorithm>
#include <array>
#include <numeric>
#include <string>
#include <string_view>
#include <vector>

#include "room_text.hpp"

namespace pokerengine::play {
namespace {

using namespace room_text;

constexpr string_view header_start = "***** Hand History for Game ";

bool partypoker_header(string_view line) {
    if (starts_with(line, bom)) line.remove_prefix(bom.size());
    return starts_with(line, header_start) && ends_with(trim(line), " *****");
}

// "#Game No : 1458965856" before a hand and "Game #1458965857 starts." after one: some exports write them.
bool partypoker_separator(string_view line) {
    if (starts_with(line, bom)) line.remove_prefix(bom.size());
    return starts_with(line, "#Game No : ") || (starts_with(line, "Game #") && ends_with(line, " starts."));
}

struct structure_name {
    string_view text;
    betting_structure structure;
};
constexpr std::array structure_names{structure_name{"NL", betting_structure::no_limit},
                                     structure_name{"PL", betting_structure::pot_limit},
                                     structure_name{"FL", betting_structure::fixed_limit}};

struct game_name {
    string_view text;
    string_view game;  // the engine's name; empty: not read yet
};
constexpr std::array game_names{
    game_name{"Texas Hold'em", "holdem"}, game_name{"Omaha", "omaha"}, game_name{"Omaha Hi-Lo", "omaha-hi-lo"},
    game_name{"7 Card Stud", ""},         game_name{"7 Card Stud Hi-Lo", ""}, game_name{"5 Card Draw", ""},
};

// "USD", "EUR": the currency written after an amount.
bool is_currency_code(string_view word) {
    return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

class hand_reader : room_hand {
public:
    explicit hand_reader(const hand_text& t) : room_hand(t, "partypoker", digit_grouping::commas) {}

    imported_hand read() {
        imported_hand out = room_hand::read([&] {
            header(t_.lines[0]);
            if (t_.lines.size() < 2) bad(t_.first_line, "the hand ends after its header");
            game_line(trim(t_.lines[1]), number(1));
            std::size_t i = 2;
            for (; i < t_.lines.size() && !is_seat(trim(t_.lines[i])); ++i) table_line(trim(t_.lines[i]), number(i));
            if (button_ == 0) bad(t_.first_line, "no line says where the button is ('Seat 3 is the button')");
            for (; i < t_.lines.size() && is_seat(trim(t_.lines[i])); ++i) seat(trim(t_.lines[i]), number(i));
            if (seats_.empty()) bad(number(i), "expected the seats ('Seat 1: NAME ( $25.96 USD )')");
            for (; i < t_.lines.size(); ++i) body(trim(t_.lines[i]), number(i));
            settle_stakes();
            settle_all_ins();
            if (std::none_of(events_.begin(), events_.end(), [](const event& e) { return e.what == event::kind::collected; }))
                bad(number(t_.lines.size() - 1), "no player wins a pot: the record stops before the hand is settled");
        });
        // The room writes no rake: it is what the pots held less what their winners were paid.
        if (out.read_status == import_status::ok)
            out.rake = std::max<chips>(0, -std::accumulate(out.recorded_results.begin(), out.recorded_results.end(), chips{0}));
        return out;
    }

private:
    void header(string_view line) {
        if (starts_with(line, bom)) line.remove_prefix(bom.size());
        line = trim(line);
        out_.id = std::string(trim(line.substr(header_start.size(), line.size() - header_start.size() - 6)));
    }

    // "$0.05/$0.10 USD NL Texas Hold'em - Monday, January 06, 13:09:04 EST 2014": the blinds (of a
    // fixed-limit game, the small and big bet), the structure and the game before the date. A table of a
    // buy-in's maximum gives that alone ("$50 USD PL Texas Hold'em"): its blinds are read from their posts.
    void game_line(string_view line, std::size_t n) {
        string_view words = line.substr(0, line.find(" - "));
        if (words.find("Trny:") != string_view::npos) return tournament_line(words, line, n);
        if (words.find("Buy-in") != string_view::npos) {
            out_.game = std::string(words);
            unsupported(n, "a tournament's game line without 'Trny:' is not read yet: '" + printable(words) + "'");
        }
        const auto space = words.find(' ');
        const string_view stakes = words.substr(0, space);
        words = space == string_view::npos ? string_view() : trim(words.substr(space + 1));
        const auto slash = stakes.find('/');
        const auto low = money_of(stakes.substr(0, slash), digit_grouping::commas);
        const auto high = slash == string_view::npos ? low : money_of(stakes.substr(slash + 1), digit_grouping::commas);
        if (!low || !high) bad(n, "no stakes before the game: '" + printable(line) + "'");
        stakes_given_ = slash != string_view::npos;
        if (stakes_given_) {
            small_stake_ = *low;
            big_stake_ = *high;
            note(*low);
            note(*high);
        }
        const string_view currency = words.substr(0, words.find(' '));
        if (is_currency_code(currency)) words = trim(words.substr(currency.size()));
        game_named(words, line, n);
    }

    // "NL Texas Hold'em $22 USD Buy-in Trny:125049467 Level:12  Blinds-Antes(1.200/2.400 -400)": a
    // tournament's hand, in chips, played under tournament rules at the level's blinds; its antes
    // are read from their posts.
    void tournament_line(string_view words, string_view line, std::size_t n) {
        tournament_ = true;
        out_.game = std::string(words);
        level_blinds(words, line, n);
        const auto buy_in = words.find(" $");
        const auto trny = words.find(" Trny:");
        game_named(words.substr(0, std::min(buy_in, trny)), line, n);
        if (structure_ == betting_structure::fixed_limit)
            unsupported(n, "fixed-limit tournament hands are not read yet: '" + printable(words) + "'");
    }

    // "Blinds-Antes(1.200/2.400 -400)" or "Blinds(10/20)": the level's blinds, in whole chips with
    // points between thousands (the posts of a player all-in for less do not give them).
    void level_blinds(string_view words, string_view line, std::size_t n) {
        auto open = words.find("Blinds-Antes(");
        open = open == string_view::npos ? words.find("Blinds(") : open;
        const auto close = open == string_view::npos ? open : words.find(')', open);
        if (close == string_view::npos) bad(n, "a tournament's line without its blinds: '" + printable(line) + "'");
        const string_view inside = words.substr(words.find('(', open) + 1, close - words.find('(', open) - 1);
        const auto slash = inside.find('/');
        auto chips_of = [&](string_view text) {
            std::string digits;
            for (char c : text)
                if (c != '.') digits += c;
            const auto d = money_of(digits, digit_grouping::none);
            if (text.empty() || !d || d->fraction != 0) bad(n, "not the level's blinds: '" + printable(line) + "'");
            return *d;
        };
        if (slash == string_view::npos) bad(n, "not the level's blinds: '" + printable(line) + "'");
        small_stake_ = chips_of(inside.substr(0, slash));
        big_stake_ = chips_of(inside.substr(slash + 1, inside.find(' ', slash) - slash - 1));
        stakes_given_ = true;
    }

    // "NL Texas Hold'em": the structure and the game.
    void game_named(string_view words, string_view line, std::size_t n) {
        for (const structure_name& s : structure_names) {
            if (!starts_with(words, s.text) || !starts_with(words.substr(s.text.size()), " ")) continue;
            const string_view name = words.substr(s.text.size() + 1);
            for (const game_name& g : game_names)
                if (name == g.text) {
                    out_.game = std::string(words);
                    if (g.game.empty()) unsupported(n, "the game " + printable(words) + " is not read yet");
                    game_ = find_game(g.game);
                    structure_ = s.structure;
                    if (structure_ == betting_structure::fixed_limit && !stakes_given_)
                        bad(n, "a fixed-limit game without its small and big bet: '" + printable(line) + "'");
                    return;
                }
        }
        bad(n, "no game PartyPoker deals before the date: '" + printable(line) + "'");
    }

    // The lines between the game and the seats: "Table Delhi (Real Money)", "Seat 1 is the button",
    // "Total number of players : 7/9".
    void table_line(string_view line, std::size_t n) {
        if (line.empty() || starts_with(line, "Table ") || starts_with(line, "Total number of players :")) return;
        if (starts_with(line, "Seat ") && ends_with(line, " is the button")) {
            button_ = seat_number(line.substr(5, line.size() - 5 - 14), n, line);
            return;
        }
        bad(n, "a line the reader does not know before the seats: '" + printable(line) + "'");
    }

    static bool is_seat(string_view line) {
        const auto colon = line.find(": ");
        return starts_with(line, "Seat ") && colon != string_view::npos && colon > 5 &&
               std::all_of(line.begin() + 5, line.begin() + static_cast<std::ptrdiff_t>(colon),
                           [](char c) { return c >= '0' && c <= '9'; });
    }

    int seat_number(string_view digits, std::size_t n, string_view line) const {
        int number = 0;
        for (char c : digits) {
            if (c < '0' || c > '9') bad(n, "not a seat number: '" + printable(line) + "'");
            number = number * 10 + (c - '0');
            if (number > max_seat_number) bad(n, "a seat number above 1000: '" + printable(line) + "'");
        }
        if (digits.empty()) bad(n, "not a seat number: '" + printable(line) + "'");
        return number;
    }

    // "Seat 3: NAME ( $25.96 USD )".
    void seat(string_view line, std::size_t n) {
        const auto colon = line.find(": ");
        const string_view rest = line.substr(colon + 2);
        const auto open = rest.rfind(" ( ");
        if (open == string_view::npos || open == 0 || !ends_with(rest, " )")) bad(n, "not a seat: '" + printable(line) + "'");
        seat_line s;
        s.line = n;
        s.name = std::string(rest.substr(0, open));
        s.number = seat_number(line.substr(5, colon - 5), n, line);
        s.stack = amount(rest.substr(open + 3, rest.size() - open - 5), n, line);
        seats_.push_back(std::move(s));
    }

    // "$0.25 USD", "$3": an amount, and the currency or nothing after it; a tournament's "6,000 chips".
    decimal_amount amount(string_view text, std::size_t n, string_view line) {
        const decimal_amount d = amount_or_bad(text, n, line);
        const string_view unit = trim(text);
        if (!text.empty() && !is_currency_code(unit) && !(tournament_ && unit == "chips"))
            bad(n, "words after the amount: '" + printable(line) + "'");
        return d;
    }

    // The amount in the brackets that `text` starts with: "[$0.10 USD]", with a full stop after a post.
    decimal_amount bracketed(string_view text, std::size_t n, string_view line) {
        text = trim(text);
        const auto close = text.find(']');
        if (!starts_with(text, "[") || close == string_view::npos) bad(n, "expected an amount in brackets: '" + printable(line) + "'");
        const string_view after = text.substr(close + 1);
        if (!after.empty() && after != ".") bad(n, "words after the amount: '" + printable(line) + "'");
        return amount(text.substr(1, close - 1), n, line);
    }

    // Lines about the table rather than the hand: arrivals, departures, the time bank, chat.
    bool is_table_talk(string_view line) const {
        for (string_view s : {string_view(" has joined the table."), string_view(" has left the table."),
                              string_view(" time bank for this hand."), string_view(" did not respond in time"),
                              string_view(" is sitting out")})
            if (ends_with(line, s)) return true;
        return starts_with(line, "Your time bank will be activated in ") || player_at_start(line, ": ") >= 0;
    }

    void body(string_view line, std::size_t n) {
        if (line.empty() || line == "** Dealing down cards **") return;
        // A tournament's level again, after the seats: "Trny:125049467 Level:12", "Blinds-Antes(1.200/2.400 -400)".
        if (tournament_ && (starts_with(line, "Trny:") || starts_with(line, "Blinds-Antes(") || starts_with(line, "Blinds(")))
            return;
        for (string_view street : {string_view("** Dealing Flop **"), string_view("** Dealing Turn **"),
                                   string_view("** Dealing River **")})
            if (starts_with(line, street)) {
                add(event::kind::street, -1, n);
                add(event::kind::board, -1, n, {}, cards_in_brackets(line.substr(street.size()), n, line));
                return;
            }
        if (starts_with(line, "** ")) bad(n, "a section the reader does not know: '" + printable(line) + "'");
        if (starts_with(line, "Dealt to ")) {
            const int who = player_at_start(line.substr(9), " [");
            if (who < 0) bad(n, "cards dealt to a player not seated: '" + printable(line) + "'");
            seats_[static_cast<std::size_t>(who)].known = cards_in_brackets(line, n, line);
            seats_[static_cast<std::size_t>(who)].in_hand = true;
            return;
        }
        // "NAME verb ..." of a seated player (each seat whose name starts the line is tried).
        for (std::size_t k = 0; k < seats_.size(); ++k) {
            const std::string& name = seats_[k].name;
            if (starts_with(line, name) && starts_with(line.substr(name.size()), " ") &&
                player_action(line.substr(name.size() + 1), static_cast<int>(k), n, line))
                return;
        }
        if (is_table_talk(line)) return;
        bad(n, "a line the reader does not know: '" + printable(line) + "'");
    }

    bool player_action(string_view rest, int who, std::size_t n, string_view line) {
        using k = event::kind;
        auto after = [&](string_view prefix, k what) {
            if (!starts_with(rest, prefix)) return false;
            add(what, who, n, bracketed(rest.substr(prefix.size()), n, line));
            return true;
        };
        // A second small blind is a returning player's, and live: the calls after it count it in.
        if (after("posts small blind ", small_posted_ ? k::live : k::small_blind)) return small_posted_ = true;
        if ((tournament_ && after("posts ante ", k::ante)) ||
            after("posts big blind + dead ", k::dead_and_live) || after("posts big blind ", k::big_blind) ||
            after("calls ", k::call) || after("bets ", k::bet) || after("raises ", k::bet))
            return true;
        if (starts_with(rest, "is all-In ")) {
            all_ins_.push_back(events_.size());
            add(k::bet, who, n, bracketed(rest.substr(10), n, line));
            return true;
        }
        if (rest == "folds") return add(k::fold, who, n), true;
        if (rest == "checks") return add(k::check, who, n), true;
        // "shows [ 8c, 8d ]three of a kind, Eights.", "doesn't show [ Jc, Jd ]a pair of Jacks.": a muck
        // whose cards the room shows.
        if (starts_with(rest, "shows [") || starts_with(rest, "doesn't show [")) {
            CardList cards = cards_in_brackets(rest, n, line);
            seats_[static_cast<std::size_t>(who)].known = cards;
            if (starts_with(rest, "shows [")) add(k::show, who, n, {}, std::move(cards));
            else add(k::muck, who, n);
            return true;
        }
        // The low hand again in words, and the winner of an uncontested pot.
        if ((starts_with(rest, "shows") && ends_with(rest, " for low.")) || rest == "does not show cards.") return true;
        // "wins $0.77 USD", "wins $20.66 USD from the main pot with ...", "wins Lo ($28.75 USD) from the main pot".
        if (starts_with(rest, "wins ")) {
            string_view won = rest.substr(5);
            string_view tail;
            if (starts_with(won, "Lo (") || starts_with(won, "Hi (")) {
                const auto close = won.find(')');
                if (close == string_view::npos) bad(n, "not a pot won: '" + printable(line) + "'");
                tail = trim(won.substr(close + 1));
                won = won.substr(4, close - 4);
            } else {
                const auto from = won.find(" from ");
                tail = from == string_view::npos ? string_view() : won.substr(from + 1);
                won = won.substr(0, from);
            }
            if (!tail.empty() && !starts_with(tail, "from ")) bad(n, "not a pot won: '" + printable(line) + "'");
            add(k::collected, who, n, amount(won, n, line));
            return true;
        }
        return false;
    }

    // A table whose header gives only the buy-in's maximum plays the blinds that are posted.
    void settle_stakes() {
        if (stakes_given_) return;
        stakes_from_big_blind();
        small_stake_ = big_stake_;
    }

    // An all-in puts chips in without saying how: a call when they do not pass the street's highest bet,
    // else a bet or raise.
    void settle_all_ins() {
        if (all_ins_.empty()) return;
        const decimal_amount& blind = structure_ == betting_structure::fixed_limit ? small_stake_ : big_stake_;
        auto units = [&](const decimal_amount& d, std::size_t line) {
            const std::optional<chips> c = in_units(d, decimals_);
            if (!c) bad(line, "an amount above 2^62 units");
            return *c;
        };
        const chips big_blind = units(blind, t_.first_line);
        std::vector<chips> street_in(seats_.size(), 0);
        chips highest = 0;
        std::size_t next = 0;
        for (std::size_t k = 0; k < events_.size() && next < all_ins_.size(); ++k) {
            event& e = events_[k];
            if (e.what == event::kind::street) {
                std::fill(street_in.begin(), street_in.end(), 0);
                highest = 0;
                continue;
            }
            if (e.who < 0) continue;
            chips& in = street_in[static_cast<std::size_t>(e.who)];
            const chips a = units(e.amount, e.line);
            if (a > max_chips - in) bad(e.line, "the amounts of the hand add up to more than 2^62 units");
            switch (e.what) {
                case event::kind::small_blind:
                case event::kind::big_blind:
                case event::kind::live:
                case event::kind::call:
                case event::kind::bet: in += a; break;
                case event::kind::dead_and_live: in += std::min(a, big_blind); break;
                default: break;
            }
            if (k == all_ins_[next]) {
                if (in <= highest) e.what = event::kind::call;
                ++next;
            }
            highest = std::max(highest, in);
        }
    }

    bool stakes_given_ = false;
    bool small_posted_ = false;
    std::vector<std::size_t> all_ins_;  // the events of "is all-In" lines, read as bets until settled
};

class partypoker : public room_text_reader {
public:
    std::string_view room() const override { return "partypoker"; }

private:
    bool is_header(string_view line) const override { return partypoker_header(line); }
    bool is_separator(string_view line) const override { return partypoker_separator(line); }
    imported_hand read_hand(const hand_text& t) const override { return hand_reader{t}.read(); }
    string_view room_title() const override { return "PartyPoker"; }
};

}  // namespace

const history_reader& partypoker_reader() {
    static const partypoker reader;
    return reader;
}

}  // namespace pokerengine::play
