// Work split into blocks (blocks.hpp): the thread driver runs every block once
// and returns the results in index order, whatever the number of threads, and
// a block's exception reaches the caller; a checkpoint lets a stopped job
// resume without computing its finished blocks again.

#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <limits>
#include <stdexcept>
#include <vector>

#include <doctest/doctest.h>

#include "pokerengine/blocks.hpp"
#include "pokerengine/checkpoint.hpp"

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

TEST_CASE("texts and words written into a block read back in order, and no further") {
    block_writer w;
    const std::string bytes("a\0b\xff", 4);
    for (std::string_view text : {std::string_view(), std::string_view("x"), std::string_view("exactly8"),
                                  std::string_view("nine bytes"), std::string_view(bytes)}) {
        w.word(text.size() * 3);
        w.text(text);
    }
    const block_result words = w.take();
    block_reader r{words};
    for (std::string_view text : {std::string_view(), std::string_view("x"), std::string_view("exactly8"),
                                  std::string_view("nine bytes"), std::string_view(bytes)}) {
        CHECK(r.word() == text.size() * 3);
        CHECK(r.text() == text);
    }
    CHECK(r.done());
    CHECK_THROWS_AS(r.word(), std::out_of_range);
    // A length beyond the words that follow it is refused, not read past the end.
    const block_result cut{100, 0x41414141};
    block_reader short_read{cut};
    CHECK_THROWS_AS(short_read.text(), std::out_of_range);
}

TEST_CASE("one process shares with itself: its own decision, count and words") {
    thread_blocks pool{2};
    CHECK(pool.share(true));
    CHECK_FALSE(pool.share(false));
    CHECK(pool.share_count(~0ULL) == ~0ULL);
    block_result words{1, 2, 3};
    pool.share_words(words);
    CHECK(words == block_result{1, 2, 3});
}

// A job whose blocks are counted as they run, for the checkpoint's cases.
struct counted_job {
    std::atomic<int> runs{0};
    std::uint64_t fail_at = ~0ULL;
    block_result operator()(std::uint64_t b) {
        if (b == fail_at) throw std::runtime_error("stopped at block " + std::to_string(b));
        ++runs;
        return block_result{b, word_of(std::sqrt(static_cast<double>(b)))};
    }
};

std::string checkpoint_path(const char* name) {
    const std::string path = (std::filesystem::temp_directory_path() / name).string();
    std::filesystem::remove(path);
    return path;
}

