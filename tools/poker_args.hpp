#pragma once
// Command-line arguments for the `poker` tool: each subcommand declares its
// options as data, and CLI11 reads them, so every subcommand accepts the same
// spellings (`--board CARDS`, `--board=CARDS`, `-b CARDS`, `--` to end options).
// Options that exclude or need each other are declared to CLI11 as such
// (`option_constraint`). The options that choose the rules of play are shared
// too: see `rule_options`.

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <range/v3/range/conversion.hpp>
#include <range/v3/view/transform.hpp>

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

/// How two options of one subcommand depend on each other.
enum class constraint_kind {
    excludes,  // `option` and `other` are not given together
    needs,     // `option` is given only with `other`
};

/// A constraint between two options, with the usage error that breaking it
/// gives: `--OPTION` and then `text`.
///
///     constexpr option_constraint svg_needs_grid{"svg", "grid", constraint_kind::needs, "goes with --grid RANGE"};
struct option_constraint {
    std::string_view option;
    std::string_view other;
    constraint_kind kind;
    std::string_view text;  // the message after "--OPTION "
};

/// Two arrays as one, the items of `first` first.
template <class T, std::size_t N, std::size_t M>
constexpr std::array<T, N + M> concatenated(const std::array<T, N>& first, const std::array<T, M>& second) {
    std::array<T, N + M> all{};
    std::copy(first.begin(), first.end(), all.begin());
    std::copy(second.begin(), second.end(), all.begin() + N);
    return all;
}

/// The same constraint of each of the options `names` against `other`:
///
///     constexpr auto by_reels = each_constraint(std::array<std::string_view, 2>{"deck", "cards"}, "reels",
///                                               constraint_kind::excludes, "does not go with --reels");
template <class Name, std::size_t N>
constexpr std::array<option_constraint, N> each_constraint(const std::array<Name, N>& names, std::string_view other,
                                                           constraint_kind kind, std::string_view text) {
    std::array<option_constraint, N> all{};
    for (std::size_t i = 0; i < N; ++i) {
        if constexpr (std::is_same_v<Name, option>)
            all[i] = {names[i].name, other, kind, text};
        else
            all[i] = {names[i], other, kind, text};
    }
    return all;
}

