// Reading the command line with CLI11 (cli.hpp): each subcommand's options are
// declared from its table with their checks, and CLI11's errors become the
// tool's usage errors by their type.

#include "cli.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

namespace poker_cli {

std::string must_be_wording(const option& o, std::string_view given) {
    if (!o.choices.empty())
        return fmt::format("--{} must be {}, got '{}'", o.name, fmt::join(o.choices, " or "), given);
    return fmt::format("--{} must be a whole number from {} to {}, got '{}'", o.name, o.least, o.most, given);
}

arguments::arguments(const command& c) : command_(&c), given_(c.options.size()) {}

std::size_t arguments::index_of(std::string_view name) const {
    const auto options = command_->options;
    const auto it = std::ranges::find(options, name, &option::name);
    // Asking for an option the command does not declare is a mistake in the tool, not in the call.
    if (it == options.end())
        throw std::logic_error("'" + std::string(command_->name) + "' has no option --" + std::string(name));
    return static_cast<std::size_t>(it - options.begin());
}

std::optional<std::string_view> arguments::value(std::string_view name) const {
    const std::vector<std::string>& given = given_[index_of(name)];
    if (given.empty()) return std::nullopt;
    return std::string_view(given.front());
}

std::vector<std::string_view> arguments::values(std::string_view name) const {
    const std::vector<std::string>& given = given_[index_of(name)];
    return {given.begin(), given.end()};
}

std::optional<std::uint64_t> arguments::whole(std::string_view name) const {
    const std::optional<std::string_view> text = value(name);
    if (!text) return std::nullopt;
    std::uint64_t n = 0;
    std::from_chars(text->data(), text->data() + text->size(), n);  // checked while parsing
    return n;
}

std::optional<double> arguments::real(std::string_view name) const {
    const std::optional<std::string_view> text = value(name);
    if (!text) return std::nullopt;
    double x = 0;
    std::from_chars(text->data(), text->data() + text->size(), x);  // checked while parsing
    return x;
}

void arguments::set_positional(std::vector<std::string> words) {
    positional_ = std::move(words);
    positional_view_.assign(positional_.begin(), positional_.end());
}

void arguments::expect_positional(std::size_t min, std::size_t max, std::string_view what) const {
    const std::string name(command_->name);
    if (positional_.size() < min)
        throw usage_error("'" + name + "' needs " + std::string(what) + " (see 'poker help " + name + "')");
    if (positional_.size() > max)
        throw usage_error("'" + name + "' takes " + std::string(what) + " but got " + std::to_string(positional_.size()) +
                          " (see 'poker help " + name + "')");
}

usage_error arguments::number_error(std::string_view name, std::string_view given) const {
    return usage_error(command_->wording(command_->options[index_of(name)], given));
}

namespace {

// Whether `text` is a value of `o`; a number is rewritten in its plain decimal
// form, the one `arguments::whole` and `arguments::real` read back.
bool accepted(const option& o, std::string& text) {
    if (!o.choices.empty()) return std::ranges::find(o.choices, text) != o.choices.end();
    const char* first = text.data();
    const char* last = first + text.size();
    if (o.kind == value_kind::whole) {
        std::uint64_t n = 0;
        auto [end, error] = std::from_chars(first, last, n);
        if (text.empty() || error != std::errc{} || end != last) return false;
        std::string plain = std::to_string(n);
        if (!CLI::Range(o.least, o.most)(plain).empty()) return false;
        text = std::move(plain);
        return true;
    }
    if (o.kind == value_kind::positive_real) {
        double x = 0;
        auto [end, error] = std::from_chars(first, last, x);
        if (text.empty() || error != std::errc{} || end != last || !std::isfinite(x) || !(x > 0)) return false;
        std::string plain = fmt::format("{}", x);
        if (!CLI::Range(0.0, static_cast<double>(o.most))(plain).empty()) return false;
        text = std::move(plain);
        return true;
    }
    return true;
}

// A subcommand's options declared on its CLI11 app, and what was given read back.
class declared_command {
public:
    declared_command(const command& c, CLI::App& app) : command_(&c), app_(&app) {
        app.set_help_flag();  // the tool's own help text, not CLI11's
        app.allow_extras();   // unknown options are reported by `read`, naming the command
        help_ = app.add_flag("-h,--help")->disable_flag_override();
        for (const option& o : c.options) {
            std::string spec = o.short_name ? std::string{'-', o.short_name} + ",--" : std::string("--");
            spec += o.name;
            CLI::Option* added = o.takes_value()
                                     ? app.add_option(spec)->type_name(std::string(o.value_name))->expected(1)
                                     : app.add_flag(spec)->disable_flag_override();
            // CLI11 counts repeats; `read` names an option given twice.
            added->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)->allow_extra_args(false);
            if (o.kind != value_kind::text || !o.choices.empty())
                added->check(CLI::Validator(
                    [&o, &c](std::string& text) -> std::string {
                        if (!accepted(o, text)) throw usage_error(c.wording(o, text));
                        return {};
                    },
                    std::string(o.value_name)));
            options_.push_back(added);
        }
        for (const option_constraint& k : c.constraints) {
            CLI::Option* first = find(k.option);
            CLI::Option* second = find(k.other);
            if (k.kind == constraint_kind::excludes)
                first->excludes(second);
            else
                first->needs(second);
        }
        words_ = app.add_option("words")->expected(0, -1)->allow_extra_args();
    }

