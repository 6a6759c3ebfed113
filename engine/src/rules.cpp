#include "pokerengine/rules.hpp"

#include <utility>

namespace pokerengine {
namespace {

std::string valid_names() {
    std::string valid;
    for (std::string_view n : rules::names) valid += (valid.empty() ? "" : ", ") + std::string(n);
    return valid;
}

bool is_space(char c) { return c == ' ' || c == '\t'; }

}  // namespace

CardSet parse_wild_cards(std::string_view spec) {
    CardSet wild;
    std::size_t start = 0;
    while (start <= spec.size()) {
        std::size_t end = spec.find(',', start);
        if (end == std::string_view::npos) end = spec.size();
        std::string_view item = spec.substr(start, end - start);
        while (!item.empty() && is_space(item.front())) item.remove_prefix(1);
        while (!item.empty() && is_space(item.back())) item.remove_suffix(1);
        if (item.empty())
            throw parse_error("empty item in the wild-card list " + quoted(spec));
        bool joker_text = item.size() == 2 && (item[0] == 'X' || item[0] == 'x') && (item[1] == 'X' || item[1] == 'x');
        if (item == "jokers" || item == "joker" || joker_text) {
            wild |= joker_cards();  // the jokers are alike: naming one makes both wild
        } else if (item.size() == 1 || item == "10") {
            try {
                wild |= every_suit_of(parse_rank(item));
            } catch (const parse_error&) {
                throw parse_error("unknown wild rank " + quoted(item) + " in " + quoted(spec) +
                                  " (give ranks such as 2, cards such as Js, or the word jokers)");
            }
        } else {
            try {
                wild |= parse_card(item);
            } catch (const parse_error&) {
                throw parse_error("unknown wild card " + quoted(item) + " in " + quoted(spec) +
                                  " (give ranks such as 2, cards such as Js, or the word jokers)");
            }
        }
        start = end + 1;
    }
    return wild;
}

rules rules::parse(std::string_view name, const wild_options& settings) {
    std::size_t index = names.size();
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == name) index = i;
    if (index == names.size())
        throw rules_error("unknown rules " + quoted(name) + "; valid rules are " + valid_names());
    std::string_view known = names[index];
    if (!settings.any()) {
        any_evaluator ev;
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            (void)((I == index && (ev.emplace<I>(), true)) || ...);
        }(std::make_index_sequence<names.size()>{});
        return rules{ev, known, settings};
    }

    CardSet cards = settings.cards;
    if (settings.bug) {
        if (!(cards - joker_cards()).empty())
            throw rules_error("the bug is a joker; it cannot be combined with other wild cards");
        if (settings.double_ace_flush) throw rules_error("the double-ace flush is a rule for wild cards, not for the bug");
        if (settings.paytable) throw rules_error("the video-poker pay tables play jokers as wild cards, not as the bug");
        cards = joker_cards();
        if (known == "high") return rules{evaluator<high, bug>{bug{cards}}, known, settings};
        // In ace-to-five low the bug is the lowest card missing from the hand, as a wild card would be.
        if (known == "ace-to-five") return rules{evaluator<ace_to_five_low, pokerengine::wild>{pokerengine::wild{cards}}, known, settings};
        if (known == "eight-or-better")
            return rules{evaluator<eight_or_better_low, pokerengine::wild>{pokerengine::wild{cards}}, known, settings};
        throw rules_error("the bug plays in high, ace-to-five and eight-or-better rules, not in " + std::string(known));
    }
    if (cards.empty())
        throw rules_error(settings.paytable ? "the pay-table order needs wild cards (--wild)"
                                            : "the double-ace flush needs wild cards (--wild)");
    if (settings.paytable) {
        if (known != "high") throw rules_error("the video-poker pay tables rank high hands, not " + std::string(known));
        if (settings.double_ace_flush) throw rules_error("the video-poker pay tables have no double-ace flush");
        // Jokers alone play joker poker's order; any other wild cards deuces wild's.
        if ((cards - joker_cards()).empty())
            return rules{evaluator<high, joker_poker_pay_table>{joker_poker_pay_table{cards}}, known, settings};
        return rules{evaluator<high, deuces_wild_pay_table>{deuces_wild_pay_table{cards}}, known, settings};
    }
    if (settings.double_ace_flush) {
        if (known == "high") return rules{evaluator<high, wild_double_ace>{wild_double_ace{cards}}, known, settings};
        throw rules_error("the double-ace flush is a high-hand rule, not one of " + std::string(known));
    }
    pokerengine::wild w{cards};
    if (known == "high") return rules{evaluator<high, pokerengine::wild>{w}, known, settings};
    if (known == "ace-to-five") return rules{evaluator<ace_to_five_low, pokerengine::wild>{w}, known, settings};
    if (known == "eight-or-better") return rules{evaluator<eight_or_better_low, pokerengine::wild>{w}, known, settings};
    if (known == "ace-to-six") return rules{evaluator<ace_to_six_low, pokerengine::wild>{w}, known, settings};
    if (known == "deuce-to-seven") return rules{evaluator<deuce_to_seven_low, pokerengine::wild>{w}, known, settings};
    throw rules_error("wild cards play in high, ace-to-five, eight-or-better, ace-to-six and deuce-to-seven rules, not in " +
                      std::string(known));
}

}  // namespace pokerengine
