// Winamax hand histories (the room's text export): cash games and tournaments
// of hold'em and Omaha. The text is PokerStars-like with the room's own turns:
// amounts carry the euro sign after them (UTF-8, or byte 0x80 of Windows-1252
// in some exports), names stand before their verb with no colon, a returning
// player posts "big blind ... out of position", and no uncalled bet is written:
// "collected" holds it, as the summary's "Total pot ... | Rake ..." does.

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokerengine/import.hpp"
#include "pokerengine/phh.hpp"
#include "room_text.hpp"

namespace pokerengine::play {
namespace {

using std::string_view;

constexpr string_view utf8_bom = "\xEF\xBB\xBF";
constexpr int highest_seat = 1000;  // Winamax seats tables of up to 10; a larger number is not a seat

string_view strip(string_view s) {
    const auto first = s.find_first_not_of(" \t\r");
    if (first == string_view::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

bool is_winamax_header(string_view line) {
    if (line.starts_with(utf8_bom)) line.remove_prefix(utf8_bom.size());
    return line.starts_with("Winamax Poker - ") && line.find(" - HandId: #") != string_view::npos;
}

// "0.50€" (the sign in UTF-8 or as Windows-1252's byte 0x80), or tournament chips "1500".
std::optional<decimal_amount> winamax_amount(string_view word) {
    for (string_view euro : {string_view("\xE2\x82\xAC"), string_view("\x80")})
        if (word.ends_with(euro)) {
            word.remove_suffix(euro.size());
            break;
        }
    if (word.empty() || word.front() < '0' || word.front() > '9' || word.find('_') != string_view::npos)
        return std::nullopt;
    try {
        const decimal_amount d = parse_decimal_amount(word);
        if (d.negative || d.too_large) return std::nullopt;
        return d;
    } catch (const notation_error&) {
        return std::nullopt;
    }
}

using room_text::bad_line;

struct player {
    std::string name;
    int number = 0;
    decimal_amount stack;
    std::size_t line = 0;
    std::size_t summary_line = 0;
    bool dealt = false;  // posts, acts, is dealt known cards, shows or collects
    CardList cards;      // known: dealt to the history's owner, or shown
    bool shown = false;
};

// One line of the hand, players named by their index in `players_`.
using room_text::event;

class winamax_hand {
public:
    winamax_hand(string_view file, std::size_t index, std::span<const string_view> lines, std::size_t first_line)
        : lines_(lines), first_line_(first_line) {
        out_.room = "winamax";
        out_.first_line = first_line;
        out_.hand.file = std::string(file);
        out_.hand.index = index;
    }

    imported_hand read() {
        try {
            header(lines_[0]);
            std::size_t i = 1;
            if (i < lines_.size() && strip(lines_[i]).starts_with("Table: ")) {
                table(strip(lines_[i]), line_of(i));
                ++i;
            }
            for (; i < lines_.size() && strip(lines_[i]).starts_with("Seat "); ++i) seat(strip(lines_[i]), line_of(i));
            if (players_.empty()) fail(line_of(i), "expected the seats ('Seat 1: NAME (40.18€)')");
            for (; i < lines_.size(); ++i) body(strip(lines_[i]), line_of(i));
            if (!summary_) fail(line_of(lines_.size() - 1), "the hand ends before its summary");
            assemble();
        } catch (const bad_line& e) {
            out_.read_status = e.status;
            out_.reason = "line " + std::to_string(e.line) + ": " + e.why;
        }
        return std::move(out_);
    }

private:
    std::size_t line_of(std::size_t i) const { return first_line_ + i; }
    [[noreturn]] static void fail(std::size_t line, std::string why) { throw bad_line{line, std::move(why)}; }
    [[noreturn]] static void cannot_play(std::size_t line, std::string why) {
        throw bad_line{line, std::move(why), import_status::unsupported};
    }

    decimal_amount amount(string_view word, std::size_t n, string_view line) {
        const auto d = winamax_amount(word);
        if (!d) fail(n, "expected an amount: '" + printable(line) + "'");
        decimals_ = std::max(decimals_, d->fraction);
        return *d;
    }

    // "Winamax Poker - CashGame - HandId: #5285192-1130-1382664338 - Holdem no limit (0.50€/1€) - 2013/10/25 ..."
    // A tournament names itself ("Tournament "NAME" buyIn: ... level: 6") and may give an ante: "(25/100/200)".
    void header(string_view line) {
        if (line.starts_with(utf8_bom)) line.remove_prefix(utf8_bom.size());
        line = strip(line);
        const std::size_t n = first_line_;
        const auto id_at = line.find("HandId: #");
        const string_view kind = line.substr(16, id_at - 16);  // after "Winamax Poker - "
        tournament_ = kind.starts_with("Tournament ");
        if (!tournament_ && kind != "CashGame - ") cannot_play(n, "a kind of game not read yet: '" + printable(kind) + "'");
        const auto id_end = line.find(" - ", id_at);
        if (id_end == string_view::npos) fail(n, "no game after the hand's number: '" + printable(line) + "'");
        out_.id = std::string(line.substr(id_at + 9, id_end - id_at - 9));
        const string_view rest = line.substr(id_end + 3);
        const auto open = rest.find(" (");
        const auto close = rest.find(')', open);
        if (open == string_view::npos || close == string_view::npos) fail(n, "no stakes in the header");
        out_.game = std::string(rest.substr(0, open));
        struct name {
            string_view text, game;
            betting_structure structure;
        };
        static constexpr name games[] = {
            {"Holdem no limit", "holdem", betting_structure::no_limit},
            {"Holdem pot limit", "holdem", betting_structure::pot_limit},
            {"Omaha pot limit", "omaha", betting_structure::pot_limit},
            {"Omaha no limit", "omaha", betting_structure::no_limit},
            {"Omaha5 pot limit", "omaha5", betting_structure::pot_limit},
            {"5 Card Omaha pot limit", "omaha5", betting_structure::pot_limit},
            {"5 Card Omaha Hi/Lo pot limit", "omaha5-hi-lo", betting_structure::pot_limit},
        };
        const auto g = std::find_if(std::begin(games), std::end(games), [&](const name& x) { return x.text == out_.game; });
        if (g == std::end(games)) cannot_play(n, "the game '" + printable(out_.game) + "' is not read yet");
        game_ = find_game(g->game);
        structure_ = g->structure;
        // The stakes: small and big blind, after the ante when there is one.
        std::vector<decimal_amount> stakes;
        string_view list = rest.substr(open + 2, close - open - 2);
        while (true) {
            const auto slash = list.find('/');
            stakes.push_back(amount(list.substr(0, slash), n, line));
            if (slash == string_view::npos) break;
            list.remove_prefix(slash + 1);
        }
        if (stakes.size() != 2 && stakes.size() != 3) fail(n, "stakes that are not 'SB/BB' or 'ANTE/SB/BB': '" + printable(rest.substr(open + 2, close - open - 2)) + "'");
        big_blind_ = stakes.back();
    }

    // "Table: 'Durban 02' 9-max (real money) Seat #7 is the button"
    void table(string_view line, std::size_t n) {
        const auto at = line.find("Seat #");
        if (at == string_view::npos || !line.ends_with(" is the button")) fail(n, "no button in the table line: '" + printable(line) + "'");
        button_ = number(line.substr(at + 6, line.size() - 14 - at - 6), n, line);
    }

    static int number(string_view digits, std::size_t n, string_view line) {
        if (digits.empty()) fail(n, "not a seat number: '" + printable(line) + "'");
        int v = 0;
        for (char c : digits) {
            if (c < '0' || c > '9') fail(n, "not a seat number: '" + printable(line) + "'");
            v = v * 10 + (c - '0');
            if (v > highest_seat) fail(n, "a seat number above 1000: '" + printable(line) + "'");
        }
        return v;
    }

    // "Seat 3: fanf4K UR0 (66.55€)"; a tournament's "(1500, 2€ bounty)".
    void seat(string_view line, std::size_t n) {
        const auto colon = line.find(": ");
        const auto open = line.rfind(" (");
        if (colon == string_view::npos || open == string_view::npos || open < colon + 2 || !line.ends_with(")"))
            fail(n, "not a seat: '" + printable(line) + "'");
        player p;
        p.number = number(line.substr(5, colon - 5), n, line);
        p.name = std::string(line.substr(colon + 2, open - colon - 2));
        string_view stack = line.substr(open + 2, line.size() - open - 3);
        p.stack = amount(stack.substr(0, stack.find(',')), n, line);
        p.line = n;
        if (std::any_of(players_.begin(), players_.end(), [&](const player& q) { return q.name == p.name; }))
            fail(n, "a name seated twice: '" + printable(line) + "'");
        players_.push_back(std::move(p));
    }

    void record(event::kind what, int who, std::size_t n, decimal_amount a = {}, CardList cards = {}) {
        if (who >= 0) players_[static_cast<std::size_t>(who)].dealt = true;
        events_.push_back({what, who, a, std::move(cards), n});
    }

    void body(string_view line, std::size_t n) {
        if (line.empty()) return;
        if (summary_) return summary(line, n);
        if (line.starts_with("*** ")) return section(line, n);
        if (line.starts_with("Dealt to ")) {
            const string_view rest = line.substr(9);
            const int who = named(rest, [](string_view after) { return after.starts_with(" ["); });
            if (who < 0) fail(n, "cards dealt to a player not seated: '" + printable(line) + "'");
            players_[static_cast<std::size_t>(who)].cards = room_text::cards_in_brackets(rest, n, line);
            players_[static_cast<std::size_t>(who)].dealt = true;
            return;
        }
        // "NAME verb ...": names hold spaces, so the longest name whose rest is an action is the player.
        const int who = named(line, [&](string_view after) { return after.starts_with(" ") && act_on(after.substr(1), -1, n, line); });
        if (who < 0) fail(n, "a line the reader does not know: '" + printable(line) + "'");
        act_on(line.substr(players_[static_cast<std::size_t>(who)].name.size() + 1), who, n, line);
    }

    // The seated player whose name starts `text` and whose rest `fits` (the longest name), or -1.
    template <class Fits>
    int named(string_view text, Fits fits) const {
        int best = -1;
        for (std::size_t k = 0; k < players_.size(); ++k) {
            const std::string& name = players_[k].name;
            if (text.starts_with(name) && fits(text.substr(name.size())) &&
                (best < 0 || name.size() > players_[static_cast<std::size_t>(best)].name.size()))
                best = static_cast<int>(k);
        }
        return best;
    }

    // Reads `rest`, what follows a player's name; with `who` < 0 only says whether it is an action.
    bool act_on(string_view rest, int who, std::size_t n, string_view line) {
        using t = event::kind;
        if (rest.ends_with(" and is all-in")) rest.remove_suffix(14);
        const bool out_of_position = rest.ends_with(" out of position");
        if (out_of_position) rest.remove_suffix(16);
        auto with_amount = [&](string_view prefix, t what) {
            if (!rest.starts_with(prefix) || rest.find(' ', prefix.size()) != string_view::npos) return false;
            if (who >= 0) record(what, who, n, amount(rest.substr(prefix.size()), n, line));
            return true;
        };
        if (out_of_position)
            return with_amount("posts big blind ", t::live) || with_amount("posts small blind ", t::dead);
        if (with_amount("posts small blind ", t::small_blind) || with_amount("posts big blind ", t::big_blind) ||
            with_amount("posts ante ", t::ante) || with_amount("calls ", t::call) || with_amount("bets ", t::bet))
            return true;
        for (auto [word, what] : {std::pair{string_view("folds"), t::fold}, std::pair{string_view("checks"), t::check}})
            if (rest == word) {
                if (who >= 0) record(what, who, n);
                return true;
            }
        if (rest.starts_with("raises ")) {
            // "raises 5.70€ to 9.50€": the raise over the bet to call, then the player's total for the street.
            const auto to = rest.find(" to ", 7);
            if (to == string_view::npos) return false;
            if (who < 0) return true;
            const decimal_amount by = amount(rest.substr(7, to - 7), n, line);
            record(t::raise_to, who, n, amount(rest.substr(to + 4), n, line));
            raised_by_.push_back(by);
            return true;
        }
        if (rest.starts_with("shows [")) {
            if (who < 0) return true;
            player& p = players_[static_cast<std::size_t>(who)];
            p.cards = room_text::cards_in_brackets(rest, n, line);
            p.shown = true;
            record(t::show, who, n, {}, p.cards);
            return true;
        }
        if (rest.starts_with("collected ")) {
            // "collected 19.82€ from pot" (or "from main pot", "from side pot 1").
            const auto from = rest.find(" from ", 10);
            if (from == string_view::npos || rest.substr(from + 6).find("pot") == string_view::npos) return false;
            if (who >= 0) record(t::collected, who, n, amount(rest.substr(10, from - 10), n, line));
            return true;
        }
        return false;
    }

    void section(string_view line, std::size_t n) {
        if (line == "*** SUMMARY ***") {
            summary_ = true;
            return;
        }
        if (line == "*** ANTE/BLINDS ***" || line == "*** PRE-FLOP ***" || line == "*** SHOW DOWN ***") return;
        if (line.starts_with("*** FIRST ") || line.starts_with("*** SECOND ") || line.starts_with("*** THIRD "))
            cannot_play(n, "the hand was run more than once: Winamax's runouts are not read yet");
        for (string_view street : {string_view("*** FLOP *** ["), string_view("*** TURN *** ["), string_view("*** RIVER *** [")})
            if (line.starts_with(street)) {
                // "*** TURN *** [Jh Kc 5s] [2s]": the board so far, then the new cards.
                record(event::kind::street, -1, n);
                const CardList cards = room_text::cards_in_brackets(line.substr(line.rfind('[')), n, line);
                if (board_.size() + cards.size() > 5) fail(n, "more than five board cards: '" + printable(line) + "'");
                board_.insert(board_.end(), cards.begin(), cards.end());
                record(event::kind::board, -1, n, {}, cards);
                return;
            }
        fail(n, "a section the reader does not know: '" + printable(line) + "'");
    }

    void summary(string_view line, std::size_t n) {
        if (line.starts_with("Total pot ")) {
            const auto bar = line.find(" | ");
            if (bar == string_view::npos) fail(n, "no rake in the total: '" + printable(line) + "'");
            const string_view rake = line.substr(bar + 3);
            if (rake == "No rake") return;
            if (!rake.starts_with("Rake ")) fail(n, "no rake in the total: '" + printable(line) + "'");
            rake_ = amount(rake.substr(5), n, line);
            return;
        }
        if (line.starts_with("Board: ")) {
            // The summary's board must be the board dealt.
            if (room_text::cards_in_brackets(line, n, line) != board_) fail(n, "the summary's board is not the board dealt: '" + printable(line) + "'");
            return;
        }
        if (!line.starts_with("Seat ")) return;
        const auto colon = line.find(": ");
        if (colon == string_view::npos) return;
        const int who = named(line.substr(colon + 2), [](string_view after) { return after.empty() || after.starts_with(" "); });
        if (who < 0) fail(n, "a summary of a player not seated: '" + printable(line) + "'");
        players_[static_cast<std::size_t>(who)].summary_line = n;
    }

    // The moves into the engine's seats (the first after the button first), configuration and actions.
    void assemble() {
        std::vector<int> order;
        for (std::size_t k = 0; k < players_.size(); ++k)
            if (players_[k].dealt) order.push_back(static_cast<int>(k));
        const auto after_button = [&](int k) {
            const int seat = players_[static_cast<std::size_t>(k)].number;
            return seat > button_ ? seat - 2 * highest_seat : seat;
        };
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return after_button(a) < after_button(b); });
        const std::size_t n = order.size();
        if (n < 2) fail(first_line_, "fewer than two players were dealt in");
        if (n > static_cast<std::size_t>(max_seats)) fail(first_line_, "more than 10 players were dealt in");
        seat_of_.assign(players_.size(), -1);
        for (std::size_t s = 0; s < n; ++s) seat_of_[static_cast<std::size_t>(order[s])] = static_cast<int>(s);

        recorded_hand& h = out_.hand;
        h.decimals = decimals_;
        h.variant = phh_variant(game_, structure_);
        hand_config& c = h.config;
        c.game = game_;
        c.structure = structure_;
        c.mode = tournament_ ? play_mode::tournament : play_mode::cash_game;
        c.limits.min_bet = units(big_blind_, first_line_);
        for (int k : order) {
            const player& p = players_[static_cast<std::size_t>(k)];
            out_.players.push_back(p.name);
            c.starting_stacks.push_back(units(p.stack, p.line));
            out_.result_lines.push_back(p.summary_line);
        }
        std::vector<chips> antes(n), blinds(n), live(n), put_in(n), street(n), collected(n);
        chips sum = 0, highest = 0;  // every amount of the hand; the street's highest total
        std::size_t raise = 0;
        for (event& m : events_) {
            if (m.what == event::kind::street) {
                std::fill(street.begin(), street.end(), 0);
                highest = 0;
            }
            if (m.who < 0) continue;
            const auto s = static_cast<std::size_t>(seat_of_[static_cast<std::size_t>(m.who)]);
            const chips a = units(m.amount, m.line);
            // Every sum below adds some of these amounts: bounding their total keeps every sum in range.
            if (a > max_chips - sum) fail(m.line, "the amounts of the hand add up to more than 2^62 units");
            sum += a;
            switch (m.what) {
                case event::kind::ante:
                case event::kind::dead: antes[s] += a; put_in[s] += a; break;
                case event::kind::small_blind:
                case event::kind::big_blind:
                case event::kind::live:
                    (m.what == event::kind::live ? live : blinds)[s] += a;
                    street[s] += a;
                    put_in[s] += a;
                    break;
                case event::kind::call:
                case event::kind::bet:
                    street[s] += a;
                    put_in[s] += a;
                    break;
                case event::kind::raise_to: {
                    const chips by = units(raised_by_[raise++], m.line);
                    if (a < street[s] || a - by != highest)
                        fail(m.line, "a raise whose amounts do not agree with the bet before it");
                    put_in[s] += a - street[s];
                    street[s] = a;
                    break;
                }
                case event::kind::collected:
                    collected[s] += a;
                    out_.result_lines[s] = m.line;
                    break;
                default: break;
            }
            highest = std::max(highest, street[s]);
            m.to = street[s];
        }
        // What the room says each seat ended with: no uncalled bet is written, "collected" holds it.
        for (std::size_t s = 0; s < n; ++s) out_.recorded_results.push_back(collected[s] - put_in[s]);
        if (std::any_of(antes.begin(), antes.end(), [](chips x) { return x != 0; })) c.forced.antes = antes;
        c.forced.blinds_or_straddles = blinds;
        if (std::any_of(live.begin(), live.end(), [](chips x) { return x != 0; })) c.forced.live_posts = live;
        if (rake_.digits != 0) out_.rake = units(rake_, first_line_);
        actions(order);
    }

    chips units(const decimal_amount& d, std::size_t line) const {
        const std::optional<chips> c = in_units(d, decimals_);
        if (!c) fail(line, "an amount above 2^62 units");
        return *c;
    }

    // The events into the engine's actions; `order` holds the player of each engine seat.
    void actions(const std::vector<int>& order) {
        std::vector<room_text::seat_cards> seats;
        for (int k : order) {
            const player& p = players_[static_cast<std::size_t>(k)];
            // No show is a muck, on the player's summary line.
            seats.push_back({p.name, p.line, p.cards, false, {}, p.summary_line, {}});
        }
        for (const event& e : events_) {
            if (e.what != event::kind::show) continue;
            // A player's first show counts.
            room_text::seat_cards& c = seats[static_cast<std::size_t>(seat_of_[static_cast<std::size_t>(e.who)])];
            if (c.shows) continue;
            c.shows = true;
            c.shown = e.cards;
            c.showdown_line = e.line;
        }
        room_text::add_engine_actions(out_, decimals_, traits_of(game_).deal.hole_cards, seats, events_, seat_of_);
    }

    std::span<const string_view> lines_;
    std::size_t first_line_;
    imported_hand out_;
    any_game game_{};
    betting_structure structure_ = betting_structure::no_limit;
    bool tournament_ = false;
    bool summary_ = false;
    int button_ = 0;
    int decimals_ = 0;
    decimal_amount big_blind_, rake_;
    std::vector<player> players_;
    CardList board_;
    std::vector<event> events_;
    std::vector<decimal_amount> raised_by_;  // per raise, in order: the raise over the bet to call
    std::vector<int> seat_of_;               // per player: the engine's seat (-1: not dealt in)
};

class winamax : public history_reader {
public:
    std::string_view room() const override { return "winamax"; }

