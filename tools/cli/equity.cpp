// `poker equity`: each player's share of the pot for hands or ranges, in every
// board and stud game, exact or by Monte Carlo; `--grid` draws the 13x13
// hold'em starting-hand chart against one opponent as SVG.

#include <array>
#include <chrono>
#include <charconv>
#include <ctime>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <limits>
#include <memory>
#include <optional>
#include <ranges>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "pokerengine/card_set.hpp"
#include "pokerengine/checkpoint.hpp"
#include "pokerengine/equity.hpp"
#include "pokerengine/games.hpp"
#include "pokerengine/range.hpp"
#include "pokerengine/thread_pool.hpp"
#include "commands.hpp"
#include "distributed.hpp"
#include "output.hpp"

namespace poker_cli {
namespace {

constexpr std::array equity_options_list{
    option{"game", 'g', "NAME", "the game (default holdem), one of those listed above"},
    option{"board", 'b', "CARDS", "board cards already dealt (board games)"},
    option{"dead", 'd', "CARDS", "cards out of play (folded or burnt cards)"},
    option{"exact", 0, "", "enumerate every deal, however many"},
    whole_option({"simulate", 0, "N", "Monte Carlo with N deals (also stopped by --stderr, --time when given)"}, 1,
                 pokerengine::max_simulated_deals),
    option{"stderr", 0, "X", "Monte Carlo stops when every equity's standard error is at most X (default 0.0005)", false,
           value_kind::positive_real, 0, 1},
    option{"time", 0, "SECONDS", "Monte Carlo stops after SECONDS", false, value_kind::positive_real, 0,
           static_cast<std::uint64_t>(pokerengine::max_simulation_seconds)},
    whole_option({"seed", 0, "S", "Monte Carlo seed (default 1); same seed, same answer"}, 0),
    whole_option({"threads", 't', "N", "threads (default 1)"}, 1, pokerengine::max_threads),
    whole_option({"limit", 0, "N", "enumerate when there are at most N deals, else simulate (default 200000000)"}, 0),
    option{"grid", 0, "RANGE", "hold'em: each starting hand's equity against RANGE, as a 13x13 grid"},
    option{"svg", 0, "FILE", "with --grid: write the grid as an SVG picture to FILE"},
    option{"table", 0, "", "hold'em: every starting-hand class against every class, exact (about 47,000 enumerations)"},
    option{"csv", 0, "", "with --table: print the table as CSV"},
    option{"checkpoint", 0, "FILE",
           "with --table or a Monte Carlo run (--simulate, --stderr, --time): keep finished blocks in FILE; run "
           "again, skip them"},
    option{"json", 0, "", "print one JSON object instead of text"},
    progress_option,
    quiet_option,
};

/// Options of `poker equity` that exclude or need each other.
constexpr std::array equity_constraints{
    option_constraint{"exact", "simulate", constraint_kind::excludes, "and --simulate exclude each other"},
    option_constraint{"svg", "grid", constraint_kind::needs, "goes with --grid RANGE"},
    option_constraint{"csv", "table", constraint_kind::needs, "goes with --table"},
    option_constraint{"checkpoint", "grid", constraint_kind::excludes, "and --grid exclude each other"},
    option_constraint{"checkpoint", "exact", constraint_kind::excludes,
                      "and --exact exclude each other (an enumeration keeps no checkpoint)"},
    option_constraint{"table", "grid", constraint_kind::excludes, "and --grid exclude each other"},
    option_constraint{"csv", "json", constraint_kind::excludes, "and --json exclude each other"},
};

constexpr std::string_view equity_synopsis =
    "poker equity [--game NAME] [--board CARDS] [--dead CARDS] [--exact | --simulate N] [--stderr X]\n"
    "                    [--time SECONDS] [--seed S] [--threads N] [--limit N] [--checkpoint FILE] [--json]\n"
    "                    [--progress | --quiet] HAND_OR_RANGE...\n"
    "       poker equity --grid RANGE [--svg FILE] [options as above] [HAND_OR_RANGE...]\n"
    "       poker equity --table [--csv | --json] [--threads N] [--checkpoint FILE] [--progress | --quiet]";

constexpr std::string_view equity_summary =
    "each player's share of the pot: hands or ranges, exact or simulated";

constexpr std::string_view equity_details =
    "Games (--game NAME): holdem (the default), short-deck, short-deck-wsop, omaha,\n"
    "omaha5, omaha6, omaha-hi-lo, omaha5-hi-lo, stud, stud-hi-lo, razz.\n"
    "Each argument is one player (2 to 10), in hold'em and short deck a hand (AsKs)\n"
    "or a range: comma lists of QQ+, AKs, AKo, AK, A2s+, 22-55, T9s-65s, AhKh,\n"
    "random, each with an optional weight (AKs:0.5). In Omaha a comma list of\n"
    "hands (AsAdKsKd,AhAcKhKc:0.5) or random; in a hand a rank alone is any suit\n"
    "of it and x any card (AAKK: 36 hands, AsAdxx: 1,225). In stud, stud-hi-lo and\n"
    "razz each player's known cards (AsKd7c, up to 7); the rest are dealt at\n"
    "random, and --dead takes folded cards. A hand with fewer cards than the game\n"
    "deals gets the rest at random. Combos that share a card with the board, the\n"
    "dead cards or a fixed hand are skipped.\n"
    "  poker equity AsAh KsKd\n"
    "  game: holdem\n"
    "  method: exact, 1,712,304 deals enumerated\n"
    "  player 1: AsAh  equity 81.946%  win 81.715%  tie 0.463%\n"
    "  player 2: KsKd  equity 18.054%  win 17.823%  tie 0.463%\n"
    "Equity is the expected share of the pot (a pot split k ways gives 1/k each);\n"
    "win is the chance of taking the whole pot alone, tie of taking part of it.\n"
    "Split games (omaha-hi-lo, omaha5-hi-lo, stud-hi-lo) add high (share of the\n"
    "high half's winnings), low (share of the low half; 0 with no qualifying low,\n"
    "when the high hand takes the pot) and scoop (the same as win).\n"
    "The deals are enumerated when there are at most --limit of them (or with\n"
    "--exact); otherwise a seeded Monte Carlo runs until every standard error is\n"
    "at most --stderr, or --simulate N deals, or --time SECONDS, whichever is\n"
    "first, and the method line gives the deals, seed, threads and the error.\n"
    "A progress line (deals done, of how many, per second, the time left) is\n"
    "drawn on standard error when it is a terminal and the work takes over half a\n"
    "second; --progress draws it when standard error is not a terminal, --quiet never.\n"
    "With --json: {\"game\", \"board\", \"dead\", \"exact\", \"method\", \"deals\",\n"
    "\"deals_to_enumerate\", \"seed\", \"threads\", \"standard_error\", \"stopped_by\",\n"
    "\"seconds\", \"cpu_seconds\", \"combos_per_second\", \"players\": [{\"hand\", \"combos\",\n"
    "\"equity\", \"win\", "
    "\"tie\", [\"high\", \"low\", \"scoop\",] \"standard_error\"}, ...]}\n"
    "With --grid RANGE: the 169 hold'em starting hands against RANGE (and any\n"
    "further players given), each by Monte Carlo to --stderr 0.002 unless told\n"
    "otherwise; prints the grid and, with --svg FILE, writes it as a picture; the\n"
    "progress line counts the starting hands done.\n"
    "With --table: the exact preflop equity of each of the 169 hold'em starting-hand\n"
    "classes against each class, heads-up, every pair of hands that share no card\n"
    "counted alike; a progress line goes to standard error (see --progress).\n"
    "Classes are named AA, AKs, AKo, ... and listed row by row of the 13x13 chart\n"
    "(AA, AKs, ..., A2s, AKo, KK, KQs, ..., 32o, 22). Text: one line per pair, \"AA    KK    81.946%\" (the\n"
    "first class's equity). --csv: a header line \"hand,AA,AKs,...,22\" and one line\n"
    "per class, \"AA,0.5,0.869...,...\", each number the row class's equity against\n"
    "the column class as a fraction with nine significant digits. --json:\n"
    "{\"classes\": [...], \"equity\": [[...], ...], \"matchups\", \"threads\",\n"
    "\"seconds\", \"cpu_seconds\", \"resumed\"}, equity[i][j] the equity of classes[i]\n"
    "against classes[j], resumed the matchups taken from the checkpoint.\n"
    "--checkpoint FILE: each group of finished matchups is appended to FILE;\n"
    "the same command run again after a stop (a kill, a lost node) reads them\n"
    "back and computes only the rest, with the same table to the last bit.\n"
    "A Monte Carlo run (--simulate, --stderr or --time) keeps its finished blocks\n"
    "of 65,536 deals the same way: run again, it deals only the rest, with the\n"
    "same numbers; the method line then says how many blocks it resumed (JSON:\n"
    "\"resumed\"). A checkpoint of other hands, cards, seed or --simulate is refused.\n";


// `--NAME needs a whole number from LEAST to MOST, got "GIVEN"` (`of at least LEAST` for a number
// too small or not a number), `--NAME needs a positive number`, `--NAME needs a number from 0 to MOST`.
std::string equity_wording(const option& o, std::string_view given) {
    const std::string head = "--" + std::string(o.name) + " needs ";
    const std::string tail = ", got \"" + std::string(given) + "\"";
    const char* first = given.data();
    const char* last = first + given.size();
    if (o.kind == value_kind::positive_real) {
        double x = 0;
        auto [end, error] = std::from_chars(first, last, x);
        if (given.empty() || error != std::errc{} || end != last || !(x > 0) || !std::isfinite(x))
            return head + "a positive number" + tail;
        return head + "a number from 0 to " + std::to_string(o.most) + tail;
    }
    std::uint64_t n = 0;
    auto [end, error] = std::from_chars(first, last, n);
    if (given.empty() || error != std::errc{} || end != last || n < o.least)
        return head + "a whole number of at least " + std::to_string(o.least) + tail;
    return head + "a whole number from " + std::to_string(o.least) + " to " + std::to_string(o.most) + tail;
}

pokerengine::CardSet parse_option_cards(const arguments& args, std::string_view name) {
    std::optional<std::string_view> text = args.value(name);
    if (!text || text->find_first_not_of(" \t,") == std::string_view::npos) return {};
    try {
        return pokerengine::parse_card_set(*text);
    } catch (const pokerengine::parse_error& e) {
        throw pokerengine::parse_error(std::string(name) + ": " + e.what());
    }
}

std::string percent(double fraction) { return fmt::format("{:.3f}%", 100 * fraction); }

// The JSON numbers of equity carry nine significant digits: 0.819460505.
json number(double x) { return json_number(fmt::format("{:.9g}", x)); }

std::string big_with_separators(const boost::multiprecision::cpp_int& n) {
    if (n <= std::numeric_limits<std::uint64_t>::max()) return with_separators(n.convert_to<std::uint64_t>());
    return big_with_separators(n / 1000) + fmt::format(",{:03}", (n % 1000).convert_to<unsigned>());
}

// A count too large for a JSON integer is written as a floating-point number.
json big_number(const boost::multiprecision::cpp_int& n) {
    if (n <= std::numeric_limits<std::uint64_t>::max()) return n.convert_to<std::uint64_t>();
    return n.convert_to<double>();
}

struct request {
    pokerengine::any_game game;
    pokerengine::CardSet board, dead;
    pokerengine::equity_options options;
    bool json = false;
};

request read_request(const arguments& args, bool grid) {
    request r{pokerengine::find_game("holdem"), {}, {}, {}, args.flag("json")};
    if (std::optional<std::string_view> name = args.value("game")) {
        try {
            r.game = pokerengine::find_game(*name);
        } catch (const pokerengine::game_error& e) {
            throw usage_error(e.what());
        }
        if (!pokerengine::has_equity(r.game))
            throw usage_error("equity does not handle the game '" + std::string(*name) + "' (draw games); it handles " +
                              pokerengine::equity_game_names());
    }
    r.board = parse_option_cards(args, "board");
    r.dead = parse_option_cards(args, "dead");
    pokerengine::equity_options& o = r.options;
    if (grid) {
        o.method = pokerengine::equity_method::monte_carlo;
        o.target_standard_error = 0.002;
    }
    if (args.flag("exact")) o.method = pokerengine::equity_method::exact;
    if (std::optional<std::uint64_t> n = args.whole("simulate")) {
        o.method = pokerengine::equity_method::monte_carlo;
        o.max_deals = *n;
        o.target_standard_error = 0;
    }
    if (std::optional<double> x = args.real("stderr")) o.target_standard_error = *x;
    if (std::optional<double> x = args.real("time")) o.max_seconds = *x;
    if (o.target_standard_error > 0 && o.target_standard_error < pokerengine::min_standard_error && o.max_deals == 0 &&
        o.max_seconds == 0)
        throw usage_error("--stderr below 0.00001 may never be reached: give --time or --simulate as well");
    o.seed = args.whole("seed").value_or(o.seed);
    o.threads = static_cast<int>(args.whole("threads").value_or(static_cast<std::uint64_t>(o.threads)));
    o.exact_limit = args.whole("limit").value_or(o.exact_limit);
    if (std::optional<std::string_view> file = args.value("checkpoint"); file && !args.flag("table")) {
        if (!args.flag("simulate") && !args.flag("stderr") && !args.flag("time"))
            throw usage_error("--checkpoint goes with --table or a Monte Carlo run (--simulate, --stderr or --time)");
        o.method = pokerengine::equity_method::monte_carlo;
        o.checkpoint = std::string(*file);
    }
    return r;
}

std::vector<pokerengine::hand_range> read_players(const pokerengine::any_game& game,
                                                         std::span<const std::string_view> texts,
                                                         std::size_t first_number) {
    std::vector<pokerengine::hand_range> players;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        try {
            players.push_back(pokerengine::parse_player(game, texts[i]));
        } catch (const pokerengine::parse_error& e) {
            throw pokerengine::parse_error("player " + std::to_string(first_number + i) + ": " + e.what());
        }
    }
    return players;
}

std::string method_line(const pokerengine::equity_result& r, const pokerengine::equity_options& o) {
    std::string size = r.deals_to_enumerate_known ? big_with_separators(r.deals_to_enumerate) + " deals"
                                                  : "more deals than can be counted";
    if (r.exact) return "exact, " + with_separators(r.deals) + (r.deals == 1 ? " deal" : " deals") + " enumerated";
    return "Monte Carlo, " + with_separators(r.deals) + " deals, seed " + std::to_string(o.seed) + ", " +
           std::to_string(r.threads) + (r.threads == 1 ? " thread" : " threads") + ", standard error " +
           percent(r.standard_error) + " (stopped by " + r.stopped_by + "); enumeration: " + size +
           (o.checkpoint.empty() ? "" : "; " + with_separators(r.resumed_blocks) + " blocks resumed from the checkpoint");
}

std::string text_output(const request& q, std::span<const std::string_view> texts,
                               std::span<const pokerengine::hand_range> players, const pokerengine::equity_result& r) {
    std::string out = "game: " + std::string(pokerengine::traits_of(q.game).name) + "\n";
    if (!q.board.empty()) out += "board: " + pokerengine::to_string(q.board) + "\n";
    if (!q.dead.empty()) out += "dead: " + pokerengine::to_string(q.dead) + "\n";
    out += "method: " + method_line(r, q.options) + "\n";
    std::size_t width = 0;
    for (std::string_view t : texts) width = std::max(width, t.size());
    for (std::size_t i = 0; i < r.players.size(); ++i) {
        const pokerengine::player_equity& e = r.players[i];
        std::string name(texts[i]);
        out += "player " + std::to_string(i + 1) + ": " + name + std::string(width - name.size(), ' ');
        out += "  equity " + percent(e.equity) + "  win " + percent(e.win) + "  tie " + percent(e.tie);
        if (r.split_pot) out += "  high " + percent(e.high) + "  low " + percent(e.low) + "  scoop " + percent(e.scoop);
        if (!r.exact) out += "  +/- " + percent(e.standard_error);
        if (players[i].size() > 1 && !players[i].is_random())
            out += "  (" + std::to_string(players[i].size()) + " hands)";
        out += "\n";
    }
    return out;
}

std::string json_output(const request& q, std::span<const std::string_view> texts,
                               std::span<const pokerengine::hand_range> players, const pokerengine::equity_result& r) {
    json j{{"game", pokerengine::traits_of(q.game).name},
           {"board", cards_json(q.board)},
           {"dead", cards_json(q.dead)},
           {"exact", r.exact},
           {"method", r.exact ? "exact" : "monte-carlo"},
           {"deals", r.deals},
           {"deals_to_enumerate", r.deals_to_enumerate_known ? big_number(r.deals_to_enumerate) : json(nullptr)},
           {"seed", r.exact ? json(nullptr) : json(q.options.seed)},
           {"threads", r.threads},
           {"standard_error", number(r.standard_error)},
           {"stopped_by", r.stopped_by},
           {"seconds", number(r.seconds)},
           {"cpu_seconds", number(r.cpu_seconds)},
           {"combos_per_second",
            r.exact ? number(static_cast<double>(r.combinations) / std::max(r.seconds, 1e-9)) : json(nullptr)},
           {"players", json::array()}};
    if (!q.options.checkpoint.empty()) j["resumed"] = r.resumed_blocks;
    for (std::size_t i = 0; i < r.players.size(); ++i) {
        const pokerengine::player_equity& e = r.players[i];
        json p{{"hand", texts[i]},
               {"combos", players[i].is_random() ? 0 : players[i].size()},
               {"equity", number(e.equity)},
               {"win", number(e.win)},
               {"tie", number(e.tie)}};
        if (r.split_pot) {
            p["high"] = number(e.high);
            p["low"] = number(e.low);
            p["scoop"] = number(e.scoop);
        }
        p["standard_error"] = number(e.standard_error);
        j["players"].push_back(std::move(p));
    }
    return json_line(j);
}

// A colour from red (0) through pale yellow (0.5) to green (1).
std::string heat_colour(double x) {
    constexpr std::array<std::array<double, 3>, 3> stops{{{215, 48, 39}, {255, 255, 191}, {26, 152, 80}}};
    x = std::clamp(x, 0.0, 1.0);
    const std::size_t lo = x < 0.5 ? 0 : 1;
    const double t = (x - 0.5 * static_cast<double>(lo)) * 2;
    auto channel = [&](std::size_t c) { return std::lround(stops[lo][c] + t * (stops[lo + 1][c] - stops[lo][c])); };
    return fmt::format("#{:02x}{:02x}{:02x}", channel(0), channel(1), channel(2));
}

using grid_values = std::array<std::array<std::optional<double>, 13>, 13>;

std::string grid_svg(const grid_values& grid, std::string_view title) {
    constexpr int cell = 52, margin = 10, top = 40;
    const int size = 13 * cell;
    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(size + 2 * margin) +
                      "\" height=\"" + std::to_string(size + top + margin) +
                      "\" font-family=\"sans-serif\" text-anchor=\"middle\">\n";
    out += "<title>" + xml_escaped(title) + "</title>\n";
    out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    out += "<text x=\"" + std::to_string(margin + size / 2) + "\" y=\"26\" font-size=\"16\">" + xml_escaped(title) +
           "</text>\n";
    for (int row = 0; row < 13; ++row)
        for (int column = 0; column < 13; ++column) {
            const int x = margin + column * cell, y = top + row * cell;
            const std::optional<double>& v = grid[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)];
            out += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
                   std::to_string(cell) + "\" height=\"" + std::to_string(cell) + "\" fill=\"" +
                   (v ? heat_colour(*v) : std::string("#cccccc")) + "\" stroke=\"#555555\"/>\n";
            out += "<text x=\"" + std::to_string(x + cell / 2) + "\" y=\"" + std::to_string(y + 22) +
                   "\" font-size=\"14\" font-weight=\"bold\">" + pokerengine::starting_hand_class(row, column) +
                   "</text>\n";
            out += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"12\">{}</text>\n", x + cell / 2, y + 40,
                               v ? fmt::format("{:.1f}", 100 * *v) : std::string("-"));
        }
    out += "</svg>\n";
    return out;
}