std::string file_text(const std::string& path) {
    std::ifstream in{path, std::ios::binary};
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST_CASE("a job stopped part way resumes from its checkpoint, computing only what is missing, bit for bit") {
    const std::string path = checkpoint_path("pokerengine-test-blocks.checkpoint");
    thread_blocks pool{2};
    counted_job reference;
    const std::vector<block_result> expected = pool.run(0, 1000, std::ref(reference));

    counted_job first;
    first.fail_at = 700;
    {
        checkpoint_blocks saved{pool, path, "square roots"};
        CHECK_THROWS_WITH(saved.run(0, 1000, std::ref(first)), "stopped at block 700");
    }
    // Groups of 2 x 64 blocks: the five before block 700 are in the file.
    std::map<std::uint64_t, block_result> kept = read_checkpoint(file_text(path), "square roots");
    REQUIRE(kept.size() == 640);
    CHECK(kept.rbegin()->first == 639);

    counted_job second;
    checkpoint_blocks resumed{pool, path, "square roots"};
    std::uint64_t last_done = 0;
    const std::vector<block_result> r =
        resumed.run(0, 1000, std::ref(second), [&](std::uint64_t done, std::uint64_t total) {
            CHECK(total == 1000);
            CHECK(done >= last_done);
            last_done = done;
        });
    CHECK(r == expected);
    CHECK(second.runs == 360);
    CHECK(resumed.resumed() == 640);
    CHECK(last_done == 1000);

    counted_job third;
    checkpoint_blocks again{pool, path, "square roots"};
    CHECK(again.run(0, 1000, std::ref(third)) == expected);
    CHECK(third.runs == 0);
    CHECK(again.run(1000, 1010, std::ref(third)).size() == 10);
    CHECK(third.runs == 10);
    std::filesystem::remove(path);
}

TEST_CASE("a checkpoint's last line cut short is dropped and computed again") {
    const std::string path = checkpoint_path("pokerengine-test-cut.checkpoint");
    std::ofstream{path} << "pokerengine checkpoint 1\njob j\n0 0 0\n1 1 3ff000";
    thread_blocks pool{1};
    checkpoint_blocks saved{pool, path, "j"};
    counted_job job;
    const std::vector<block_result> r = saved.run(0, 3, std::ref(job));
    CHECK(job.runs == 2);
    CHECK(r[1] == block_result{1, word_of(1.0)});
    CHECK(file_text(path) == "pokerengine checkpoint 1\njob j\n0 0 0\n1 1 3ff0000000000000\n2 2 3ff6a09e667f3bcd\n");
    // A header cut short is no block at all; the file starts again.
    std::ofstream{path, std::ios::trunc} << "pokerengine check";
    checkpoint_blocks fresh{pool, path, "j"};
    CHECK(fresh.run(0, 1, std::ref(job)).size() == 1);
    CHECK(file_text(path) == "pokerengine checkpoint 1\njob j\n0 0 0\n");
    std::filesystem::remove(path);
}

TEST_CASE("a checkpoint that is not one of the job is refused with its code, the file untouched") {
    auto code_of = [](std::string_view text) {
        try {
            read_checkpoint(text, "j", "f");
        } catch (const checkpoint_error& e) {
            return std::string(to_string(e.code())) + ": " + e.what();
        }
        return std::string("none");
    };
    CHECK(code_of("hand,AA\n") == "not_a_checkpoint: the checkpoint \"f\" does not begin with \"pokerengine checkpoint 1\"");
    CHECK(code_of("x") == "not_a_checkpoint: the checkpoint \"f\" does not begin with \"pokerengine checkpoint 1\"");
    CHECK(code_of("pokerengine checkpoint 1\njob k\n") ==
          "other_job: the checkpoint \"f\" is of another job: \"job k\", not \"job j\"");
    CHECK(code_of("pokerengine checkpoint 1\njob j\n3 -1\n") ==
          "bad_line: the checkpoint \"f\", line 3: \"3 -1\" is not a block's index and hexadecimal words");
    CHECK(code_of("pokerengine checkpoint 1\njob j\n3  1\n").starts_with("bad_line:"));
    CHECK(code_of("pokerengine checkpoint 1\njob j\n3 1 \n").starts_with("bad_line:"));
    CHECK(code_of("pokerengine checkpoint 1\njob j\n3 11111111111111111\n").starts_with("bad_line:"));
    CHECK(code_of("pokerengine checkpoint 1\njob j\n99999999999999999999 1\n").starts_with("bad_line:"));
    CHECK(code_of("pokerengine checkpoint 1\njob j\n3 1\n3 2\n") ==
          "conflicting_block: the checkpoint \"f\", line 4: block 3 again with another result");
    CHECK(code_of("pokerengine checkpoint 1\njob j\n3 1\n3 1\n4\n") == "none");
    CHECK(read_checkpoint("pokerengine checkpoint 1\njob j\n3 a FF\n4\n", "j").at(3) == block_result{10, 255});

    const std::string path = checkpoint_path("pokerengine-test-other.checkpoint");
    std::ofstream{path} << "pokerengine checkpoint 1\njob k\n0 1\n";
    thread_blocks pool{1};
    CHECK_THROWS_AS(checkpoint_blocks(pool, path, "j"), checkpoint_error);
    CHECK(file_text(path) == "pokerengine checkpoint 1\njob k\n0 1\n");
    std::filesystem::remove(path);
}

TEST_CASE("a checkpoint path that cannot be read is refused as unreadable, naming it") {
    // A directory: root, who runs the tests in CI, reads any file whatever its mode.
    const std::string path = checkpoint_path("pokerengine-test-directory.checkpoint");
    std::filesystem::create_directory(path);
    thread_blocks pool{1};
    std::string code = "none", message;
    try {
        checkpoint_blocks saved{pool, path, "j"};
    } catch (const checkpoint_error& e) {
        code = std::string(to_string(e.code()));
        message = e.what();
    }
    CHECK(code == "unreadable");
    CHECK(message == "cannot read the checkpoint \"" + path + "\": it is a directory");
    CHECK(std::filesystem::is_directory(path));
    std::filesystem::remove(path);
}

TEST_CASE("a job's digest is the 64-bit FNV-1a of its description, in sixteen hexadecimal digits") {
    // The test vectors published with FNV (Fowler, Noll, Vo: "FNV-1a", 64 bits).
    CHECK(pokerengine::job_digest("") == "cbf29ce484222325");
    CHECK(pokerengine::job_digest("a") == "af63dc4c8601ec8c");
    CHECK(pokerengine::job_digest("foobar") == "85944171f73967e8");
    CHECK(pokerengine::job_digest("foobaR") != pokerengine::job_digest("foobar"));
}
