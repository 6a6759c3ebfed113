#pragma once
// The selection core on additive keys: every choice of k cards of a list, each
// reached by adding card entries (key and bit) to a partial sum kept per
// level, and the best value over the choices. pokerengine/selection.hpp is its
// public face; the evaluator, Omaha and the enumerator use it directly.

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "pokerengine/detail/hand_key.hpp"

namespace pokerengine::detail {

// The most cards one choice may hold, and the most cards a hand left out of may hold.
inline constexpr int max_choice_size = 10;

// Calls visit(key_and_bits) with `partial` plus the entries of every choice of
// K of the entries [first, last), in lexicographic order of their places. The
// loops are nested at compile time, so each choice costs one addition at the
// innermost level.
template <int K, class Visit>
void for_each_choice_of(const key_and_bits* first, const key_and_bits* last, key_and_bits partial, Visit& visit) {
    if constexpr (K == 0) {
        visit(partial);
    } else {
        for (const key_and_bits* e = first; e + (K - 1) < last; ++e) {
            key_and_bits sum = partial + *e;
            if constexpr (K == 1)
                visit(sum);
            else
                for_each_choice_of<K - 1>(e + 1, last, sum, visit);
        }
    }
}

// The same with k known only at run time (0 to max_choice_size).
template <class Visit>
void for_each_choice(const key_and_bits* entry, int n, int k, key_and_bits base, Visit&& visit) {
    assert(k >= 0 && k <= max_choice_size && "a choice holds 0 to max_choice_size cards");
    [&]<int... K>(std::integer_sequence<int, K...>) {
        (void)((K == k && (for_each_choice_of<K>(entry, entry + n, base, visit), true)) || ...);
    }(std::make_integer_sequence<int, max_choice_size + 1>{});
}

constexpr std::size_t binomial(int n, int k) {
    std::size_t r = 1;
    for (int i = 1; i <= k; ++i) r = r * static_cast<std::size_t>(n - k + i) / static_cast<std::size_t>(i);
    return r;
}

// Calls visit(key_and_bits) for every choice of exactly K1 of the first entries
// and K2 of the second (at most MaxSecond of them), plus base: Omaha's two hole
// cards and three board cards. The second part's sums are made once, so each
// combination costs one addition.
template <int K1, int K2, int MaxSecond, class Visit>
void for_each_split_choice(const key_and_bits* first, int n1, const key_and_bits* second, int n2, key_and_bits base,
                           Visit&& visit) {
    assert(n2 <= MaxSecond && "the second part of a split choice has more cards than it may");
    std::array<key_and_bits, binomial(MaxSecond, K2)> parts;
    std::size_t count = 0;
    auto keep = [&](key_and_bits e) { parts[count++] = e; };
    for_each_choice_of<K2>(second, second + n2, key_and_bits{0, 0}, keep);
    // Lane by lane: the keys and bits are read as scalars at once.
    auto combine = [&](key_and_bits e) {
        const std::uint64_t key = e[0], bits = e[1];
        for (std::size_t i = 0; i < count; ++i) visit(key_and_bits{key + parts[i][0], bits | parts[i][1]});
    };
    for_each_choice_of<K1>(first, first + n1, base, combine);
}

// The entries of a set of cards, in code order; returns how many.
template <std::size_t N>
int entries_of_bits(std::uint64_t bits, std::array<key_and_bits, N>& out) {
    int n = 0;
    for (; bits && n < static_cast<int>(N); bits &= bits - 1)
        out[static_cast<std::size_t>(n++)] = card_entries[static_cast<std::size_t>(__builtin_ctzll(bits))];
    return n;
}

// The entries of a hand's cards negated, so that leaving cards out is adding.
inline int negated_entries(key_and_bits hand, std::array<key_and_bits, max_choice_size>& card) {
    assert(count_bits(hand[1]) <= max_choice_size && "cards are left out of hands of at most max_choice_size cards");
    int n = entries_of_bits(hand[1], card);
    for (int i = 0; i < n; ++i) card[static_cast<std::size_t>(i)] = key_and_bits{0, 0} - card[static_cast<std::size_t>(i)];
    return n;
}

// Calls visit(key_and_bits) for every hand made from `hand` by leaving out K
// of its cards: the whole hand's entry minus the entries of the cards left out.
template <int K, class Visit>
void for_each_leaving_out_of(key_and_bits hand, Visit&& visit) {
    std::array<key_and_bits, max_choice_size> card;
    int n = negated_entries(hand, card);
    for_each_choice_of<K>(card.data(), card.data() + n, hand, visit);
}

// The same with k known only at run time.
template <class Visit>
void for_each_leaving_out(key_and_bits hand, int k, Visit&& visit) {
    std::array<key_and_bits, max_choice_size> card;
    int n = negated_entries(hand, card);
    for_each_choice(card.data(), n, k, hand, visit);
}

// The largest value over the entries a for_each_* function visits, and the
// first entry that has it.
template <class Value>
struct best_entry {
    Value value{};
    key_and_bits entry{};
    bool found = false;
};

template <class ValueOf>
struct best_keeper {
    using value_type = std::decay_t<std::invoke_result_t<ValueOf&, key_and_bits>>;
    ValueOf& value_of;
    best_entry<value_type> best{};
    void operator()(key_and_bits e) {
        value_type v = value_of(e);
        if (!best.found || best.value < v) best = {v, e, true};
    }
};
template <class ValueOf>
best_keeper(ValueOf&) -> best_keeper<ValueOf>;

}  // namespace pokerengine::detail
