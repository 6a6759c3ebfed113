#pragma once
// Deck: the cards not yet dealt, in the order they will be dealt.

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "pokerengine/card.hpp"
#include "pokerengine/card_set.hpp"
#include "pokerengine/random.hpp"

namespace pokerengine {

/// A deck of cards, dealt from the top.
///
/// Built from any set of cards (the 52-card deck by default, or a deck with
/// jokers or with cards taken out) in increasing code order. `shuffle` is a
/// Fisher–Yates shuffle driven by `uniform_below`, so a generator seeded the
/// same way gives the same deal on every platform.
///
///     Deck deck;                       // 52 cards, unshuffled
///     xoshiro256ss rng{2024};
///     deck.shuffle(rng);
///     CardList hole = deck.deal(2);    // the top two cards
///     Card burn = deck.deal();
///     assert(deck.size() == 49);
class Deck {
public:
    /// The 52 ordinary cards, unshuffled.
    Deck() : Deck(CardSet::standard_deck()) {}

    /// The given cards, unshuffled: `Deck{CardSet::standard_deck() | CardSet{Card::joker(0)}}`.
    explicit Deck(CardSet cards) : full_(cards) { reset(); }

    /// Shuffles the cards still in the deck; dealt cards stay dealt.
    ///
    ///     deck.shuffle(rng);
    template <full_range_uint64_generator Generator>
    void shuffle(Generator& rng) {
        // A local copy of the generator: a card is a byte, and a store through
        // a byte may alias the generator's state, which would otherwise be
        // reloaded from memory at every draw.
        if constexpr (std::copyable<Generator>) {
            Generator local = rng;
            shuffle_with(local);
            rng = local;
        } else {
            shuffle_with(rng);
        }
    }

    /// Whether `count` cards can be dealt: `0 <= count <= size()`.
    bool can_deal(int count) const { return count >= 0 && count <= size(); }

    /// Deals the top card. Throws `hand_error` when the deck is empty.
    Card deal() {
        check_can_deal(1);
        return order_[next_++];
    }

    /// Deals a card drawn uniformly from those left: one step of a
    /// Fisher–Yates shuffle from the top, so dealing every card this way is a
    /// uniform shuffle that draws once per card dealt instead of once per card
    /// in the deck. Throws `hand_error` when the deck is empty.
    ///
    ///     Card first = deck.deal_random(rng);
    template <full_range_uint64_generator Generator>
    Card deal_random(Generator& rng) {
        check_can_deal(1);
        const std::size_t pick = next_ + static_cast<std::size_t>(uniform_below(rng, end_ - next_));
        std::swap(order_[next_], order_[pick]);
        return order_[next_++];
    }

    /// Deals the top `count` cards, top card first. Throws `hand_error` when
    /// fewer remain, e.g. "cannot deal 3 cards: 2 left in the deck".
    CardList deal(int count) {
        check_can_deal(count);
        CardList dealt(order_.data() + next_, order_.data() + next_ + count);
        next_ += static_cast<std::size_t>(count);
        return dealt;
    }

    /// Number of cards still in the deck.
    int size() const { return static_cast<int>(end_ - next_); }

    /// The cards still in the deck, in dealing order (top card first).
    CardList remaining() const {
        return CardList(order_.data() + next_, order_.data() + end_);
    }

    /// The cards still in the deck, as a set.
    CardSet remaining_set() const {
        CardSet set;
        for (std::size_t i = next_; i < end_; ++i) set |= order_[i];
        return set;
    }

    /// Takes known cards out of the deck (cards seen elsewhere, a fixed board);
    /// the others keep their order. Throws `hand_error`, changing nothing,
    /// if a card is not in the deck.
    ///
    ///     deck.remove(parse_card_set("As Kd"));
    void remove(CardSet cards) {
        const CardSet missing = cards - remaining_set();
        if (!missing.empty()) throw hand_error("cannot remove " + to_string(missing) + ": not in the deck");
        Card* kept_end = std::remove_if(order_.data() + next_, order_.data() + end_,
                                        [cards](Card c) { return cards.contains(c); });
        end_ = static_cast<std::size_t>(kept_end - order_.data());
    }

    /// Puts back every card the deck was built with, dealt or removed, unshuffled.
    void reset() {
        end_ = 0;
        for (Card c : full_) order_[end_++] = c;
        next_ = 0;
    }

private:
    template <class Generator>
    void shuffle_with(Generator& rng) {
        Card* const first = order_.data() + next_;
        const std::size_t count = end_ - next_;
        for (std::size_t i = count; i > 1; --i) {
            const std::size_t pick = static_cast<std::size_t>(uniform_below(rng, i));
            std::swap(first[i - 1], first[pick]);
        }
    }

    // The check inline, the message out of line: a deal is a few instructions.
    void check_can_deal(int count) const {
        if (count < 0 || count > size()) [[unlikely]]
            refuse_deal(count);
    }
    [[noreturn, gnu::noinline, gnu::cold]] void refuse_deal(int count) const {
        if (count < 0) throw hand_error("cannot deal " + std::to_string(count) + " cards: the count is negative");
        throw hand_error("cannot deal " + std::to_string(count) + (count == 1 ? " card: " : " cards: ") +
                         std::to_string(size()) + " left in the deck");
    }

    CardSet full_;
    std::array<Card, 54> order_{};  // dealt cards first, then the rest in dealing order
    std::size_t next_ = 0;          // index in order_ of the top card
    std::size_t end_ = 0;           // one past the last card still in the deck
};

/// A deck of `cards` (the 52-card deck by default) shuffled by
/// `xoshiro256ss{seed}`: the same seed gives the same deal everywhere.
///
///     Deck deck = shuffled_deck(42);
///     CardList flop = deck.deal(3);
inline Deck shuffled_deck(std::uint64_t seed, CardSet cards = CardSet::standard_deck()) {
    Deck deck{cards};
    xoshiro256ss rng{seed};
    deck.shuffle(rng);
    return deck;
}

}  // namespace pokerengine
