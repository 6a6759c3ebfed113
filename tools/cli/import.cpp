// `poker import`: reads online rooms' hand histories, replays every hand and
// compares each seat's chips with the room's record; writes the hands as PHH
// and, with --json, one line per hand.

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "pokerengine/import.hpp"
#include "pokerengine/phh.hpp"
#include "pokerengine/thread_pool.hpp"
#include "commands.hpp"
#include "distributed.hpp"
#include "output.hpp"

namespace poker_cli {
namespace {

namespace pp = pokerengine::play;

constexpr std::array rooms{std::string_view("auto"),    std::string_view("pokerstars"), std::string_view("ggpoker"),
                           std::string_view("winamax"), std::string_view("ipoker"),     std::string_view("partypoker"),
                           std::string_view("fulltilt"), std::string_view("acpc")};

constexpr std::array import_options_list{
    option{"from", 0, "ROOM", "the room that wrote the files (default auto: recognised by their first lines)", false,
           value_kind::text, 0, 0, rooms},
    option{"phhs", 0, "OUT", "write the hands to OUT as one .phhs instead of to standard output"},
    option{"json", 0, "", "one JSON object per hand per line, in input order"},
    option{"lenient", 0, "", "accept what the room's rules allow where they differ from the rule profile"},
    option{"acpc-game", 0, "FILE", "the ACPC game definition of dealer logs (--from acpc)"},
    whole_option({"threads", 't', "N", "check on N threads (default: every core); the output is the same"}, 1,
                 pokerengine::max_threads),
    progress_option,
    quiet_option,
};

constexpr std::string_view import_synopsis =
    "poker import FILE... [--from auto|pokerstars|ggpoker|winamax|ipoker|partypoker|fulltilt|acpc]\n"
    "                    [--phhs OUT] [--json] [--lenient] [--acpc-game FILE] [--threads N]\n"
    "                    [--progress | --quiet]";

constexpr std::string_view import_summary = "import online rooms' hand histories, checking each against the rules";

constexpr std::string_view import_details =
    "Reads each FILE (a directory: every file in it, recursively, in name order), a\n"
    "room's hand histories of any number of hands, and replays every hand by the\n"
    "engine's rules (cash games under the cash-game rules, tournaments under the\n"
    "tournament ones, profile wsop-2024). A hand is ok when every action was legal\n"
    "and every seat ends with the chips the room recorded; a difference is a\n"
    "mismatch naming the seat and both amounts; a line the reader cannot read or an\n"
    "action the rules refuse is an error naming the line; what the engine cannot\n"
    "play yet (games not read yet) is unsupported.\n"
    "The room's rake is taken off the winners' shares as the room took it.\n"
    "Rooms: pokerstars (hold'em, 6+ hold'em, Omaha 4/5/6 cards hi and hi-lo, stud,\n"
    "stud hi-lo, razz, 5-card draw, 2-7 single and triple draw, badugi; cap games;\n"
    "All-in Cash Out),\n"
    "ggpoker (hold'em, pot-limit Omaha 4/5/6 cards; the fees after the rake count as\n"
    "rake; EV Cashout),\n"
    "fulltilt (hold'em, Omaha hi and hi-lo),\n"
    "winamax (hold'em, Omaha 4/5 cards, 5-card Omaha hi-lo),\n"
    "ipoker (hold'em, Omaha; cash games and tournaments),\n"
    "partypoker (hold'em, Omaha hi and hi-lo; cash games and tournaments; the\n"
    "room writes no rake: it is what the pots held less what the winners were paid),\n"
    "acpc (the ACPC dealer's logs of hold'em, with --acpc-game FILE: their .game\n"
    "definition); the others are named but not read yet. The hands are written as\n"
    "PHH (.phhs tables [1], [2], ...) to standard output, or to OUT with --phhs; the\n"
    "hands that are not ok are listed on standard error. With --json, one object\n"
    "per hand per line:\n"
    "{\"file\", \"hand\" (0-based), \"room\", \"id\", \"game\", \"status\" (ok, mismatch,\n"
    "unsupported, error), \"players\", \"starting_stacks\", \"results\",\n"
    "\"recorded_results\" (decimal strings in the room's unit), \"rake\", when a\n"
    "player cashed out \"cash_outs\" (what the room paid each seat beside the pots,\n"
    "negative when the seat paid it; in both results), and unless ok \"reason\"}. --lenient accepts a fixed-limit raise recorded as an opponent's\n"
    "whole stack (R12). A progress line (hands, the share of the files' bytes\n"
    "read) is drawn on standard error when it is a terminal; --progress shows it\n"
    "elsewhere too, --quiet never. Exit status: 0 when every hand is ok, 1 when any\n"
    "is not, 2 on usage errors.\n";

struct settings {
    std::string from = "auto";
    std::unique_ptr<pp::history_reader> acpc;  // with --acpc-game
    pp::replay_options options;
    bool as_json = false;
    bool phh = true;
};

// One hand's verdict, as printed.
struct hand_report {
    std::string json;   // the --json line
    std::string phh;    // the .phhs table's body (without its [N] line); empty when not written
    std::string note;   // the line on standard error for a hand that is not ok
    bool ok = false;
};

void write_money(json_writer& j, std::span<const pokerengine::chips> amounts, int decimals) {
    j.open('[');
    for (pokerengine::chips c : amounts) j.plain(pp::money_text(c, decimals));
    j.close(']');
}

hand_report report(const pp::imported_hand& hand, const settings& s) {
    const pp::import_check c = pp::check(hand, s.options);
    const int d = hand.hand.decimals;
    hand_report out;
    out.ok = c.status == pp::import_status::ok;
    if (s.as_json) {
        json_writer j;
        j.open('{').key("file").text(hand.hand.file).key("hand").number(hand.hand.index);
        j.key("room").plain(hand.room).key("id").text(hand.id).key("game").text(hand.game);
        j.key("status").plain(pp::to_string(c.status)).key("players").open('[');
        for (const std::string& name : hand.players) j.text(name);
        j.close(']').key("starting_stacks");
        write_money(j, hand.hand.config.starting_stacks, d);
        j.key("results");
        if (c.results.empty()) j.literal("null");
        else write_money(j, c.results, d);
        j.key("recorded_results");
        write_money(j, hand.recorded_results, d);
        j.key("rake").plain(pp::money_text(hand.rake, d));
        if (!hand.cash_outs.empty()) {
            j.key("cash_outs");
            write_money(j, hand.cash_outs, d);
        }
        if (!out.ok) j.key("reason").text(c.reason);
        j.close('}');
        out.json = j.line();
    }
    if (!out.ok)
        out.note = pokerengine::printable(hand.hand.file) + " hand " + std::to_string(hand.hand.index) +
                   (hand.id.empty() ? std::string() : " #" + pokerengine::printable(hand.id)) + ": " +
                   std::string(pp::to_string(c.status)) + ": " + c.reason + "\n";
    if (s.phh) out.phh = pp::imported_phh(hand, c);
    return out;
}

// A file that cannot be imported at all: one hand-less line.
hand_report unreadable(const std::string& file, const std::string& room, pp::import_status status,
                       const std::string& reason, const settings& s) {
    hand_report out;
    if (s.as_json) {
        json_writer j;
        j.open('{').key("file").text(file).key("hand").literal("null").key("room");
        if (room.empty()) j.literal("null");
        else j.plain(room);
        j.key("id").literal("null").key("game").literal("null").key("status").plain(pp::to_string(status));
        j.key("players").open('[').close(']').key("starting_stacks").open('[').close(']');
        j.key("results").literal("null").key("recorded_results").open('[').close(']');
        j.key("rake").literal("null").key("reason").text(reason).close('}');
        out.json = j.line();
    }
    out.note = pokerengine::printable(file) + ": " + std::string(pp::to_string(status)) + ": " + reason + "\n";
    return out;
}

// The reader of a file, chosen by its first lines; null when the file is done
// with (it could not be read, holds no hands, or no reader reads it: `emit`
// was given its line).
template <class Emit>
const pp::history_reader* choose_reader(const std::string& file, const settings& s, const std::ifstream& in,
                                        pp::history_stream& stream, Emit& emit) {
    if (!in) {
        emit(std::vector{unreadable(file, {}, pp::import_status::error, "cannot open the file", s)}, 0);
        return nullptr;
    }
    std::string_view head;
    try {
        head = stream.head();
    } catch (const pp::history_read_error& e) {
        emit(std::vector{unreadable(file, {}, pp::import_status::error, e.what(), s)}, 0);
        return nullptr;
    }
    if (stream.ended() && head.find_first_not_of(" \t\r\n\xEF\xBB\xBF") == std::string_view::npos) return nullptr;  // no hands
    const pp::history_reader* reader = s.from == "auto"   ? pp::detect_reader(head)
                                       : s.from == "acpc" ? s.acpc.get()
                                                          : pp::find_reader(s.from);
    if (!reader && s.from == "auto" && s.acpc && s.acpc->recognizes(head.substr(0, 4096))) reader = s.acpc.get();
    if (reader) return reader;
    if (s.from == "auto" && head.find("STATE:") != std::string_view::npos)
        emit(std::vector{unreadable(file, "acpc", pp::import_status::error,
                                    "an ACPC dealer log needs --acpc-game FILE, its game definition", s)},
             stream.bytes_read());
    else if (s.from == "auto")
        emit(std::vector{unreadable(file, {}, pp::import_status::error,
                                    "line 1: not the hand history of a room the importer knows", s)},
             stream.bytes_read());
    else
        emit(std::vector{unreadable(file, s.from, pp::import_status::unsupported,
                                    "the reader of " + s.from + " histories is not written yet", s)},
             stream.bytes_read());
    return nullptr;
}

// The hands of a file, a block at a time, on the driver's workers (threads, or
// the ranks of an MPI job, of which rank 0 alone reads the file): `emit` gets
// each block's reports in order and how many bytes of the file are done with
// them, on the merging process only.
template <class Emit>
void import_file(const std::string& file, const settings& s, pokerengine::block_driver& driver, Emit emit) {
    constexpr std::size_t block_bytes = 256 << 10;
    const bool reads = driver.merges();
    std::ifstream in;
    std::istringstream none;
    if (reads) in.open(file, std::ios::binary);
    // Chunks of at least four blocks a worker, so that every worker has hands to check.
    pp::history_stream stream{reads ? static_cast<std::istream&>(in) : none,
                              std::max(pp::history_stream::default_chunk_bytes,
                                       static_cast<std::size_t>(driver.workers()) * 4 * block_bytes)};
    const std::span<const pp::history_reader* const> all = pp::readers();
    // Rank 0 tells the others the reader: 0 for none, its place in `all` from 1, or ACPC's.
    const std::uint64_t acpc = all.size() + 1;
    std::uint64_t code = 0;
    if (reads) {
        const pp::history_reader* reader = choose_reader(file, s, in, stream, emit);
        if (reader == s.acpc.get() && reader) code = acpc;
        else if (reader) code = static_cast<std::uint64_t>(std::ranges::find(all, reader) - all.begin()) + 1;
    }
    code = driver.share_count(code);
    if (code == 0) return;
    const pp::history_reader& reader = code == acpc ? *s.acpc : *all[code - 1];
    try {
        pp::for_each_hand_block(
            stream, reader, file, driver,
            [&s](std::span<const pp::imported_hand> hands, pokerengine::block_writer& out) {
                out.word(hands.size());
                for (const pp::imported_hand& hand : hands) {
                    const hand_report r = report(hand, s);
                    out.word(r.ok ? 1 : 0);
                    out.text(r.json);
                    out.text(r.phh);
                    out.text(r.note);
                }
            },
            [&emit](pokerengine::block_reader& in, std::uint64_t bytes_done) {
                std::vector<hand_report> reports(in.word());
                for (hand_report& r : reports) {
                    r.ok = in.word() != 0;
                    r.json = in.text();
                    r.phh = in.text();
                    r.note = in.text();
                }
                emit(std::move(reports), bytes_done);
            },
            block_bytes);
    } catch (const pp::history_read_error& e) {
        if (reads)
            emit(std::vector{unreadable(file, std::string(reader.room()), pp::import_status::error, e.what(), s)},
                 stream.bytes_read());
    }
}

/// `poker import`: see import_details.
int run_import(const arguments& args) {
    if (args.positional().empty()) throw usage_error("'import' needs at least one FILE (see 'poker help import')");
    settings s;
    s.from = std::string(args.value("from").value_or("auto"));
    if (s.from == "acpc" && !args.value("acpc-game"))
        throw usage_error("--from acpc needs --acpc-game FILE, the game definition of the logs");
    if (const std::optional<std::string_view> game = args.value("acpc-game")) {
        std::ifstream in{std::string(*game), std::ios::binary};
        std::ostringstream text;
        text << in.rdbuf();
        if (!in) throw usage_error("--acpc-game: cannot read '" + pokerengine::printable(*game) + "'");
        try {
            s.acpc = pp::acpc_reader(text.view());
        } catch (const std::invalid_argument& e) {
            throw usage_error("--acpc-game '" + pokerengine::printable(*game) + "': " + e.what());
        }
    }
    s.options.lenient = args.flag("lenient");
    s.as_json = args.flag("json");
    const std::optional<std::string_view> phhs = args.value("phhs");
    s.phh = phhs.has_value() || !s.as_json;
    const std::unique_ptr<pokerengine::block_driver> driver =
        block_driver_for(static_cast<int>(args.whole("threads").value_or(default_threads())));
    std::optional<std::ofstream> out;
    if (phhs && driver->merges()) {
        out.emplace(std::string(*phhs), std::ios::binary);
        if (!*out) throw usage_error("--phhs: cannot write '" + pokerengine::printable(*phhs) + "'");
    }
    bool failed = false;
    std::size_t table = 0, total = 0, good = 0;
    const std::vector<std::string> files = history_files(args.positional());
    std::vector<std::optional<std::uintmax_t>> sizes;  // none: the file cannot be measured
    std::uintmax_t all_bytes = 0, bytes_before = 0;
    for (const std::string& file : files) {
        std::error_code ec;
        const std::uintmax_t size = std::filesystem::file_size(file, ec);
        sizes.push_back(ec ? std::nullopt : std::optional(size));
        all_bytes += sizes.back().value_or(0);
    }
    progress_line bar(args, "import", "hands");
    const auto share = [&](std::uintmax_t bytes) {
        return all_bytes ? std::min(1.0, static_cast<double>(bytes) / static_cast<double>(all_bytes)) : -1.0;
    };
    for (std::size_t f = 0; f < files.size(); ++f) {
        const std::string& file = files[f];
        std::uintmax_t file_bytes = 0;
        import_file(file, s, *driver, [&](const std::vector<hand_report>& reports, std::size_t bytes_done) {
            std::string json_lines, phh;
            for (const hand_report& r : reports) {
                ++total;
                good += r.ok ? 1 : 0;
                failed |= !r.ok;
                json_lines += r.json;
                if (!r.note.empty() && !s.as_json) {
                    bar.clear();
                    write_all(stderr, r.note);
                }
                if (r.phh.empty()) continue;
                phh += (table > 0 ? "\n[" : "[") + std::to_string(table + 1) + "]\n" + r.phh;
                ++table;
            }
            write_out(json_lines);
            if (out) *out << phh;
            else write_out(phh);
            file_bytes = bytes_done;
            bar(total, 0, share(bytes_before + bytes_done));
        });
        bytes_before += sizes[f].value_or(file_bytes);
    }
    bar(total, 0, share(bytes_before), true);
    bar.clear();
    if (out && !out->flush()) throw std::runtime_error("cannot write '" + std::string(*phhs) + "'");
    if (!s.as_json && driver->merges())
        write_all(stderr, std::to_string(total) + (total == 1 ? " hand, " : " hands, ") + std::to_string(good) +
                              " ok, " + std::to_string(total - good) + " not ok\n");
    return failed ? 1 : 0;
}

}  // namespace

const command import_command{"import", import_synopsis, import_summary, import_details, import_options_list, run_import};

}  // namespace poker_cli
