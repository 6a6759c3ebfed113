// The thread pool (thread_pool.hpp): every thread runs once, every thread is
// joined, and an exception of a worker, of the progress callback or of a
// calculation running on it reaches the caller instead of ending the process.

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include <doctest/doctest.h>

#include "pokerengine/equity.hpp"
#include "pokerengine/probability.hpp"
#include "pokerengine/thread_pool.hpp"

using namespace pokerengine;

TEST_CASE("run_parallel runs each thread index once") {
    for (unsigned threads : {1U, 2U, 7U}) {
        std::vector<std::atomic<int>> seen(threads);
        run_parallel(threads, [&](unsigned t, stop_token) { ++seen[t]; });
        for (const auto& s : seen) CHECK(s == 1);
    }
    SUBCASE("with a poll on the calling thread") {
        std::atomic<int> runs{0};
        int polls = 0;
        run_parallel(
            3,
            [&](unsigned, stop_token) {
                std::this_thread::sleep_for(std::chrono::milliseconds(30));
                ++runs;
            },
            [&] { ++polls; }, std::chrono::milliseconds(1));
        CHECK(runs == 3);
        CHECK(polls > 0);
    }
}

TEST_CASE("thread counts outside 1 to max_threads are refused") {
    CHECK(max_threads == 256);
    CHECK_NOTHROW(check_thread_count(1));
    CHECK_NOTHROW(check_thread_count(max_threads));
    CHECK_THROWS_WITH_AS(check_thread_count(0), "the thread count must be 1 to 256, not 0", std::invalid_argument);
    CHECK_THROWS_WITH_AS(check_thread_count(100'000), "the thread count must be 1 to 256, not 100000",
                         std::invalid_argument);
    CHECK_THROWS_AS(run_parallel(0, [](unsigned, stop_token) {}), std::invalid_argument);
    CHECK_THROWS_AS(run_parallel(max_threads + 1, [](unsigned, stop_token) {}), std::invalid_argument);
}

TEST_CASE("a worker's exception reaches the caller and stops the others") {
    // Without the stop flag the other workers would spin for ever.
    for (unsigned thrower : {0U, 1U, 3U}) {
        CAPTURE(thrower);
        std::atomic<int> stopped{0};
        CHECK_THROWS_WITH_AS(run_parallel(4,
                                          [&](unsigned t, stop_token stop) {
                                              if (t == thrower) throw std::runtime_error("worker failed");
                                              while (!stop) std::this_thread::yield();
                                              ++stopped;
                                          }),
                             "worker failed", std::runtime_error);
        // Workers not yet started when the first one failed are never started.
        CHECK(stopped <= 3);
    }
}

TEST_CASE("a throwing poll reaches the caller and stops the workers") {
    CHECK_THROWS_WITH_AS(run_parallel(
                             2,
                             [](unsigned, stop_token stop) {
                                 while (!stop) std::this_thread::yield();
                             },
                             [] { throw std::runtime_error("progress failed"); }, std::chrono::milliseconds(1)),
                         "progress failed", std::runtime_error);
}

TEST_CASE("a throwing progress callback of an odds run reaches the caller") {
    const rules r = rules::parse("high");
    for (unsigned threads : {1U, 2U}) {
        CAPTURE(threads);
        run_options options;
        options.threads = threads;
        options.progress = [](std::uint64_t, std::uint64_t) { throw std::runtime_error("stop counting"); };
        CHECK_THROWS_WITH_AS(exact_odds(r, hand_source::from_deck(CardSet::standard_deck(), 5), options),
                             "stop counting", std::runtime_error);
    }
    run_options too_many;
    too_many.threads = 100'000;
    CHECK_THROWS_AS(exact_odds(r, hand_source::from_deck(CardSet::standard_deck(), 5), too_many),
                    std::invalid_argument);
}

TEST_CASE("an equity error on a worker thread reaches the caller") {
    // Both players hold the aces of the only heavy hand, so no deal fits.
    const any_game holdem = find_game("holdem");
    const std::vector<hand_range> players{parse_range("AsAh,KdKc:0.000000001"),
                                          parse_range("AsAh,QdQc:0.000000001")};
    for (int threads : {1, 2}) {
        CAPTURE(threads);
        equity_options o;
        o.method = equity_method::monte_carlo;
        o.max_deals = 1000;
        o.threads = threads;
        CHECK_THROWS_AS(equity(holdem, players, CardSet{}, CardSet{}, o), game_error);
    }
    equity_options too_many;
    too_many.threads = 100'000;
    CHECK_THROWS_WITH_AS(equity(holdem, std::vector<hand_range>{parse_range("AsAh"), parse_range("KsKd")}, CardSet{},
                                CardSet{}, too_many),
                         "equity takes 1 to 256 threads, not 100000", game_error);
}
