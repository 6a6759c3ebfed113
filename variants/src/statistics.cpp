#include "pokerengine/statistics.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <type_traits>

#include <cstdio>

#include "pokerengine/equity.hpp"

namespace pokerengine::play {
namespace {

std::optional<double> share(double made, double chances) {
    if (chances <= 0) return std::nullopt;
    return made / chances;
}

// The position of each seat of a hand with blinds: PHH lists the seats from
// the small blind, the button last; heads-up the button (seat 1) posts the
// small blind and seat 0 the big blind.
std::vector<std::string> positions_of(const recorded_hand& hand) {
    const int n = hand.config.players();
    const std::vector<chips>& blinds = hand.config.forced.blinds_or_straddles;
    if (std::none_of(blinds.begin(), blinds.end(), [](chips b) { return b > 0; }))
        return std::vector<std::string>(static_cast<std::size_t>(n), "-");
    if (n == 2) return {"BB", "BTN"};
    std::vector<std::string> names;
    for (int i = 0; i < n; ++i) {
        const int from_button = n - 1 - i;
        names.push_back(i == 0                          ? "SB"
                        : i == 1                        ? "BB"
                        : from_button == 0              ? "BTN"
                        : from_button == 1              ? "CO"
                        : from_button == 2 && n > 5     ? "HJ"
                        : i == 2                        ? "UTG"
                                                        : "UTG+" + std::to_string(i - 2));
    }
    return names;
}

std::int64_t checked_add(std::int64_t a, std::int64_t b) {
    std::int64_t sum = 0;
    if (__builtin_add_overflow(a, b, &sum) || sum > (std::int64_t{1} << 62) || sum < -(std::int64_t{1} << 62))
        throw statistics_error("too_much_money", "statistics: winnings beyond 2^62 units of the money");
    return sum;
}

// Money of a hand with `from` decimals in units of `to` >= from decimals.
std::int64_t rescaled(std::int64_t amount, int from, int to) {
    for (int d = from; d < to; ++d)
        if (__builtin_mul_overflow(amount, 10, &amount))
            throw statistics_error("too_much_money", "statistics: winnings beyond 2^62 units of the money");
    return checked_add(amount, 0);
}

// What one hand did, read action by action while the engine replays it.
struct hand_reading {
    explicit hand_reading(int n) : seats(static_cast<std::size_t>(n)) {}

    struct seat_reading {
        bool vpip = false, pfr = false;
        bool three_bet_chance = false, three_bet = false;
        bool fold_to_three_bet_chance = false, fold_to_three_bet = false;
        bool cbet_chance = false, cbet = false;
        bool fold_to_cbet_chance = false, fold_to_cbet = false;
        int aggressive = 0, calls = 0, folds = 0;
        int furthest_street = -1;
        std::optional<double> all_in_won;  // the pots' chips the equity gives the seat, at the all-in
    };
    std::vector<seat_reading> seats;
    int first_street = -1, second_street = -1;
    int raises_first = 0, first_raiser = -1, last_first_round_raiser = -1;
    int second_round_bets = 0, cbettor = -1;
    bool all_in_valued = false;
    CardSet board;

