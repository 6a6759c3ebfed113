// A job of your own split into blocks, as the library's simulations and tables
// are: each block computed from its index alone, the results merged in index
// order, so the answer is the same on any number of threads (or MPI ranks);
// kept in a checkpoint, a job stopped part way computes only what is missing.
// Built and run by the test suite (docs).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "pokerengine/blocks.hpp"
#include "pokerengine/checkpoint.hpp"
#include "pokerengine/random.hpp"
#include "example_check.hpp"

using namespace pokerengine;

int main() {
    // The sum of 2^14 random numbers of each of 256 blocks, each block seeded by its index.
    const block_work work = [](std::uint64_t block) {
        xoshiro256ss rng = block_generator(42, block);
        std::uint64_t sum = 0;
        for (int i = 0; i < (1 << 14); ++i) sum += rng() >> 40;
        block_writer out;
        out.word(sum);
        out.text("block " + std::to_string(block));
        return out.take();
    };
    auto total = [](const std::vector<block_result>& results) {
        std::uint64_t sum = 0;
        for (const block_result& words : results) sum += block_reader{words}.word();
        return sum;
    };
    thread_blocks one{1}, four{4};
    const std::uint64_t alone = total(one.run(0, 256, work));
    check(total(four.run(0, 256, work)) == alone, "four threads give one thread's answer");
    const std::vector<block_result> third = four.run(2, 3, work);
    block_reader words{third.at(0)};  // the reader refers to the words: they must outlive it
    (void)words.word();
    check(words.text() == "block 2", "a block's text comes back as it was written");

    // A checkpoint: the job named by what its blocks depend on. The first run
    // stops at block 200 (here by an exception; a kill or a lost node alike),
    // after its first three groups of 64 blocks (one worker) were kept.
    std::string name = "pokerengine-example-blocks-";
    name += std::to_string(std::chrono::steady_clock::now().time_since_epoch().count());
    const std::string path = (std::filesystem::temp_directory_path() / name).string();
    const std::string job = "sums of random numbers, seed 42, " + job_digest("2^14 numbers a block, 256 blocks");
    try {
        checkpoint_blocks saved{one, path, job};
        saved.run(0, 256, [&](std::uint64_t block) {
            if (block == 200) throw std::runtime_error("stopped");
            return work(block);
        });
        check(false, "the first run stops");
    } catch (const std::runtime_error&) {
    }
    checkpoint_blocks resumed{four, path, job};
    check(total(resumed.run(0, 256, work)) == alone, "the resumed job gives the answer of one never stopped");
    check(resumed.resumed() == 192, "the three groups kept before the stop are read back, not computed");
    try {
        checkpoint_blocks other{one, path, "another job"};
        check(false, "a checkpoint of another job is refused");
    } catch (const checkpoint_error& e) {
        check(e.code() == checkpoint_error_code::other_job, "refused as other_job");
    }
    std::filesystem::remove(path);

    std::printf("%s\n", failures ? "blocks example: FAILED" : "blocks example: ok");
    return failures ? 1 : 0;
}
