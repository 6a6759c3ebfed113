// `poker video-poker`: the value of every hold of a dealt hand, or the exact
// return of a game under optimal play. Output formats are documented in
// docs/cli.md and docs/video_poker.md.

#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <ranges>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>


#include <fmt/format.h>

#include "pokerengine/card_set.hpp"
#include "pokerengine/video_poker.hpp"
#include "commands.hpp"
#include "output.hpp"

namespace poker_cli {

namespace {

constexpr std::array video_poker_options{
    option{"paytable", 'p', "NAME",
           "the pay table: jacks-or-better-9-6, deuces-wild-full-pay, joker-poker-kings, or a file"},
    option{"return", 0, "", "compute the game's exact return under optimal play instead"},
    option{"json", 0, "", "print one JSON object instead of text"},
};

constexpr std::string_view video_poker_synopsis =
    "poker video-poker --paytable NAME [--json] HAND\n"
    "       poker video-poker --paytable NAME [--json] --return";

constexpr std::string_view video_poker_summary = "video poker: the value of every hold, or a game's return";

constexpr std::string_view video_poker_details =
    "With a HAND of 5 cards (one argument or several; Xx is the joker in\n"
    "joker-poker-kings), lists all 32 holds, best first, with the exact expected\n"
    "payout per coin bet over every draw, as a decimal and a fraction; holds of\n"
    "equal value list the one keeping more cards first. 'best' marks every hold\n"
    "of the best value, and the last line names the first of them:\n"
    "  poker video-poker --paytable jacks-or-better-9-6 As Ks Qs Js 9s\n"
    "  pay table: jacks-or-better-9-6 (jacks-or-better)\n"
    "  hand: As Ks Qs Js 9s\n"
    "  hold            discard          ev          exact\n"
    "  As Ks Qs Js     9s               18.425532   866/47   best\n"
    "  As Ks Qs Js 9s  -                 6.000000   6\n"
    "  ...\n"
    "  best: hold As Ks Qs Js, discard 9s: 18.425532 (866/47)\n"
    "\n"
    "With --return, computes the return of the game under optimal play over every\n"
    "deal (2,598,960; 2,869,685 with the joker): each pay row with its payout, the\n"
    "probability of ending in it and its share of the return, then the return as\n"
    "a percentage and as an exact fraction, and the time taken (about a second).\n"
    "\n"
    "Pay tables: jacks-or-better-9-6 (Jacks or Better 9/6), deuces-wild-full-pay\n"
    "(full-pay Deuces Wild), joker-poker-kings (Joker Poker, kings or better,\n"
    "20-7-5), all per coin at the five-coin royal rate (royal flush 800); or the\n"
    "path of a file: a line 'game NAME' (jacks-or-better, deuces-wild or\n"
    "joker-poker-kings), then a line 'CATEGORY PAYS' for each of the game's rows,\n"
    "e.g. 'full-house 8'; '#' starts a comment. See docs/video_poker.md.\n"
    "\n"
    "With --json: {\"paytable\", \"game\", \"hand\": [...], \"best\": {\"hold\", \"discard\", \"ev\",\n"
    "\"ev_exact\"}, \"holds\": [{\"hold\", \"discard\", \"ev\", \"ev_exact\", \"pay_sum\", \"draws\",\n"
    "\"best\"}, ...]}; with --return: {\"paytable\", \"game\", \"deals\", \"distinct_deals\",\n"
    "\"return\", \"return_exact\", \"rows\": [{\"key\", \"category\", \"pays\", \"probability\",\n"
    "\"return\"}, ...], \"seconds\"}.\n";


using pokerengine::exact_fraction;

// `x` rounded to `places` decimals (half away from zero), exactly.
std::string decimal(const exact_fraction& x, int places) {
    using boost::multiprecision::cpp_int;
    cpp_int scale = 1;
    for (int i = 0; i < places; ++i) scale *= 10;
    cpp_int num = boost::multiprecision::numerator(x), den = boost::multiprecision::denominator(x);
    bool negative = num < 0;
    if (negative) num = -num;
    cpp_int scaled = (num * scale * 2 + den) / (den * 2);
    std::string digits = scaled.str();
    if (digits.size() <= static_cast<std::size_t>(places))
        digits.insert(0, static_cast<std::size_t>(places) + 1 - digits.size(), '0');
    std::string out = digits.substr(0, digits.size() - static_cast<std::size_t>(places));
    if (places > 0) out += "." + digits.substr(digits.size() - static_cast<std::size_t>(places));
    return (negative ? "-" : "") + out;
}

std::string fraction_text(const exact_fraction& x) {
    std::string out = boost::multiprecision::numerator(x).str();
    if (boost::multiprecision::denominator(x) != 1) out += "/" + boost::multiprecision::denominator(x).str();
    return out;
}

std::string padded(std::string text, std::size_t width) {
    if (text.size() < width) text.append(width - text.size(), ' ');
    return text;
}
std::string right_aligned(const std::string& text, std::size_t width) {
    return text.size() < width ? std::string(width - text.size(), ' ') + text : text;
}

// The cards of `dealt` (in the order given) that are in `set`, or `-` for none.
std::string cards_in_order(const pokerengine::CardList& dealt, pokerengine::CardSet set) {
    const std::string out = cards_text(dealt | std::views::filter([&](pokerengine::Card c) { return set.contains(c); }));
    return out.empty() ? "-" : out;
}
json cards_in_order_json(const pokerengine::CardList& dealt, pokerengine::CardSet set) {
    pokerengine::CardList chosen;
    for (pokerengine::Card c : dealt)
        if (set.contains(c)) chosen.push_back(c);
    return cards_json(chosen);
}

// An exact fraction as a JSON number, rounded to `places` decimals.
json json_decimal(const exact_fraction& x, int places) { return json_number(decimal(x, places)); }

// The largest pay-table file read: a real one is a few hundred bytes.
constexpr std::uintmax_t max_paytable_bytes = 1 << 20;

// A built-in name, or else a file. Every problem with either is a usage error.
pokerengine::pay_table chosen_pay_table(std::string_view name) {
    for (std::string_view known : pokerengine::pay_table::names)
        if (known == name) return pokerengine::pay_table::named(name);
    std::string path(name);
    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(path, error);
    if (!std::filesystem::is_regular_file(status)) {
        const std::string listed = joined(pokerengine::pay_table::names, [](std::string_view n) { return n; }, ", ");
        const char* why = !std::filesystem::exists(status)          ? "no such file"
                          : std::filesystem::is_directory(status) ? "it is a directory"
                                                                    : "it is not a regular file";
        throw usage_error("unknown pay table " + pokerengine::quoted(path) + " (pay tables: " + listed +
                          ", or the path of a pay-table file; " + why + ")");
    }
    if (std::filesystem::file_size(path, error) > max_paytable_bytes)
        throw usage_error("the pay-table file " + pokerengine::quoted(path) + " is larger than " +
                          std::to_string(max_paytable_bytes) + " bytes");
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in && !in.eof()) throw usage_error("cannot read the pay-table file " + pokerengine::quoted(path));
    try {
        return pokerengine::pay_table::parse(text.str(), path);
    } catch (const pokerengine::paytable_error& e) {
        throw usage_error(std::string("pay-table file ") + e.what());
    }
}

std::string holds_output(const pokerengine::pay_table& table, const pokerengine::CardList& dealt,
                                bool as_json) {
    pokerengine::CardSet hand;
    for (pokerengine::Card c : dealt) hand |= c;
    std::vector<pokerengine::hold_value> holds = pokerengine::analyze_hand(table, hand);
    auto is_best = [&](const pokerengine::hold_value& h) { return !pokerengine::better_hold(holds[0], h); };
    std::string out;
    if (as_json) {
        auto hold_json = [&](const pokerengine::hold_value& h) {
            return json{{"hold", cards_in_order_json(dealt, h.held)},
                        {"discard", cards_in_order_json(dealt, h.discarded)},
                        {"ev", json_decimal(h.ev(), 10)},
                        {"ev_exact", fraction_text(h.ev())}};
        };
        json j{{"paytable", table.name()},
               {"game", pokerengine::game_name(table.game())},
               {"hand", cards_json(dealt)},
               {"best", hold_json(holds[0])},
               {"holds", json::array()}};
        for (const pokerengine::hold_value& h : holds) {
            json row = hold_json(h);
            row["pay_sum"] = h.pay_sum;
            row["draws"] = h.draws;
            row["best"] = is_best(h);
            j["holds"].push_back(std::move(row));
        }
        return json_line(j);
    }
    out += "pay table: " + table.name() + " (" + std::string(pokerengine::game_name(table.game())) + ")\n";
    out += "hand: " + cards_in_order(dealt, hand) + "\n";
    std::vector<std::array<std::string, 4>> lines;
    std::array<std::size_t, 4> width{4, 7, 2, 5};
    for (const pokerengine::hold_value& h : holds) {
        lines.push_back({cards_in_order(dealt, h.held), cards_in_order(dealt, h.discarded), decimal(h.ev(), 6),
                         fraction_text(h.ev())});
        for (std::size_t i = 0; i < 4; ++i) width[i] = std::max(width[i], lines.back()[i].size());
    }
    out += padded("hold", width[0] + 2) + padded("discard", width[1] + 2) + right_aligned("ev", width[2]) + "   " +
           "exact\n";
    for (std::size_t i = 0; i < holds.size(); ++i) {
        const auto& l = lines[i];
        std::string line = padded(l[0], width[0] + 2) + padded(l[1], width[1] + 2) + right_aligned(l[2], width[2]) +
                           "   " + (is_best(holds[i]) ? padded(l[3], width[3]) + "   best" : l[3]);
        out += line + "\n";
    }
    out += "best: hold " + lines[0][0] + ", discard " + lines[0][1] + ": " + lines[0][2] + " (" + lines[0][3] + ")\n";
    return out;
}

std::string return_output(const pokerengine::pay_table& table, bool as_json) {
    auto start = std::chrono::steady_clock::now();
    pokerengine::video_poker_return r = pokerengine::compute_return(pokerengine::draw_tables{table});
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::string seconds_text = fmt::format("{:.2f}", seconds);

    struct row_line {
        std::string_view key, label;
        std::int64_t pays;
        exact_fraction probability;
    };
    std::vector<row_line> rows;
    for (std::size_t i = 0; i < table.rows().size(); ++i)
        rows.push_back({table.rows()[i].key, table.rows()[i].label, table.rows()[i].pays, r.row_probability[i]});
    rows.push_back({"nothing", "Nothing", 0, r.row_probability.back()});

    std::string out;
    if (as_json) {
        json j{{"paytable", table.name()},
               {"game", pokerengine::game_name(table.game())},
               {"deals", r.deals},
               {"distinct_deals", r.distinct_deals},
               {"return", json_decimal(r.value, 12)},
               {"return_exact", fraction_text(r.value)},
               {"rows", json::array()}};
        for (const row_line& row : rows)
            j["rows"].push_back({{"key", row.key},
                                 {"category", row.label},
                                 {"pays", row.pays},
                                 {"probability", json_decimal(row.probability, 12)},
                                 {"return", json_decimal(row.probability * row.pays, 12)}});
        j["seconds"] = json_number(seconds_text);
        return json_line(j);
    }
    out += "pay table: " + table.name() + " (" + std::string(pokerengine::game_name(table.game())) + ")\n";
    out += "deals: " + with_separators(r.deals) + " (" + with_separators(r.distinct_deals) +
           " up to the order of suits), every hold of each played optimally\n";
    std::size_t label_width = 8;
    for (const row_line& l : rows) label_width = std::max(label_width, l.label.size());
    out += padded("hand", label_width + 2) + right_aligned("pays", 7) + "   " + padded("probability", 14) + "return\n";
    for (const row_line& l : rows)
        out += padded(std::string(l.label), label_width + 2) + right_aligned(std::to_string(l.pays), 7) + "   " +
               padded(decimal(l.probability, 10), 14) + decimal(l.probability * l.pays, 10) + "\n";
    out += "return: " + decimal(r.value * 100, 8) + "%\n";
    out += "exact: " + fraction_text(r.value) + "\n";
    out += "time: " + std::string(seconds_text) + " s\n";
    return out;
}


/// Runs `poker video-poker`; returns the exit status.
int run_video_poker(const arguments& args) {
    std::optional<std::string_view> name = args.value("paytable");
    if (!name) throw usage_error("'video-poker' needs --paytable NAME (see 'poker help video-poker')");
    const pokerengine::pay_table table = chosen_pay_table(*name);
    const bool as_json = args.flag("json");
    std::string out;
    if (args.flag("return")) {
        if (!args.positional().empty())
            throw usage_error("'video-poker --return' takes no hand (see 'poker help video-poker')");
        out = return_output(table, as_json);
    } else {
        args.expect_positional(1, SIZE_MAX, "a hand of 5 cards, or --return");
        pokerengine::CardList dealt = pokerengine::parse_cards(joined(args.positional()));
        pokerengine::check_dealt_hand(table, dealt);
        out = holds_output(table, dealt, as_json);
    }
    write_out(out);
    return 0;
}

}  // namespace

const command video_poker_command{"video-poker", video_poker_synopsis, video_poker_summary, video_poker_details,
                                  video_poker_options, run_video_poker};

}  // namespace poker_cli