    void observe(const hand_state& h, const action& a, const recorded_hand& hand) {
        using k = action::kind;
        for (int s = 0; s < h.players(); ++s) {
            const seat_status st = h.status(s);
            if (st == seat_status::in_hand || st == seat_status::all_in)
                seats[static_cast<std::size_t>(s)].furthest_street =
                    std::max(seats[static_cast<std::size_t>(s)].furthest_street, h.street());
        }
        // The second round's street: the first one after the first betting
        // round that the hand reaches, with betting or (all in) without.
        if (first_street >= 0 && second_street < 0 && h.street() > first_street) second_street = h.street();
        const bool show = a.what == k::show || a.what == k::muck;
        if (!all_in_valued && (show || a.what == k::deal_board)) value_all_in(h, hand);
        if (a.what == k::deal_board) {
            pending |= all_in_valued && snapshot;  // cards came after the all-in: the equity counts
            for (Card c : a.cards) board |= c;
            return;
        }
        const bool betting = a.what == k::fold || a.what == k::check_or_call || a.what == k::complete_bet_or_raise_to;
        if (!betting || h.current_phase() != phase::betting || a.seat < 0) return;
        const int s = a.seat;
        seat_reading& me = seats[static_cast<std::size_t>(s)];
        const int street = h.street();
        if (first_street < 0) first_street = street;
        const legal_actions legal = h.legal();
        const bool raise = a.what == k::complete_bet_or_raise_to;
        const bool call = a.what == k::check_or_call && legal.call_amount > 0;
        if (street == first_street) {
            if (raises_first == 1 && s != first_raiser && legal.can_raise && !me.three_bet_chance) {
                me.three_bet_chance = true;
                me.three_bet = raise;
            }
            if (raises_first == 2 && s == first_raiser && !me.fold_to_three_bet_chance) {
                me.fold_to_three_bet_chance = true;
                me.fold_to_three_bet = a.what == k::fold;
            }
            me.vpip |= raise || call;
            me.pfr |= raise;
            if (raise) {
                ++raises_first;
                if (raises_first == 1) first_raiser = s;
                last_first_round_raiser = s;
            }
            return;
        }
        if (street == second_street) {
            if (s == last_first_round_raiser && second_round_bets == 0 && !me.cbet_chance) {
                me.cbet_chance = true;
                me.cbet = raise;
                if (raise) cbettor = s;
            } else if (cbettor >= 0 && second_round_bets == 1 && s != cbettor && !me.fold_to_cbet_chance) {
                me.fold_to_cbet_chance = true;
                me.fold_to_cbet = a.what == k::fold;
            }
            if (raise) ++second_round_bets;
        }
        if (raise) ++me.aggressive;
        if (call) ++me.calls;
        if (a.what == k::fold) ++me.folds;
    }

    // All in, betting over, before any seat shows or mucks: the pots as they
    // stand then, valued at each player's exact equity of them with the known
    // cards of every seat in them, if more board cards come.
    void value_all_in(const hand_state& h, const recorded_hand& hand) {
        int live = 0, with_chips = 0;
        for (int s = 0; s < h.players(); ++s) {
            const seat_status st = h.status(s);
            live += st == seat_status::in_hand || st == seat_status::all_in;
            with_chips += st == seat_status::in_hand;
        }
        if (live < 2 || with_chips > 1 || h.current_phase() == phase::betting) return;
        all_in_valued = true;
        if (traits_of(hand.config.game).family != game_family::board) return;
        snapshot = true;
        pots_at_all_in = h.pots();
        board_at_all_in = board;
    }

    bool snapshot = false, pending = false;
    std::vector<pot> pots_at_all_in;
    CardSet board_at_all_in;