int run_grid(const arguments& args) {
    request q = read_request(args, true);
    if (pokerengine::traits_of(q.game).deal.hole_cards != 2 ||
        pokerengine::traits_of(q.game).family != pokerengine::game_family::board)
        throw usage_error("--grid draws the two-card games (holdem, short-deck, short-deck-wsop)");
    std::string_view opponent_text = *args.value("grid");
    std::vector<std::string_view> opponent_texts{opponent_text};
    for (std::string_view t : args.positional()) opponent_texts.push_back(t);
    if (opponent_texts.size() > 9) throw usage_error("--grid takes at most 9 opponents");
    std::vector<pokerengine::hand_range> opponents = read_players(q.game, opponent_texts, 2);
    const pokerengine::CardSet deck = pokerengine::deck_cards(pokerengine::traits_of(q.game).deck);
    // Starting hands that hold the board's, the dead or a known opponent hand's cards are left out of each cell.
    pokerengine::CardSet blocked = q.board | q.dead;
    for (const pokerengine::hand_range& r : opponents)
        if (r.size() == 1) blocked |= r.combos().front().cards;
    // Under mpirun each cell's equity is spread across the ranks, one cell after another.
    const std::unique_ptr<pokerengine::block_driver> ranks = mpi_driver_for(q.options.threads);
    q.options.driver = ranks.get();
    grid_values grid{};
    progress_line bar(args, "grid", "hands");
    std::uint64_t deals = 0;
    bool all_exact = true;
    std::string out = "game: " + std::string(pokerengine::traits_of(q.game).name) + "\nopponent: ";
    out += joined(opponent_texts, [](std::string_view t) { return t; }, " | ") + "\n";
    json j{{"game", pokerengine::traits_of(q.game).name}, {"opponents", opponent_texts}, {"grid", json::array()}};
    for (int row = 0; row < 13; ++row) {
        json& cells = j["grid"].emplace_back(json::array());
        for (int column = 0; column < 13; ++column) {
            const std::string name = pokerengine::starting_hand_class(row, column);
            pokerengine::hand_range hero = pokerengine::parse_range(name);
            std::vector<pokerengine::weighted_combo> in_deck;
            std::ranges::copy_if(hero.combos(), std::back_inserter(in_deck), [&](const pokerengine::weighted_combo& c) {
                return deck.contains(c.cards) && !c.cards.intersects(blocked);
            });
            std::optional<double> value;
            if (!in_deck.empty()) {
                std::vector<pokerengine::hand_range> players{pokerengine::hand_range{in_deck}};
                players.insert(players.end(), opponents.begin(), opponents.end());
                try {
                    pokerengine::equity_result r = pokerengine::equity(q.game, players, q.board, q.dead, q.options);
                    value = r.players[0].equity;
                    deals += r.deals;
                    all_exact = all_exact && r.exact;
                } catch (const pokerengine::game_error& e) {
                    // A hand that never fits beside the opponent's range has no cell value.
                    if (std::string_view(e.what()).find("no hand") == std::string_view::npos) throw;
                }
            }
            grid[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)] = value;
            out += fmt::format("{}{:<4}{:>5}", column ? " " : "", name,
                               value ? fmt::format("{:.1f}", 100 * *value) : std::string("-"));
            cells.push_back({{"hand", name}, {"equity", value ? number(*value) : json(nullptr)}});
            bar(static_cast<std::uint64_t>(13 * row + column + 1), 169);
        }
        out += "\n";
    }
    bar.clear();
    if (!writes_output()) return 0;
    j["exact"] = all_exact;
    j["deals"] = deals;
    j["seed"] = q.options.seed;
    out += std::string(all_exact ? "method: exact, "
                                 : "method: Monte Carlo per cell, seed " + std::to_string(q.options.seed) + ", ") +
           with_separators(deals) + " deals in all\n";
    if (std::optional<std::string_view> file = args.value("svg")) {
        const std::string title = "Equity of each starting hand against " +
                                  joined(opponent_texts, [](std::string_view t) { return t; }, " and ");
        std::ofstream svg{std::string(*file), std::ios::binary};
        if (!svg || !(svg << grid_svg(grid, title)) || !svg.flush())
            throw std::runtime_error("cannot write the SVG file \"" + std::string(*file) + "\"");
        out += "svg: " + std::string(*file) + "\n";
        j["svg"] = *file;
    }
    write_out(q.json ? json_line(j) : out);
    return 0;
}

