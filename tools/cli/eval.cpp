// `poker eval`: the best hand of 5 to 10 cards, its category, description and value.

#include <span>
#include <string>

#include "commands.hpp"
#include "hand_output.hpp"

namespace poker_cli {
namespace {

constexpr auto eval_options = with_rule_options(std::array{json_option});

template <class Evaluator>
std::string eval_output(const Evaluator& ev, const CardList& cards, const rule_options& chosen, bool as_json) {
    hand_value v = ev.evaluate(std::span<const Card>(cards.data(), cards.size()));
    CardList five = ev.best_five(to_set(cards));  // empty when there is no qualifying low
    const std::string category = category_text(ev, v);
    if (as_json) {
        json j{{"cards", cards_json(cards)},
               {"category", category},
               {"description", ev.describe(v)},
               {"best_five", cards_json(five)},
               {"value", v.value}};
        add_json_rules(j, ev, chosen);
        return json_line(j);
    }
    std::string out = chosen.any_given() ? chosen.header_lines() : "";  // without rule options: the four lines
    out += "category: " + category + "\ndescription: " + ev.describe(v) + "\nbest five: ";
    append_best_five(out, five);
    return out + "\nvalue: " + std::to_string(v.value) + "\n";
}

int run_eval(const arguments& args) {
    const rule_options chosen = rule_options::from(args);
    args.expect_positional(1, SIZE_MAX, "5 to 10 cards");
    const CardList cards = pokerengine::parse_cards(joined(args.positional()));
    const bool as_json = args.flag("json");
    write_out(chosen.rules.visit([&](const auto& ev) { return eval_output(ev, cards, chosen, as_json); }));
    return 0;
}

}  // namespace

const command eval_command{
"eval", "poker eval [--json] [--rules NAME] [--wild SPEC] [--bug] [--double-ace-flush] [--paytable] CARDS...",
         "evaluate the best hand of 5 to 10 cards",
         "The cards may be one argument or several:\n"
         "  poker eval As Kd Qh Jc Ts\n"
         "  poker eval AsKdQhJcTs\n"
         "  poker eval \"As Kd Qh Jc Ts 2c 3d\"\n"
         "Prints four lines:\n"
         "  category: Straight\n"
         "  description: Ace-high straight\n"
         "  best five: As Kd Qh Jc Ts\n"
         "  value: 5863\n"
         "The value runs from 1 to 7462 for high hands (to the rule set's number of\n"
         "distinct hands otherwise): higher is better, equal exactly when hands tie.\n"
         "With --rules NAME the hand is ranked by those rules. With any rule option the\n"
         "first line is 'rules: NAME', then, for the options given, 'wild: SPEC' (with\n"
         "--wild, or 'wild: jokers' with --bug alone), 'bug', 'double-ace flush' and\n"
         "'pay-table order':\n"
         "  poker eval --wild 2 2c 2d As Ah Ad\n"
         "  rules: high\n"
         "  wild: 2\n"
         "  category: Five of a kind\n"
         "  ...\n"
         "Under eight-or-better a hand with no qualifying low prints 'category: No low',\n"
         "'description: No qualifying low', 'best five: -' and 'value: 0'.\n"
         "With --json: {\"cards\": [...], \"category\": ..., \"description\": ..., \"best_five\": [...], "
         "\"value\": N, \"rules\": NAME,\n"
         "\"wild\": [wild cards], \"bug\": B, \"double_ace_flush\": B, \"paytable\": B}\n",
    eval_options,
    run_eval,
};

}  // namespace poker_cli