    // Once the hand is over and every live seat's cards are known.
    void finish_all_in(const hand_state& end, const replay_result& r, const any_game& game) {
        if (!pending) return;
        std::vector<CardSet> hole(static_cast<std::size_t>(end.players()));
        for (int s = 0; s < end.players(); ++s) {
            CardSet cards;
            for (Card c : end.hole_cards(s).cards) cards |= c;
            hole[static_cast<std::size_t>(s)] = cards;
        }
        std::vector<double> won(static_cast<std::size_t>(end.players()), 0.0);
        for (const pot& p : pots_at_all_in) {
            if (p.eligible.size() == 1) {
                won[p.eligible[0]] += static_cast<double>(p.amount);
                continue;
            }
            std::vector<hand_range> players;
            CardSet dead;
            for (std::size_t e : p.eligible) {
                if (!(hole[e] & r.stand_ins).empty() || hole[e].empty()) return;  // a hand not known
                players.push_back(hand_range{{weighted_combo{hole[e], 1.0}}});
            }
            for (int s = 0; s < end.players(); ++s)
                if (std::find(p.eligible.begin(), p.eligible.end(), static_cast<std::size_t>(s)) == p.eligible.end() &&
                    (end.status(s) == seat_status::in_hand || end.status(s) == seat_status::all_in ||
                     end.status(s) == seat_status::mucked))
                    dead |= hole[static_cast<std::size_t>(s)];
            equity_options o;
            o.method = equity_method::exact;
            equity_result eq;
            try {
                eq = equity(game, players, board_at_all_in, dead - board_at_all_in, o);
            } catch (const game_error&) {
                return;  // cards the equity cannot value (a deck of the game's own): the hand counts its net won
            }
            for (std::size_t i = 0; i < p.eligible.size(); ++i)
                won[p.eligible[i]] += eq.players[i].equity * static_cast<double>(p.amount);
        }
        for (const pot& p : pots_at_all_in)
            for (std::size_t s : p.eligible) seats[s].all_in_won = won[s];
    }
};

}  // namespace

std::optional<double> frequency::ratio() const { return share(static_cast<double>(made), static_cast<double>(chances)); }

std::optional<double> player_statistics::aggression_factor() const {
    return share(static_cast<double>(aggressive), static_cast<double>(calls));
}
std::optional<double> player_statistics::aggression_frequency() const {
    return share(static_cast<double>(aggressive), static_cast<double>(aggressive + calls + folds));
}
std::optional<double> player_statistics::wtsd() const {
    return share(static_cast<double>(went_to_showdown), static_cast<double>(saw_second_round));
}
std::optional<double> player_statistics::wsd() const {
    return share(static_cast<double>(won_at_showdown), static_cast<double>(went_to_showdown));
}
std::optional<double> player_statistics::wwsf() const {
    return share(static_cast<double>(won_after_second_round), static_cast<double>(saw_second_round));
}
std::optional<double> player_statistics::bb_per_100() const {
    return share(100 * net_big_blinds, static_cast<double>(hands));
}

void player_statistics::merge(const player_statistics& o) {
    const int d = std::max(decimals, o.decimals);
    net = checked_add(rescaled(net, decimals, d), rescaled(o.net, o.decimals, d));
    showdown_net = checked_add(rescaled(showdown_net, decimals, d), rescaled(o.showdown_net, o.decimals, d));
    all_in_adjusted = all_in_adjusted * std::pow(10.0, d - decimals) + o.all_in_adjusted * std::pow(10.0, d - o.decimals);
    decimals = d;
    hands += o.hands;
    vpip += o.vpip;
    pfr += o.pfr;
    three_bet += o.three_bet;
    fold_to_three_bet += o.fold_to_three_bet;
    cbet += o.cbet;
    fold_to_cbet += o.fold_to_cbet;
    aggressive += o.aggressive;
    calls += o.calls;
    folds += o.folds;
    saw_second_round += o.saw_second_round;
    went_to_showdown += o.went_to_showdown;
    won_at_showdown += o.won_at_showdown;
    won_after_second_round += o.won_after_second_round;
    net_big_blinds += o.net_big_blinds;
    all_in_hands += o.all_in_hands;
}

namespace {

// Every field of player_statistics, in one order, for writing and reading;
// a field added to the struct and not here fails the size check below.
template <class Self, class Visit>
void for_each_field(Self& p, Visit&& visit) {
    visit(p.player);
    visit(p.position);
    visit(p.hands);
    for (auto* f : {&p.vpip, &p.pfr, &p.three_bet, &p.fold_to_three_bet, &p.cbet, &p.fold_to_cbet}) {
        visit(f->made);
        visit(f->chances);
    }
    visit(p.aggressive);
    visit(p.calls);
    visit(p.folds);
    visit(p.saw_second_round);
    visit(p.went_to_showdown);
    visit(p.won_at_showdown);
    visit(p.won_after_second_round);
    visit(p.decimals);
    visit(p.net);
    visit(p.showdown_net);
    visit(p.net_big_blinds);
    visit(p.all_in_adjusted);
    visit(p.all_in_hands);
}
static_assert(sizeof(player_statistics) == 2 * sizeof(std::string) + 26 * sizeof(std::uint64_t),
              "a field of player_statistics is missing from for_each_field");

}  // namespace

void player_statistics::write(block_writer& out) const {
    for_each_field(*this, [&out]<class T>(const T& field) {
        if constexpr (std::is_same_v<T, std::string>) out.text(field);
        else if constexpr (std::is_same_v<T, double>) out.word(word_of(field));
        else out.word(static_cast<std::uint64_t>(field));
    });
}

player_statistics player_statistics::read(block_reader& in) {
    player_statistics p;
    for_each_field(p, [&in]<class T>(T& field) {
        if constexpr (std::is_same_v<T, std::string>) field = in.text();
        else if constexpr (std::is_same_v<T, double>) field = double_of(in.word());
        else field = static_cast<T>(in.word());
    });
    return p;
}

std::vector<player_statistics> hand_statistics(const recorded_hand& hand, const std::vector<std::string>& names,
                                               const std::vector<chips>& recorded_results) {
    const int n = hand.config.players();
    hand_reading reading(n);
    replay_options options;
    options.observer = [&](const hand_state& h, const action& a) { reading.observe(h, a, hand); };
    const replay_result r = replay(hand, options);
    if (!r.ok || !r.state)
        throw statistics_error("hand_failed", "statistics: hand " + std::to_string(hand.index + 1) + " of " +
                                                  printable(hand.file) + " does not replay: " + r.error);
    const hand_state& end = *r.state;
    reading.finish_all_in(end, r, hand.config.game);
    const std::vector<std::string> positions = positions_of(hand);
    chips big_blind = hand.config.limits.small_bet;
    for (chips b : hand.config.forced.blinds_or_straddles) big_blind = std::max(big_blind, b);
    int at_showdown = 0;
    for (int s = 0; s < n; ++s) {
        const seat_status st = end.status(s);
        at_showdown += st == seat_status::in_hand || st == seat_status::all_in || st == seat_status::mucked;
    }
    std::vector<player_statistics> seats(static_cast<std::size_t>(n));
    for (int s = 0; s < n; ++s) {
        const auto i = static_cast<std::size_t>(s);
        const hand_reading::seat_reading& seat = reading.seats[i];
        player_statistics& one = seats[i];
        if (i < names.size()) {
            one.player = names[i];
        } else {
            one.player = "p";
            one.player += std::to_string(s + 1);
        }
        one.position = positions[i];
        one.decimals = hand.decimals;
        one.hands = 1;
        one.vpip = {seat.vpip ? 1U : 0U, 1};
        one.pfr = {seat.pfr ? 1U : 0U, 1};
        one.three_bet = {seat.three_bet ? 1U : 0U, seat.three_bet_chance ? 1U : 0U};
        one.fold_to_three_bet = {seat.fold_to_three_bet ? 1U : 0U, seat.fold_to_three_bet_chance ? 1U : 0U};
        one.cbet = {seat.cbet ? 1U : 0U, seat.cbet_chance ? 1U : 0U};
        one.fold_to_cbet = {seat.fold_to_cbet ? 1U : 0U, seat.fold_to_cbet_chance ? 1U : 0U};
        one.aggressive = static_cast<std::uint64_t>(seat.aggressive);
        one.calls = static_cast<std::uint64_t>(seat.calls);
        one.folds = static_cast<std::uint64_t>(seat.folds);
        const bool saw_second = reading.second_street >= 0 && seat.furthest_street >= reading.second_street;
        const seat_status st = end.status(s);
        const bool showdown = at_showdown >= 2 && (st == seat_status::in_hand || st == seat_status::all_in || st == seat_status::mucked);
        const chips won = end.payouts()[i];
        one.saw_second_round = saw_second;
        one.went_to_showdown = showdown;
        one.won_at_showdown = showdown && won > 0;
        one.won_after_second_round = saw_second && won > 0;
        one.net = recorded_results.size() == static_cast<std::size_t>(n)
                      ? checked_add(recorded_results[i], 0)
                      : checked_add(end.stacks()[i], -hand.config.starting_stacks[i]);
        one.showdown_net = showdown ? one.net : 0;
        one.net_big_blinds = big_blind > 0 ? static_cast<double>(one.net) / static_cast<double>(big_blind) : 0.0;
        one.all_in_adjusted = static_cast<double>(one.net);
        if (seat.all_in_won) {
            one.all_in_adjusted = static_cast<double>(one.net) - static_cast<double>(won) + *seat.all_in_won;
            one.all_in_hands = 1;
        }
    }
    return seats;
}

void statistics::add(const recorded_hand& hand, const std::vector<std::string>& names,
                     const std::vector<chips>& recorded_results) {
    count(hand_statistics(hand, names, recorded_results));
}

void statistics::count(const std::vector<player_statistics>& seats) {
    ++hands_;
    for (const player_statistics& one : seats) {
        if (followed_ && *followed_ == one.player) {
            const double unit = std::pow(10.0, -one.decimals);
            graph_point p = graph_.empty() ? graph_point{} : graph_.back();
            p.hand = hands_;
            p.net += static_cast<double>(one.net) * unit;
            p.all_in_adjusted += one.all_in_adjusted * unit;
            (one.went_to_showdown ? p.showdown : p.non_showdown) += static_cast<double>(one.net) * unit;
            graph_.push_back(p);
        }
        player_statistics& row = rows_[{one.player, one.position}];
        if (row.player.empty()) {
            row.player = one.player;
            row.position = one.position;
            row.decimals = one.decimals;
        }
        row.merge(one);
    }
}

void statistics::merge(const statistics& o) {
    for (const auto& [key, row] : o.rows_) {
        player_statistics& mine = rows_[key];
        if (mine.player.empty()) {
            mine.player = row.player;
            mine.position = row.position;
            mine.decimals = row.decimals;
        }
        mine.merge(row);
    }
    const graph_point last = graph_.empty() ? graph_point{} : graph_.back();
    for (graph_point p : o.graph_) {
        p.hand += hands_;
        p.net += last.net;
        p.all_in_adjusted += last.all_in_adjusted;
        p.showdown += last.showdown;
        p.non_showdown += last.non_showdown;
        graph_.push_back(p);
    }
    hands_ += o.hands_;
}

std::vector<player_statistics> statistics::by_position() const {
    std::vector<player_statistics> out;
    for (const auto& [key, row] : rows_) out.push_back(row);
    return out;
}

std::vector<player_statistics> statistics::players() const {
    std::vector<player_statistics> out;
    for (const auto& [key, row] : rows_) {
        if (out.empty() || out.back().player != row.player) {
            out.push_back(row);
            out.back().position = "all";
        } else {
            out.back().merge(row);
        }
    }
    return out;
}

namespace {

// A number for an SVG attribute or label: `precision` digits after the point ("%.1f"), or significant ("%.6g").
std::string number(double v, const char* format = "%.1f") {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, v);
    return buffer;
}

std::string escaped(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '<') out += "&lt;";
        else if (c == '>') out += "&gt;";
        else if (c == '&') out += "&amp;";
        else if (c == '"') out += "&quot;";
        else out += c;
    }
    return out;
}

}  // namespace

