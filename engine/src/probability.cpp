#include "pokerengine/probability.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <mutex>
#include <thread>

#include "pokerengine/thread_pool.hpp"

namespace pokerengine {

std::uint64_t choose(int n, int k) {
    if (k < 0 || n < 0 || k > n) return 0;
    k = std::min(k, n - k);
    std::uint64_t result = 1;
    // Each partial product is itself a binomial coefficient, so the division is exact.
    for (int i = 1; i <= k; ++i) result = result * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
    return result;
}

hand_source hand_source::from_deck(CardSet deck, int hand_size) {
    if (hand_size < 4 || hand_size > 7)
        throw hand_error("hands hold 4 to 7 cards (5 to 7 in poker, 4 in badugi), not " + std::to_string(hand_size));
    if (deck.size() < hand_size)
        throw hand_error("cannot deal " + std::to_string(hand_size) + "-card hands from a deck of " +
                         std::to_string(deck.size()) + (deck.size() == 1 ? " card" : " cards"));
    hand_source source;
    source.cards_ = deck;
    source.hand_size_ = hand_size;
    source.hand_count_ = choose(deck.size(), hand_size);
    return source;
}

hand_source hand_source::from_reels(std::vector<CardList> reels) {
    if (reels.size() < 4 || reels.size() > 7)
        throw hand_error("a hand takes one card from each reel, so there are 4 to 7 reels (5 to 7 in poker), not " +
                         std::to_string(reels.size()));
    hand_source source;
    source.hand_count_ = 1;
    for (std::size_t r = 0; r < reels.size(); ++r) {
        if (reels[r].empty()) throw hand_error("reel " + std::to_string(r + 1) + " has no cards");
        for (Card c : reels[r]) {
            if (source.cards_.contains(c)) {
                std::size_t first = 0;
                while (std::find(reels[first].begin(), reels[first].end(), c) == reels[first].end()) ++first;
                throw hand_error("reel " + std::to_string(r + 1) + ": " + to_string(c) +
                                 (first == r ? " stands twice on this reel" : " is also on reel " + std::to_string(first + 1)) +
                                 "; every card may stand on one reel only, once");
            }
            source.cards_ |= c;
        }
        source.hand_count_ *= reels[r].size();
    }
    source.hand_size_ = static_cast<int>(reels.size());
    source.reels_ = std::move(reels);
    return source;
}

double standard_errors(std::uint64_t count, std::uint64_t trials, const exact_fraction& probability) {
    const double p = static_cast<double>(probability);
    const double n = static_cast<double>(trials);
    const double difference = static_cast<double>(count) - n * p;
    if (difference == 0) return 0.0;
    const double variance = n * p * (1 - p);
    if (variance <= 0) return difference > 0 ? std::numeric_limits<double>::infinity()
                                             : -std::numeric_limits<double>::infinity();
    return difference / std::sqrt(variance);
}

namespace detail {

std::vector<key_and_bits> entries_by_rank(CardSet cards) {
    std::vector<key_and_bits> entries;
    for (int r = 0; r < rank_count; ++r)
        for (int s = 0; s < suit_count; ++s)
            if (Card c{static_cast<Rank>(r), static_cast<Suit>(s)}; cards.contains(c))
                entries.push_back(card_entries[c.code()]);
    for (int j = 0; j < 2; ++j)
        if (cards.contains(Card::joker(j))) entries.push_back(card_entries[Card::joker(j).code()]);
    return entries;
}

void check_source_cards(const hand_source& source, CardSet playable, CardSet wild_cards, int min_size,
                        int max_size) {
    const int size = source.hand_size();
    if (size < min_size || size > max_size) {
        std::string sizes = min_size == max_size ? "exactly " + std::to_string(min_size)
                                                 : std::to_string(min_size) + " to " + std::to_string(max_size);
        throw hand_error("hands under these rules hold " + sizes + " cards, not " + std::to_string(size));
    }
    const CardSet jokers = source.cards() & CardSet{CardSet::joker_bits};
    if (!(jokers - wild_cards).empty())
        throw hand_error("the cards hold a joker, but jokers are not wild under these rules");
    const CardSet outside = source.cards() - playable;
    if (!outside.empty())
        throw hand_error("these rules play with " + std::to_string((playable - CardSet{CardSet::joker_bits}).size()) +
                         " cards, not with " + to_string(outside));
}

value_histogram run_items(std::size_t items, std::size_t bound,
                          const std::function<std::uint64_t(std::size_t, value_histogram&)>& work,
                          std::uint64_t total_weight, const run_options& options) {
    value_histogram sum(bound, 0);
    auto add = [&sum](const auto& counts) {
        for (std::size_t v = 0; v < sum.size(); ++v) sum[v] += counts[v];
    };
    if (options.driver) {
        progress_callback report;
        if (options.progress)
            report = [&](std::uint64_t done, std::uint64_t total) {
                options.progress(total ? total_weight / total * done + total_weight % total * done / total : 0,
                                 total_weight);
            };
        const std::vector<block_result> counts = options.driver->run(
            0, items,
            [&](std::uint64_t item) {
                value_histogram c(bound, 0);
                work(static_cast<std::size_t>(item), c);
                return c;
            },
            report);
        for (const block_result& c : counts) add(c);
        return sum;
    }
    if (options.threads) check_thread_count(options.threads);
    unsigned threads = options.threads ? options.threads
                                       : std::clamp(std::thread::hardware_concurrency(), 1U, max_threads);
    threads = static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(items, 1)));
    std::mutex lock;
    auto run_one = [&](std::size_t i) {
        value_histogram counts(bound, 0);
        const std::uint64_t weight = work(i, counts);
        std::lock_guard<std::mutex> guard(lock);
        add(counts);
        return weight;
    };
    if (threads == 1 && !options.progress) {
        for (std::size_t i = 0; i < items; ++i) run_one(i);
        return sum;
    }
    std::atomic<std::size_t> next{0};
    std::atomic<std::uint64_t> done{0};
    std::function<void()> poll;
    if (options.progress) poll = [&] { options.progress(done.load(), total_weight); };
    run_parallel(
        threads,
        [&](unsigned, stop_token stop) {
            for (std::size_t i = next++; i < items && !stop; i = next++) done += run_one(i);
        },
        poll);
    if (options.progress) options.progress(total_weight, total_weight);
    return sum;
}

}  // namespace detail

odds_table exact_odds(const rules& r, const hand_source& source, const run_options& options) {
    return r.visit([&](const auto& ev) { return exact_odds(ev, source, options); });
}

odds_table simulated_odds(const rules& r, const hand_source& source, std::uint64_t hands, std::uint64_t seed,
                          const run_options& options) {
    return r.visit([&](const auto& ev) { return simulated_odds(ev, source, hands, seed, options); });
}

}  // namespace pokerengine