// The checkpoint's name for the table's job: its blocks are its matchups in
// the order starting_hand_equities lists them.
constexpr std::string_view table_job = "holdem starting-hand table, one block a matchup";

int run_table(const arguments& args) {
    for (std::string_view name : {"board", "dead", "exact", "simulate", "stderr", "time", "seed", "limit"})
        if (args.flag(name)) throw usage_error("--table does not go with --" + std::string(name));
    if (std::optional<std::string_view> game = args.value("game"); game && *game != "holdem")
        throw usage_error("--table is for holdem only");
    args.expect_positional(0, 0, "no hands with --table");
    const int threads = static_cast<int>(args.whole("threads").value_or(1));
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    progress_line bar(args, "table", "matchups");
    const std::unique_ptr<pokerengine::block_driver> driver = block_driver_for(threads);
    std::optional<pokerengine::checkpoint_blocks> saved;
    pokerengine::starting_hand_table t;
    with_checkpoint([&] {
        if (std::optional<std::string_view> file = args.value("checkpoint"))
            saved.emplace(*driver, std::string(*file), std::string(table_job));
        t = pokerengine::starting_hand_equities(saved ? static_cast<pokerengine::block_driver&>(*saved) : *driver,
                                                [&](std::uint64_t done, std::uint64_t total) { bar(done, total); });
    });
    bar.clear();
    if (!driver->merges()) return 0;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    const std::size_t n = t.classes.size();
    std::string out;
    if (args.flag("json")) {
        json j{{"classes", t.classes}, {"equity", json::array()}, {"matchups", t.matchups}, {"threads", threads},
               {"seconds", number(seconds)}, {"cpu_seconds", number(cpu_seconds)},
               {"resumed", saved ? saved->resumed() : 0}};
        for (const std::vector<double>& row : t.equity) {
            json& cells = j["equity"].emplace_back(json::array());
            for (double x : row) cells.push_back(number(x));
        }
        out = json_line(j);
    } else if (args.flag("csv")) {
        out = "hand";
        for (const std::string& c : t.classes) out += "," + c;
        out += "\n";
        for (std::size_t i = 0; i < n; ++i) {
            out += t.classes[i];
            for (double x : t.equity[i]) out += fmt::format(",{:.9g}", x);
            out += "\n";
        }
    } else {
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j)
                out += fmt::format("{:<5} {:<5} {}\n", t.classes[i], t.classes[j], percent(t.equity[i][j]));
    }
    write_out(out);
    return 0;
}


