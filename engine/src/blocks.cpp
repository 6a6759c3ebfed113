#include "pokerengine/blocks.hpp"

#include <atomic>

#include "pokerengine/thread_pool.hpp"

namespace pokerengine {

thread_blocks::thread_blocks(int threads) : threads_(threads) {
    check_thread_count(static_cast<unsigned long long>(threads < 0 ? 0 : threads));
}

std::vector<block_result> thread_blocks::run(std::uint64_t first, std::uint64_t last, const block_work& work,
                                             const progress_callback& progress) {
    const std::uint64_t count = last > first ? last - first : 0;
    std::vector<block_result> results(count);
    std::atomic<std::uint64_t> next{0}, done{0};
    auto worker = [&](unsigned, stop_token stop) {
        for (std::uint64_t k = next++; k < count && !stop; k = next++) {
            results[k] = work(first + k);
            ++done;
        }
    };
    if (progress) {
        run_parallel(static_cast<unsigned>(threads_), worker, [&] { progress(done.load(), count); });
        progress(count, count);
    } else {
        run_parallel(static_cast<unsigned>(threads_), worker);
    }
    return results;
}

}  // namespace pokerengine