    bool recognizes(std::string_view head) const override {
        const auto start = head.find_first_not_of(" \t\r\n");
        if (start == string_view::npos) return false;
        head.remove_prefix(start);
        return is_winamax_header(head.substr(0, head.find('\n')));
    }

    std::vector<imported_hand> read(std::string_view text, std::string_view file, const text_block& where,
                                    read_state*) const override {
        std::vector<string_view> lines;
        for (std::size_t at = 0; at <= text.size();) {
            const auto end = std::min(text.find('\n', at), text.size());
            lines.push_back(text.substr(at, end - at));
            at = end + 1;
        }
        if (lines[0].starts_with(utf8_bom)) lines[0].remove_prefix(utf8_bom.size());
        std::vector<imported_hand> hands;
        const auto blank = [](string_view l) { return strip(l).empty() || strip(l) == utf8_bom; };
        for (std::size_t i = 0; i < lines.size();) {
            if (blank(lines[i])) {
                ++i;
                continue;
            }
            std::size_t end = i + 1;
            while (end < lines.size() && !is_winamax_header(lines[end])) ++end;
            std::size_t last = end;
            while (blank(lines[last - 1])) --last;
            const std::size_t index = where.first_hand + hands.size();
            const std::size_t number = where.first_line + i;
            if (is_winamax_header(lines[i])) {
                hands.push_back(winamax_hand{file, index, std::span(lines).subspan(i, last - i), number}.read());
            } else {
                imported_hand bad;
                bad.room = "winamax";
                bad.hand.file = std::string(file);
                bad.hand.index = index;
                bad.first_line = number;
                bad.read_status = import_status::error;
                bad.reason = "line " + std::to_string(number) + ": not a Winamax hand: '" + printable(strip(lines[i])) + "'";
                hands.push_back(std::move(bad));
            }
            i = end;
        }
        return hands;
    }

    std::vector<text_block> blocks(std::string_view text, std::size_t bytes) const override {
        std::vector<text_block> out{{0, 0, 1, 0}};
        std::size_t line = 1;
        for (std::size_t at = 0; at < text.size(); ++line) {
            const auto end = std::min(text.find('\n', at), text.size());
            if (at - out.back().offset >= bytes && is_winamax_header(text.substr(at, end - at)))
                out.push_back({at, 0, line, 0});
            at = end + 1;
        }
        for (std::size_t k = 0; k < out.size(); ++k)
            out[k].length = (k + 1 < out.size() ? out[k + 1].offset : text.size()) - out[k].offset;
        return out;
    }
};

}  // namespace

const history_reader& winamax_reader() {
    static const winamax reader;
    return reader;
}

}  // namespace pokerengine::play
