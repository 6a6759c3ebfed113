#pragma once
// What the readers of online rooms' text histories share (PokerStars, Full
// Tilt): a room's reader turns each hand's lines into events naming players;
// `room_hand` then, once it is known who was dealt in, turns the events into
// the engine's seats, configuration and actions, and `room_text_reader` cuts a
// file into hands at the room's headers. The Winamax reader, which reads and
// settles its lines itself, takes the events and `add_engine_actions` (the
// events into the engine's actions) from here too. Internal to the readers.

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pokerengine/import.hpp"
#include "pokerengine/notation.hpp"
#include "pokerengine/phh.hpp"

namespace pokerengine::play::room_text {

using std::string_view;

inline bool starts_with(string_view s, string_view p) { return s.substr(0, p.size()) == p; }
inline bool ends_with(string_view s, string_view p) { return s.size() >= p.size() && s.substr(s.size() - p.size()) == p; }

inline string_view trim(string_view s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\r' || s.back() == '\t')) s.remove_suffix(1);
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    return s;
}

inline constexpr string_view bom = "\xEF\xBB\xBF";
inline constexpr int max_seat_number = 1000;  // rooms seat tables of up to 10; a larger number is not a seat

// A line that cannot be read, with its number: the hand becomes an `error`.
struct bad_line {
    std::size_t line;
    std::string why;
    import_status status = import_status::error;
};

// The cards in the first brackets of `text` (the last with `last`), "[Ah Kd]", read from line `n`, `line`.
inline CardList cards_in_brackets(string_view text, std::size_t n, string_view line, bool last = false) {
    const auto open = last ? text.rfind('[') : text.find('[');
    const auto close = text.find(']', open);
    if (open == string_view::npos || close == string_view::npos)
        throw bad_line{n, "expected cards in brackets: '" + printable(line) + "'"};
    try {
        return parse_cards(text.substr(open + 1, close - open - 1));
    } catch (const std::invalid_argument& e) {
        throw bad_line{n, "cards that do not parse: '" + printable(line) + "': " + e.what()};
    }
}

// How a room writes amounts: plain ("1500", "$0.25") or with thousands grouped by commas ("$1,020.50").
enum class digit_grouping : std::uint8_t { none, commas };

// An amount as written, "$0.25", "€1", "¥25", "1500": the currency sign, then a decimal.
inline std::optional<decimal_amount> money_of(string_view text, digit_grouping grouping = digit_grouping::none) {
    for (string_view sign : {string_view("$"), string_view("\xE2\x82\xAC"), string_view("\xC2\xA3"), string_view("\xC2\xA5")})
        if (starts_with(text, sign)) {
            text.remove_prefix(sign.size());
            break;
        }
    if (text.empty() || text.front() < '0' || text.front() > '9') return std::nullopt;
    std::string ungrouped;
    if (grouping == digit_grouping::commas && text.find(',') != string_view::npos) {
        // One to three digits before the first comma, exactly three after each.
        const auto point = std::min(text.find('.'), text.size());
        std::size_t group = 0;
        bool first = true;
        for (std::size_t k = 0; k < point; ++k) {
            if (text[k] != ',') {
                ungrouped += text[k];
                ++group;
                continue;
            }
            if (group == 0 || group > 3 || (!first && group != 3)) return std::nullopt;
            first = false;
            group = 0;
        }
        if (group != 3) return std::nullopt;
        ungrouped += text.substr(point);
        text = ungrouped;
    }
    try {
        decimal_amount d = parse_decimal_amount(text);
        if (d.negative) return std::nullopt;
        return d;
    } catch (const notation_error&) {
        return std::nullopt;
    }
}

// The first word of `text` as an amount; `text` moves past it.
inline std::optional<decimal_amount> take_money(string_view& text, digit_grouping grouping = digit_grouping::none) {
    text = trim(text);
    const auto end = text.find(' ');
    const string_view word = text.substr(0, end);
    text = end == string_view::npos ? string_view() : text.substr(end + 1);
    return money_of(word, grouping);
}

struct seat_line {
    std::string name;
    int number = 0;
    decimal_amount stack;
    std::size_t line = 0;
    std::size_t summary_line = 0;
    bool in_hand = false;  // posts, acts, shows or wins: dealt in
    CardList known;        // dealt to the owner of the history, or shown
    std::vector<CardList> street_cards;  // stud: the cards the record shows dealt on each street
};

struct event {
    enum class kind : std::uint8_t {
        ante, small_blind, big_blind, dead_and_live, dead, live, straddle, fold, check, call, bet, raise_to, board, show,
        muck, collected, returned, street, bring_in, cash_out,
        discard,     // a draw: `cards` the cards thrown when known, `to` how many
        replacement, // a draw's new cards to the history's owner, `cards`
    };
    kind what;
    int who = -1;  // index into the seat lines
    decimal_amount amount;
    CardList cards;
    std::size_t line = 0;
    chips to = 0;     // a bet or raise: the seat's total for the street after it; a discard: how many;
                      // a cash-out: 1 paid to the seat, -1 paid by it
    int runout = 0;   // a board of a hand run more than once: its runout, 0 for the first
    bool capped = false;  // a cap game's call, bet or raise that takes the seat to the cap
};

// A seat dealt in, in the engine's order: the cards known of it and what it did at a showdown.
struct seat_cards {
    string_view name;
    std::size_t line = 0;  // the seat's own line
    CardList known;        // dealt to the owner of the history, or shown
    bool shows = false;    // at a showdown: shows `shown`, else mucks
    CardList shown;
    std::size_t showdown_line = 0;  // of the show or the muck (0: none)
    // Stud: each street's cards, those not known standing in as jokers with their bits in the mask.
    struct street_deal {
        CardList cards;
        std::uint8_t unknown = 0;
        bool down = false;  // a down card among them
    };
    std::vector<street_deal> streets;
};

// `known` as the game's `hole` cards, those not known standing in as jokers with their bits in the mask.
inline std::pair<CardList, std::uint8_t> hole_cards(CardList known, int hole, std::size_t line, string_view name) {
    if (static_cast<int>(known.size()) > hole)
        throw bad_line{line, printable(name) + " holds " + std::to_string(known.size()) + " cards, the game deals " +
                                 std::to_string(hole)};
    const auto unknown = static_cast<std::uint8_t>(((1U << hole) - 1) & ~((1U << known.size()) - 1));
    known.resize(static_cast<std::size_t>(hole), Card::joker(0));
    return {std::move(known), unknown};
}

inline bool is_betting(event::kind k) {
    return k == event::kind::fold || k == event::kind::check || k == event::kind::call || k == event::kind::bet ||
           k == event::kind::raise_to || k == event::kind::bring_in;
}

// The engine's actions of a hand into `out`: every seat's hole cards, then the events (their players'
// seats by `seat_of`). The showdown goes where the engine holds it, right after the last betting action
// (before a runout), from the street's last aggressor or else its first to act; once the mucks leave one
// seat, no more board is dealt. A hand run `runs` times: every seat still in asks for it there, before
// the shows, and each runout's boards follow the one before. Stud (seats with `streets`): each street's
// cards are dealt at its start to the seats still in; a hand shown before the last street shows the cards
// held then, and again, all of them, when a down card came after. Draws: each seat's discard (the cards
// when known, else as many unknown), then the new cards of every seat that threw some (the history
// owner's as dealt, the others unknown); a showdown comes after the last draw.
inline void add_engine_actions(imported_hand& out, int decimals, int hole, std::span<const seat_cards> seats,
                               std::span<const event> events, std::span<const int> seat_of, int runs = 1) {
    auto push = [&](const action& a, std::uint8_t unknown, std::size_t line) {
        recorded_action r{a, unknown, false, {}};
        out.hand.action_texts.push_back(to_phh(r, decimals));
        out.hand.actions.push_back(std::move(r));
        out.action_lines.push_back(line);
    };
    const std::size_t n = seats.size();
    const bool by_street = n > 0 && !seats[0].streets.empty();
    struct progress {
        int held = 0;  // cards the seat holds
        int owed = 0;  // a draw's new cards not dealt yet
        const CardList* replacement = nullptr;  // of them, those the record names
        bool folded = false, shown = false, down_since_shown = false;
    };
    std::vector<progress> at(n);
    for (std::size_t s = 0; s < n && !by_street; ++s) {
        at[s].held = hole;
        auto [cards, unknown] = hole_cards(seats[s].known, hole, seats[s].line, seats[s].name);
        push(action::deal_hole_to(static_cast<int>(s), cards), unknown, 0);
    }
    auto is_draw = [](event::kind k) { return k == event::kind::discard || k == event::kind::replacement; };
    std::size_t last_betting = events.size();
    for (std::size_t k = 0; k < events.size(); ++k)
        if (is_betting(events[k].what) || is_draw(events[k].what)) last_betting = k;
    int aggressor = -1, opener = -1, lead = -1, street = -1;
    bool ended = false;
    auto show = [&](std::size_t s) {
        const seat_cards& seat = seats[s];
        CardList cards = seat.shown;  // stud: the first cards dealt are those held now
        const auto held = static_cast<std::size_t>(at[s].held);
        if (by_street && cards.size() > held && cards.size() <= static_cast<std::size_t>(hole)) cards.resize(held);
        auto [all, unknown] = hole_cards(std::move(cards), at[s].held, seat.showdown_line, seat.name);
        push(action{action::kind::show, static_cast<std::int8_t>(s), 0, to_action_cards(all)}, unknown,
             seat.showdown_line);
        at[s].shown = true;
        at[s].down_since_shown = false;
    };
    auto showdown = [&] {
        auto live = static_cast<std::size_t>(
            std::count_if(at.begin(), at.end(), [](const progress& p) { return !p.folded; }));
        if (live < 2) return;
        lead = aggressor >= 0 ? aggressor : std::max(opener, 0);
        for (std::size_t k = 0; k < n && runs > 1; ++k) {
            const std::size_t s = (static_cast<std::size_t>(lead) + k) % n;
            if (!at[s].folded) push(action::choose_runouts_by(static_cast<int>(s), runs), 0, 0);
        }
        for (std::size_t k = 0; k < n && live >= 2; ++k) {
            const std::size_t s = (static_cast<std::size_t>(lead) + k) % n;
            if (at[s].folded) continue;
            if (seats[s].shows) {
                show(s);
            } else {
                push(action::muck_by(static_cast<int>(s)), 0, seats[s].showdown_line);
                at[s].folded = true;
                --live;
            }
        }
        ended = live < 2;
    };
    auto deal_street = [&] {
        ++street;
        for (std::size_t s = 0; s < n && !ended; ++s) {
            if (at[s].folded || static_cast<std::size_t>(street) >= seats[s].streets.size()) continue;
            const seat_cards::street_deal& deal = seats[s].streets[static_cast<std::size_t>(street)];
            push(action::deal_hole_to(static_cast<int>(s), deal.cards), deal.unknown, 0);
            at[s].held += static_cast<int>(deal.cards.size());
            at[s].down_since_shown = at[s].down_since_shown || (at[s].shown && deal.down);
        }
    };
    // A draw's new cards, dealt once every seat has discarded.
    bool drawing = false;  // discards read whose new cards are not dealt yet
    auto deal_replacements = [&] {
        if (!drawing) return;
        drawing = false;
        for (std::size_t s = 0; s < n; ++s) {
            if (at[s].owed == 0) continue;
            auto [cards, unknown] =
                hole_cards(at[s].replacement ? *at[s].replacement : CardList{}, at[s].owed, seats[s].line, seats[s].name);
            push(action::deal_hole_to(static_cast<int>(s), cards), unknown, 0);
            at[s].owed = 0;
            at[s].replacement = nullptr;
        }
    };
    if (last_betting == events.size()) showdown();
    for (std::size_t k = 0; k < events.size(); ++k) {
        const event& e = events[k];
        const int s = e.who < 0 ? -1 : seat_of[static_cast<std::size_t>(e.who)];
        if (!is_draw(e.what)) deal_replacements();
        switch (e.what) {
            case event::kind::street:
                aggressor = opener = -1;
                if (by_street) deal_street();
                break;
            case event::kind::board:
                if (!ended && e.runout == 0) push(action::deal_board_cards(e.cards), 0, e.line);
                break;
            case event::kind::bring_in: push(action::bring_in_by(s), 0, e.line); break;
            case event::kind::discard: {
                const auto count = static_cast<int>(e.to);
                auto [cards, unknown] = hole_cards(e.cards, count, e.line, seats[static_cast<std::size_t>(s)].name);
                push(action::discard(s, cards), unknown, e.line);
                at[static_cast<std::size_t>(s)].owed = count;
                drawing = true;
                break;
            }
            case event::kind::replacement: at[static_cast<std::size_t>(s)].replacement = &e.cards; break;
            case event::kind::fold:
                at[static_cast<std::size_t>(s)].folded = true;
                push(action::fold_by(s), 0, e.line);
                break;
            case event::kind::check:
            case event::kind::call: push(action::check_or_call_by(s), 0, e.line); break;
            case event::kind::bet:
            case event::kind::raise_to:
                aggressor = s;
                push(action::raise_to(s, e.to), 0, e.line);
                break;
            default: break;
        }
        if (is_betting(e.what) && opener < 0) opener = s;
        if (k == last_betting) {
            deal_replacements();
            showdown();
        }
    }
    // Stud: the hands shown before a down card was dealt to them show again (the engine's TR 70).
    for (std::size_t k = 0; k < n && by_street && !ended && lead >= 0; ++k) {
        const std::size_t s = (static_cast<std::size_t>(lead) + k) % n;
        if (!at[s].folded && at[s].down_since_shown) show(s);
    }
    for (int r = 1; r < runs && !ended; ++r)
        for (const event& e : events)
            if (e.what == event::kind::board && e.runout == r) push(action::deal_board_cards(e.cards), 0, e.line);
}

struct hand_text {
    std::string_view file;
    std::size_t index;
    std::span<const string_view> lines;
    std::size_t first_line;  // 1-based number of lines[0]
};

// One hand of a room's text: the reader of the room fills `seats_` and `events_`
// (and the header's game, stakes, button and rake), then `build` makes the hand.
class room_hand {
protected:
    room_hand(const hand_text& t, string_view room, digit_grouping grouping = digit_grouping::none)
        : t_(t), grouping_(grouping) {
        out_.room = std::string(room);
        out_.first_line = t_.first_line;
        out_.hand.file = std::string(t_.file);
        out_.hand.index = t_.index;
    }

