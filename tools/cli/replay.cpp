// `poker replay`: replays every hand of PHH hand histories (.phh, .phhs) and
// reports, per hand, whether every action was legal and the finishing stacks.

#include <algorithm>
#include <array>
#include <deque>
#include <memory>
#include <filesystem>
#include <span>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "pokerengine/phh.hpp"
#include "pokerengine/thread_pool.hpp"
#include "commands.hpp"
#include "distributed.hpp"
#include "output.hpp"
#include "profile_option.hpp"

namespace poker_cli {
namespace {

constexpr std::array short_deck_orders{std::string_view("wsop"), std::string_view("triton")};

constexpr std::array replay_options_list{
    option{"json", 0, "", "one JSON object per hand per line, in input order"},
    option{"lenient", 0, "", "accept what lenient reading allows (a fixed-limit raise to an opponent's whole stack)"},
    option{"profile", 0, "NAME",
           "replay every hand under rule profile wsop-2024, roberts or pokerkit (default: the one each hand records, "
           "else wsop-2024)"},
    option{"short-deck-order", 0, "ORDER", "NS hands: wsop (straight beats trips, the default) or triton", false,
           value_kind::text, 0, 0, short_deck_orders},
    option{"phh", 0, "", "print each replayed hand as a PHH document, as the engine writes it"},
    whole_option({"threads", 't', "N", "replay on N threads (default: every core); the output is the same"}, 1,
                 pokerengine::max_threads),
    progress_option,
    quiet_option,
};

constexpr std::string_view replay_synopsis =
    "poker replay FILE... [--json] [--lenient] [--profile wsop-2024|roberts|pokerkit]\n"
    "                    [--short-deck-order wsop|triton] [--phh] [--threads N] [--progress | --quiet]";

constexpr std::string_view replay_summary = "replay PHH hand histories, checking every action";

constexpr std::string_view replay_details =
    "Reads each FILE (a .phh hand or a .phhs file of tables [1], [2], ...) and replays\n"
    "every hand with the recorded cards, each action in turn, strictly by default:\n"
    "every action must be legal when it comes, under the rule profile the hand\n"
    "records (_rule_profile; wsop-2024 when it records none) or the --profile given.\n"
    "Money is read from its decimal text (2067.40 stays exact) and printed in the\n"
    "file's own unit. One line per hand:\n"
    "  hands.phhs hand 3 [4]: ok | finishing stacks 7340000, 3775000, 5110000\n"
    "  bad.phh hand 0: error at action 12 'p3 cbr 1200': betting_not_reopened: ...\n"
    "A hand whose recorded finishing_stacks differ from the replay's says so.\n"
    "With --json, one JSON object per hand per line, in input order: {\"file\", \"hand\",\n"
    "\"table\", \"variant\", \"game\", \"status\" (\"ok\" or \"error\"), \"terminal\",\n"
    "\"starting_stacks\", \"finishing_stacks\" (decimal strings), \"winnings\", \"pots\":\n"
    "[{\"amount\", \"eligible\": [\"p1\", ...], \"undetermined\", \"shares\": [{\"half\",\n"
    "\"amount\", \"winners\", \"won\"}]}], \"undetermined\" (chips of undetermined pots),\n"
    "\"recorded_finishing_stacks\", \"matches_recorded\", \"warnings\", and on\n"
    "error \"error\": {\"action_index\", \"action\", \"code\", \"message\"}}.\n"
    "Variants: NT, NS, PO, FT, FO/8, F7S, F7S/8, FR, N2L1D, F2L3D, FB, and x-<game>\n"
    "with _betting_structure for the engine's other games. Unknown cards (\?\?) are\n"
    "dealt as stand-ins; a pot whose showdown needs them is undetermined (its chips\n"
    "in no one's finishing stack, \"undetermined\" in JSON) and the hand is not terminal.\n"
    "A file over 64 MiB, or a pipe (/dev/stdin), is streamed in bounded memory:\n"
    "its hands in file order, a hand that cannot be read one error line naming\n"
    "its line and byte, the hands after it still replayed. --progress shows the\n"
    "progress line on standard error when it is not a terminal; --quiet never.\n"
    "Exit status: 0 when every hand replayed and matched its recorded finishing\n"
    "stacks, 1 when any failed, 2 on usage errors (an unreadable file is a failed\n"
    "hand of that file).\n";


namespace pp = pokerengine::play;

std::vector<std::string> money(std::span<const pokerengine::chips> amounts, int decimals) {
    std::vector<std::string> out;
    for (pokerengine::chips c : amounts) out.push_back(pp::money_text(c, decimals));
    return out;
}

std::string seat_label(std::size_t seat) {
    std::string label = std::to_string(seat + 1);
    label.insert(label.begin(), 'p');
    return label;
}

void write_money(json_writer& j, std::span<const pokerengine::chips> amounts, int decimals) {
    j.open('[');
    for (pokerengine::chips c : amounts) j.plain(pp::money_text(c, decimals));
    j.close(']');
}

void write_seats(json_writer& j, std::span<const std::size_t> seats) {
    j.open('[');
    for (std::size_t s : seats) j.plain(seat_label(s));
    j.close(']');
}

// A replayed hand's stacks and winnings with the chips of undetermined pots
// (unknown cards) given to no one.
struct determined_chips {
    std::vector<pokerengine::chips> stacks, winnings;
    pokerengine::chips undetermined = 0;
};

determined_chips determined(const pp::replay_result& r) {
    determined_chips out;
    if (!r.state) return out;
    out.stacks.assign(r.state->stacks().begin(), r.state->stacks().end());
    out.winnings.assign(r.state->payouts().begin(), r.state->payouts().end());
    if (r.undetermined.empty()) return out;
    const std::vector<pokerengine::pot_result> pots = r.state->pot_results();
    for (std::size_t p : r.undetermined) {
        out.undetermined += pots[p].amount;
        for (const pokerengine::pot_share& s : pots[p].shares)
            for (std::size_t k = 0; k < s.winners.size(); ++k) {
                out.stacks[s.winners[k]] -= s.won[k];
                out.winnings[s.winners[k]] -= s.won[k];
            }
    }
    return out;
}

void write_pots(json_writer& j, const pp::replay_result& r, int decimals) {
    j.open('[');
    const std::vector<pokerengine::pot_result> pots = r.state->pot_results();
    for (std::size_t index = 0; index < pots.size(); ++index) {
        const pokerengine::pot_result& p = pots[index];
        const bool undetermined = std::ranges::find(r.undetermined, index) != r.undetermined.end();
        j.open('{').key("amount").plain(pp::money_text(p.amount, decimals));
        j.key("eligible");
        write_seats(j, p.eligible);
        j.key("undetermined").boolean(undetermined);
        j.key("shares").open('[');
        for (const pokerengine::pot_share& s : p.shares) {
            if (undetermined) break;
            j.open('{').key("half").plain(s.half == pokerengine::pot_half::high ? "high" : "low");
            j.key("amount").plain(pp::money_text(s.amount, decimals));
            j.key("winners");
            write_seats(j, s.winners);
            j.key("won");
            write_money(j, s.won, decimals);
            if (r.state->runouts() > 1) j.key("board").number(static_cast<std::uint64_t>(s.runout) + 1);
            j.close('}');
        }
        j.close(']').close('}');
    }
    j.close(']');
}

// What replaying one hand prints, and whether it failed.
struct hand_report {
    std::string text;
    bool failed = false;
};

struct replay_settings {
    pp::replay_options options;
    pp::phh_read_options read_options;
    bool as_json = false;
    bool phh = false;
};

hand_report unreadable(std::string_view file, std::optional<std::size_t> index, const pp::phh_error& e,
                              bool as_json) {
    hand_report out{{}, true};
    if (as_json) {
        json j{{"file", std::string(file)},
               {"hand", index ? json(*index) : json(nullptr)},
               {"status", "error"},
               {"terminal", false},
               {"error", {{"action_index", e.action() ? json(*e.action()) : json(nullptr)},
                          {"action", e.action() ? json(e.action_text()) : json(nullptr)},
                          {"code", "unreadable"},
                          {"message", e.what()}}}};
        out.text = json_line(j);
    } else {
        out.text = pokerengine::printable(file) + (index ? " hand " + std::to_string(*index) : std::string()) +
                   ": error: " + e.what() + "\n";
    }
    return out;
}

hand_report replayed(const pp::phh_hand& hand, const pp::replay_result& r, const replay_settings& settings) {
    hand_report out;
    const bool as_json = settings.as_json;
    const int d = hand.decimals;
    const determined_chips chips = determined(r);
    const bool complete = r.state && r.state->is_complete();
    const bool terminal = complete && r.undetermined.empty();
    // With undetermined pots, the recorded stacks must be the determined
    // ones plus a share of those pots.
    bool matches = !hand.finishing_stacks || !complete || hand.finishing_stacks->size() != chips.stacks.size();
    if (!matches) {
        pokerengine::chips rest = chips.undetermined;
        matches = true;
        for (std::size_t s = 0; s < chips.stacks.size(); ++s) {
            const pokerengine::chips extra = (*hand.finishing_stacks)[s] - chips.stacks[s];
            matches &= extra >= 0 && (extra == 0 || chips.undetermined > 0);
            rest -= extra;
        }
        matches &= rest == 0;
    }
    const bool ok = r.ok && matches && (complete || !hand.finishing_stacks);
    out.failed = !ok;
    const std::string name = pokerengine::printable(hand.file) + " hand " + std::to_string(hand.index) +
                             (hand.table.empty() ? std::string() : " [" + hand.table + "]");
    if (as_json) {
        json_writer j;
        j.open('{').key("file").text(hand.file).key("hand").number(hand.index).key("table");
        if (hand.table.empty()) j.literal("null");
        else j.text(hand.table);
        j.key("variant").text(hand.variant);
        j.key("game").plain(pokerengine::traits_of(hand.config.game).name);
        j.key("status").plain(ok ? "ok" : "error").key("terminal").boolean(terminal);
        j.key("starting_stacks");
        write_money(j, hand.config.starting_stacks, d);
        j.key("finishing_stacks");
        write_money(j, chips.stacks, d);
        j.key("winnings");
        write_money(j, chips.winnings, d);
        j.key("pots");
        if (complete) write_pots(j, r, d);
        else j.open('[').close(']');
        j.key("undetermined").plain(pp::money_text(chips.undetermined, d));
        j.key("recorded_finishing_stacks");
        if (hand.finishing_stacks) write_money(j, *hand.finishing_stacks, d);
        else j.literal("null");
        j.key("matches_recorded");
        if (hand.finishing_stacks) j.boolean(matches && complete);
        else j.literal("null");
        j.key("warnings").open('[');
        for (const std::string& w : r.warnings) j.text(w);
        j.close(']');
        if (!r.ok) {
            j.key("error").open('{').key("action_index");
            if (r.action) j.number(*r.action).key("action").text(r.action_text);
            else j.literal("null").key("action").literal("null");
            j.key("code").plain(r.code).key("message").text(r.error).close('}');
        } else if (!ok) {
            j.key("error").open('{').key("action_index").literal("null").key("action").literal("null");
            j.key("code").plain(complete ? "finishing_stacks_differ" : "hand_incomplete");
            j.key("message").plain(complete ? "the replay's finishing stacks differ from the recorded ones"
                                            : "the actions end before the hand does");
            j.close('}');
        }
        j.close('}');
        out.text += j.line();
    } else {
        std::string line = name + ": ";
        if (!r.ok) {
            line += "error" + (r.action ? " at action " + std::to_string(*r.action) + " '" +
                                              pokerengine::printable(r.action_text) + "'"
                                        : std::string()) +
                    ": " + r.code + ": " + r.error;
        } else if (!complete) {
            line += std::string(hand.finishing_stacks ? "error: " : "ok: ") +
                    "the actions end before the hand does | stacks " + joined(money(chips.stacks, d), ", ");
        } else {
            line += std::string(matches ? "ok" : "error: the recorded finishing stacks are " +
                                                     joined(money(*hand.finishing_stacks, d), ", ")) +
                    " | finishing stacks " + joined(money(chips.stacks, d), ", ");
            if (chips.undetermined > 0)
                line += " | " + pp::money_text(chips.undetermined, d) +
                        " undetermined: the showdown needs unknown cards";
        }
        for (const std::string& w : r.warnings) line += " | warning: " + w;
        out.text += line + "\n";
    }
    if (settings.phh && r.state) out.text += pp::write_phh(*r.state, d, r.stand_ins);
    return out;
}

hand_report replay_hand(const pp::phh_document& document, std::size_t index, const replay_settings& settings) {
    pp::phh_hand hand;
    try {
        hand = document.hand(index);
    } catch (const pp::phh_error& e) {
        return unreadable(document.file(), index, e, settings.as_json);
    }
    return replayed(hand, pp::replay(hand, settings.options), settings);
}

// A file as the merging process found it and tells the other processes: to be
// streamed (large, or a pipe), read whole (its text), or not readable (why).
enum class file_kind : std::uint64_t { whole, stream, unreadable };

constexpr std::size_t small_file_hands = 64;
constexpr std::size_t hands_per_block = 256;
constexpr std::size_t hands_per_round = 2048;  // of a streamed file, for each worker
constexpr std::uintmax_t whole_file_bytes = std::uintmax_t{64} << 20;

pokerengine::block_result look_at(const std::string& file) {
    pokerengine::block_writer w;
    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(file, error);
    if (!error && (!std::filesystem::is_regular_file(status) || std::filesystem::file_size(file, error) > whole_file_bytes) &&
        !error && !std::filesystem::is_directory(status)) {
        w.word(static_cast<std::uint64_t>(file_kind::stream));
        return w.take();
    }
    std::ifstream in{file, std::ios::binary};
    std::ostringstream text;
    if (in) text << in.rdbuf();
    const bool read = in && !in.bad();
    w.word(static_cast<std::uint64_t>(read ? file_kind::whole : file_kind::unreadable));
    w.text(read ? text.view() : std::string_view(file + (in ? ": cannot read the file" : ": cannot open the file")));
    return w.take();
}

// Replays the files, their hands in blocks on the driver's workers (threads,
// or the ranks of an MPI job), and writes each file's lines in input order.
class replayer {
public:
    replayer(const replay_settings& settings, pokerengine::block_driver& driver, progress_line& bar, std::size_t files)
        : settings_(settings), driver_(driver), bar_(bar), files_(files) {}

