#pragma once
// Command-line arguments for the `poker` tool: each subcommand declares its
// options as data and one parser reads them, so every subcommand accepts the
// same spellings (`--board CARDS`, `--board=CARDS`, `-b CARDS`, `--` to end options).
// The options that choose the rules of play are shared too: see `rule_options`.

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pokerengine/rules.hpp"

namespace poker_cli {

/// A mistake in how the tool was called (unknown option, missing argument):
/// reported with exit status 2, unlike bad cards, which give 1.
class usage_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// One option of a subcommand. An empty `value_name` makes it a flag.
///
///     constexpr option board{"board", 'b', "CARDS", "shared cards, 0 to 5"};
struct option {
    std::string_view name;        // long name without the dashes: "board"
    char short_name = 0;          // 'b' for -b, 0 for none
    std::string_view value_name;  // "CARDS"; empty for a flag
    std::string_view help;
    bool repeatable = false;      // may be given several times (--player A --player B)

    constexpr bool takes_value() const { return !value_name.empty(); }
};

/// The options and positional arguments of one subcommand call.
///
///     arguments args{"showdown", options, {argv + 2, argv + argc}};
///     std::optional<std::string_view> board = args.value("board");
///     bool json = args.flag("json");
class arguments {
public:
    /// Parses `words` against `options`; `-h`/`--help` is always known.
    /// Throws `usage_error` for an unknown option, a missing value, a value
    /// given to a flag, or an option given twice.
    arguments(std::string_view command, std::span<const option> options, std::span<char* const> words)
        : command_(command), options_(options) {
        bool options_ended = false;
        for (std::size_t i = 0; i < words.size(); ++i) {
            std::string_view word = words[i];
            if (options_ended || word.size() < 2 || word[0] != '-') {
                positional_.push_back(word);
                continue;
            }
            if (word == "--") {
                options_ended = true;
                continue;
            }
            std::string_view name, value;
            bool has_inline_value = false;
            const option* spec = nullptr;
            if (word.starts_with("--")) {
                name = word.substr(2);
                if (std::size_t eq = name.find('='); eq != std::string_view::npos) {
                    value = name.substr(eq + 1);
                    name = name.substr(0, eq);
                    has_inline_value = true;
                }
                if (name == "help") {
                    help_ = true;
                    if (has_inline_value) throw usage_error("option --help takes no value");
                    continue;
                }
                spec = find_long(name);
                if (!spec) throw usage_error("unknown option --" + std::string(name) + " for '" + std::string(command) + "'");
            } else {
                if (word.size() != 2) throw usage_error("unknown option " + std::string(word) + " for '" + std::string(command) + "' (short options are not combined)");
                if (word[1] == 'h') {
                    help_ = true;
                    continue;
                }
                spec = find_short(word[1]);
                if (!spec) throw usage_error("unknown option " + std::string(word) + " for '" + std::string(command) + "'");
                name = spec->name;
            }
            if (count(spec->name) > 0 && !spec->repeatable) throw usage_error("option --" + std::string(spec->name) + " given twice");
            if (spec->takes_value()) {
                if (!has_inline_value) {
                    if (i + 1 == words.size())
                        throw usage_error("option --" + std::string(spec->name) + " needs a value (" +
                                          std::string(spec->value_name) + ")");
                    value = words[++i];
                }
            } else if (has_inline_value) {
                throw usage_error("option --" + std::string(spec->name) + " takes no value");
            }
            given_.emplace_back(spec->name, value);
        }
    }

    /// Whether `-h` or `--help` was given.
    bool help() const { return help_; }
    /// Whether the flag or valued option `name` was given.
    bool flag(std::string_view name) const { return count(name) > 0; }
    /// The value of option `name`, if it was given.
    std::optional<std::string_view> value(std::string_view name) const {
        for (const auto& [n, v] : given_)
            if (n == name) return v;
        return std::nullopt;
    }
    /// Every value of a repeatable option, in the order given.
    std::vector<std::string_view> values(std::string_view name) const {
        std::vector<std::string_view> all;
        for (const auto& [n, v] : given_)
            if (n == name) all.push_back(v);
        return all;
    }
    /// Words that are not options, in order.
    const std::vector<std::string_view>& positional() const { return positional_; }

    /// Throws `usage_error` unless there are `min` to `max` positional arguments.
    void expect_positional(std::size_t min, std::size_t max, std::string_view what) const {
        if (positional_.size() < min)
            throw usage_error("'" + std::string(command_) + "' needs " + std::string(what) + " (see 'poker help " +
                              std::string(command_) + "')");
        if (positional_.size() > max)
            throw usage_error("'" + std::string(command_) + "' takes " + std::string(what) + " but got " +
                              std::to_string(positional_.size()) + " (see 'poker help " + std::string(command_) +
                              "')");
    }

private:
    const option* find_long(std::string_view name) const {
        auto it = std::find_if(options_.begin(), options_.end(), [&](const option& o) { return o.name == name; });
        return it == options_.end() ? nullptr : &*it;
    }
    const option* find_short(char c) const {
        auto it = std::find_if(options_.begin(), options_.end(), [&](const option& o) { return o.short_name == c; });
        return it == options_.end() ? nullptr : &*it;
    }
    std::size_t count(std::string_view name) const {
        return static_cast<std::size_t>(
            std::count_if(given_.begin(), given_.end(), [&](const auto& g) { return g.first == name; }));
    }