    std::size_t number(std::size_t i) const { return t_.first_line + i; }

    [[noreturn]] void bad(std::size_t line, std::string why) const { throw bad_line{line, std::move(why)}; }
    [[noreturn]] void unsupported(std::size_t line, std::string why) const {
        throw bad_line{line, std::move(why), import_status::unsupported};
    }

    // The hand, or the line that stops it, once `read_lines` has read them (throwing `bad_line`).
    template <class ReadLines>
    imported_hand read(ReadLines read_lines) {
        try {
            read_lines();
            build();
        } catch (const bad_line& e) {
            out_.read_status = e.status;
            out_.reason = "line " + std::to_string(e.line) + ": " + e.why;
        }
        return std::move(out_);
    }

    // The seat whose name starts `text` and is followed by `after` (the longest such name).
    int player_at_start(string_view text, string_view after) const {
        int best = -1;
        std::size_t length = 0;
        for (std::size_t k = 0; k < seats_.size(); ++k) {
            const std::string& name = seats_[k].name;
            if (name.size() >= length && starts_with(text, name) && starts_with(text.substr(name.size()), after)) {
                best = static_cast<int>(k);
                length = name.size();
            }
        }
        return best;
    }

    void note(const decimal_amount& d) { decimals_ = std::max(decimals_, d.fraction); }

