#include "pokerengine/rules.hpp"

#include <string>
#include <type_traits>
#include <vector>

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

namespace {

using namespace boost::mp11;

// Calls f(entry) with the registered ranking of that name; false if there is none (badugi).
template <class F>
bool with_ranking(std::string_view name, F&& f) {
    bool found = false;
    mp_for_each<registered_rankings>([&](auto entry) {
        if (!found && decltype(entry)::name == name) {
            found = true;
            f(entry);
        }
    });
    return found;
}

// The wild-card rule's refusal for a ranking that does not play it: "wild cards
// play in high, ..., ace-to-six and deuce-to-seven rules, not in short-deck".
template <class Wild>
std::string refusal(std::string_view ranking) {
    std::vector<std::string_view> players;
    mp_for_each<registered_rankings>([&](auto entry) {
        if constexpr (!std::is_void_v<detail::played_as<typename decltype(entry)::ranking, Wild>>)
            players.push_back(decltype(entry)::name);
    });
    std::string listed;
    for (std::size_t i = 0; i < players.size(); ++i)
        listed += (i == 0 ? "" : i + 1 == players.size() ? " and " : ", ") + std::string(players[i]);
    std::string text;
    mp_for_each<registered_wild_rules>([&](auto entry) {
        if constexpr (std::is_same_v<typename decltype(entry)::rule, Wild>) {
            std::string_view r = decltype(entry)::refusal;
            std::size_t at = r.find("{}");
            text = std::string(r.substr(0, at)) + listed + std::string(r.substr(at + 2));
        }
    });
    return text + std::string(ranking);
}

template <class Wild>
bool ranking_plays(std::string_view ranking) {
    bool yes = false;
    with_ranking(ranking, [&](auto entry) {
        yes = !std::is_void_v<detail::played_as<typename decltype(entry)::ranking, Wild>>;
    });
    return yes;
}

}  // namespace

// The evaluator of a registered ranking with a wild-card rule it plays.
template <class Wild>
rules rules::with_wild(std::string_view known, CardSet cards, const wild_options& settings) {
    if (!ranking_plays<Wild>(known)) throw rules_error(refusal<Wild>(known));
    any_evaluator ev;
    with_ranking(known, [&](auto entry) {
        using R = typename decltype(entry)::ranking;
        if constexpr (!std::is_void_v<detail::played_as<R, Wild>>) {
            using W = detail::played_as<R, Wild>;
            ev = evaluator<R, W>{W{cards}};
        }
    });
    return rules{ev, known, settings};
}

rules rules::parse(std::string_view name, const wild_options& settings) {
    std::size_t index = names.size();
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == name) index = i;
    if (index == names.size())
        throw rules_error("unknown rules " + quoted(name) + "; valid rules are " + valid_names());
    std::string_view known = names[index];
    if (!settings.any()) {
        any_evaluator ev = badugi_evaluator{};
        with_ranking(known, [&](auto entry) { ev = evaluator<typename decltype(entry)::ranking>{}; });
        return rules{ev, known, settings};
    }

    CardSet cards = settings.cards;
    if (settings.bug) {
        if (!(cards - joker_cards()).empty())
            throw rules_error("the bug is a joker; it cannot be combined with other wild cards");
        if (settings.double_ace_flush) throw rules_error("the double-ace flush is a rule for wild cards, not for the bug");
        if (settings.paytable) throw rules_error("the video-poker pay tables play jokers as wild cards, not as the bug");
        return with_wild<bug>(known, joker_cards(), settings);
    }
    if (cards.empty())
        throw rules_error(settings.paytable ? "the pay-table order needs wild cards (--wild)"
                                            : "the double-ace flush needs wild cards (--wild)");
    if (settings.paytable) {
        // Jokers alone play joker poker's order; any other wild cards deuces wild's.
        bool jokers_only = (cards - joker_cards()).empty();
        if (jokers_only ? !ranking_plays<joker_poker_pay_table>(known) : !ranking_plays<deuces_wild_pay_table>(known))
            throw rules_error(jokers_only ? refusal<joker_poker_pay_table>(known) : refusal<deuces_wild_pay_table>(known));
        if (settings.double_ace_flush) throw rules_error("the video-poker pay tables have no double-ace flush");
        return jokers_only ? with_wild<joker_poker_pay_table>(known, cards, settings)
                           : with_wild<deuces_wild_pay_table>(known, cards, settings);
    }
    if (settings.double_ace_flush) return with_wild<wild_double_ace>(known, cards, settings);
    return with_wild<pokerengine::wild>(known, cards, settings);
}

}  // namespace pokerengine
