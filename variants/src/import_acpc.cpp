// Logs of the Annual Computer Poker Competition's dealer (project_acpc_server):
// one `STATE:` line per hand, with the betting, every card and each player's
// value, and a `SCORE:` line with the totals, read with the game definition
// (`.game` file) the match was played under. Hold'em, limit and no-limit.

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokerengine/import.hpp"
#include "pokerengine/phh.hpp"

namespace pokerengine::play {
namespace {

using std::string_view;

string_view trim(string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    return s;
}

std::vector<string_view> split(string_view s, char by) {
    std::vector<string_view> out;
    for (std::size_t start = 0;;) {
        const auto end = s.find(by, start);
        out.push_back(s.substr(start, end == string_view::npos ? string_view::npos : end - start));
        if (end == string_view::npos) return out;
        start = end + 1;
    }
}

bool starts_with_nocase(string_view s, string_view p) {
    if (s.size() < p.size()) return false;
    for (std::size_t i = 0; i < p.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(s[i])) != std::tolower(static_cast<unsigned char>(p[i]))) return false;
    return true;
}

[[noreturn]] void bad_game(std::size_t line, const std::string& why) {
    throw game_definition_error(line, "game definition line " + std::to_string(line) + ": " + why);
}

}  // namespace

acpc_game read_acpc_game(string_view text) {
    acpc_game g;
    std::map<std::string, std::vector<long long>> values;
    bool in = false, ended = false, structure = false;
    std::size_t number = 0;
    for (string_view raw : split(text, '\n')) {
        ++number;
        const string_view line = trim(raw);
        if (line.empty() || line.front() == '#') continue;
        if (starts_with_nocase(line, "END GAMEDEF")) {
            ended = true;
            break;
        }
        if (starts_with_nocase(line, "GAMEDEF")) {
            in = true;
            continue;
        }
        if (!in) bad_game(number, "expected GAMEDEF: '" + printable(line) + "'");
        if (starts_with_nocase(line, "nolimit") || starts_with_nocase(line, "limit")) {
            g.structure = starts_with_nocase(line, "nolimit") ? betting_structure::no_limit : betting_structure::fixed_limit;
            structure = true;
            continue;
        }
        const auto eq = line.find('=');
        if (eq == string_view::npos) bad_game(number, "expected 'name = values': '" + printable(line) + "'");
        std::string key(trim(line.substr(0, eq)));
        std::ranges::transform(key, key.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        std::vector<long long>& list = values[key];
        for (string_view word : split(trim(line.substr(eq + 1)), ' ')) {
            word = trim(word);
            if (word.empty()) continue;
            long long v = 0;
            for (char c : word) {
                if (c < '0' || c > '9' || v > 1'000'000'000'000LL) bad_game(number, "not a whole number: '" + printable(word) + "'");
                v = v * 10 + (c - '0');
            }
            list.push_back(v);
        }
    }
    if (!ended || !structure) bad_game(number, "a definition needs GAMEDEF, limit or nolimit, and END GAMEDEF");
    auto one = [&](const std::string& key) {
        const auto it = values.find(key);
        if (it == values.end() || it->second.empty()) bad_game(number, "no " + key);
        return it->second;
    };
    g.players = static_cast<int>(one("numplayers")[0]);
    if (g.players < 2 || g.players > max_seats) bad_game(number, "numPlayers must be 2 to 10");
    const auto n = static_cast<std::size_t>(g.players);
    auto per = [&](const std::string& key, std::size_t count) {
        std::vector<long long> v = one(key);
        if (v.size() < count) bad_game(number, key + " needs " + std::to_string(count) + " values");
        v.resize(count);
        return std::vector<chips>(v.begin(), v.end());
    };
    const bool holdem = one("numrounds")[0] == 4 && one("numsuits")[0] == 4 && one("numranks")[0] == 13 &&
                        one("numholecards")[0] == 2 && per("numboardcards", 4) == std::vector<chips>{0, 3, 1, 1};
    if (!holdem) bad_game(number, "only hold'em (4 rounds, 52 cards, 2 hole cards, boards 0 3 1 1) is read");
    g.blinds = per("blind", n);
    const std::vector<chips> first = per("firstplayer", 4);
    // The engine's order: left of the largest blind first before the flop, the first seat after it.
    std::size_t largest = 0;
    for (std::size_t p = 0; p < n; ++p)
        if (g.blinds[p] >= g.blinds[largest]) largest = p;
    if (static_cast<std::size_t>(first[0] - 1) != (largest + 1) % n || first[1] != 1 || first[2] != 1 || first[3] != 1)
        bad_game(number, "firstPlayer other than the usual order of hold'em (left of the big blind, then the first seat)");
    if (g.structure == betting_structure::no_limit) {
        g.stacks = per("stack", n);
    } else {
        g.raise_sizes = per("raisesize", 4);
        if (g.raise_sizes[0] != g.raise_sizes[1] || g.raise_sizes[2] != g.raise_sizes[3])
            bad_game(number, "raiseSize must be a small bet for two rounds and a big bet for two");
        // No stacks in limit: more than any hand can put in.
        g.stacks.assign(n, chips{1'000'000'000});
        // maxRaises counts raises: before the flop the blind is the first bet, after it the bet is a raise.
        if (const auto it = values.find("maxraises"); it != values.end()) {
            const std::vector<chips> raises = per("maxraises", 4);
            if (raises[0] + 1 != raises[1] || raises[1] != raises[2] || raises[2] != raises[3] || raises[1] < 1)
                bad_game(number, "maxRaises must allow the same number of bets in every round (3 4 4 4)");
            g.max_bets = static_cast<int>(raises[1]);
        }
    }
    return g;
}

hand_config acpc_hand_config(const acpc_game& game, chips unit) {
    hand_config c;
    c.game = find_game("holdem");
    c.structure = game.structure;
    c.mode = play_mode::cash_game;
    for (std::size_t p = 0; p < static_cast<std::size_t>(game.players); ++p) {
        c.starting_stacks.push_back(game.stacks[p] * unit);
        c.forced.blinds_or_straddles.push_back(game.blinds[p] * unit);
    }
    if (game.structure == betting_structure::no_limit) {
        c.limits.min_bet = *std::ranges::max_element(game.blinds) * unit;
    } else {
        c.limits.small_bet = game.raise_sizes[0] * unit;
        c.limits.big_bet = game.raise_sizes[2] * unit;
        // The definition's cap holds whatever the number of players; without one, none.
        c.rules.fixed_limit_bets = c.rules.fixed_limit_bets_two_rounds = game.max_bets > 0 ? game.max_bets : 1'000'000;
        c.rules.cap_lift_cash = c.rules.cap_lift_tournament = rule_profile::raise_cap_lift::never;
    }
    return c;
}

namespace {

class acpc : public history_reader {
public:
    explicit acpc(acpc_game game) : game_(std::move(game)) {}

    std::string_view room() const override { return "acpc"; }

    bool recognizes(std::string_view head) const override {
        for (string_view line : split(head, '\n')) {
            line = trim(line);
            if (line.empty() || line.front() == '#') continue;
            return line.substr(0, 6) == "STATE:";
        }
        return false;
    }

    // A hand is a line: blocks start at lines.
    std::vector<text_block> blocks(std::string_view text, std::size_t bytes) const override {
        std::vector<text_block> out{{0, 0, 1, 0}};
        std::size_t lines = 1;
        for (std::size_t end = text.find('\n'); end != string_view::npos && end + 1 < text.size();
             end = text.find('\n', end + 1)) {
            ++lines;
            if (end + 1 - out.back().offset >= bytes) out.push_back({end + 1, 0, lines, 0});
        }
        for (std::size_t k = 0; k < out.size(); ++k)
            out[k].length = (k + 1 < out.size() ? out[k + 1].offset : text.size()) - out[k].offset;
        return out;
    }

    // The SCORE line checks every hand before it: the totals go from block to block.
    std::unique_ptr<read_state> file_state() const override { return std::make_unique<totals>(); }

    std::vector<imported_hand> read(std::string_view text, std::string_view file, const text_block& where,
                                    read_state* state) const override {
        totals whole_file;
        totals* sums = state ? dynamic_cast<totals*>(state) : &whole_file;
        if (!sums) throw std::invalid_argument("the ACPC reader reads with the state of its own file_state()");
        std::vector<imported_hand> hands;
        std::size_t number = where.first_line - 1;
        for (string_view raw : split(text, '\n')) {
            ++number;
            const string_view line = trim(raw);
            if (line.empty() || line.front() == '#') continue;
            imported_hand h;
            h.room = "acpc";
            h.first_line = number;
            h.hand.file = std::string(file);
            h.hand.index = where.first_hand + hands.size();
            try {
                if (line.substr(0, 6) == "SCORE:") {
                    score(line, *sums);
                    continue;
                }
                state_line(line, number, h);
            } catch (const bad_line& e) {
                h.read_status = import_status::error;
                h.reason = "line " + std::to_string(number) + ": " + e.why;
            }
            sums->add(h);
            hands.push_back(std::move(h));
        }
        return hands;
    }

private:
    struct bad_line {
        std::string why;
    };

    // Each name's values over the hands read so far, in units of 10^-9.
    struct totals : read_state {
        static constexpr int exact = 9;
        struct total {
            chips sum = 0;
            bool too_large = false;  // the values do not add up within 2^62
        };
        std::map<std::string, total, std::less<>> of;

        void add(const imported_hand& h) {
            for (std::size_t p = 0; p < h.players.size() && p < h.recorded_results.size(); ++p) {
                total& t = of[h.players[p]];
                if (t.too_large) continue;
                chips v = h.recorded_results[p];
                for (int i = h.hand.decimals; i < exact && !t.too_large; ++i) {
                    t.too_large = v > max_chips / 10 || v < -max_chips / 10;
                    if (!t.too_large) v *= 10;
                }
                t.too_large = t.too_large || (v > 0 && t.sum > max_chips - v) || (v < 0 && t.sum < -max_chips - v);
                if (!t.too_large) t.sum += v;
            }
        }
    };

    static decimal_amount value_of(string_view text) {
        try {
            return parse_decimal_amount(text);
        } catch (const notation_error& e) {
            throw bad_line{"a value that is not a number: '" + printable(text) + "'"};
        }
    }

    void state_line(string_view line, std::size_t number, imported_hand& h) const {
        const std::vector<string_view> f = split(line, ':');
        if (f.size() != 6 || f[0] != "STATE") throw bad_line{"expected STATE:N:BETTING:CARDS:VALUES:NAMES: '" + printable(line) + "'"};
        const auto n = static_cast<std::size_t>(game_.players);
        h.id = std::string(f[1]);
        h.game = game_.structure == betting_structure::no_limit ? "holdem nolimit" : "holdem limit";
        const std::vector<string_view> names = split(f[5], '|'), values = split(f[4], '|');
        if (names.size() != n || values.size() != n)
            throw bad_line{"expected " + std::to_string(n) + " values and names: '" + printable(line) + "'"};
        std::vector<decimal_amount> amounts;
        int decimals = 0;
        for (string_view v : values) {
            amounts.push_back(value_of(v));
            decimals = std::max(decimals, amounts.back().fraction);
        }
        const chips unit = [&] {
            chips u = 1;
            for (int i = 0; i < decimals; ++i) u *= 10;
            return u;
        }();
        // Chips in the hand's unit; a count that the unit takes past 2^62 is not a hand the engine plays.
        auto scaled = [unit](chips v) {
            if (v > max_chips / unit) throw bad_line{"an amount above 2^62 units"};
            return v * unit;
        };
        recorded_hand& hand = h.hand;
        hand.decimals = decimals;
        hand_config& c = hand.config;
        for (const std::vector<chips>* amounts_of_game : {&game_.stacks, &game_.blinds, &game_.raise_sizes})
            for (chips v : *amounts_of_game) (void)scaled(v);  // every amount of the game fits in the unit
        for (std::size_t p = 0; p < n; ++p) {
            h.players.emplace_back(names[p]);
            const std::optional<chips> v = in_units(amounts[p], decimals);
            if (!v) throw bad_line{"a value above 2^62"};
            h.recorded_results.push_back(*v);
            h.result_lines.push_back(number);
        }
        c = acpc_hand_config(game_, unit);
        hand.variant = phh_variant(c.game, c.structure);
        // Cards: each player's, then the board of each round.
        const std::vector<string_view> card_rounds = split(f[3], '/');
        const std::vector<string_view> holes = split(card_rounds[0], '|');
        if (holes.size() != n || card_rounds.size() > 4) throw bad_line{"expected the cards of " + std::to_string(n) + " players: '" + printable(f[3]) + "'"};
        auto cards = [&](string_view text, std::size_t count) {
            try {
                CardList list = parse_cards(text);
                if (list.size() != count) throw std::invalid_argument("a wrong number of cards");
                return list;
            } catch (const std::invalid_argument& e) {
                throw bad_line{"cards that do not parse: '" + printable(text) + "': " + e.what()};
            }
        };
        auto push = [&](const action& a) {
            recorded_action r{a, 0, false, {}};
            hand.action_texts.push_back(to_phh(r, decimals));
            hand.actions.push_back(std::move(r));
            h.action_lines.push_back(number);
        };
        for (std::size_t p = 0; p < n; ++p) push(action::deal_hole_to(static_cast<int>(p), cards(holes[p], 2)));
        // Betting: c (check or call), f (fold), r (limit: a raise of the round's size;
        // no-limit: rN, a raise to N chips put in over the whole hand).
        const std::vector<string_view> rounds = split(f[2], '/');
        if (rounds.size() > 4) throw bad_line{"more than 4 betting rounds: '" + printable(f[2]) + "'"};
        std::vector<chips> in_hand(n), in_round(n);
        for (std::size_t p = 0; p < n; ++p) in_round[p] = in_hand[p] = game_.blinds[p];
        std::vector<bool> folded(n, false);
        std::size_t last_round = 0;
        int aggressor = -1, opener = -1;
        std::vector<action> runout_boards;
        auto to_act_after = [&](std::size_t round, int after) {
            // The engine's turn order is the seat order; the reader follows the log's actor instead:
            // ACPC lists actions without seats, so the next player is the next one not folded
            // and not all-in.
            for (std::size_t k = 1; k <= n; ++k) {
                const std::size_t p = (static_cast<std::size_t>(after) + k) % n;
                const bool all_in = game_.structure == betting_structure::no_limit && in_hand[p] >= game_.stacks[p];
                if (!folded[p] && !all_in) return static_cast<int>(p);
            }
            (void)round;
            return -1;
        };
        for (std::size_t r = 0; r < rounds.size(); ++r) {
            if (r > 0) {
                if (r >= card_rounds.size()) throw bad_line{"no board for round " + std::to_string(r + 1)};
                push(action::deal_board_cards(cards(card_rounds[r], r == 1 ? 3 : 1)));
                std::fill(in_round.begin(), in_round.end(), 0);
            }
            last_round = r;
            // The first to act: left of the largest blind before the flop, the first seat able to after it.
            int seat = r == 0 ? [&] {
                std::size_t largest = 0;
                for (std::size_t p = 0; p < n; ++p)
                    if (game_.blinds[p] >= game_.blinds[largest]) largest = p;
                return to_act_after(r, static_cast<int>(largest));
            }() : to_act_after(r, static_cast<int>(n) - 1);
            string_view bets = rounds[r];
            bool round_has_action = false;
            int round_aggressor = -1, round_opener = -1;
            while (!bets.empty()) {
                if (seat < 0) throw bad_line{"an action when no player can act: '" + printable(f[2]) + "'"};
                const auto p = static_cast<std::size_t>(seat);
                const char verb = bets.front();
                bets.remove_prefix(1);
                if (round_opener < 0) round_opener = seat;
                round_has_action = true;
                const chips high = *std::ranges::max_element(in_round);
                if (verb == 'c') {
                    const chips add = std::min(high - in_round[p], game_.stacks[p] - in_hand[p]);
                    in_round[p] += add;
                    in_hand[p] += add;
                    push(action::check_or_call_by(seat));
                } else if (verb == 'f') {
                    folded[p] = true;
                    push(action::fold_by(seat));
                } else if (verb == 'r') {
                    chips to = 0;
                    if (game_.structure == betting_structure::no_limit) {
                        std::size_t digits = 0;
                        chips total = 0;
                        while (digits < bets.size() && bets[digits] >= '0' && bets[digits] <= '9' && total < max_chips / 10)
                            total = total * 10 + (bets[digits++] - '0');
                        if (digits == 0) throw bad_line{"a no-limit raise without its amount: '" + printable(f[2]) + "'"};
                        bets.remove_prefix(digits);
                        if (total < in_hand[p] - in_round[p]) throw bad_line{"a raise to less than the player has put in"};
                        to = total - (in_hand[p] - in_round[p]);
                    } else {
                        to = high + game_.raise_sizes[r];
                    }
                    in_hand[p] += to - in_round[p];
                    in_round[p] = to;
                    round_aggressor = seat;
                    push(action::raise_to(seat, scaled(to)));
                } else {
                    throw bad_line{"an action other than c, f and r: '" + printable(f[2]) + "'"};
                }
                seat = to_act_after(r, seat);
            }
            if (round_has_action) {
                aggressor = round_aggressor;
                opener = round_opener;
            }
        }
        // The showdown: every hand still in is shown, the last aggressor's first; then the boards
        // the log deals after the betting ended, which the engine deals after the shows.
        const auto live = static_cast<std::size_t>(std::count(folded.begin(), folded.end(), false));
        if (live >= 2) {
            // Move the boards dealt after the last action behind the shows.
            std::vector<recorded_action> tail;
            std::vector<std::string> tail_texts;
            while (!hand.actions.empty() && hand.actions.back().act.what == action::kind::deal_board) {
                tail.insert(tail.begin(), hand.actions.back());
                tail_texts.insert(tail_texts.begin(), hand.action_texts.back());
                hand.actions.pop_back();
                hand.action_texts.pop_back();
                h.action_lines.pop_back();
            }
            const int lead = aggressor >= 0 ? aggressor : opener >= 0 ? opener : 0;
            for (std::size_t k = 0; k < n; ++k) {
                const std::size_t p = (static_cast<std::size_t>(lead) + k) % n;
                if (!folded[p]) push(action::show_by(static_cast<int>(p)));
            }
            for (std::size_t k = 0; k < tail.size(); ++k) {
                hand.actions.push_back(tail[k]);
                hand.action_texts.push_back(tail_texts[k]);
                h.action_lines.push_back(number);
            }
            // The log deals every board of a hand that reaches the showdown.
            for (std::size_t r = last_round + 1; r < 4; ++r) {
                if (r >= card_rounds.size()) throw bad_line{"no board for round " + std::to_string(r + 1)};
                push(action::deal_board_cards(cards(card_rounds[r], r == 1 ? 3 : 1)));
            }
        }
    }

    // "SCORE:300796|-248251.5|-52544.5:Alice|Bob|Carol": each name's total over the hands.
    void score(string_view line, const totals& sums) const {
        const std::vector<string_view> f = split(line, ':');
        if (f.size() != 3) throw bad_line{"expected SCORE:VALUES:NAMES: '" + printable(line) + "'"};
        const std::vector<string_view> values = split(f[1], '|'), names = split(f[2], '|');
        if (values.size() != names.size()) throw bad_line{"as many values as names expected: '" + printable(line) + "'"};
        constexpr int exact = totals::exact;
        for (std::size_t k = 0; k < names.size(); ++k) {
            const decimal_amount want = value_of(values[k]);
            const std::optional<chips> total_wanted = in_units(want, exact);
            const auto it = sums.of.find(names[k]);
            if (it != sums.of.end() && it->second.too_large) throw bad_line{"values too large to add up"};
            const chips total = it == sums.of.end() ? 0 : it->second.sum;
            if (!total_wanted || *total_wanted != total) {
                std::string sum = money_text(total, exact);
                while (sum.back() == '0') sum.pop_back();
                if (sum.back() == '.') sum.pop_back();
                throw bad_line{"the SCORE of " + printable(names[k]) + " is " + printable(values[k]) +
                               ", the hands add up to " + sum};
            }
        }
    }

    acpc_game game_;
};

}  // namespace

std::unique_ptr<history_reader> acpc_reader(std::string_view game_definition) {
    return std::make_unique<acpc>(read_acpc_game(game_definition));
}

}  // namespace pokerengine::play
