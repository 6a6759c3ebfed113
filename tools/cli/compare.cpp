// `poker compare`: two hands, or pairs of hands read from standard input.

#include <cstdio>
#include <span>
#include <string>
#include <string_view>

#include "batch.hpp"
#include "commands.hpp"
#include "hand_output.hpp"

namespace poker_cli {
namespace {

constexpr auto compare_options = with_rule_options(std::array<option, 0>{});

template <class Evaluator>
std::string compare_two(const Evaluator& ev, std::span<const std::string_view> hands) {
    hand_value v[2];
    for (std::size_t i = 0; i < 2; ++i) {
        try {
            v[i] = evaluate_text(ev, hands[i]);
        } catch (const std::invalid_argument&) {
            rethrow_with_prefix("hand " + std::to_string(i + 1) + ": ");
        }
    }
    description_cache<Evaluator> describe{ev};
    std::string out;
    append_comparison(out, describe, v[0], v[1]);
    return out;
}

int run_compare(const arguments& args) {
    const rule_options chosen = rule_options::from(args);
    if (args.positional().empty()) {
        // One dispatch for the whole batch: the loop is compiled for each evaluator.
        const bool all_good = chosen.rules.visit([&](const auto& ev) {
            batch_comparer batch{ev};
            return batch.run(stdin, stdout, stderr);
        });
        return all_good ? 0 : 1;
    }
    args.expect_positional(2, 2, "two hands, or none to read pairs of hands from standard input");
    write_out(chosen.rules.visit([&](const auto& ev) { return compare_two(ev, args.positional()); }));
    return 0;
}

}  // namespace

const command compare_command{
"compare", "poker compare [--rules NAME] [--wild SPEC] [--bug] [--double-ace-flush] [--paytable] [HAND1 HAND2]",
         "compare two hands, or pairs of hands read from standard input",
         "Prints one line: '>', '<' or '=' (HAND1 better, worse, equal), a tab, the\n"
         "description of HAND1, a tab, the description of HAND2:\n"
         "  poker compare \"Ks Kd Kh 2c 2d\" \"Qs Qd Qh Ac Ad\"\n"
         "  >\tFull house, kings over twos\tFull house, queens over aces\n"
         "Each hand holds 5 to 10 cards; the two hands are evaluated separately.\n"
         "\n"
         "With no hands, reads lines 'HAND1 HAND2' from standard input, each hand\n"
         "written without spaces (AsKsQsJsTs 2c3c4c5c7d), and prints one result line\n"
         "per input line. A bad line prints 'error: line N: MESSAGE' in its place\n"
         "(and to standard error); the exit status is then 1.\n"
         "\n"
         "With --rules NAME and the wild-card options both hands, and every line of a\n"
         "batch, are ranked by those rules:\n"
         "  poker compare --wild 2 2c2dAsAhAd AsKsQsJsTs\n"
         "  >\tFive aces\tRoyal flush\n"
         "Under eight-or-better any qualifying low beats a hand with no low ('No\n"
         "qualifying low'), and two hands with no low compare '='.\n",
    compare_options,
    run_compare,
};

}  // namespace poker_cli