    void file(const std::string& name, pokerengine::block_result words) {
        ++files_seen_;
        driver_.share_words(words);
        pokerengine::block_reader r{words};
        const auto kind = static_cast<file_kind>(r.word());
        if (kind == file_kind::stream) return stream(name);
        if (kind == file_kind::unreadable) return written(unreadable(name, std::nullopt, pp::phh_error(std::string(r.text())), settings_.as_json));
        try {
            documents_.emplace_back(r.text(), name, settings_.read_options);
        } catch (const pp::phh_error& e) {
            return written(unreadable(name, std::nullopt, e, settings_.as_json));
        }
        const std::size_t hands = documents_.back().size();
        const std::size_t step = hands <= small_file_hands ? hands : hands_per_block;
        for (std::size_t first = 0; first < hands; first += step)
            pending_.push_back({documents_.size() - 1, first, std::min(hands, first + step), {}});
        if (pending_.size() >= static_cast<std::size_t>(driver_.workers()) * 16) flush();
    }

    // Replays what is pending and writes it.
    void flush() {
        if (pending_.empty()) return;  // the same on every process: what is pending is shared
        const std::vector<pokerengine::block_result> results = driver_.run(0, pending_.size(), [&](std::uint64_t b) {
            const piece& p = pending_[b];
            if (p.document == no_document) return pokerengine::block_result{};
            pokerengine::block_writer w;
            std::string text;
            std::uint64_t failed = 0;
            for (std::size_t i = p.first; i < p.last; ++i) {
                hand_report h = replay_hand(documents_[p.document], i, settings_);
                text += h.text;
                failed += h.failed ? 1 : 0;
            }
            w.word(failed);
            w.text(text);
            return w.take();
        });
        std::string text;
        for (std::size_t b = 0; b < results.size(); ++b) {
            text += pending_[b].text;
            if (pending_[b].document == no_document) continue;
            pokerengine::block_reader r{results[b]};
            failed_ |= r.word() > 0;
            text += r.text();
            hands_ += pending_[b].last - pending_[b].first;
        }
        write_out(text);
        bar_(hands_, 0, static_cast<double>(files_seen_) / static_cast<double>(files_));
        pending_.clear();
        documents_.clear();
    }

