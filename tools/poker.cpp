// The `poker` command-line tool: evaluate, compare and rank poker hands, settle
// pots, play and replay hands. Each subcommand is its own file in tools/cli/;
// this file lists them and prints the help, the version and the bash completion.
// Names, options and output formats are documented in docs/cli.md and are
// relied on by scripts: change them only together with that file.

#include <algorithm>
#include <array>
#include <cstdio>
#include <exception>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "pokerengine/games.hpp"
#include "pokerengine/rules.hpp"
#include "cli/commands.hpp"
#include "cli/distributed.hpp"
#include "cli/output.hpp"

// The version of meson.build, given by the build.
#ifndef POKERENGINE_VERSION
#error "POKERENGINE_VERSION is defined by tools/meson.build"
#endif

namespace poker_cli {
namespace {

constexpr std::string_view version = POKERENGINE_VERSION;

int run_completion(const arguments& args);

const command completion_command{
    "completion", "poker completion bash", "print a bash completion script for every command and option",
         "Prints a bash script that completes the commands of poker, the options of\n"
         "each one, rule set names after --rules, game names after --game, and file\n"
         "names where a FILE is asked for. Load it in the current shell:\n"
         "  source <(poker completion bash)\n"
         "or install it for every shell:\n"
         "  poker completion bash > /usr/share/bash-completion/completions/poker\n",
    {},
    run_completion,
};

// One entry per subcommand; `poker help` lists them in this order.
std::span<const command* const> commands() {
    static constexpr std::array table{&eval_command,  &compare_command,     &showdown_command, &equity_command,
                                      &games_command, &odds_command,        &video_poker_command,
                                      &play_command,  &replay_command,      &import_command,   &stats_command,
                                      &icm_command,   &serve_command,       &bot_command,      &demo_command,
                                      &completion_command};
    return table;
}

template <class Items, class Text>
std::string words(const Items& items, Text&& text, std::string_view separator = " ") {
    return joined(items, [&](const auto& item) { return std::string(text(item)); }, separator);
}

// `poker completion bash`: the commands, each command's options, and what
// follows an option that takes a value, all read from `commands()`.
int run_completion(const arguments& args) {
    args.expect_positional(1, 1, "the name of a shell, bash");
    if (args.positional()[0] != "bash")
        throw usage_error("'completion' knows the shell bash, not '" + std::string(args.positional()[0]) + "'");
    std::string cases;
    for (const command* row : commands()) {
        const command& c = *row;
        if (c.name == "completion") continue;  // below: it completes its one argument
        std::string options = "-h --help";
        std::string file_options;
        for (const option& o : c.options) {
            options += " --" + std::string(o.name);
            if (o.short_name) options += std::string(" -") + o.short_name;
            if (o.value_name == "FILE")
                file_options += (file_options.empty() ? "" : "|") + std::string("--") + std::string(o.name);
        }
        cases += "        " + std::string(c.name) + ")\n            options='" + options + "'\n";
        if (!file_options.empty()) cases += "            file_options='" + file_options + "'\n";
        cases += "            ;;\n";
    }
    // After any other option that takes a value, nothing is offered.
    std::vector<std::string> valued;
    for (const command* c : commands())
        for (const option& o : c->options)
            if (o.takes_value()) {
                valued.push_back("--" + std::string(o.name));
                if (o.short_name) valued.push_back(std::string("-") + o.short_name);
            }
    std::sort(valued.begin(), valued.end());
    valued.erase(std::unique(valued.begin(), valued.end()), valued.end());
    std::string out =
        "# bash completion for poker (pokerengine " + std::string(version) + "): source <(poker completion bash)\n"
        "_poker() {\n"
        "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
        "    local commands='" + words(commands(), [](const command* c) { return c->name; }) + " help'\n"
        "    if [[ $COMP_CWORD -eq 1 ]]; then\n"
        "        COMPREPLY=($(compgen -W \"$commands --help -h --version\" -- \"$cur\"))\n"
        "        return\n"
        "    fi\n"
        "    local options='' file_options='' files=false\n"
        "    case ${COMP_WORDS[1]} in\n" + cases +
        "        help)\n"
        "            [[ $COMP_CWORD -eq 2 ]] && COMPREPLY=($(compgen -W \"$commands\" -- \"$cur\"))\n"
        "            return\n"
        "            ;;\n"
        "        completion)\n"
        "            [[ $COMP_CWORD -eq 2 ]] && COMPREPLY=($(compgen -W 'bash' -- \"$cur\"))\n"
        "            return\n"
        "            ;;\n"
        "        *) return ;;\n"
        "    esac\n"
        "    [[ ${COMP_WORDS[1]} == replay || ${COMP_WORDS[1]} == import ]] && files=true\n"
        "    case $prev in\n"
        "        --rules|-r)\n"
        "            COMPREPLY=($(compgen -W '" + words(pokerengine::rules::names, [](std::string_view n) { return n; }) +
        "' -- \"$cur\"))\n"
        "            return\n"
        "            ;;\n"
        "        --game|-g)\n"
        "            COMPREPLY=($(compgen -W '" +
        words(pokerengine::all_games(), [](const pokerengine::game_traits& g) { return g.name; }) +
        "' -- \"$cur\"))\n"
        "            return\n"
        "            ;;\n"
        "    esac\n"
        "    if [[ -n $file_options && $prev == @($file_options) ]]; then\n"
        "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
        "        return\n"
        "    fi\n"
        "    case $prev in\n"
        "        " + words(valued, [](const std::string& s) { return s; }, "|") + ")\n"
        "            return\n"
        "            ;;\n"
        "    esac\n"
        "    if [[ $cur == -* ]]; then\n"
        "        COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n"
        "    elif $files; then\n"
        "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
        "    fi\n"
        "}\n"
        "complete -F _poker poker\n";
    write_out(out);
    return 0;
}

std::string capitalize_first(std::string_view text) {
    std::string out(text);
    if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 'a' + 'A');
    return out;
}

std::string command_help(const command& c) {
    const bool takes_rules = std::ranges::find(c.options, rules_option.name, &option::name) != c.options.end();
    return "usage: " + std::string(c.synopsis) + "\n\n" + capitalize_first(c.summary) + ".\n\n" +
           std::string(c.details) + "\n" + (takes_rules ? std::string(rules_help) + "\n" : std::string()) +
           describe_options(c.options);
}

std::string general_help() {
    std::string out =
        "usage: poker COMMAND [OPTIONS] [ARGUMENTS]\n"
        "       poker help [COMMAND] | --help | --version\n"
        "\n"
        "Evaluates, compares and ranks poker hands of 5 to 10 cards: high hands, or\n"
        "lowball, eight-or-better and short deck with --rules NAME, with wild cards\n"
        "(--wild SPEC), the bug (--bug) and video-poker pay tables (--paytable).\n"
        "Settles the pots of a hand of any game, counts the odds of each hand, values\n"
        "video-poker holds and returns, and computes the equity of hands and ranges.\n"
        "\n"
        "commands:\n";
    for (const command* c : commands()) out += fmt::format("  {:<13}{}\n", c->name, c->summary);
    out += fmt::format("  {:<13}{}\n", "help", "show this help, or a command's help");
    out +=
        "\n"
        "Cards: a rank A K Q J T (or 10) 9 ... 2 and a suit s h d c (or ♠ ♥ ♦ ♣), as in\n"
        "As, td, 10h, 7♥; Xx is a joker, allowed when jokers are wild. Lists:\n"
        "\"As Kd Qh\", AsKdQh or As,Kd,Qh.\n"
        "\n"
        "Exit status: 0 success, 1 bad cards or hands, 2 usage error.\n"
        "Run 'poker help COMMAND' or 'poker COMMAND --help' for a command's details.\n";
    return out;
}

int run(std::span<char* const> words) {
    parsed_line line = parse_command_line(commands(), words);
    switch (line.what) {
        case parsed_line::request::general_help: write_out(general_help()); return 0;
        case parsed_line::request::version: write_out("poker " + std::string(version) + "\n"); return 0;
        case parsed_line::request::command_help: write_out(command_help(*line.chosen)); return 0;
        case parsed_line::request::run: break;
    }
    return line.chosen->run(*line.args);
}

}  // namespace
}  // namespace poker_cli

int main(int argc, char** argv) {
    const poker_cli::job_group group(argc, argv);
    int status = 0;
    const char* message = nullptr;
    std::string text;
    bool shared = false;
    try {
        status = poker_cli::run(std::span<char* const>(argv + 1, static_cast<std::size_t>(argc > 0 ? argc - 1 : 0)));
    } catch (const poker_cli::usage_error& e) {
        text = e.what();
        status = 2;
    } catch (const pokerengine::block_error& e) {  // every rank of an MPI job failed with it
        text = e.what();
        status = 1;
        shared = true;
    } catch (const std::exception& e) {  // parse_error, hand_error, I/O errors
        text = e.what();
        status = 1;
    } catch (...) {
        message = "unexpected internal error";
        status = 1;
    }
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        if (text.empty() && !message) message = "cannot write standard output";
        if (status == 0) status = 1;
    }
    // Messages quote what was typed: control characters and bytes that are not
    // UTF-8 are shown as escapes, so the message stays one readable line.
    if (!text.empty() || message) return group.fail(status, message ? message : text, shared);
    return status;
}