    const command& which() const { return *command_; }
    bool help() const { return help_->count() > 0; }

    // The words of `command ARGS...` to give CLI11. An empty inline value
    // (`--board=`) is kept as an empty value; a flag given a value and a
    // valued option without one are usage errors, found here rather than
    // guessed from CLI11's message.
    std::vector<std::string> prepared(std::span<char* const> words) const {
        std::vector<std::string> out;
        bool options_ended = false;  // after `--` every word is an argument
        for (std::size_t i = 0; i < words.size(); ++i) {
            const std::string_view w = words[i];
            options_ended = options_ended || w == "--";
            if (!options_ended) {
                const std::size_t equals = w.find('=');
                const option* o = spec_of(w.substr(0, equals));
                const bool is_help = w.substr(0, equals) == "--help" || w.substr(0, equals) == "-h";
                if (((o && !o->takes_value()) || is_help) && equals != std::string_view::npos && w.starts_with("--"))
                    throw usage_error("option --" + std::string(o ? o->name : "help") + " takes no value");
                if (o && o->takes_value() && equals == std::string_view::npos &&
                    (i + 1 == words.size() || is_option_word(words[i + 1])))
                    throw usage_error("option --" + std::string(o->name) + " needs a value (" +
                                      std::string(o->value_name) + ")");
                if (o && o->takes_value() && equals + 1 == w.size() && w.starts_with("--")) {
                    out.emplace_back(w.substr(0, equals));
                    out.emplace_back();
                    continue;
                }
            }
            out.emplace_back(w);
        }
        return out;
    }

    // The usage error of a broken constraint, if CLI11's error is one.
    std::optional<usage_error> constraint_error(const CLI::ParseError& e) const {
        if (!dynamic_cast<const CLI::ExcludesError*>(&e) && !dynamic_cast<const CLI::RequiresError*>(&e))
            return std::nullopt;
        for (const option_constraint& k : command_->constraints) {
            const bool first = find(k.option)->count() > 0, second = find(k.other)->count() > 0;
            if (first && (k.kind == constraint_kind::excludes ? second : !second))
                return usage_error("--" + std::string(k.option) + " " + std::string(k.text));
        }
        return std::nullopt;
    }