    // The call, bet or raise just read takes its player to a cap game's cap; `amount`, when the line
    // names the cap, must be the header's.
    void reached_cap(std::size_t n, string_view line, std::optional<decimal_amount> amount = std::nullopt) {
        const bool bet = !events_.empty() && events_.back().line == n &&
                         (events_.back().what == event::kind::call || events_.back().what == event::kind::bet ||
                          events_.back().what == event::kind::raise_to);
        if (!cap_game_) bad(n, "a cap reached in a game with no cap: '" + printable(line) + "'");
        if (!bet) bad(n, "the cap reached by no call, bet or raise: '" + printable(line) + "'");
        if (amount) {
            const int places = std::max(amount->fraction, cap_ ? cap_->fraction : 0);
            if (cap_ && in_units(*cap_, places) != in_units(*amount, places))
                bad(n, "a cap other than the header's: '" + printable(line) + "'");
            cap_ = *amount;
        }
        events_.back().capped = true;
    }

    // The least bet of a hand whose stakes are not written (a tournament's level, a table that names
    // only its buy-in): the big blind, when posted in full. A big blind all-in (or none) leaves it off
    // the record: the hand is read only when nobody checks, calls, bets or raises in it (then any least
    // bet plays it the same: one unit of its amounts), else it is unsupported.
    void stakes_from_big_blind() {
        const auto big = std::find_if(events_.begin(), events_.end(), [](const event& e) { return e.what == event::kind::big_blind; });
        if (big != events_.end() &&
            in_units(big->amount, decimals_) < in_units(seats_[static_cast<std::size_t>(big->who)].stack, decimals_)) {
            big_stake_ = big->amount;
            return;
        }
        for (const event& e : events_)
            if (e.what == event::kind::check || e.what == event::kind::call || e.what == event::kind::bet ||
                e.what == event::kind::raise_to)
                unsupported(e.line, "the stakes are not written and the big blind is not posted in full: the hand's "
                                    "least bet is not on record");
        big_stake_ = decimal_amount{1, decimals_};
    }

