#pragma once
// The registry of rule policies: every ranking with its run-time name, and the
// wild-card rules each ranking has tables for, declared once. The evaluators
// compiled into the library, `rules` (its names, its choice of evaluator and
// its refusals) and the table generator all read these lists, so adding a
// ranking or a wild-card rule is one declaration here (plus its patterns in
// detail/ranking_list.hpp) and its tests.

#include <algorithm>
#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>

#include <boost/mp11/algorithm.hpp>
#include <boost/mp11/list.hpp>
#include <boost/preprocessor/repetition/repeat.hpp>

#include "pokerengine/ranking.hpp"
#include "pokerengine/wild.hpp"

namespace pokerengine {

/// A string that can be a template argument: a name or a message in a declaration.
template <std::size_t N>
struct fixed_string {
    char text[N]{};
    constexpr fixed_string(const char (&s)[N]) { std::copy_n(s, N, text); }
    constexpr std::string_view view() const { return {text, N - 1}; }
};

/// A wild-card rule, and what `rules::parse` says when a ranking does not play
/// it: `{}` stands for the rankings that do, and the ranking asked for follows.
template <class Wild, fixed_string Refusal>
struct wild_entry {
    using rule = Wild;
    static constexpr std::string_view refusal = Refusal.view();
};

/// A wild-card rule a ranking plays, through the tables of `PlayedAs` (by
/// default its own).
template <class Wild, class PlayedAs = Wild>
struct plays {
    using rule = Wild;
    using played_as = PlayedAs;
};

/// A ranking, its name in `rules`, its place in the list of names shown to
/// users (`rules::names`), and the wild-card rules it plays.
template <class Ranking, fixed_string Name, int Listed, class... Plays>
struct ranking_entry {
    using ranking = Ranking;
    static constexpr std::string_view name = Name.view();
    static constexpr int listed = Listed;
    using wild_rules = boost::mp11::mp_list<Plays...>;
};

/// Every wild-card rule.
using registered_wild_rules = boost::mp11::mp_list<
    wild_entry<wild, "wild cards play in {} rules, not in ">,
    wild_entry<wild_double_ace, "the double-ace flush is a {}-hand rule, not one of ">,
    wild_entry<bug, "the bug plays in {} rules, not in ">,
    wild_entry<deuces_wild_pay_table, "the video-poker pay tables rank {} hands, not ">,
    wild_entry<joker_poker_pay_table, "the video-poker pay tables rank {} hands, not ">>;

/// Every ranking, in the order refusals list them.
using registered_rankings = boost::mp11::mp_list<
    ranking_entry<high, "high", 0, plays<wild>, plays<wild_double_ace>, plays<bug>, plays<deuces_wild_pay_table>,
                  plays<joker_poker_pay_table>>,
    ranking_entry<short_deck, "short-deck", 5>,
    ranking_entry<short_deck_wsop, "short-deck-wsop", 6>,
    // In ace-to-five low the bug is the lowest card missing from the hand: a wild card.
    ranking_entry<ace_to_five_low, "ace-to-five", 1, plays<wild>, plays<bug, wild>>,
    ranking_entry<eight_or_better_low, "eight-or-better", 4, plays<wild>, plays<bug, wild>>,
    ranking_entry<ace_to_six_low, "ace-to-six", 2, plays<wild>>,
    ranking_entry<deuce_to_seven_low, "deuce-to-seven", 3, plays<wild>>>;

// Explicit instantiation takes one line per type, so the preprocessor needs the
// number of registered (ranking, wild-card rule) pairs: the table generator,
// which reads these lists, writes it into the generated header as
// POKERENGINE_REGISTERED_PAIR_COUNT.
// Expands MACRO(z, I, ~) for every registered pair I (see detail::pair_ranking).
#define POKERENGINE_FOR_EACH_REGISTERED_PAIR(MACRO) BOOST_PP_REPEAT(POKERENGINE_REGISTERED_PAIR_COUNT, MACRO, ~)

namespace detail {

using namespace boost::mp11;

template <class Entry>
using natural_pair = mp_list<typename Entry::ranking, no_wild>;
template <class Entry>
struct wild_pairs_of {
    template <class Plays>
    using pair = mp_list<typename Entry::ranking, typename Plays::rule>;
    template <class Plays>
    using table_pair = mp_list<typename Entry::ranking, typename Plays::played_as>;
    using pairs = mp_transform<pair, typename Entry::wild_rules>;
    using table_pairs = mp_transform<table_pair, typename Entry::wild_rules>;
};
template <class Entry>
using wild_pairs = typename wild_pairs_of<Entry>::pairs;
template <class Entry>
using wild_table_pairs = typename wild_pairs_of<Entry>::table_pairs;

/// Every (ranking, wild rule) pair with an evaluator: the natural ones first,
/// then those with wild cards (no_wild for none).
using registered_pairs =
    mp_append<mp_transform<natural_pair, registered_rankings>, mp_flatten<mp_transform<wild_pairs, registered_rankings>>>;
/// The pairs whose evaluators `rules` holds: each wild rule as it is played.
using played_pairs = mp_append<mp_transform<natural_pair, registered_rankings>,
                               mp_unique<mp_flatten<mp_transform<wild_table_pairs, registered_rankings>>>>;
/// The pairs with wild-card tables of their own, in the order the generator numbers them.
using wild_table_pairs_list = mp_unique<mp_flatten<mp_transform<wild_table_pairs, registered_rankings>>>;

template <std::size_t I>
using pair_ranking = mp_first<mp_at_c<registered_pairs, I>>;
template <std::size_t I>
using pair_wild = mp_second<mp_at_c<registered_pairs, I>>;

#ifndef POKERENGINE_BUILDING_TABLES
static_assert(mp_size<registered_pairs>::value == POKERENGINE_REGISTERED_PAIR_COUNT,
              "the generated tables are out of date: rebuild them from this registry");
#endif

template <class List>
using first_played_as = typename mp_front<List>::played_as;

// The rule whose tables play `Wild` under `Ranking`, or void if it plays none.
template <class Ranking, class Wild>
struct played_as_of {
    template <class Entry>
    using is_ranking = std::is_same<typename Entry::ranking, Ranking>;
    template <class Plays>
    using is_wild = std::is_same<typename Plays::rule, Wild>;
    template <class Entry>
    using matches = mp_copy_if<typename Entry::wild_rules, is_wild>;
    using found = mp_flatten<mp_transform<matches, mp_copy_if<registered_rankings, is_ranking>>>;
    using type = mp_eval_if_c<mp_empty<found>::value, void, first_played_as, found>;
};
template <class Ranking, class Wild>
using played_as = typename played_as_of<Ranking, Wild>::type;

template <class Ranking>
struct is_entry_of {
    template <class Entry>
    using fn = std::is_same<typename Entry::ranking, Ranking>;
};
// A registered ranking's name: "short-deck" for short_deck.
template <class Ranking>
inline constexpr std::string_view ranking_name =
    mp_at<registered_rankings, mp_find_if_q<registered_rankings, is_entry_of<Ranking>>>::name;

// The names of `rules`, in the order they are listed to users.
inline constexpr auto ranking_names = [] {
    std::array<std::string_view, mp_size<registered_rankings>::value> names{};
    mp_for_each<registered_rankings>([&](auto entry) { names.at(decltype(entry)::listed) = decltype(entry)::name; });
    return names;
}();
static_assert(std::ranges::none_of(ranking_names, [](std::string_view n) { return n.empty(); }),
              "the rankings' places in the list of names must be 0, 1, 2 ... without gaps");

}  // namespace detail

}  // namespace pokerengine