    bool failed() const { return failed_; }

private:
    static constexpr std::size_t no_document = static_cast<std::size_t>(-1);
    struct piece {
        std::size_t document, first, last;  // hands [first, last) of a document, or
        std::string text;                   // with no document: a line already made
    };

    void written(const hand_report& h) {
        pending_.push_back({no_document, 0, 0, h.text});
        failed_ |= h.failed;
    }

    // A file read in rounds in bounded memory by the merging process, its
    // hands replayed in blocks everywhere.
    void stream(const std::string& name) {
        flush();
        std::ifstream in;
        std::istringstream none;
        if (driver_.merges()) in.open(name, std::ios::binary);
        if (!driver_.share(driver_.merges() && in.is_open())) {
            written(unreadable(name, std::nullopt, pp::phh_error(name + ": cannot open the file"), settings_.as_json));
            return flush();
        }
        pp::phh_stream stream{driver_.merges() ? static_cast<std::istream&>(in) : none, name, settings_.read_options};
        const std::uint64_t before = hands_;
        const auto share = [&stream] {
            const std::uint64_t total = stream.bytes_total();
            return total ? static_cast<double>(stream.bytes_read()) / static_cast<double>(total) : -1.0;
        };
        const auto report = [&](const pp::streamed_hand& s) {
            hand_report h = s.error ? unreadable(name, s.table.before_tables ? std::nullopt : std::optional(s.table.index),
                                                 *s.error, settings_.as_json)
                                    : replayed(*s.hand, *s.result, settings_);
            return pp::replayed_text{std::move(h.text), h.failed};
        };
        std::uint64_t done = 0;
        const auto write = [&](std::string_view text, std::uint64_t hands, std::uint64_t failed) {
            done += hands;
            failed_ |= failed > 0;
            write_out(text);
        };
        pokerengine::progress_callback progress;
        if (bar_.shown())
            progress = [&](std::uint64_t, std::uint64_t) { bar_(before + done, 0, share()); };
        try {
            pp::replay_stream(stream, settings_.options, report, write, driver_,
                              hands_per_round * static_cast<std::size_t>(driver_.workers()), progress);
        } catch (const pp::phh_error& e) {
            write_out(unreadable(name, std::nullopt, e, settings_.as_json).text);
            failed_ = true;
        }
        hands_ += done;
        bar_(hands_, 0, share(), true);
    }