/// Runs `poker equity`.
int run_equity(const arguments& args) {
    if (args.flag("table")) return run_table(args);
    if (args.flag("grid")) return run_grid(args);
    request q = read_request(args, false);
    args.expect_positional(2, 10, "2 to 10 hands or ranges");
    std::span<const std::string_view> texts = args.positional();
    std::vector<pokerengine::hand_range> players = read_players(q.game, texts, 1);
    // Under mpirun the blocks go to the ranks; otherwise the threads, as always.
    const std::unique_ptr<pokerengine::block_driver> ranks = mpi_driver_for(q.options.threads);
    q.options.driver = ranks.get();
    progress_line bar(args, "equity", "deals");
    q.options.progress = [&bar](std::uint64_t done, std::uint64_t total) { bar(done, total); };
    const pokerengine::equity_result r =
        with_checkpoint([&] { return pokerengine::equity(q.game, players, q.board, q.dead, q.options); });
    bar.clear();
    if (!writes_output()) return 0;
    write_out(q.json ? json_output(q, texts, players, r) : text_output(q, texts, players, r));
    return 0;
}

}  // namespace

const command equity_command{"equity",          equity_synopsis, equity_summary,     equity_details,
                             equity_options_list, run_equity,    equity_constraints, equity_wording};

}  // namespace poker_cli