std::string winnings_graph_svg(const std::vector<graph_point>& graph, std::string_view title) {
    constexpr double width = 800, height = 400, left = 70, right = 20, top = 40, bottom = 50;
    double low = 0, high = 0;
    for (const graph_point& p : graph)
        for (double v : {p.net, p.all_in_adjusted, p.showdown, p.non_showdown}) low = std::min(low, v), high = std::max(high, v);
    if (high - low < 1e-9) high = low + 1;
    const double hands = std::max<double>(1, static_cast<double>(graph.size()));
    auto x = [&](double hand) { return number(left + (width - left - right) * hand / hands); };
    auto y = [&](double v) { return number(top + (height - top - bottom) * (high - v) / (high - low)); };
    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"800\" height=\"400\" viewBox=\"0 0 800 400\" "
                      "font-family=\"sans-serif\" font-size=\"12\">\n"
                      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
                      "<text x=\"70\" y=\"22\" font-size=\"16\">" + escaped(title) + "</text>\n";
    svg += "<line x1=\"70\" y1=\"" + y(0) + "\" x2=\"780\" y2=\"" + y(0) + "\" stroke=\"#888\"/>\n";
    svg += "<line x1=\"70\" y1=\"40\" x2=\"70\" y2=\"350\" stroke=\"#888\"/>\n";
    for (int t = 0; t <= 4; ++t) {
        const double v = low + (high - low) * t / 4;
        svg += "<text x=\"64\" y=\"" + number(std::stod(y(v)) + 4) + "\" text-anchor=\"end\">" + number(v, "%.6g") +
               "</text>\n";
    }
    svg += "<text x=\"780\" y=\"370\" text-anchor=\"end\">" + std::to_string(graph.size()) + " hands</text>\n";
    struct line {
        const char* name;
        const char* color;
        double graph_point::*member;
    };
    const std::array<line, 4> lines{{{"net won", "#1a7f37", &graph_point::net},
                                     {"all-in adjusted", "#d4a017", &graph_point::all_in_adjusted},
                                     {"showdown", "#1f6feb", &graph_point::showdown},
                                     {"non-showdown", "#cf222e", &graph_point::non_showdown}}};
    // At most about two points per pixel: a long history draws as fast as a short one.
    const std::size_t step = std::max<std::size_t>(1, graph.size() / 1500);
    for (std::size_t l = 0; l < lines.size(); ++l) {
        std::string points = x(0) + "," + y(0);
        for (std::size_t i = 0; i < graph.size(); i += step)
            points.append(" ").append(x(static_cast<double>(i + 1))).append(",").append(y(graph[i].*lines[l].member));
        if (!graph.empty() && (graph.size() - 1) % step != 0)
            points.append(" ").append(x(hands)).append(",").append(y(graph.back().*lines[l].member));
        svg += std::string("<polyline fill=\"none\" stroke=\"") + lines[l].color + "\" stroke-width=\"1.5\" points=\"" +
               points + "\"/>\n";
        svg += "<text x=\"" + number(left + 10 + 150 * static_cast<double>(l)) + "\" y=\"388\" fill=\"" + lines[l].color +
               "\">" + lines[l].name + "</text>\n";
    }
    svg += "</svg>\n";
    return svg;
}

}  // namespace pokerengine::play
