#pragma once
// The parts every subcommand of the `poker` tool shares: options declared as
// data (typed and checked by CLI11 while the command line is read), what was
// parsed, the usage error, the command table's row, and the rule options.
// Only cli.cpp sees CLI11.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "pokerengine/rules.hpp"

namespace poker_cli {

/// A mistake in how the tool was called (unknown option, missing argument, a
/// value out of range): exit status 2, unlike bad cards, which give 1.
class usage_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// What an option's value must be. CLI11 checks it while reading the command
/// line, so a subcommand reads a number that is already in range.
enum class value_kind : std::uint8_t {
    text,           // any text, checked by the subcommand
    whole,          // a whole number from `least` to `most`, decimal digits only
    positive_real,  // a number above 0 and at most `most`
};

/// One option of a subcommand. An empty `value_name` makes it a flag.
///
///     constexpr option threads{"threads", 't', "N", "threads (default 1)", false, value_kind::whole, 1, 256};
struct option {
    std::string_view name;        // long name without the dashes: "board"
    char short_name = 0;          // 'b' for -b, 0 for none
    std::string_view value_name;  // "CARDS"; empty for a flag
    std::string_view help;
    bool repeatable = false;      // may be given several times (--player A --player B)
    value_kind kind = value_kind::text;
    std::uint64_t least = 0, most = UINT64_MAX;  // the bounds of a number
    std::span<const std::string_view> choices = {};  // when not empty: the only values accepted

    constexpr bool takes_value() const { return !value_name.empty(); }
};

/// A whole-number option: `whole_option({"seats", 'n', "N", "players, 2 to 10"}, 2, 10)`.
constexpr option whole_option(option o, std::uint64_t least, std::uint64_t most = UINT64_MAX) {
    o.kind = value_kind::whole;
    o.least = least;
    o.most = most;
    return o;
}

/// How two options of one subcommand depend on each other.
enum class constraint_kind {
    excludes,  // `option` and `other` are not given together
    needs,     // `option` is given only with `other`
};

/// A constraint between two options, with the usage error that breaking it
/// gives: `--OPTION` and then `text`.
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
    for (std::size_t i = 0; i < N; ++i) all[i] = first[i];
    for (std::size_t i = 0; i < M; ++i) all[N + i] = second[i];
    return all;
}

/// The same constraint of each of the options `options` against `other`.
template <std::size_t N>
constexpr std::array<option_constraint, N> each_constraint(const std::array<option, N>& options, std::string_view other,
                                                           constraint_kind kind, std::string_view text) {
    std::array<option_constraint, N> all{};
    for (std::size_t i = 0; i < N; ++i) all[i] = {options[i].name, other, kind, text};
    return all;
}

/// The usage error of a number option whose value `given` is not a number or
/// is out of its bounds. Each subcommand words it as its documentation does.
using number_wording = std::string (*)(const option&, std::string_view given);

/// `--NAME must be a whole number from LEAST to MOST, got 'GIVEN'`: the wording of play and replay.
std::string must_be_wording(const option& o, std::string_view given);

class arguments;

/// One subcommand: a row of the command table in tools/poker.cpp, defined in its own file.
struct command {
    std::string_view name;
    std::string_view synopsis;
    std::string_view summary;
    std::string_view details;
    std::span<const option> options;
    int (*run)(const arguments&);
    std::span<const option_constraint> constraints = {};
    number_wording wording = must_be_wording;
};

/// The options and positional arguments of one subcommand call, as CLI11 read
/// and checked them.
///
///     std::optional<std::string_view> board = args.value("board");
///     std::uint64_t threads = args.whole("threads").value_or(1);
///     bool json = args.flag("json");
class arguments {
public:
    explicit arguments(const command& c);

    const command& which() const { return *command_; }
    /// Whether the flag or valued option `name` was given.
    bool flag(std::string_view name) const { return !values(name).empty(); }
    /// The value of option `name`, if it was given.
    std::optional<std::string_view> value(std::string_view name) const;
    /// Every value of a repeatable option, in the order given.
    std::vector<std::string_view> values(std::string_view name) const;
    /// The value of a whole-number option, already checked against its bounds.
    std::optional<std::uint64_t> whole(std::string_view name) const;
    /// The value of a positive-real option, already checked against its bounds.
    std::optional<double> real(std::string_view name) const;
    /// Words that are not options, in order.
    const std::vector<std::string_view>& positional() const { return positional_view_; }

    /// Throws `usage_error` unless there are `min` to `max` positional arguments.
    void expect_positional(std::size_t min, std::size_t max, std::string_view what) const;
    /// The usage error of option `name` with the value `given`, in the subcommand's wording.
    usage_error number_error(std::string_view name, std::string_view given) const;

    // Filled by the parser (cli.cpp).
    void set(std::size_t option_index, std::vector<std::string> given) { given_[option_index] = std::move(given); }
    void set_positional(std::vector<std::string> words);

private:
    std::size_t index_of(std::string_view name) const;

    const command* command_;
    std::vector<std::vector<std::string>> given_;  // per option, in the order of `command::options`
    std::vector<std::string> positional_;
    std::vector<std::string_view> positional_view_;
};

/// What the command line asks for.
struct parsed_line {
    enum class request { general_help, version, command_help, run } what = request::general_help;
    const command* chosen = nullptr;  // command_help and run
    std::optional<arguments> args;    // run
};

/// Reads the command line with CLI11: `--help`, `--version`, `help [COMMAND]`
/// and one subcommand with its options. Throws `usage_error`.
parsed_line parse_command_line(std::span<const command* const> commands, std::span<char* const> words);

/// Usage text for the options of a subcommand, one aligned line each.
std::string describe_options(std::span<const option> options);

// ---------------------------------------------------------------------------
// Rule options: how hands are ranked, shared by every subcommand that evaluates
// hands: `--rules`, `--wild`, `--bug`, `--double-ace-flush`, `--paytable`.

inline constexpr option rules_option{"rules", 'r', "NAME", "rank hands by the rule set NAME (default: high)"};
inline constexpr option wild_option{"wild", 0, "SPEC",
                                    "wild cards: a comma list of ranks (2), cards (Js,Jh) or the word jokers"};
inline constexpr option bug_option{"bug", 0, "", "the jokers are bugs: aces, or completing straights and flushes"};
inline constexpr option double_ace_flush_option{"double-ace-flush", 0, "",
                                                "a wild card may duplicate the ace of its flush (house rule)"};
inline constexpr option paytable_option{"paytable", 0, "",
                                        "rank in the video-poker pay-table order (deuces wild, joker poker)"};

/// The rule options, in the order the help lists them.
inline constexpr std::array rule_option_list{rules_option, wild_option, bug_option, double_ace_flush_option,
                                             paytable_option};

/// A subcommand's own options followed by the rule options.
template <std::size_t N>
constexpr std::array<option, N + rule_option_list.size()> with_rule_options(const std::array<option, N>& own) {
    return concatenated(own, rule_option_list);
}

/// `--json`, the same words in every subcommand that prints one JSON object.
inline constexpr option json_option{"json", 0, "", "print one JSON object instead of text"};

/// The rule sets and wild-card options, appended to the help of every subcommand that takes --rules.
extern const std::string_view rules_help;

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
    /// `rules: NAME` and a line per wild-card option given, as eval and odds print them.
    std::string header_lines() const;

    /// Reads the rule options of `args`; every problem is a usage error.
    static rule_options from(const arguments& args);
};

}  // namespace poker_cli