    // After CLI11's parse: an unknown option or an option given twice is a
    // usage error; otherwise the values and positional words.
    arguments read() const {
        for (const std::string& w : app_->remaining())
            throw usage_error("unknown option " + w + " for '" + std::string(command_->name) + "'");
        arguments args(*command_);
        for (std::size_t i = 0; i < options_.size(); ++i) {
            const option& o = command_->options[i];
            if (options_[i]->count() > 1 && !o.repeatable)
                throw usage_error("option --" + std::string(o.name) + " given twice");
            args.set(i, o.takes_value() ? options_[i]->results()
                                        : std::vector<std::string>(options_[i]->count(), std::string()));
        }
        args.set_positional(words_->results());
        return args;
    }

private:
    // The option a word names (`--board`, `-b`), or none.
    const option* spec_of(std::string_view word) const {
        for (const option& o : command_->options) {
            if (word.size() > 2 && word.starts_with("--") && word.substr(2) == o.name) return &o;
            if (o.short_name && word.size() == 2 && word[0] == '-' && word[1] == o.short_name) return &o;
        }
        return nullptr;
    }
    bool is_option_word(std::string_view word) const {
        return word == "-h" || word == "--help" || word == "--" || spec_of(word.substr(0, word.find('='))) != nullptr;
    }
    CLI::Option* find(std::string_view name) const {
        const auto it = std::ranges::find(command_->options, name, &option::name);
        return options_[static_cast<std::size_t>(it - command_->options.begin())];
    }

    const command* command_;
    CLI::App* app_;
    std::vector<CLI::Option*> options_;  // one per option, in order
    CLI::Option* help_ = nullptr;
    CLI::Option* words_ = nullptr;
};

}  // namespace

parsed_line parse_command_line(std::span<const command* const> commands, std::span<char* const> words) {
    CLI::App app{"", "poker"};
    app.set_help_flag();  // the tool's own help texts
    app.allow_extras();   // an unknown command or option is reported below, by name
    app.require_subcommand(0, 1);
    const CLI::Option* help_flag = app.add_flag("-h,--help")->disable_flag_override();
    const CLI::Option* version_flag = app.add_flag("--version")->disable_flag_override();
    CLI::App* help_command = app.add_subcommand("help");
    help_command->set_help_flag();
    help_command->allow_extras();
    const CLI::Option* help_words = help_command->add_option("command")->expected(0, -1)->allow_extra_args();

    std::vector<declared_command> declared;
    declared.reserve(commands.size());  // the callbacks below keep pointers into it
    const declared_command* chosen = nullptr;
    for (const command* c : commands) {
        CLI::App* sub = app.add_subcommand(std::string(c->name));
        const declared_command& d = declared.emplace_back(*c, *sub);
        sub->preparse_callback([&chosen, &d](std::size_t) { chosen = &d; });
    }

    std::vector<std::string> line(words.begin(), words.end());
    for (const declared_command& d : declared)
        if (!words.empty() && d.which().name == line[0]) {
            line = d.prepared(words.subspan(1));
            line.insert(line.begin(), std::string(d.which().name));
        }
    std::reverse(line.begin(), line.end());  // CLI11 reads the words from the back
    try {
        app.parse(line);
    } catch (const CLI::ParseError& e) {
        if (!chosen) throw usage_error(std::string(e.what()) + " (see 'poker help')");
        if (std::optional<usage_error> broken = chosen->constraint_error(e)) throw *broken;
        throw usage_error(std::string(chosen->which().name) + ": " + e.what());
    }

    parsed_line out;
    if (version_flag->count() > 0) {
        if (words.size() > 1) throw usage_error("--version takes no arguments");
        out.what = parsed_line::request::version;
        return out;
    }
    for (const std::string& w : app.remaining()) {
        if (w.starts_with("-")) throw usage_error("unknown option " + w + " (see 'poker help')");
        throw usage_error("unknown command '" + w + "' (see 'poker help')");
    }
    if (help_command->parsed()) {
        const std::vector<std::string>& names = help_words->results();
        if (names.size() > 1) throw usage_error("'help' takes at most one command name");
        if (names.empty() || names[0] == "help") return out;
        const auto it = std::ranges::find_if(commands, [&](const command* c) { return c->name == names[0]; });
        if (it == commands.end()) throw usage_error("unknown command '" + names[0] + "' (see 'poker help')");
        out.what = parsed_line::request::command_help;
        out.chosen = *it;
        return out;
    }
    if (!chosen) {
        if (help_flag->count() > 0) return out;
        throw usage_error("missing command (see 'poker help')");
    }
    out.chosen = &chosen->which();
    arguments args = chosen->read();
    if (chosen->help()) {
        out.what = parsed_line::request::command_help;
        return out;
    }
    out.what = parsed_line::request::run;
    out.args.emplace(std::move(args));
    return out;
}

