#pragma once
// CardSet: a set of cards as one 64-bit mask; CardList: an ordered, fixed-capacity list.

#include <bit>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

#include <boost/container/static_vector.hpp>

#include "pokerengine/card.hpp"

namespace pokerengine {

namespace detail {
[[noreturn]] void throw_not_cards(std::uint64_t bits);
}

/// An ordered list of cards that never allocates (52 cards plus two jokers fit).
using CardList = boost::container::static_vector<Card, 54>;

/// A set of cards: bit `card.code()` of a 64-bit mask.
///
/// Each suit is one 16-bit lane whose low 13 bits are that suit's ranks, so
/// `suit_ranks(Suit::hearts)` is the hearts' rank mask with no shuffling.
///
///     CardSet s = parse_card_set("As Kd");
///     s |= Card{Rank::two, Suit::clubs};
///     assert(s.size() == 3 && s.contains(parse_card("Kd")));
class CardSet {
public:
    /// Bits of the 52 ordinary cards.
    static constexpr std::uint64_t standard_bits = 0x1fff'1fff'1fff'1fffULL;
    /// Bits of the two jokers.
    static constexpr std::uint64_t joker_bits = (1ULL << 13) | (1ULL << 29);

    constexpr CardSet() = default;
    /// The set with these bits; throws `std::invalid_argument` if a bit is no card.
    constexpr explicit CardSet(std::uint64_t bits) : bits_(bits) {
        if (bits & ~(standard_bits | joker_bits)) detail::throw_not_cards(bits & ~(standard_bits | joker_bits));
    }
    constexpr CardSet(Card c) : bits_(1ULL << c.code()) {}  // NOLINT: a card is a one-card set

    /// All 52 ordinary cards.
    static constexpr CardSet standard_deck() { return CardSet{standard_bits}; }

    constexpr std::uint64_t bits() const { return bits_; }
    constexpr int size() const { return std::popcount(bits_); }
    constexpr bool empty() const { return bits_ == 0; }
    constexpr bool contains(Card c) const { return (bits_ >> c.code()) & 1; }
    constexpr bool contains(CardSet s) const { return (bits_ & s.bits_) == s.bits_; }
    constexpr bool intersects(CardSet s) const { return (bits_ & s.bits_) != 0; }
    constexpr int joker_count() const { return std::popcount(bits_ & joker_bits); }
    /// The 13-bit rank mask of one suit (bit r set when rank r of that suit is present).
    constexpr unsigned suit_ranks(Suit s) const { return static_cast<unsigned>(bits_ >> (16 * static_cast<int>(s))) & 0x1fff; }
    /// Ranks present in any suit.
    constexpr unsigned ranks() const {
        std::uint64_t b = bits_ & standard_bits;
        return static_cast<unsigned>((b | b >> 16 | b >> 32 | b >> 48) & 0x1fff);
    }

    constexpr CardSet& operator|=(CardSet o) { bits_ |= o.bits_; return *this; }
    constexpr CardSet& operator&=(CardSet o) { bits_ &= o.bits_; return *this; }
    constexpr CardSet& operator-=(CardSet o) { bits_ &= ~o.bits_; return *this; }
    constexpr CardSet& operator^=(CardSet o) { bits_ ^= o.bits_; return *this; }
    friend constexpr CardSet operator|(CardSet a, CardSet b) { return a |= b; }
    friend constexpr CardSet operator&(CardSet a, CardSet b) { return a &= b; }
    /// Set difference: the cards of `a` not in `b`.
    friend constexpr CardSet operator-(CardSet a, CardSet b) { return a -= b; }
    friend constexpr CardSet operator^(CardSet a, CardSet b) { return a ^= b; }
    friend constexpr bool operator==(CardSet, CardSet) = default;

    /// Iterates the cards in increasing code order (clubs 2..A, diamonds, hearts, spades).
    class iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = Card;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = Card;
        constexpr iterator() = default;
        constexpr explicit iterator(std::uint64_t rest) : rest_(rest) {}
        constexpr Card operator*() const { return Card::from_code(static_cast<std::uint8_t>(std::countr_zero(rest_))); }
        constexpr iterator& operator++() { rest_ &= rest_ - 1; return *this; }
        constexpr iterator operator++(int) { iterator old = *this; ++*this; return old; }
        friend constexpr bool operator==(iterator, iterator) = default;

    private:
        std::uint64_t rest_ = 0;
    };
    constexpr iterator begin() const { return iterator{bits_}; }
    constexpr iterator end() const { return iterator{}; }

private:
    std::uint64_t bits_ = 0;
};
static_assert(std::forward_iterator<CardSet::iterator>);

/// Parses a list of cards: `AsKd`, `As Kd`, `As,Kd`, `10s 9♥`, jokers `Xx`.
/// Order is kept. Throws `parse_error` on empty text, a bad card (quoting it)
/// or a card that appears twice.
CardList parse_cards(std::string_view text);
/// Like `parse_cards` but returns the set.
CardSet parse_card_set(std::string_view text);
/// Like `parse_cards` but the text must hold exactly `count` cards.
CardList parse_cards(std::string_view text, int count);

/// Canonical text: cards separated by single spaces, `As Kd`.
std::string to_string(CardSet cards);
std::string to_string(const CardList& cards);
/// Cards of a set, highest rank first (ties by suit, spades first).
CardList by_rank_descending(CardSet cards);

}  // namespace pokerengine
