// The registry of rule policies (registry.hpp): the lists every other part
// reads agree with each other, and each registered pair is what rules::parse
// chooses for its name and wild-card options.

#include <string>
#include <string_view>
#include <type_traits>

#include <doctest/doctest.h>

#include "pokerengine/registry.hpp"
#include "pokerengine/rules.hpp"

using namespace pokerengine;
using namespace boost::mp11;

namespace {

// The wild-card options that ask for a rule, with jokers as the wild cards.
template <class Wild>
wild_options options_for() {
    if constexpr (std::is_same_v<Wild, bug>)
        return {.cards = {}, .bug = true};
    else if constexpr (std::is_same_v<Wild, wild_double_ace>)
        return {.cards = joker_cards(), .double_ace_flush = true};
    else if constexpr (std::is_same_v<Wild, deuces_wild_pay_table>)
        return {.cards = deuces_wild_cards(), .paytable = true};
    else if constexpr (std::is_same_v<Wild, joker_poker_pay_table>)
        return {.cards = joker_cards(), .paytable = true};
    else
        return {.cards = joker_cards()};
}

}  // namespace

TEST_CASE("rules lists every registered ranking once, then badugi") {
    CHECK(rules::names.size() == mp_size<registered_rankings>::value + 1);
    CHECK(rules::names.back() == "badugi");
    mp_for_each<registered_rankings>([](auto entry) {
        using E = decltype(entry);
        CAPTURE(E::name);
        CHECK(rules::names[static_cast<std::size_t>(E::listed)] == E::name);
        const rules r = rules::parse(E::name);
        CHECK(r.visit([](const auto& ev) { return std::is_same_v<std::decay_t<decltype(ev)>, evaluator<typename E::ranking>>; }));
    });
}

TEST_CASE("every registered wild-card rule is chosen by its options, and refused elsewhere") {
    mp_for_each<registered_rankings>([](auto entry) {
        using E = decltype(entry);
        mp_for_each<registered_wild_rules>([](auto wild_entry) {
            using W = typename decltype(wild_entry)::rule;
            using Played = pokerengine::detail::played_as<typename E::ranking, W>;
            CAPTURE(E::name);
            CAPTURE(std::string(decltype(wild_entry)::refusal));
            if constexpr (std::is_void_v<Played>) {
                std::string message;
                try {
                    (void)rules::parse(E::name, options_for<W>());
                } catch (const rules_error& e) {
                    message = e.what();
                }
                // The refusal names the ranking asked for at its end.
                CHECK(message.ends_with(std::string(E::name)));
                CHECK(message.find("{}") == std::string::npos);
            } else {
                const rules r = rules::parse(E::name, options_for<W>());
                CHECK(r.visit([](const auto& ev) {
                    return std::is_same_v<std::decay_t<decltype(ev)>, evaluator<typename E::ranking, Played>>;
                }));
            }
        });
    });
}

TEST_CASE("the registered pairs are the natural evaluators and the wild-card rules each ranking plays") {
    std::size_t wild_rules = 0;
    mp_for_each<registered_rankings>([&](auto entry) { wild_rules += mp_size<typename decltype(entry)::wild_rules>::value; });
    CHECK(mp_size<pokerengine::detail::registered_pairs>::value == mp_size<registered_rankings>::value + wild_rules);
    CHECK(mp_size<pokerengine::detail::registered_pairs>::value == POKERENGINE_REGISTERED_PAIR_COUNT);
    // The ace-to-five lows play the bug through their wild-card tables.
    CHECK(std::is_same_v<pokerengine::detail::played_as<ace_to_five_low, bug>, wild>);
    CHECK(std::is_same_v<pokerengine::detail::played_as<high, bug>, bug>);
    CHECK(std::is_void_v<pokerengine::detail::played_as<short_deck, wild>>);
}
