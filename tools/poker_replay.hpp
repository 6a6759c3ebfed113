#pragma once
// `poker replay`: replays every hand of PHH hand histories (.phh, .phhs) and
// reports, per hand, whether every action was legal and the finishing stacks.

#include <array>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pokerengine/phh.hpp"
#include "poker_args.hpp"
#include "poker_play.hpp"

namespace poker_cli {

inline constexpr std::array replay_options_list{
    option{"json", 0, "", "one JSON object per hand per line, in input order"},
    option{"lenient", 0, "", "accept what lenient reading allows (a fixed-limit raise to an opponent's whole stack)"},
    option{"profile", 0, "NAME", "rule profile: wsop-2024 (default), roberts or pokerkit"},
    option{"short-deck-order", 0, "ORDER", "NS hands: wsop (straight beats trips, the default) or triton"},
    option{"phh", 0, "", "print each replayed hand as a PHH document, as the engine writes it"},
};

inline constexpr std::string_view replay_synopsis =
    "poker replay FILE... [--json] [--lenient] [--profile wsop-2024|roberts|pokerkit]\n"
    "                    [--short-deck-order wsop|triton] [--phh]";

inline constexpr std::string_view replay_summary = "replay PHH hand histories, checking every action";

inline constexpr std::string_view replay_details =
    "Reads each FILE (a .phh hand or a .phhs file of tables [1], [2], ...) and replays\n"
    "every hand with the recorded cards, each action in turn, strictly by default:\n"
    "every action must be legal when it comes. Money is read from its decimal text\n"
    "(2067.40 stays exact) and printed in the file's own unit. One line per hand:\n"
    "  hands.phhs hand 3 [4]: ok | finishing stacks 7340000, 3775000, 5110000\n"
    "  bad.phh hand 0: error at action 12 'p3 cbr 1200': betting_not_reopened: ...\n"
    "A hand whose recorded finishing_stacks differ from the replay's says so.\n"
    "With --json, one JSON object per hand per line, in input order: {\"file\", \"hand\",\n"
    "\"table\", \"variant\", \"game\", \"status\" (\"ok\" or \"error\"), \"terminal\",\n"
    "\"starting_stacks\", \"finishing_stacks\" (decimal strings), \"winnings\", \"pots\":\n"
    "[{\"amount\", \"eligible\": [\"p1\", ...], \"shares\": [{\"half\", \"amount\", \"winners\",\n"
    "\"won\"}]}], \"recorded_finishing_stacks\", \"matches_recorded\", \"warnings\", and on\n"
    "error \"error\": {\"action_index\", \"action\", \"code\", \"message\"}}.\n"
    "Variants: NT, NS, PO, FT, FO/8, F7S, F7S/8, FR, N2L1D, F2L3D, FB, and x-<game>\n"
    "with _betting_structure for the engine's other games. Unknown cards (\?\?) are not\n"
    "read yet: such a hand is reported as an error.\n"
    "Exit status: 0 when every hand replayed and matched its recorded finishing\n"
    "stacks, 1 when any failed, 2 on usage errors (an unreadable file is a failed\n"
    "hand of that file).\n";

namespace replay_cli {

namespace pp = pokerengine::play;

inline std::vector<std::string> money(std::span<const pokerengine::chips> amounts, int decimals) {
    std::vector<std::string> out;
    for (pokerengine::chips c : amounts) out.push_back(pp::money_text(c, decimals));
    return out;
}

inline std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
    return out;
}

inline std::string seat_label(std::size_t seat) {
    std::string label = std::to_string(seat + 1);
    label.insert(label.begin(), 'p');
    return label;
}

inline nlohmann::ordered_json pots_json(const pp::hand_state& hand, int decimals) {
    nlohmann::ordered_json pots = nlohmann::ordered_json::array();
    for (const pokerengine::pot_result& p : hand.result().pots) {
        nlohmann::ordered_json pot{{"amount", pp::money_text(p.amount, decimals)},
                                   {"eligible", nlohmann::ordered_json::array()},
                                   {"shares", nlohmann::ordered_json::array()}};
        for (std::size_t e : p.eligible) pot["eligible"].push_back(seat_label(e));
        for (const pokerengine::pot_share& s : p.shares) {
            nlohmann::ordered_json share{{"half", s.half == pokerengine::pot_half::high ? "high" : "low"},
                                         {"amount", pp::money_text(s.amount, decimals)},
                                         {"winners", nlohmann::ordered_json::array()},
                                         {"won", money(s.won, decimals)}};
            for (std::size_t w : s.winners) share["winners"].push_back(seat_label(w));
            pot["shares"].push_back(share);
        }
        pots.push_back(pot);
    }
    return pots;
}

}  // namespace replay_cli

