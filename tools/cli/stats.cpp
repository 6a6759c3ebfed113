// `poker stats`: player statistics over hand histories (PHH, .phhs, rooms'
// histories), per player and per position, and the graph of winnings.

#include <algorithm>
#include <array>
#include <fstream>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "pokerengine/import.hpp"
#include "pokerengine/phh.hpp"
#include "pokerengine/statistics.hpp"
#include "pokerengine/thread_pool.hpp"
#include "commands.hpp"
#include "distributed.hpp"
#include "output.hpp"

namespace poker_cli {
namespace {

namespace pp = pokerengine::play;

constexpr std::array stats_options_list{
    option{"player", 'p', "NAME", "only this player's rows (and the player the graph follows)"},
    option{"json", 0, "", "print one JSON object"},
    option{"csv", 0, "", "print CSV: one row per player and position"},
    option{"svg", 0, "OUT", "draw the player's winnings by hand as SVG into OUT (needs --player)"},
    option{"acpc-game", 0, "FILE", "the ACPC game definition of dealer logs among the files"},
    whole_option({"threads", 't', "N", "read and replay hands on N threads (default: every core); the output is the same"},
                 1, pokerengine::max_threads),
    progress_option,
    quiet_option,
};

constexpr std::array stats_constraints{
    option_constraint{"json", "csv", constraint_kind::excludes, "and --csv exclude each other"},
    option_constraint{"svg", "player", constraint_kind::needs, "needs --player NAME, whose winnings it draws"},
};

constexpr std::string_view stats_synopsis =
    "poker stats FILE... [--player NAME] [--json | --csv] [--svg OUT] [--acpc-game FILE]\n"
    "                   [--threads N] [--progress | --quiet]";

constexpr std::string_view stats_summary = "player statistics over hand histories, and the graph of winnings";

constexpr std::string_view stats_details =
    "Reads each FILE (a directory: every file in it, recursively, in name order):\n"
    "PHH (.phh, .phhs), a room's histories (as 'poker import' reads them), or ACPC\n"
    "dealer logs with --acpc-game FILE, replays every hand by the engine's rules\n"
    "and counts, per player and per position (SB, BB, UTG, ..., HJ, CO, BTN; '-'\n"
    "without blinds): hands, VPIP, PFR, 3-bet, fold to 3-bet, continuation bet,\n"
    "fold to continuation bet, aggression factor and frequency, went to showdown,\n"
    "won at showdown, won when the second round was seen, net won in money and big\n"
    "blinds, bb/100, and all-in adjusted winnings (docs/stats.md defines each).\n"
    "Players are known by the histories' names (PHH 'players'), else p1, p2, ...\n"
    "A room's hands are counted with the net results the room recorded (its rake\n"
    "taken); hands it cancelled are not counted. A hand that cannot be read or\n"
    "replayed is not counted and is named on standard error. --svg OUT draws the graph trackers show for --player: net\n"
    "won, all-in adjusted, showdown and non-showdown winnings, by hand.\n"
    "Exit status: 0 when every hand was counted, 1 when any was not, 2 on usage errors.\n";

std::string read_whole(const std::string& file) {
    std::ifstream in{file, std::ios::binary};
    if (!in) throw std::runtime_error("cannot open '" + pokerengine::printable(file) + "'");
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw std::runtime_error("cannot read '" + pokerengine::printable(file) + "'");
    return std::move(text).str();
}

std::string ratio_text(std::optional<double> r, double scale = 100, const char* format = "{:.1f}") {
    return r ? fmt::format(fmt::runtime(format), *r * scale) : std::string("-");
}

json ratio_json(std::optional<double> r) { return r ? json(*r) : json(nullptr); }

json frequency_json(const pp::frequency& f) {
    return json{{"made", f.made}, {"chances", f.chances}, {"ratio", ratio_json(f.ratio())}};
}

json row_json(const pp::player_statistics& p) {
    return json{{"player", p.player},
                {"position", p.position},
                {"hands", p.hands},
                {"vpip", frequency_json(p.vpip)},
                {"pfr", frequency_json(p.pfr)},
                {"three_bet", frequency_json(p.three_bet)},
                {"fold_to_three_bet", frequency_json(p.fold_to_three_bet)},
                {"cbet", frequency_json(p.cbet)},
                {"fold_to_cbet", frequency_json(p.fold_to_cbet)},
                {"aggression_factor", ratio_json(p.aggression_factor())},
                {"aggression_frequency", ratio_json(p.aggression_frequency())},
                {"saw_second_round", p.saw_second_round},
                {"went_to_showdown", ratio_json(p.wtsd())},
                {"won_at_showdown", ratio_json(p.wsd())},
                {"won_when_saw_second_round", ratio_json(p.wwsf())},
                {"net", pp::money_text(p.net, p.decimals)},
                {"showdown_net", pp::money_text(p.showdown_net, p.decimals)},
                {"net_big_blinds", p.net_big_blinds},
                {"bb_per_100", ratio_json(p.bb_per_100())},
                {"all_in_adjusted", p.all_in_adjusted / std::pow(10.0, p.decimals)},
                {"all_in_hands", p.all_in_hands}};
}

constexpr std::string_view csv_header =
    "player,position,hands,vpip,pfr,three_bet,fold_to_three_bet,cbet,fold_to_cbet,aggression_factor,"
    "aggression_frequency,went_to_showdown,won_at_showdown,won_when_saw_second_round,net,net_big_blinds,"
    "bb_per_100,all_in_adjusted\n";

std::string csv_field(const std::string& text) {
    if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string csv_row(const pp::player_statistics& p) {
    auto r = [](std::optional<double> x) { return x ? fmt::format("{:.6g}", *x) : std::string(); };
    return fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{:.6g},{},{:.6g}\n", csv_field(p.player),
                       p.position, p.hands, r(p.vpip.ratio()), r(p.pfr.ratio()), r(p.three_bet.ratio()),
                       r(p.fold_to_three_bet.ratio()), r(p.cbet.ratio()), r(p.fold_to_cbet.ratio()),
                       r(p.aggression_factor()), r(p.aggression_frequency()), r(p.wtsd()), r(p.wsd()), r(p.wwsf()),
                       pp::money_text(p.net, p.decimals), p.net_big_blinds, r(p.bb_per_100()),
                       p.all_in_adjusted / std::pow(10.0, p.decimals));
}

std::string text_row(const pp::player_statistics& p) {
    return fmt::format("{:<16} {:<6} {:>7} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {:>12} {:>9} {:>12}\n",
                       pokerengine::printable(p.player), p.position, p.hands, ratio_text(p.vpip.ratio()),
                       ratio_text(p.pfr.ratio()), ratio_text(p.three_bet.ratio()), ratio_text(p.cbet.ratio()),
                       ratio_text(p.aggression_factor(), 1, "{:.2f}"), ratio_text(p.wtsd()), ratio_text(p.wsd()),
                       ratio_text(p.wwsf()), ratio_text(p.fold_to_cbet.ratio()), pp::money_text(p.net, p.decimals),
                       ratio_text(p.bb_per_100(), 1, "{:.2f}"),
                       fmt::format("{:.2f}", p.all_in_adjusted / std::pow(10.0, p.decimals)));
}

int run_stats(const arguments& args) {
    if (args.positional().empty()) throw usage_error("'stats' needs at least one FILE (see 'poker help stats')");
    std::unique_ptr<pp::history_reader> acpc;
    if (const std::optional<std::string_view> game = args.value("acpc-game")) {
        try {
            acpc = pp::acpc_reader(read_whole(std::string(*game)));
        } catch (const std::exception& e) {
            throw usage_error("--acpc-game '" + pokerengine::printable(*game) + "': " + e.what());
        }
    }
    const std::optional<std::string> player =
        args.value("player") ? std::optional(std::string(*args.value("player"))) : std::nullopt;
    const std::unique_ptr<pokerengine::block_driver> driver =
        block_driver_for(static_cast<int>(args.whole("threads").value_or(default_threads())));
    const bool reads = driver->merges();
    pp::statistics stats;
    if (player) stats.follow(*player);
    bool failed = false;
    std::uint64_t skipped = 0, cancelled = 0;  // hands not counted: failed, cancelled by the room
    progress_line bar(args, "stats", "hands");
    auto skip = [&](const std::string& why) {
        bar.clear();
        if (reads) write_all(stderr, why + "\n");
        failed = true;
        ++skipped;
    };
    // Each hand is replayed and read where the driver runs its block (threads,
    // or the ranks of an MPI job; an all-in valued at its equity costs a hundred
    // others), then counted in order on the merging process, so that the sums
    // are the same on any threads and ranks. A hand's words: 0 and its seats'
    // figures, 1 and why it is not counted, or 2 when the room cancelled it.
    constexpr std::uint64_t counted = 0, not_counted = 1, cancelled_hand = 2;
    // Blocks of a few dozen hands, smaller than import's: one all-in valued at its
    // equity costs a hundred other hands, and a block is what a worker takes at once.
    constexpr std::size_t stats_block_bytes = 64 << 10;
    const auto figures = [](const pp::recorded_hand& hand, const std::vector<std::string>& names,
                            const std::vector<pokerengine::chips>& results, pokerengine::block_writer& out) {
        try {
            const std::vector<pp::player_statistics> seats = pp::hand_statistics(hand, names, results);
            out.word(counted);
            out.word(seats.size());
            for (const pp::player_statistics& seat : seats) seat.write(out);
        } catch (const pp::statistics_error& e) {
            out.word(not_counted);
            out.text(e.what());
        }
    };
    const auto count = [&](pokerengine::block_reader& in) {
        for (std::uint64_t hands = in.word(); hands > 0; --hands) {
            const std::uint64_t kind = in.word();
            if (kind == cancelled_hand) {
                ++cancelled;
            } else if (kind == not_counted) {
                skip(std::string(in.text()));
            } else {
                std::vector<pp::player_statistics> seats(in.word());
                for (pp::player_statistics& seat : seats) seat = pp::player_statistics::read(in);
                try {
                    stats.count(seats);
                } catch (const pp::statistics_error& e) {
                    skip(std::string(e.what()));
                }
            }
            bar(stats.hands() + skipped, 0, -1.0);
        }
    };
    const std::vector<pokerengine::chips> no_results;
    const std::span<const pp::history_reader* const> readers = pp::readers();
    const std::uint64_t acpc_code = readers.size() + 1, phh_code = readers.size() + 2;
    for (const std::string& file : history_files(args.positional())) {
        // A room's history is told by its first lines; anything else is PHH. Either is
        // read a block at a time, so that a history of any size is counted in bounded memory.
        // The merging process reads the file and tells the others which it is (0: skipped).
        std::ifstream in;
        std::istringstream none;
        if (reads) in.open(file, std::ios::binary);
        pp::history_stream stream{reads ? static_cast<std::istream&>(in) : none};
        std::uint64_t code = 0;
        if (reads && !in) {
            skip("stats: cannot open '" + pokerengine::printable(file) + "'");
        } else if (reads) {
            try {
                const std::string_view head = stream.head();
                const pp::history_reader* reader = pp::detect_reader(head);
                if (!reader && acpc && acpc->recognizes(head.substr(0, 4096))) reader = acpc.get();
                code = !reader                ? phh_code
                       : reader == acpc.get() ? acpc_code
                                              : static_cast<std::uint64_t>(std::ranges::find(readers, reader) - readers.begin()) + 1;
            } catch (const pp::history_read_error& e) {
                skip("stats: " + pokerengine::printable(file) + ": " + e.what());
            }
        }
        code = driver->share_count(code);
        if (code == 0) continue;
        if (code != phh_code) {
            const pp::history_reader& reader = code == acpc_code ? *acpc : *readers[code - 1];
            try {
                pp::for_each_hand_block(
                    stream, reader, file, *driver,
                    [&](std::span<const pp::imported_hand> hands, pokerengine::block_writer& out) {
                        out.word(hands.size());
                        for (const pp::imported_hand& hand : hands) {
                            if (hand.cancelled) {
                                out.word(cancelled_hand);
                            } else if (!hand.reason.empty()) {
                                out.word(not_counted);
                                out.text("stats: " + pokerengine::printable(file) + ": hand " + hand.id + ": " + hand.reason);
                            } else {
                                figures(hand.hand, hand.players, hand.recorded_results, out);
                            }
                        }
                    },
                    [&](pokerengine::block_reader& words, std::uint64_t) { count(words); }, stats_block_bytes);
            } catch (const pp::history_read_error& e) {
                skip("stats: " + pokerengine::printable(file) + ": " + e.what());
            }
            continue;
        }
        in.clear();
        in.seekg(0);
        try {
            pp::phh_stream tables{reads ? static_cast<std::istream&>(in) : none, file};
            pp::for_each_table_block(
                tables, *driver, 256,
                [&](std::span<const pp::phh_table_text> round, pokerengine::block_writer& out) {
                    out.word(round.size());
                    for (const pp::phh_table_text& table : round) {
                        try {
                            const pp::recorded_hand hand = tables.hand(table);
                            figures(hand, hand.players, no_results, out);
                        } catch (const pp::phh_error& e) {
                            out.word(not_counted);
                            out.text(std::string("stats: ") + e.what());
                        }
                    }
                },
                count);
        } catch (const pp::phh_error& e) {
            skip(std::string("stats: ") + e.what());
        }
    }
    bar.clear();
    std::vector<pp::player_statistics> all = stats.players(), positions = stats.by_position();
    if (player) {
        std::erase_if(all, [&](const pp::player_statistics& p) { return p.player != *player; });
        std::erase_if(positions, [&](const pp::player_statistics& p) { return p.player != *player; });
    }
    if (const std::optional<std::string_view> svg = args.value("svg"); svg && reads) {
        std::ofstream out{std::string(*svg), std::ios::binary};
        out << pp::winnings_graph_svg(stats.graph(), "Winnings of " + *player);
        if (!out.flush()) throw usage_error("--svg: cannot write '" + pokerengine::printable(*svg) + "'");
    }
    if (args.flag("json")) {
        json j{{"hands", stats.hands()}, {"hands_not_counted", skipped}, {"hands_cancelled", cancelled},
               {"players", json::array()},
               {"positions", json::array()}};
        for (const auto& p : all) j["players"].push_back(row_json(p));
        for (const auto& p : positions) j["positions"].push_back(row_json(p));
        write_out(json_line(j));
    } else if (args.flag("csv")) {
        std::string out(csv_header);
        for (const auto& p : all) out += csv_row(p);
        for (const auto& p : positions) out += csv_row(p);
        write_out(out);
    } else {
        std::string out = fmt::format("{} {} counted, {} not", with_separators(stats.hands()),
                                      stats.hands() == 1 ? "hand" : "hands", skipped);
        if (cancelled > 0) out += fmt::format(", {} cancelled by the room", cancelled);
        out += '\n';
        const std::string header =
            fmt::format("{:<16} {:<6} {:>7} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {:>12} {:>9} {:>12}\n",
                        "player", "pos", "hands", "VPIP", "PFR", "3bet", "cbet", "AF", "WTSD", "W$SD", "WWSF", "FCB",
                        "net", "bb/100", "all-in adj");
        out += header;
        for (const auto& p : all) out += text_row(p);
        out += "\nby position\n" + header;
        for (const auto& p : positions) out += text_row(p);
        write_out(out);
    }
    return failed ? 1 : 0;
}

}  // namespace

const command stats_command{"stats", stats_synopsis, stats_summary, stats_details, stats_options_list, run_stats,
                            stats_constraints};

}  // namespace poker_cli