    decimal_amount amount_or_bad(string_view& text, std::size_t n, string_view line) {
        const auto d = take_money(text, grouping_);
        if (!d) bad(n, "expected an amount: '" + printable(line) + "'");
        note(*d);
        return *d;
    }

    void add(event::kind what, int who, std::size_t n, decimal_amount amount = {}, CardList cards = {}) {
        if (who >= 0) seats_[static_cast<std::size_t>(who)].in_hand = true;
        events_.push_back({what, who, amount, std::move(cards), n});
    }

    // A street of a hand run more than once ("*** SECOND TURN *** [..] [9c]"): its board, for runout `runout`.
    void runout_street(string_view line, std::size_t n, int runout) {
        if (runout >= runs_) runs_ = runout + 1;
        if (first_runout_line_ == 0) {
            first_runout_line_ = n;
            first_runout_section_ = std::string(line.substr(0, line.find(" [")));
        }
        add(event::kind::street, -1, n);
        add(event::kind::board, -1, n, {}, cards_in_brackets(line.substr(0, line.find(" (Total Pot")), n, line, true));
        events_.back().runout = runout;
    }

    // The sections both rooms write: "*** HOLE CARDS ***", "*** FLOP *** [8c 6c 9s]" (at Full Tilt with
    // "(Total Pot: $4, 2 Players)" after), "*** SHOW DOWN ***", "*** SUMMARY ***"; false for another line.
    bool common_section(string_view line, std::size_t n) {
        if (starts_with(line, "*** SUMMARY ***")) {
            summary_ = true;
            return true;
        }
        if (starts_with(line, "*** HOLE CARDS ***") || starts_with(line, "*** SHOW DOWN ***")) return true;
        for (string_view street : {string_view("*** FLOP ***"), string_view("*** TURN ***"), string_view("*** RIVER ***")})
            if (starts_with(line, street)) {
                add(event::kind::street, -1, n);
                add(event::kind::board, -1, n, {}, cards_in_brackets(line.substr(0, line.find(" (Total Pot")), n, line, true));
                return true;
            }
        return false;
    }