    std::string_view command_;
    std::span<const option> options_;
    std::vector<std::string_view> positional_;
    std::vector<std::pair<std::string_view, std::string_view>> given_;
    bool help_ = false;
};

/// Usage text for the options of a subcommand, one aligned line each.
inline std::string describe_options(std::span<const option> options) {
    std::vector<std::string> left;
    left.reserve(options.size() + 1);
    std::size_t width = 0;
    for (const option& o : options) {
        std::string l = o.short_name ? std::string{'-', o.short_name} + ", " : std::string("    ");
        l += "--" + std::string(o.name);
        if (o.takes_value()) l += " " + std::string(o.value_name);
        width = std::max(width, l.size());
        left.push_back(std::move(l));
    }
    const std::string help_left = "-h, --help";
    width = std::max(width, help_left.size());
    std::string out = "options:\n";
    for (std::size_t i = 0; i < options.size(); ++i)
        out += "  " + left[i] + std::string(width - left[i].size() + 2, ' ') + std::string(options[i].help) + "\n";
    out += "  " + help_left + std::string(width - help_left.size() + 2, ' ') + "show this help\n";
    return out;
}

// ---------------------------------------------------------------------------
// Rule options: how hands are ranked, shared by every subcommand that evaluates
// hands: `--rules`, `--wild`, `--bug`, `--double-ace-flush`, `--paytable`. They
// live in `rule_option_list` and `rule_options`, so every such subcommand gets them at once.

/// `--rules NAME` (`-r NAME`): one of `pokerengine::rules::names`.
inline constexpr option rules_option{"rules", 'r', "NAME", "rank hands by the rule set NAME (default: high)"};
/// `--wild SPEC`: the wild cards, read by `pokerengine::parse_wild_cards`.
inline constexpr option wild_option{"wild", 0, "SPEC",
                                    "wild cards: a comma list of ranks (2), cards (Js,Jh) or the word jokers"};
/// `--bug`: the jokers are bugs (aces, or cards that complete straights and flushes).
inline constexpr option bug_option{"bug", 0, "", "the jokers are bugs: aces, or completing straights and flushes"};
/// `--double-ace-flush`: the house rule that a wild card may duplicate the ace of its flush.
inline constexpr option double_ace_flush_option{"double-ace-flush", 0, "",
                                                "a wild card may duplicate the ace of its flush (house rule)"};
/// `--paytable`: the video-poker pay-table order instead of the table order.
inline constexpr option paytable_option{"paytable", 0, "",
                                        "rank in the video-poker pay-table order (deuces wild, joker poker)"};

/// Whether `text` names every rule set the engine knows: help that lists the
/// rule sets checks itself with it at compile time.
consteval bool names_every_rule_set(std::string_view text) {
    for (std::string_view name : pokerengine::rules::names)
        if (text.find(name) == std::string_view::npos) return false;
    return true;
}

/// The rule options, in the order the help lists them.
inline constexpr std::array rule_option_list{rules_option, wild_option, bug_option, double_ace_flush_option,
                                             paytable_option};

/// A subcommand's own options followed by the rule options:
///
///     constexpr auto eval_options = with_rule_options(std::array{json_option});
template <std::size_t N>
constexpr std::array<option, N + rule_option_list.size()> with_rule_options(const std::array<option, N>& own) {
    std::array<option, N + rule_option_list.size()> all{};
    std::size_t i = 0;
    for (const option& o : own) all[i++] = o;
    for (const option& o : rule_option_list) all[i++] = o;
    return all;
}

/// The rules of play chosen by the rule options of one call.
///
///     rule_options chosen = rule_options::from(args);  // --rules deuce-to-seven --wild 2
///     chosen.rules.visit([&](const auto& ev) { /* the whole command, with one evaluator type */ });
struct rule_options {
    pokerengine::rules rules;  // high unless --rules was given
    bool rules_given = false;  // whether --rules was given
    std::string wild_spec;     // the --wild SPEC as given; "jokers" for --bug alone; empty without wild cards

    std::string_view name() const { return rules.name(); }
    const pokerengine::wild_options& wild() const { return rules.wild_settings(); }
    /// Whether any rule option was given (eval then prints a `rules:` line).
    bool any_given() const { return rules_given || wild().any(); }

    /// Reads the rule options of `args`. Throws `usage_error` for an unknown
    /// rules name (with the engine's message that lists the valid names), a
    /// bad wild-card list (quoting it), and a combination of options the
    /// engine has no rules for (with the engine's message).
    static rule_options from(const arguments& args) {
        rule_options chosen;
        std::string_view name = pokerengine::rules::names[0];
        if (std::optional<std::string_view> given = args.value(rules_option.name)) {
            name = *given;
            chosen.rules_given = true;
        }
        try {
            (void)pokerengine::rules::parse(name);  // an unknown name is reported before a bad wild-card list
        } catch (const pokerengine::rules_error& e) {
            throw usage_error(e.what());
        }
        pokerengine::wild_options wild;
        if (std::optional<std::string_view> spec = args.value(wild_option.name)) {
            try {
                wild.cards = pokerengine::parse_wild_cards(*spec);
            } catch (const std::invalid_argument& e) {  // parse_error
                // Quote the whole SPEC, unless the engine's message already does.
                std::string message = e.what(), quoted = "\"" + std::string(*spec) + "\"";
                throw usage_error("--wild" + (message.find(quoted) == std::string::npos ? " " + quoted : "") +
                                  ": " + message);
            }
            chosen.wild_spec = *spec;
        }
        wild.bug = args.flag(bug_option.name);
        if (wild.bug && chosen.wild_spec.empty()) chosen.wild_spec = "jokers";  // the jokers are the bugs
        wild.double_ace_flush = args.flag(double_ace_flush_option.name);
        wild.paytable = args.flag(paytable_option.name);
        try {
            chosen.rules = pokerengine::rules::parse(name, wild);
        } catch (const pokerengine::rules_error& e) {
            throw usage_error(e.what());
        }
        return chosen;
    }
};

}  // namespace poker_cli
