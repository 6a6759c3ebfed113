#pragma once
// Probabilities: how often each kind of hand is dealt from a deck or a set of
// reels, counted exactly by enumeration or estimated by a seeded simulation.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

#include "pokerengine/badugi.hpp"
#include "pokerengine/blocks.hpp"
#include "pokerengine/card_set.hpp"
#include "pokerengine/evaluator.hpp"
#include "pokerengine/random.hpp"
#include "pokerengine/rules.hpp"
#include "pokerengine/thread_pool.hpp"

namespace pokerengine {

/// An exact fraction, always in lowest terms.
using exact_fraction = boost::multiprecision::cpp_rational;

/// Where hands come from: every set of `hand_size` cards of a deck, all
/// equally likely, or one card from each reel of a machine, every
/// combination equally likely.
///
///     hand_source five = hand_source::from_deck(CardSet::standard_deck(), 5);
///     assert(five.hand_count() == 2'598'960);
///     hand_source machine = hand_source::from_reels({parse_cards("As Kd"), parse_cards("Ah 2c"),
///                                                    parse_cards("Ac 7s"), parse_cards("Qs"), parse_cards("Jh")});
///     assert(machine.hand_size() == 5 && machine.hand_count() == 8);
class hand_source {
public:
    /// Every `hand_size` cards of `deck` (4 to 7; the rules check which they take).
    /// Throws `hand_error` for another size or a deck with fewer cards.
    static hand_source from_deck(CardSet deck, int hand_size);
    /// One card from each reel, 4 to 7 reels of one card or more. A card may
    /// stand on one reel only, once: throws `hand_error` naming a card that
    /// stands twice, an empty reel, or a wrong number of reels.
    static hand_source from_reels(std::vector<CardList> reels);

    bool uses_reels() const { return !reels_.empty(); }
    /// Every card a hand can hold.
    CardSet cards() const { return cards_; }
    int hand_size() const { return hand_size_; }
    /// The reels, top to bottom; empty for a deck.
    const std::vector<CardList>& reels() const { return reels_; }
    /// The number of different hands: C(deck size, hand size), or the product of the reel sizes.
    std::uint64_t hand_count() const { return hand_count_; }

private:
    CardSet cards_;
    int hand_size_ = 5;
    std::vector<CardList> reels_;
    std::uint64_t hand_count_ = 0;
};

/// The number of ways to choose `k` of `n` things (0 when k > n): the number
/// of hands of `k` cards from a deck of `n`.
///
///     assert(choose(52, 7) == 133'784'560);
std::uint64_t choose(int n, int k);

/// One row of a table of odds: a kind of hand and how many hands are of it.
struct odds_row {
    std::string label;        // "Full house", "7-low", "Pair or worse"
    std::uint64_t count = 0;  // hands of this kind
};

/// How many hands of a source fall into each kind of hand, best kind first.
/// The kinds are those of the rules: the hand categories for high hands (the
/// royal flush apart, and the pay-table categories with `--paytable` rules),
/// the lows by their highest card ("5-low (wheel)", "6-low", ...) then
/// "Pair or worse" for lowball, and "No qualifying low" under a qualifier.
/// Every kind the rules have is listed, even when no hand of the source is of it.
///
///     odds_table t = exact_odds(high_evaluator{}, hand_source::from_deck(CardSet::standard_deck(), 5));
///     assert(t.rows[0].label == "Royal flush" && t.rows[0].count == 4);
///     assert(t.probability(0) == exact_fraction(1, 649'740));
struct odds_table {
    std::vector<odds_row> rows;
    std::uint64_t total = 0;  // the hands counted: every hand, or the simulated ones