    // The summary's "Total pot $39.78 Main pot $30.37. | Rake $1.50": the rake; false for another line.
    // GGPoker writes its other fees after it, "| Jackpot $1 | Bingo $0 | Fortune $0 | Tax $0": taken
    // from the pot as the rake is, they are counted with it.
    bool rake_line(string_view line, std::size_t n) {
        const auto rake_at = line.find("| Rake ");
        if (!starts_with(line, "Total pot ") || rake_at == string_view::npos) return false;
        string_view rest = line.substr(rake_at + 7);
        rake_ = amount_or_bad(rest, n, line);
        for (rest = trim(rest); starts_with(rest, "| "); rest = trim(rest)) {
            const auto space = rest.find(' ', 2);
            if (space == string_view::npos) bad(n, "a fee without an amount: '" + printable(line) + "'");
            rest.remove_prefix(space + 1);
            fees_.push_back(amount_or_bad(rest, n, line));
        }
        if (!trim(rest).empty()) bad(n, "words after the rake: '" + printable(line) + "'");
        return true;
    }

    // "Seat 3: NAME (button) showed [Ah Kd] and won ...": the line of the seat's result, and its cards.
    void summary_seat(string_view line, std::size_t n) {
        if (!starts_with(line, "Seat ")) return;
        const auto colon = line.find(": ");
        if (colon == string_view::npos) return;
        const int who = player_at_start(line.substr(colon + 2), " ");
        const int exact = player_at_start(line.substr(colon + 2), "");
        const int seat = who >= 0 ? who : exact;
        if (seat < 0) return;
        seat_line& s = seats_[static_cast<std::size_t>(seat)];
        s.summary_line = n;
        for (string_view shown : {string_view(" showed ["), string_view(" mucked [")}) {
            const auto at = line.find(shown);
            // A draw game's hand at the end is not the one dealt.
            if (at != string_view::npos && s.known.empty() && !draw_game())
                s.known = cards_in_brackets(line.substr(at), n, line);
        }
    }

    bool draw_game() const { return traits_of(game_).deal.draws > 0; }