std::string describe_options(std::span<const option> options) {
    std::vector<std::string> left;
    for (const option& o : options)
        left.push_back(fmt::format("{}--{}{}{}", o.short_name ? fmt::format("-{}, ", o.short_name) : "    ", o.name,
                                   o.takes_value() ? " " : "", o.value_name));
    const std::string help_left = "-h, --help";
    std::size_t width = help_left.size();
    for (const std::string& l : left) width = std::max(width, l.size());
    std::string out = "options:\n";
    for (std::size_t i = 0; i < options.size(); ++i) out += fmt::format("  {:<{}}{}\n", left[i], width + 2, options[i].help);
    return out + fmt::format("  {:<{}}{}\n", help_left, width + 2, "show this help");
}

// ---------------------------------------------------------------------------
// Rule options

namespace {

constexpr std::string_view rules_help_text =
    "Rules (--rules NAME):\n"
    "  high             high poker (the default)\n"
    "  ace-to-five      low, aces low, straights and flushes ignored: 5-4-3-2-A best (razz)\n"
    "  ace-to-six       low, aces low, straights and flushes count: 6-4-3-2-A best\n"
    "  deuce-to-seven   low, aces high, straights and flushes count: 7-5-4-3-2 best\n"
    "  eight-or-better  ace-to-five low of five ranks 8 or lower, else no low\n"
    "  short-deck       36 cards (6 to A): flush beats full house, three of a kind\n"
    "                   beats straight (Six-Plus/Triton order)\n"
    "  short-deck-wsop  36 cards: flush beats full house, straight beats three of a kind\n"
    "  badugi           four cards: the most cards of different ranks and suits, then\n"
    "                   the lowest (A-2-3-4 of four suits best)\n"
    "\n"
    "Wild cards (--wild SPEC, --bug, --double-ace-flush, --paytable):\n"
    "  --wild SPEC         SPEC is a comma list of ranks (2: the four deuces), cards\n"
    "                      (Js,Jh: the one-eyed jacks) or the word jokers. A wild card\n"
    "                      may be any card: five of a kind is the best high hand, and a\n"
    "                      natural hand ties an equal wild one. With high, ace-to-five,\n"
    "                      eight-or-better, ace-to-six and deuce-to-seven.\n"
    "  --bug               the jokers are bugs: in high hands an ace or a card that\n"
    "                      completes a straight, flush or straight flush; in ace-to-five\n"
    "                      and eight-or-better the lowest card the hand lacks. Without\n"
    "                      --wild the jokers are the bugs.\n"
    "  --double-ace-flush  with --wild, high: a wild card may duplicate the ace of its\n"
    "                      flush (As 2s Ks 7s 4s, deuces wild, is an A-A-K-7-4 flush)\n"
    "  --paytable          with --wild, high: the video-poker pay-table order, natural\n"
    "                      royal flush > four deuces > wild royal flush > five of a kind;\n"
    "                      with jokers alone joker poker's: natural royal flush > five\n"
    "                      of a kind > wild royal flush\n"
    "A hand may hold jokers (Xx, at most two) only when they are wild. A combination\n"
    "of options with no rules (--bug --wild 2, --wild 2 with short-deck, ...) is a\n"
    "usage error.\n";

// Whether `text` names every rule set the engine knows.
consteval bool names_every_rule_set(std::string_view text) {
    for (std::string_view name : pokerengine::rules::names)
        if (text.find(name) == std::string_view::npos) return false;
    return true;
}
static_assert(names_every_rule_set(rules_help_text), "the rules help must list every name in rules::names");

}  // namespace

const std::string_view rules_help = rules_help_text;

std::string rule_options::header_lines() const {
    std::string out = "rules: " + std::string(name()) + "\n";
    if (!wild_spec.empty()) out += "wild: " + wild_spec + "\n";
    if (wild().bug) out += "bug\n";
    if (wild().double_ace_flush) out += "double-ace flush\n";
    if (wild().paytable) out += "pay-table order\n";
    return out;
}

rule_options rule_options::from(const arguments& args) {
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
            throw usage_error("--wild" + (message.find(quoted) == std::string::npos ? " " + quoted : "") + ": " +
                              message);
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

}  // namespace poker_cli