    /// The exact share of row `i` in the total, in lowest terms (0 for an empty table).
    exact_fraction probability(std::size_t i) const {
        return total == 0 ? exact_fraction(0) : exact_fraction(rows.at(i).count, total);
    }
};

/// How a long run works: the threads (0: one per core; at most `max_threads`)
/// and a progress report, called now and then on the calling thread with the
/// work done and to do (hands), last with both equal. The results never depend
/// on the threads. An exception thrown by the progress report stops the run
/// and reaches the caller once every thread has been joined; more than
/// `max_threads` threads is a `std::invalid_argument`.
///
///     run_options options{.threads = 2, .progress = [](std::uint64_t done, std::uint64_t total) {
///         std::fprintf(stderr, "\r%3d%%", int(100 * done / total));
///     }};
struct run_options {
    unsigned threads = 0;
    std::function<void(std::uint64_t done, std::uint64_t total)> progress = nullptr;
    /// When set, the driver that runs the work's blocks (MPI ranks, say) in
    /// place of `threads`: the same table, on the process where it `merges()`
    /// (elsewhere a table of no hands). Progress then counts in its blocks' share.
    block_driver* driver = nullptr;
};

/// The difference between a simulated count and the exact probability, in
/// standard errors of the simulation: (count - n p) / sqrt(n p (1 - p)).
/// Zero when they agree exactly; infinite when p is 0 or 1 and they do not.
///
///     assert(standard_errors(50, 100, exact_fraction(1, 2)) == 0.0);
///     assert(standard_errors(60, 100, exact_fraction(1, 2)) == 2.0);
double standard_errors(std::uint64_t count, std::uint64_t trials, const exact_fraction& probability);

/// The simulated hands are dealt in blocks of this many; block b is dealt by
/// `simulation_generator(seed, b)`, whichever thread deals it, so the numbers
/// depend on the seed alone, not on the threads.
inline constexpr std::uint64_t simulation_block = 1 << 20;

/// The generator of block `block` of a simulation: xoshiro256** seeded with
/// output `block` (counting from 0) of splitmix64 seeded with `seed`.
///
///     xoshiro256ss first = simulation_generator(7, 0);
///     assert(first == xoshiro256ss{splitmix64{7}()});
inline xoshiro256ss simulation_generator(std::uint64_t seed, std::uint64_t block) {
    // splitmix64's state moves by a fixed step per output, so output `block` is one step away.
    return xoshiro256ss{splitmix64{seed + block * 0x9e37'79b9'7f4a'7c15ULL}()};
}

namespace detail {

// What the odds of one evaluator need to know about it: how to value a hand
// of a size known at compile time, and how to group its values into rows.
template <class Evaluator>
struct odds_traits {
    using ranking = typename Evaluator::ranking;
    static constexpr bool natural = !requires(const Evaluator& ev) { ev.wild_cards(); };
    static constexpr bool lowball = ranking::spec.direction == rank_direction::lower_wins;
    static constexpr bool qualifier = ranking::spec.qualifier_highest >= 0;
    static constexpr int min_size = 5;
    static constexpr int max_size = 7;
    // Values run from 1 to distinct_values (0 is "no low" under a qualifier).
    static constexpr std::uint32_t value_bound = Evaluator::distinct_values + 1;

    template <int Size>
    static std::uint32_t value(const Evaluator& ev, key_and_bits hand) {
        if constexpr (natural)
            return value_of_size<ranking, Size>(hand[0], hand[1]);
        else
            return ev.evaluate(CardSet{hand[1]}).value;
    }
    static CardSet wild_cards(const Evaluator& ev) {
        if constexpr (natural) {
            (void)ev;
            return {};
        } else {
            return ev.wild_cards();
        }
    }
    static CardSet deck(const Evaluator& ev) {
        return CardSet{deck_bits<ranking>} | (wild_cards(ev) & CardSet{CardSet::joker_bits});
    }
    // The row a value belongs to; empty for a value the evaluator never gives.
    static std::string row_label(const Evaluator& ev, hand_value v) {
        if (v.value == 0) return qualifier ? "No qualifying low" : "";
        hand_shape shape = ev.shape(v);
        if constexpr (lowball) {
            if (shape.category != hand_category::high_card) return "Pair or worse";
            Rank top = shape.ranks[0];
            if (top == Rank::five) return "5-low (wheel)";
            if (top == Rank::ten) return "10-low";
            return std::string(1, rank_char(top)) + "-low";
        } else {
            return std::string(category_name(shape.category));
        }
    }
};

template <>
struct odds_traits<badugi_evaluator> {
    static constexpr int min_size = badugi_evaluator::hand_size;
    static constexpr int max_size = badugi_evaluator::hand_size;
    static constexpr std::uint32_t value_bound = (badugi_evaluator::hand_size + 1) << badugi_count_shift;

    template <int Size>
    static std::uint32_t value(const badugi_evaluator& ev, key_and_bits hand) {
        return ev.evaluate(CardSet{hand[1]}).value;
    }
    static CardSet wild_cards(const badugi_evaluator&) { return {}; }
    static CardSet deck(const badugi_evaluator&) { return CardSet::standard_deck(); }
    static std::string row_label(const badugi_evaluator& ev, hand_value v) {
        int count = static_cast<int>(v.value >> badugi_count_shift);
        unsigned ranks = ~v.value & badugi_rank_mask;
        if (count < 1 || count > badugi_evaluator::hand_size || std::popcount(ranks) != count) return "";
        return ev.category_label(v);
    }
};

// The rows of an evaluator, best first, and the row of each value.
struct row_layout {
    std::vector<std::string> labels;
    std::vector<std::uint16_t> row_of_value;  // no_row for values the evaluator never gives
    static constexpr std::uint16_t no_row = 0xffff;
};

template <class Evaluator>
row_layout layout_of(const Evaluator& ev) {
    using traits = odds_traits<Evaluator>;
    row_layout layout;
    layout.row_of_value.assign(traits::value_bound, row_layout::no_row);
    // From the best value down, so each row appears where its best hand does.
    for (std::uint32_t v = traits::value_bound; v-- > 0;) {
        std::string label = traits::row_label(ev, hand_value{v});
        if (label.empty()) continue;
        auto found = std::find(layout.labels.begin(), layout.labels.end(), label);
        if (found == layout.labels.end()) found = layout.labels.insert(layout.labels.end(), label);
        layout.row_of_value[v] = static_cast<std::uint16_t>(found - layout.labels.begin());
    }
    return layout;
}

// The cards of a source as evaluator entries, rank by rank (2c 2d 2h 2s 3c ...)
// so that neighbouring hands share ranks and their table lookups stay close.
std::vector<key_and_bits> entries_by_rank(CardSet cards);

// Throws hand_error unless every hand of the source can be valued by the evaluator.
void check_source_cards(const hand_source& source, CardSet playable, CardSet wild_cards, int min_size,
                        int max_size);

using value_histogram = std::vector<std::uint64_t>;

// Runs `work(item, counts)` for items 0 .. items - 1, on `options.threads`
// threads taking items in turn or on `options.driver`'s blocks, and returns the
// sum of every item's counts (histograms of `bound` values; `work` returns the
// item's weight, reported to `options.progress`). Sums of whole numbers: the
// result does not depend on who counted what. The first exception thrown by
// any item is rethrown here.
value_histogram run_items(std::size_t items, std::size_t bound,
                          const std::function<std::uint64_t(std::size_t, value_histogram& counts)>& work,
                          std::uint64_t total_weight, const run_options& options);

// Adds every hand of `Left` more cards from cards [first, last) to `partial`.
template <int Left, int Size, class Evaluator>
void count_subsets(const Evaluator& ev, const key_and_bits* first, const key_and_bits* last,
                   key_and_bits partial, std::uint64_t* counts) {
    for (const key_and_bits* card = first; card + (Left - 1) < last; ++card) {
        key_and_bits hand = partial + *card;
        if constexpr (Left == 1)
            ++counts[odds_traits<Evaluator>::template value<Size>(ev, hand)];
        else
            count_subsets<Left - 1, Size>(ev, card + 1, last, hand, counts);
    }
}

// Adds every hand of one card from each of reels [reel, last) to `partial`.
template <int Size, class Evaluator>
void count_reels(const Evaluator& ev, const std::vector<std::vector<key_and_bits>>& reels, std::size_t reel,
                 key_and_bits partial, std::uint64_t* counts) {
    for (const key_and_bits& card : reels[reel]) {
        key_and_bits hand = partial + card;
        if (reel + 1 == reels.size())
            ++counts[odds_traits<Evaluator>::template value<Size>(ev, hand)];
        else
            count_reels<Size>(ev, reels, reel + 1, hand, counts);
    }
}

// Calls f(std::integral_constant<int, Size>) for a run-time size from 4 to 7.
template <class F>
decltype(auto) with_hand_size(int size, F&& f) {
    switch (size) {
        case 4: return f(std::integral_constant<int, 4>{});
        case 5: return f(std::integral_constant<int, 5>{});
        case 6: return f(std::integral_constant<int, 6>{});
        default: return f(std::integral_constant<int, 7>{});
    }
}

template <class Evaluator>
void check_source(const Evaluator& ev, const hand_source& source) {
    using traits = odds_traits<Evaluator>;
    check_source_cards(source, traits::deck(ev), traits::wild_cards(ev), traits::min_size, traits::max_size);
}

template <class Evaluator>
odds_table table_from(const Evaluator& ev, const value_histogram& counts) {
    row_layout layout = layout_of(ev);
    odds_table table;
    for (const std::string& label : layout.labels) table.rows.push_back({label, 0});
    for (std::size_t v = 0; v < counts.size(); ++v) {
        if (counts[v] == 0) continue;
        if (layout.row_of_value[v] == row_layout::no_row)
            throw std::logic_error("a hand value " + std::to_string(v) + " the evaluator does not list");
        table.rows[layout.row_of_value[v]].count += counts[v];
        table.total += counts[v];
    }
    return table;
}

}  // namespace detail

/// Counts every hand of `source` by the kind of hand it makes under `ev`,
/// exactly. Work is split over threads by the first card (or the first
/// reel's card). Throws `hand_error` for a source the rules cannot value:
/// a hand size the evaluator does not take, jokers that are not wild, cards
/// outside the ranking's deck (short deck).
///
///     odds_table t = exact_odds(deuces_wild_evaluator{}, hand_source::from_deck(CardSet::standard_deck(), 5));
///     assert(t.rows[0].label == "Five of a kind" && t.rows[0].count == 672);
template <class Evaluator>
odds_table exact_odds(const Evaluator& ev, const hand_source& source, const run_options& options = {}) {
    using traits = detail::odds_traits<Evaluator>;
    detail::check_source(ev, source);
    detail::value_histogram sum;
    const int size = source.hand_size();
    if (!source.uses_reels()) {
        const std::vector<detail::key_and_bits> cards = detail::entries_by_rank(source.cards());
        const int n = static_cast<int>(cards.size());
        const std::size_t items = static_cast<std::size_t>(n - size + 1);
        sum = detail::run_items(
            items, traits::value_bound,
            [&](std::size_t first, detail::value_histogram& counts) {
                const detail::key_and_bits start = Hand{}.entry() + cards[first];
                detail::with_hand_size(size, [&](auto fixed) {
                    constexpr int Size = decltype(fixed)::value;
                    if constexpr (Size >= traits::min_size && Size <= traits::max_size)
                        detail::count_subsets<Size - 1, Size>(ev, cards.data() + first + 1,
                                                              cards.data() + cards.size(), start, counts.data());
                });
                return choose(n - 1 - static_cast<int>(first), size - 1);
            },
            source.hand_count(), options);
    } else {
        std::vector<std::vector<detail::key_and_bits>> reels;
        for (const CardList& reel : source.reels()) {
            reels.emplace_back();
            for (Card c : reel) reels.back().push_back(detail::card_entries[c.code()]);
        }
        const std::uint64_t per_first_card = source.hand_count() / reels[0].size();
        sum = detail::run_items(
            reels[0].size(), traits::value_bound,
            [&](std::size_t first, detail::value_histogram& counts) {
                const detail::key_and_bits start = Hand{}.entry() + reels[0][first];
                detail::with_hand_size(size, [&](auto fixed) {
                    constexpr int Size = decltype(fixed)::value;
                    if constexpr (Size >= traits::min_size && Size <= traits::max_size)
                        detail::count_reels<Size>(ev, reels, 1, start, counts.data());
                });
                return per_first_card;
            },
            source.hand_count(), options);
    }
    return detail::table_from(ev, sum);
}

/// Deals `hands` random hands from `source` and counts them like
/// `exact_odds`: from a deck by a partial Fisher-Yates shuffle, from reels by
/// one uniform draw per reel, with `uniform_below`. Hands are dealt in blocks
/// of `simulation_block`, block b by `simulation_generator(seed, b)`, so the
/// same seed gives the same table on every machine, with any number of threads.
///
///     odds_table t = simulated_odds(high_evaluator{}, hand_source::from_deck(CardSet::standard_deck(), 5),
///                                   100'000, 42);
///     assert(t.total == 100'000);
template <class Evaluator>
odds_table simulated_odds(const Evaluator& ev, const hand_source& source, std::uint64_t hands, std::uint64_t seed,
                          const run_options& options = {}) {
    using traits = detail::odds_traits<Evaluator>;
    detail::check_source(ev, source);
    const int size = source.hand_size();
    const std::vector<detail::key_and_bits> deck = detail::entries_by_rank(source.cards());
    std::vector<std::vector<detail::key_and_bits>> reels;
    for (const CardList& reel : source.reels()) {
        reels.emplace_back();
        for (Card c : reel) reels.back().push_back(detail::card_entries[c.code()]);
    }
    const std::size_t blocks = static_cast<std::size_t>((hands + simulation_block - 1) / simulation_block);
    const detail::value_histogram sum = detail::run_items(
        blocks, traits::value_bound,
        [&](std::size_t block, detail::value_histogram& counts) {
            const std::uint64_t in_block = std::min<std::uint64_t>(simulation_block, hands - block * simulation_block);
            xoshiro256ss rng = simulation_generator(seed, block);
            detail::with_hand_size(size, [&](auto fixed) {
                constexpr int Size = decltype(fixed)::value;
                if constexpr (Size >= traits::min_size && Size <= traits::max_size) {
                    if (reels.empty()) {
                        // The shuffled prefix of the array is the hand; the rest of it
                        // stays a permutation of the deck, so the next hand starts there.
                        std::vector<detail::key_and_bits> cards = deck;
                        const std::uint64_t n = cards.size();
                        for (std::uint64_t h = 0; h < in_block; ++h) {
                            detail::key_and_bits hand = Hand{}.entry();
                            for (std::uint64_t j = 0; j < Size; ++j) {
                                std::uint64_t pick = j + uniform_below(rng, n - j);
                                std::swap(cards[j], cards[pick]);
                                hand += cards[j];
                            }
                            ++counts[traits::template value<Size>(ev, hand)];
                        }
                    } else {
                        for (std::uint64_t h = 0; h < in_block; ++h) {
                            detail::key_and_bits hand = Hand{}.entry();
                            for (const auto& reel : reels) hand += reel[uniform_below(rng, reel.size())];
                            ++counts[traits::template value<Size>(ev, hand)];
                        }
                    }
                }
            });
            return in_block;
        },
        hands, options);
    return detail::table_from(ev, sum);
}

/// `exact_odds` with the evaluator of rules chosen at run time.
///
///     odds_table t = exact_odds(rules::parse("deuce-to-seven"), hand_source::from_deck(CardSet::standard_deck(), 5));
///     assert(t.rows[0].label == "7-low");
odds_table exact_odds(const rules& r, const hand_source& source, const run_options& options = {});
/// `simulated_odds` with the evaluator of rules chosen at run time.
odds_table simulated_odds(const rules& r, const hand_source& source, std::uint64_t hands, std::uint64_t seed,
                          const run_options& options = {});

}  // namespace pokerengine