    // The events into the engine's seats, configuration and actions.
    void build() {
        const game_traits& traits = traits_of(game_);
        std::vector<int> order;  // seat lines dealt in, from the seat after the button
        for (std::size_t k = 0; k < seats_.size(); ++k)
            if (seats_[k].in_hand) order.push_back(static_cast<int>(k));
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            auto key = [&](int s) {
                const int number = seats_[static_cast<std::size_t>(s)].number;
                return number > button_ ? number - 1000 : number;
            };
            return key(a) < key(b);
        });
        const std::size_t n = order.size();
        std::vector<int> seat_of(seats_.size(), -1);
        for (std::size_t s = 0; s < n; ++s) seat_of[static_cast<std::size_t>(order[s])] = static_cast<int>(s);
        recorded_hand& h = out_.hand;
        h.decimals = decimals_ = std::max(decimals_, rake_.fraction);
        h.variant = phh_variant(game_, structure_);
        auto units = [&](const decimal_amount& d, std::size_t line) {
            const std::optional<chips> c = in_units(d, decimals_);
            if (!c) bad(line, "an amount above 2^62 units");
            return *c;
        };
        hand_config& config = h.config;
        config.game = game_;
        config.structure = structure_;
        config.mode = tournament_ ? play_mode::tournament : play_mode::cash_game;
        if (structure_ == betting_structure::fixed_limit) {
            config.limits.small_bet = units(small_stake_, out_.first_line);
            config.limits.big_bet = units(big_stake_, out_.first_line);
        } else {
            config.limits.min_bet = units(big_stake_, out_.first_line);
        }
        const chips big_blind = structure_ == betting_structure::fixed_limit ? config.limits.small_bet
                                                                              : config.limits.min_bet;
        std::vector<chips> antes(n), blinds(n), live(n), put_in(n), street_in(n), won(n);
        bool small_posted = false, big_posted = false;
        chips bring_in = 0;
        chips every_amount = 0;
        // A cap game's cap: the header's, else the total of the first player to reach it.
        std::optional<chips> cap;
        if (cap_) cap = units(*cap_, out_.first_line);
        for (std::size_t s = 0; s < n; ++s) {
            const seat_line& seat = seats_[static_cast<std::size_t>(order[s])];
            out_.players.push_back(seat.name);
            config.starting_stacks.push_back(units(seat.stack, seat.line));
            out_.result_lines.push_back(seat.summary_line);
        }
        // Forced bets, and what each seat put in and took by the record.
        for (event& e : events_) {
            if (e.who < 0) {
                if (e.what == event::kind::street) std::fill(street_in.begin(), street_in.end(), 0);
                continue;
            }
            const auto s = static_cast<std::size_t>(seat_of[static_cast<std::size_t>(e.who)]);
            const chips a = units(e.amount, e.line);
            // Every sum below adds some of these amounts: bounding them all keeps every sum in range.
            if (a > max_chips - every_amount) bad(e.line, "the amounts of the hand add up to more than 2^62 units");
            every_amount += a;
            switch (e.what) {
                case event::kind::ante: antes[s] += a; put_in[s] += a; break;
                case event::kind::small_blind:
                    // A second small blind is a returning player's dead one.
                    (small_posted ? antes[s] : blinds[s]) += a;
                    if (!small_posted) street_in[s] += a;
                    small_posted = true;
                    put_in[s] += a;
                    break;
                case event::kind::big_blind:
                    (big_posted ? live[s] : blinds[s]) += a;
                    big_posted = true;
                    street_in[s] += a;
                    put_in[s] += a;
                    break;
                case event::kind::dead: antes[s] += a; put_in[s] += a; break;
                case event::kind::straddle:  // a blind of its own seat, after the big blind's
                    blinds[s] += a;
                    street_in[s] += a;
                    put_in[s] += a;
                    break;
                case event::kind::live:
                    live[s] += a;
                    street_in[s] += a;
                    put_in[s] += a;
                    break;
                case event::kind::dead_and_live: {
                    // The big blind is live, the small blind dead.
                    const chips live_part = std::min(a, big_blind);
                    live[s] += live_part;
                    antes[s] += a - live_part;
                    street_in[s] += live_part;
                    put_in[s] += a;
                    break;
                }
                case event::kind::bring_in:
                    bring_in = std::max(bring_in, a);
                    street_in[s] += a;
                    put_in[s] += a;
                    break;
                case event::kind::call:
                case event::kind::bet:
                    street_in[s] += a;
                    put_in[s] += a;
                    e.to = street_in[s];
                    break;
                case event::kind::raise_to:
                    if (a < street_in[s]) bad(e.line, "a raise to less than the player has bet");
                    put_in[s] += a - street_in[s];
                    street_in[s] = e.to = a;
                    break;
                case event::kind::cash_out:
                    if (out_.cash_outs.empty()) out_.cash_outs.assign(n, 0);
                    out_.cash_outs[s] += e.to < 0 ? -a : a;
                    break;
                case event::kind::collected:
                case event::kind::returned:
                    won[s] += a;
                    if (out_.result_lines[s] == 0 || e.what == event::kind::collected) out_.result_lines[s] = e.line;
                    break;
                default: break;
            }
            if (!e.capped) continue;
            if (!cap) cap = put_in[s];
            if (put_in[s] != *cap)
                bad(e.line, "the player has put " + money_text(put_in[s], decimals_) + " in, not the cap of " +
                                money_text(*cap, decimals_));
        }
        if (cap) config.cap = *cap;
        // A cancelled hand gives every chip back: the room's result is nothing for anyone.
        for (std::size_t s = 0; s < n; ++s)
            out_.recorded_results.push_back(
                out_.cancelled ? 0 : won[s] - put_in[s] + (out_.cash_outs.empty() ? 0 : out_.cash_outs[s]));
        if (std::any_of(antes.begin(), antes.end(), [](chips c) { return c != 0; })) config.forced.antes = antes;
        if (traits.family == game_family::stud) config.forced.bring_in = bring_in;  // stud has no blinds
        else config.forced.blinds_or_straddles = blinds;
        if (std::any_of(live.begin(), live.end(), [](chips c) { return c != 0; })) config.forced.live_posts = live;
        if (rake_.digits != 0) out_.rake = units(rake_, out_.first_line);
        for (const decimal_amount& fee : fees_) {
            const chips c = units(fee, out_.first_line);
            if (c > max_chips - out_.rake) bad(out_.first_line, "fees above 2^62 units");
            out_.rake += c;
        }
        if (first_runout_line_ != 0 && runs_ < 2)
            bad(first_runout_line_, "'" + printable(first_runout_section_) + "' in a hand whose board was dealt once");
        if (runs_ > 1) config.rules.most_runouts = runs_;
        if (n < 2 && !out_.cancelled) bad(out_.first_line, "fewer than two players were dealt in");
        if (n > static_cast<std::size_t>(max_seats)) bad(out_.first_line, "more than 10 players were dealt in");
        actions(traits.deal.hole_cards, order, seat_of);
    }

    // The events into the engine's actions; `order` holds the seat line of each engine seat.
    void actions(int hole, const std::vector<int>& order, const std::vector<int>& seat_of) {
        std::vector<seat_cards> cards;
        const game_traits& traits = traits_of(game_);
        cards.reserve(order.size());
        for (int k : order) {
            const seat_line& seat = seats_[static_cast<std::size_t>(k)];
            cards.push_back({seat.name, seat.line, seat.known, false, {}, 0, {}});
            if (traits.family == game_family::stud) cards.back().streets = stud_streets(seat, traits);
        }
        for (const event& e : events_) {
            if (e.what != event::kind::show && e.what != event::kind::muck) continue;
            // A seat's last word at the showdown counts.
            seat_cards& c = cards[static_cast<std::size_t>(seat_of[static_cast<std::size_t>(e.who)])];
            c.shows = e.what == event::kind::show;
            c.shown = e.cards;
            c.showdown_line = e.line;
        }
        add_engine_actions(out_, decimals_, hole, cards, events_, seat_of, runs_);
    }

    // A stud seat's cards street by street: those the record shows dealt (all of them, or the up cards
    // alone), the rest unknown; every one when its whole hand is known at the end (shown or mucked in
    // the summary, in the order dealt), which must agree with those seen on the way.
    std::vector<seat_cards::street_deal> stud_streets(const seat_line& seat, const game_traits& traits) const {
        const auto plans = traits.streets.streets();
        const bool whole = seat.known.size() == static_cast<std::size_t>(traits.deal.hole_cards);
        std::vector<seat_cards::street_deal> out;
        std::size_t offset = 0;
        auto street_name = [](std::size_t i) {  // "3rd street" to "7th street"
            return std::to_string(i + 3) + (i == 0 ? "rd" : "th") + " street";
        };
        for (std::size_t i = 0; i < plans.size(); ++i) {
            const auto down = static_cast<std::size_t>(plans[i].down_cards), up = static_cast<std::size_t>(plans[i].up_cards);
            const std::size_t count = down + up;
            const CardList seen = i < seat.street_cards.size() ? seat.street_cards[i] : CardList{};
            seat_cards::street_deal deal;
            deal.down = down > 0;
            deal.cards.assign(count, Card::joker(0));
            if (seen.size() == count || (seen.size() == up && up > 0)) {
                std::copy(seen.begin(), seen.end(), deal.cards.begin() + static_cast<std::ptrdiff_t>(count - seen.size()));
                deal.unknown = static_cast<std::uint8_t>((1U << (count - seen.size())) - 1);
            } else if (seen.empty()) {
                deal.unknown = static_cast<std::uint8_t>((1U << count) - 1);
            } else {
                bad(seat.line, printable(seat.name) + " is dealt " + std::to_string(seen.size()) + " cards on " +
                                   street_name(i) + ", where the game deals " + std::to_string(count));
            }
            for (std::size_t j = 0; j < count && whole; ++j) {
                const Card c = seat.known[offset + j];
                if (!((deal.unknown >> j) & 1U) && deal.cards[j] != c)
                    bad(seat.summary_line != 0 ? seat.summary_line : seat.line,
                        printable(seat.name) + "'s cards at the end are not those dealt: " + to_string(c) +
                            " where " + street_name(i) + " dealt " + to_string(deal.cards[j]));
                deal.cards[j] = c;
            }
            if (whole) deal.unknown = 0;
            offset += count;
            out.push_back(std::move(deal));
        }
        return out;
    }

    hand_text t_;
    digit_grouping grouping_;
    imported_hand out_;
    any_game game_{};
    betting_structure structure_ = betting_structure::no_limit;
    bool tournament_ = false;
    bool summary_ = false;
    int button_ = 0;
    int decimals_ = 0;
    int runs_ = 1;  // times the board was run
    std::size_t first_runout_line_ = 0;
    std::string first_runout_section_;
    decimal_amount small_stake_, big_stake_, rake_;
    bool cap_game_ = false;              // the header names a cap game
    std::optional<decimal_amount> cap_;  // its cap, when the record names it
    std::vector<decimal_amount> fees_;  // besides the rake (GGPoker's jackpot and others)
    std::vector<seat_line> seats_;
    std::vector<event> events_;
};

