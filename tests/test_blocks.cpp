// Work split into blocks (blocks.hpp): the thread driver runs every block once
// and returns the results in index order, whatever the number of threads, and
// a block's exception reaches the caller.

#include <atomic>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include <doctest/doctest.h>

#include "pokerengine/blocks.hpp"

using namespace pokerengine;

TEST_CASE("thread_blocks returns each block's result at its index, once") {
    for (int threads : {1, 2, 5}) {
        CAPTURE(threads);
        thread_blocks pool{threads};
        CHECK(pool.workers() == threads);
        CHECK(pool.merges());
        std::vector<std::atomic<int>> runs(40);
        const std::vector<block_result> r = pool.run(10, 50, [&](std::uint64_t b) {
            ++runs[b - 10];
            return block_result{b, b * b};
        });
        REQUIRE(r.size() == 40);
        for (std::uint64_t b = 10; b < 50; ++b) CHECK(r[b - 10] == block_result{b, b * b});
        for (const auto& n : runs) CHECK(n == 1);
        CHECK(pool.run(7, 7, [](std::uint64_t) { return block_result{1}; }).empty());
    }
}

TEST_CASE("thread_blocks reports progress in blocks, the last report all of them") {
    thread_blocks pool{2};
    std::uint64_t last_done = 0, last_total = 0;
    pool.run(0, 100, [](std::uint64_t b) { return block_result{b}; },
             [&](std::uint64_t done, std::uint64_t total) { last_done = done, last_total = total; });
    CHECK(last_done == 100);
    CHECK(last_total == 100);
}

TEST_CASE("a block's exception reaches the caller") {
    for (int threads : {1, 3}) {
        thread_blocks pool{threads};
        CHECK_THROWS_WITH_AS(pool.run(0, 20,
                                      [](std::uint64_t b) {
                                          if (b == 13) throw std::runtime_error("block 13 failed");
                                          return block_result{b};
                                      }),
                             "block 13 failed", std::runtime_error);
    }
    CHECK_THROWS_AS(thread_blocks{0}, std::invalid_argument);
    CHECK_THROWS_AS(thread_blocks{100000}, std::invalid_argument);
}

TEST_CASE("doubles travel in words bit for bit") {
    for (double x : {0.1, -0.0, 1.0 / 3, std::numeric_limits<double>::denorm_min(),
                     std::numeric_limits<double>::infinity()}) {
        CHECK(double_of(word_of(x)) == x);
        CHECK(std::signbit(double_of(word_of(x))) == std::signbit(x));
    }
    CHECK(word_of(1.0) == 0x3FF0'0000'0000'0000ULL);
}