    const replay_settings& settings_;
    pokerengine::block_driver& driver_;
    progress_line& bar_;
    std::size_t files_, files_seen_ = 0;
    std::deque<pp::phh_document> documents_;
    std::vector<piece> pending_;
    std::uint64_t hands_ = 0;
    bool failed_ = false;
};

/// `poker replay`: see replay_details.
int run_replay(const arguments& args) {
    if (args.positional().empty()) throw usage_error("'replay' needs at least one FILE (see 'poker help replay')");
    replay_settings settings;
    pp::replay_options& options = settings.options;
    options.rules = profile_of(args);
    options.lenient = args.flag("lenient");
    pp::phh_read_options& read_options = settings.read_options;
    read_options.triton_short_deck = args.value("short-deck-order") == "triton";
    settings.as_json = args.flag("json");
    settings.phh = args.flag("phh");
    const auto threads = static_cast<int>(args.whole("threads").value_or(default_threads()));
    const std::unique_ptr<pokerengine::block_driver> driver = block_driver_for(threads);
    const std::vector<std::string> files(args.positional().begin(), args.positional().end());
    progress_line bar(args, "replay", "hands");
    replayer replay{settings, *driver, bar, files.size()};
    // Files are looked at and read a batch at a time on the merging process's threads.
    constexpr std::size_t files_per_batch = 256;
    for (std::size_t first = 0; first < files.size(); first += files_per_batch) {
        const std::size_t count = std::min(files_per_batch, files.size() - first);
        std::vector<pokerengine::block_result> read(count);
        if (driver->merges())
            pokerengine::run_parallel(std::min<unsigned>(static_cast<unsigned>(threads), static_cast<unsigned>(count)),
                                      [&](unsigned t, pokerengine::stop_token) {
                                          for (std::size_t i = t; i < count; i += static_cast<unsigned>(threads))
                                              read[i] = look_at(files[first + i]);
                                      });
        for (std::size_t i = 0; i < count; ++i) replay.file(files[first + i], std::move(read[i]));
        replay.flush();
    }
    return replay.failed() ? 1 : 0;
}

}  // namespace

const command replay_command{"replay", replay_synopsis, replay_summary, replay_details, replay_options_list, run_replay};

}  // namespace poker_cli