// A room's reader of text files, whose hands start at the room's header lines.
class room_text_reader : public history_reader {
public:
    bool recognizes(std::string_view head) const override {
        for (std::size_t start = 0; start < head.size();) {
            const auto end = head.find_first_of("\r\n", start);
            const string_view line = trim(head.substr(start, end == string_view::npos ? string_view::npos : end - start));
            if (!line.empty() && line != bom && !is_separator(line)) return is_header(line);
            if (end == string_view::npos) break;
            start = end + 1;
        }
        return false;
    }

    std::vector<imported_hand> read(std::string_view text, std::string_view file, const text_block& where,
                                    read_state*) const override {
        std::vector<string_view> lines;
        for_each_line(text, [&](string_view line, std::size_t) { lines.push_back(line); });
        if (!lines.empty() && starts_with(lines[0], bom)) lines[0].remove_prefix(bom.size());
        std::vector<imported_hand> hands;
        hands.reserve(static_cast<std::size_t>(
            std::count_if(lines.begin(), lines.end(), [&](string_view l) { return is_header(l); })) + 1);
        std::size_t i = 0;
        auto skippable = [&](string_view l) { l = trim(l); return l.empty() || is_separator(l); };
        while (i < lines.size()) {
            if (skippable(lines[i])) {
                ++i;
                continue;
            }
            std::size_t end = i + 1;
            while (end < lines.size() && !is_header(lines[end])) ++end;
            std::size_t last = end;
            while (last > i + 1 && skippable(lines[last - 1])) --last;
            const std::size_t index = where.first_hand + hands.size();
            const std::size_t number = where.first_line + i;
            const hand_text t{file, index, std::span<const string_view>(lines).subspan(i, last - i), number};
            if (!is_header(lines[i])) {
                imported_hand bad;
                bad.room = std::string(room());
                bad.hand.file = std::string(file);
                bad.hand.index = index;
                bad.first_line = number;
                bad.read_status = import_status::error;
                bad.reason = "line " + std::to_string(number) + ": not a " + std::string(room_title()) + " hand: '" + printable(trim(lines[i])) + "'";
                hands.push_back(std::move(bad));
            } else {
                hands.push_back(read_hand(t));
            }
            i = end;
        }
        return hands;
    }

