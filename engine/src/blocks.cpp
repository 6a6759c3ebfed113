#include "pokerengine/blocks.hpp"

#include <atomic>
#include <cstring>

#include "pokerengine/thread_pool.hpp"

namespace pokerengine {

bool block_driver::share(bool decision) {
    block_result words{decision ? 1U : 0U};
    share_words(words);
    return words.at(0) != 0;
}

std::uint64_t block_driver::share_count(std::uint64_t count) {
    block_result words{count};
    share_words(words);
    return words.at(0);
}

void block_writer::text(std::string_view text) {
    words_.push_back(text.size());
    const std::size_t start = words_.size();
    words_.resize(start + (text.size() + 7) / 8);
    if (!text.empty()) std::memcpy(words_.data() + start, text.data(), text.size());
}

std::uint64_t block_reader::word() {
    if (at_ >= words_.size()) throw std::out_of_range("a block's words end before what was written into them");
    return words_[at_++];
}

std::string_view block_reader::text() {
    const std::uint64_t length = word();
    const std::size_t count = static_cast<std::size_t>((length + 7) / 8);
    if (length > (words_.size() - at_) * 8) throw std::out_of_range("a block's text is longer than its words");
    const std::string_view out{reinterpret_cast<const char*>(words_.data() + at_), static_cast<std::size_t>(length)};
    at_ += count;
    return out;
}

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