/// `poker replay`: see replay_details.
inline int run_replay(const arguments& args) {
    using namespace replay_cli;
    using json = nlohmann::ordered_json;
    if (args.positional().empty()) throw usage_error("'replay' needs at least one FILE (see 'poker help replay')");
    pp::replay_options options;
    if (auto p = args.value("profile")) {
        try {
            options.rules = pp::rule_profile::named(*p);
        } catch (const std::invalid_argument& e) {
            throw usage_error(std::string("--profile: ") + e.what());
        }
    }
    options.lenient = args.flag("lenient");
    pp::phh_read_options read_options;
    if (auto order = args.value("short-deck-order")) {
        if (*order != "wsop" && *order != "triton")
            throw usage_error("--short-deck-order must be wsop or triton, got '" + std::string(*order) + "'");
        read_options.triton_short_deck = *order == "triton";
    }
    const bool as_json = args.flag("json");
    bool failed = false;
    for (std::string_view file : args.positional()) {
        std::vector<pp::phh_hand> hands;
        try {
            std::ifstream in{std::string(file), std::ios::binary};
            if (!in) throw pp::phh_error(std::string(file) + ": cannot open the file");
            std::ostringstream text;
            text << in.rdbuf();
            if (in.bad()) throw pp::phh_error(std::string(file) + ": cannot read the file");
            hands = pp::read_phh(text.str(), file, read_options);
        } catch (const pp::phh_error& e) {
            failed = true;
            if (as_json) {
                json j{{"file", std::string(file)}, {"hand", nullptr}, {"status", "error"}, {"terminal", false},
                       {"error", {{"action_index", nullptr}, {"action", nullptr}, {"code", "unreadable"},
                                  {"message", e.what()}}}};
                play_cli::emit(j.dump() + "\n");
            } else {
                play_cli::emit(std::string(file) + ": error: " + e.what() + "\n");
            }
            continue;
        }
        for (const pp::phh_hand& hand : hands) {
            const pp::replay_result r = pp::replay(hand, options);
            const int d = hand.decimals;
            const bool terminal = r.state && r.state->is_complete();
            std::vector<std::string> finishing;
            if (r.state) finishing = money(r.state->stacks(), d);
            const bool matches = !hand.finishing_stacks || !terminal ||
                                 std::equal(hand.finishing_stacks->begin(), hand.finishing_stacks->end(),
                                            r.state->stacks().begin(), r.state->stacks().end());
            const bool ok = r.ok && matches && (terminal || !hand.finishing_stacks);
            failed |= !ok;
            const std::string name = pokerengine::printable(hand.file) + " hand " + std::to_string(hand.index) +
                                     (hand.table.empty() ? std::string() : " [" + hand.table + "]");
            if (as_json) {
                json j;
                j["file"] = hand.file;
                j["hand"] = hand.index;
                j["table"] = hand.table.empty() ? json(nullptr) : json(hand.table);
                j["variant"] = hand.variant;
                j["game"] = std::string(pokerengine::traits_of(hand.config.game).name);
                j["status"] = ok ? "ok" : "error";
                j["terminal"] = terminal;
                j["starting_stacks"] = money(hand.config.starting_stacks, d);
                j["finishing_stacks"] = finishing;
                j["winnings"] = r.state ? json(money(r.state->payouts(), d)) : json::array();
                j["pots"] = terminal ? pots_json(*r.state, d) : json::array();
                j["recorded_finishing_stacks"] =
                    hand.finishing_stacks ? json(money(*hand.finishing_stacks, d)) : json(nullptr);
                j["matches_recorded"] = hand.finishing_stacks ? json(matches && terminal) : json(nullptr);
                j["warnings"] = r.warnings;
                if (!r.ok) {
                    j["error"] = {{"action_index", r.action ? json(*r.action) : json(nullptr)},
                                  {"action", r.action ? json(r.action_text) : json(nullptr)},
                                  {"code", r.code},
                                  {"message", r.error}};
                } else if (!ok) {
                    j["error"] = {{"action_index", nullptr}, {"action", nullptr},
                                  {"code", terminal ? "finishing_stacks_differ" : "hand_incomplete"},
                                  {"message", terminal ? "the replay's finishing stacks differ from the recorded ones"
                                                       : "the actions end before the hand does"}};
                }
                play_cli::emit(j.dump() + "\n");
            } else {
                std::string line = name + ": ";
                if (!r.ok) {
                    line += "error" + (r.action ? " at action " + std::to_string(*r.action) + " '" +
                                                      pokerengine::printable(r.action_text) + "'"
                                                : std::string()) +
                            ": " + r.code + ": " + r.error;
                } else if (!terminal) {
                    line += std::string(hand.finishing_stacks ? "error: " : "ok: ") +
                            "the actions end before the hand does | stacks " + joined(finishing);
                } else {
                    line += std::string(matches ? "ok" : "error: the recorded finishing stacks are " +
                                                             joined(money(*hand.finishing_stacks, d))) +
                            " | finishing stacks " + joined(finishing);
                }
                for (const std::string& w : r.warnings) line += " | warning: " + w;
                play_cli::emit(line + "\n");
            }
            if (args.flag("phh") && r.state) play_cli::emit(pp::write_phh(*r.state, d));
        }
    }
    return failed ? 1 : 0;
}

}  // namespace poker_cli