    std::vector<text_block> blocks(std::string_view text, std::size_t bytes) const override {
        std::vector<text_block> out{{0, 0, 1, 0}};
        std::size_t lines = 0;
        // Only a line that ends before the text does: a stream's text may stop inside the next line, and
        // a header may be one only whole ("***** Hand History for Game 1 *****", not more after it).
        for_each_line(text, [&](string_view line, std::size_t offset) {
            ++lines;
            if (offset - out.back().offset >= bytes && offset + line.size() < text.size() && is_header(line))
                out.push_back({offset, 0, lines, 0});
        });
        for (std::size_t k = 0; k < out.size(); ++k)
            out[k].length = (k + 1 < out.size() ? out[k + 1].offset : text.size()) - out[k].offset;
        return out;
    }

    line_cut last_line_end(std::string_view text) const override {
        line_cut cut;
        for_each_line(text, [&](string_view, std::size_t offset) {
            if (offset > 0) cut = {offset, cut.lines + 1};  // a line ended before it
        });
        return cut;
    }

protected:
    // Whether `line` starts a hand (a BOM before it allowed).
    virtual bool is_header(string_view line) const = 0;
    // Whether `line`, trimmed, is a separator the room writes between hands.
    virtual bool is_separator(string_view) const { return false; }
    virtual imported_hand read_hand(const hand_text& t) const = 0;
    // The room's name in a reason: "PokerStars".
    virtual string_view room_title() const = 0;

    // Lines end in \n, \r\n or (old exports) \r alone; f(line, offset of its first byte).
    template <class F>
    static void for_each_line(string_view text, F f) {
        for (std::size_t start = 0; start <= text.size();) {
            auto end = text.find('\n', start);
            string_view line = text.substr(start, end == string_view::npos ? string_view::npos : end - start);
            const auto cr = line.find('\r');
            if (cr != string_view::npos && cr + 1 < line.size()) end = start + cr;  // a lone \r ends this line
            if (end != string_view::npos) line = text.substr(start, end - start);
            if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
            f(line, start);
            if (end == string_view::npos) break;
            start = end + (text.substr(end, 2) == "\r\n" ? 2 : 1);
        }
    }
};

}  // namespace pokerengine::play::room_text