/// The options and positional arguments of one subcommand call, as CLI11 read them.
///
///     CLI::App app;
///     arguments args{"showdown", options, constraints, *app.add_subcommand("showdown")};
///     app.parse(words);   // then args.finish(): unknown options, options given twice
///     std::optional<std::string_view> board = args.value("board");
///     bool json = args.flag("json");
class arguments {
public:
    /// Declares `options` (and `-h`/`--help`, and the positional words) on the
    /// CLI11 subcommand `app`, and each constraint between them.
    arguments(std::string_view command, std::span<const option> options,
              std::span<const option_constraint> constraints, CLI::App& app)
        : command_(command), options_(options), constraints_(constraints), app_(&app) {
        app.set_help_flag();  // the tool's own help text, not CLI11's
        app.allow_extras();   // unknown options are reported by finish(), naming the command
        help_ = app.add_flag("-h,--help")->disable_flag_override();
        for (const option& o : options) {
            std::string spec = o.short_name ? std::string{'-', o.short_name} + ",--" : std::string("--");
            spec += o.name;
            CLI::Option* added = o.takes_value()
                                     ? app.add_option(spec)->type_name(std::string(o.value_name))->expected(1)
                                     : app.add_flag(spec)->disable_flag_override();
            // CLI11 counts repeats; finish() names an option given twice.
            added->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)->allow_extra_args(false);
            cli_options_.push_back(added);
        }
        for (const option_constraint& c : constraints) {
            CLI::Option* first = find(c.option);
            CLI::Option* second = find(c.other);
            if (c.kind == constraint_kind::excludes)
                first->excludes(second);
            else
                first->needs(second);
        }
        words_ = app.add_option("words")->expected(0, -1)->allow_extra_args();
    }

    /// The words of a command line to give CLI11 for `command ARGS...`: an
    /// empty inline value (`--board=`) is kept as an empty value.
    std::vector<std::string> prepared(std::span<char* const> words) const {
        std::vector<std::string> out;
        bool options_ended = false;  // after `--` every word is an argument
        for (std::string_view w : words) {
            options_ended = options_ended || w == "--";
            if (!options_ended && w.size() > 3 && w.starts_with("--") && w.ends_with("=")) {
                const option* spec = find_spec(w.substr(2, w.size() - 3));
                if (spec && spec->takes_value()) {
                    out.emplace_back(w.substr(0, w.size() - 1));
                    out.emplace_back();
                    continue;
                }
            }
            out.emplace_back(w);
        }
        return out;
    }

    /// After CLI11's parse: throws `usage_error` for an unknown option or an
    /// option given twice, and collects the positional words.
    void finish() {
        for (const std::string& w : app_->remaining())
            throw usage_error("unknown option " + w + " for '" + std::string(command_) + "'");
        for (std::size_t i = 0; i < options_.size(); ++i)
            if (cli_options_[i]->count() > 1 && !options_[i].repeatable)
                throw usage_error("option --" + std::string(options_[i].name) + " given twice");
        for (const std::string& w : words_->results()) positional_.push_back(w);
    }

    /// The usage error for a CLI11 parse error of this subcommand: the broken
    /// constraint's message, or which option lacks its value or was given one.
    usage_error translate(const CLI::ParseError& e) const {
        if (dynamic_cast<const CLI::ExcludesError*>(&e) || dynamic_cast<const CLI::RequiresError*>(&e)) {
            for (const option_constraint& c : constraints_) {
                const bool first = flag(c.option), second = flag(c.other);
                if (first && (c.kind == constraint_kind::excludes ? second : !second))
                    return usage_error("--" + std::string(c.option) + " " + std::string(c.text));
            }
        }
        const std::string what = e.what();
        for (const option& o : options_) {
            const std::string long_name = "--" + std::string(o.name);
            if (!what.starts_with(long_name + ":") && !what.starts_with(std::string(o.name) + " ")) continue;
            if (!o.takes_value()) return usage_error("option " + long_name + " takes no value");
            return usage_error("option " + long_name + " needs a value (" + std::string(o.value_name) + ")");
        }
        if (what.starts_with("help ")) return usage_error("option --help takes no value");
        return usage_error(std::string(command_) + ": " + what);
    }

    /// Whether `-h` or `--help` was given.
    bool help() const { return help_->count() > 0; }
    /// Whether the flag or valued option `name` was given.
    bool flag(std::string_view name) const { return find(name)->count() > 0; }
    /// The value of option `name`, if it was given.
    std::optional<std::string_view> value(std::string_view name) const {
        const CLI::Option* o = find(name);
        if (o->count() == 0) return std::nullopt;
        return std::string_view(o->results().front());
    }
    /// Every value of a repeatable option, in the order given.
    std::vector<std::string_view> values(std::string_view name) const {
        const std::vector<std::string>& given = find(name)->results();
        return {given.begin(), given.end()};
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
    const option* find_spec(std::string_view name) const {
        auto it = std::find_if(options_.begin(), options_.end(), [&](const option& o) { return o.name == name; });
        return it == options_.end() ? nullptr : &*it;
    }
    // The CLI11 option of `name`; asking for an option the command does not
    // declare is a mistake in the tool, not in the call.
    CLI::Option* find(std::string_view name) const {
        const option* spec = find_spec(name);
        if (!spec) throw std::logic_error("'" + std::string(command_) + "' has no option --" + std::string(name));
        return cli_options_[static_cast<std::size_t>(spec - options_.data())];
    }

    std::string_view command_;
    std::span<const option> options_;
    std::span<const option_constraint> constraints_;
    CLI::App* app_;
    std::vector<CLI::Option*> cli_options_;  // one per option, in order
    CLI::Option* help_ = nullptr;
    CLI::Option* words_ = nullptr;
    std::vector<std::string_view> positional_;
};

/// Usage text for the options of a subcommand, one aligned line each.
inline std::string describe_options(std::span<const option> options) {
    const auto spelled = [](const option& o) {
        return fmt::format("{}--{}{}{}", o.short_name ? fmt::format("-{}, ", o.short_name) : "    ", o.name,
                           o.takes_value() ? " " : "", o.value_name);
    };
    const std::vector<std::string> left = options | ranges::views::transform(spelled) | ranges::to<std::vector>();
    const std::string help_left = "-h, --help";
    std::size_t width = help_left.size();
    for (const std::string& l : left) width = std::max(width, l.size());
    std::string out = "options:\n";
    for (std::size_t i = 0; i < options.size(); ++i) out += fmt::format("  {:<{}}{}\n", left[i], width + 2, options[i].help);
    return out + fmt::format("  {:<{}}{}\n", help_left, width + 2, "show this help");
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
    return concatenated(own, rule_option_list);
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
