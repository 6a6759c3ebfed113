#pragma once
// The selection core on additive keys: every choice of k cards of a list, each
// reached from the previous one by adding the keys of the cards that changed,
// and the best value over the choices. pokerengine/selection.hpp is its public
// face; the evaluator uses it directly (lowball flushes, 8 to 10 cards).

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <boost/container/static_vector.hpp>

#include "pokerengine/detail/hand_key.hpp"

namespace pokerengine::detail {

// The most cards one choice may hold, and the most cards a hand left out of may hold.
inline constexpr int max_choice_size = 10;

// Calls visit(key_and_bits) with base plus the entries of every choice of k of
// the n entries, in lexicographic order of their positions. A changed position
// redoes the sums from that position on, so most choices cost one addition.
template <class Visit>
void for_each_choice(const key_and_bits* entry, int n, int k, key_and_bits base, Visit&& visit) {
    assert(k <= max_choice_size && "a choice holds at most max_choice_size cards");
    if (k < 0 || k > n) return;
    if (k == 0) {
        visit(base);
        return;
    }
    // Left uninitialised: every slot is written before it is read.
    std::array<int, max_choice_size> at;
    std::array<key_and_bits, max_choice_size + 1> sum;
    at[0] = 0;
    sum[0] = base;
    int level = 0;
    while (true) {
        for (; level < k; ++level) {
            sum[static_cast<std::size_t>(level + 1)] = sum[static_cast<std::size_t>(level)] + entry[at[static_cast<std::size_t>(level)]];
            if (level + 1 < k) at[static_cast<std::size_t>(level + 1)] = at[static_cast<std::size_t>(level)] + 1;
        }
        visit(sum[static_cast<std::size_t>(k)]);
        level = k - 1;
        while (level >= 0 && at[static_cast<std::size_t>(level)] == n - k + level) --level;
        if (level < 0) return;
        ++at[static_cast<std::size_t>(level)];
    }
}

// The most choices the second part of a split choice may have: C(10, 5).
inline constexpr std::size_t max_second_choices = 252;

// Calls visit(key_and_bits) for every choice of exactly k1 of the first entries
// and k2 of the second, plus base (Omaha: two hole cards and three board
// cards). The second part's sums are made once, so each combination costs one
// addition.
template <class Visit>
void for_each_split_choice(const key_and_bits* first, int n1, int k1, const key_and_bits* second, int n2, int k2,
                           key_and_bits base, Visit&& visit) {
    boost::container::static_vector<key_and_bits, max_second_choices> parts;
    for_each_choice(second, n2, k2, key_and_bits{0, 0}, [&](key_and_bits e) {
        assert(parts.size() < parts.capacity() && "the second part of a split choice has too many choices");
        parts.push_back(e);
    });
    for_each_choice(first, n1, k1, base, [&](key_and_bits e) {
        for (const key_and_bits& part : parts) visit(e + part);
    });
}

// The entries of a set of cards, in code order; returns how many.
template <std::size_t N>
int entries_of_bits(std::uint64_t bits, std::array<key_and_bits, N>& out) {
    int n = 0;
    for (; bits && n < static_cast<int>(N); bits &= bits - 1)
        out[static_cast<std::size_t>(n++)] = card_entries[static_cast<std::size_t>(__builtin_ctzll(bits))];
    return n;
}

// Calls visit(key_and_bits) for every hand made from `hand` by leaving out k
// of its cards: the whole hand's entry minus the entries of the cards left out.
template <class Visit>
void for_each_leaving_out(key_and_bits hand, int k, Visit&& visit) {
    std::array<key_and_bits, max_choice_size> card;
    assert(count_bits(hand[1]) <= max_choice_size && "cards are left out of hands of at most max_choice_size cards");
    int n = entries_of_bits(hand[1], card);
    // Negated entries, so that leaving cards out is adding.
    for (int i = 0; i < n; ++i) card[static_cast<std::size_t>(i)] = key_and_bits{0, 0} - card[static_cast<std::size_t>(i)];
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
