#pragma once
// Wild-card policies: which cards are wild and what they may stand for.

#include <concepts>
#include <type_traits>

#include "pokerengine/card_set.hpp"

namespace pokerengine {

/// What a wild card may stand for.
enum class substitution : std::uint8_t {
    any_card,  // any card, even one already in the hand (five of a kind)
    bug,       // an ace, or any card that completes a straight, flush or straight flush
};

/// Whether a wild card in a flush may duplicate the flush's ace (a house rule).
enum class flush_aces : std::uint8_t { one, two };

/// How hands rank: as at a table (natural and wild hands of equal ranks tie),
/// or in a video-poker pay table's order.
enum class pay_order : std::uint8_t {
    table,
    deuces_wild,  // natural royal flush > four deuces > wild royal flush > five of a kind > straight flush ...
    joker_poker,  // natural royal flush > five of a kind > wild royal flush > straight flush ...
};

/// No wild cards: the natural evaluator.
struct no_wild {};

/// Wild cards: the cards in `cards` (chosen at run time) stand in for others
/// under the substitution rule `Kind`.
///
///     evaluator<high, wild> deuces{wild{deuces_wild_cards()}};
///     assert(deuces.describe(deuces.evaluate("2c 2d As Ah Ad")) == "Five aces");
template <substitution Kind, flush_aces Aces = flush_aces::one, pay_order Order = pay_order::table>
struct wild_rule {
    static constexpr substitution kind = Kind;
    static constexpr flush_aces aces = Aces;
    static constexpr pay_order order = Order;
    CardSet cards;  // the wild cards
};

/// Fully wild cards (deuces wild, jokers wild, one-eyed jacks ...).
using wild = wild_rule<substitution::any_card>;
/// Fully wild cards that may make a flush with two aces (house rule).
using wild_double_ace = wild_rule<substitution::any_card, flush_aces::two>;
/// The bug: jokers that count as aces or complete straights and flushes.
using bug = wild_rule<substitution::bug>;
/// Wild cards ranked in the deuces-wild video-poker pay table's order.
using deuces_wild_pay_table = wild_rule<substitution::any_card, flush_aces::one, pay_order::deuces_wild>;
/// Wild cards ranked in the joker-poker video-poker pay table's order.
using joker_poker_pay_table = wild_rule<substitution::any_card, flush_aces::one, pay_order::joker_poker>;

template <class W>
concept wild_policy = std::same_as<W, no_wild> || requires(const W& w) {
    { W::kind } -> std::convertible_to<substitution>;
    { W::aces } -> std::convertible_to<flush_aces>;
    { W::order } -> std::convertible_to<pay_order>;
    { w.cards } -> std::convertible_to<CardSet>;
};

/// The four deuces.
constexpr CardSet deuces_wild_cards() {
    return CardSet{Card{Rank::two, Suit::clubs}} | Card{Rank::two, Suit::diamonds} | Card{Rank::two, Suit::hearts} |
           Card{Rank::two, Suit::spades};
}
/// The two jokers.
constexpr CardSet joker_cards() { return CardSet{Card::joker(0)} | Card::joker(1); }
/// The one-eyed jacks: the jack of spades and the jack of hearts.
constexpr CardSet one_eyed_jacks() { return CardSet{Card{Rank::jack, Suit::spades}} | Card{Rank::jack, Suit::hearts}; }
/// Every card of a rank.
constexpr CardSet every_suit_of(Rank r) {
    return CardSet{Card{r, Suit::clubs}} | Card{r, Suit::diamonds} | Card{r, Suit::hearts} | Card{r, Suit::spades};
}

}  // namespace pokerengine
