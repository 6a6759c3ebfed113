#include "pokerengine/checkpoint.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "pokerengine/card.hpp"

namespace pokerengine {
namespace {

constexpr std::string_view first_line = "pokerengine checkpoint 1";
// Groups of this many blocks a worker: few enough appends and waits at the
// end of each group, and little lost when the job stops.
constexpr std::uint64_t blocks_per_worker = 64;

template <class T>
bool parse_number(std::string_view text, int base, T& out) {
    if (text.empty() || text.size() > (base == 16 ? 16U : 20U)) return false;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out, base);
    return ec == std::errc{} && end == text.data() + text.size();
}

// One block's line: "index word word ...".
bool parse_block(std::string_view line, std::uint64_t& index, block_result& words) {
    std::size_t space = line.find(' ');
    if (!parse_number(line.substr(0, space), 10, index)) return false;
    words.clear();
    while (space != std::string_view::npos) {
        line.remove_prefix(space + 1);
        space = line.find(' ');
        std::uint64_t word = 0;
        if (!parse_number(line.substr(0, space), 16, word)) return false;
        words.push_back(word);
    }
    return true;
}

}  // namespace

std::string job_digest(std::string_view description) {
    std::uint64_t digest = 0xcbf29ce484222325ULL;
    for (const char c : description) digest = (digest ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    std::string hex(16, '0');
    for (int i = 15; i >= 0; --i, digest >>= 4) hex[static_cast<std::size_t>(i)] = "0123456789abcdef"[digest & 15];
    return hex;
}

namespace {

std::string header_of(std::string_view job) { return std::string(first_line) + "\njob " + std::string(job) + "\n"; }

checkpoint_error unwritable(std::string_view path) {
    return {checkpoint_error_code::unwritable, "cannot write the checkpoint " + pokerengine::quoted(path)};
}

}  // namespace

const char* to_string(checkpoint_error_code code) {
    switch (code) {
        case checkpoint_error_code::unreadable: return "unreadable";
        case checkpoint_error_code::unwritable: return "unwritable";
        case checkpoint_error_code::not_a_checkpoint: return "not_a_checkpoint";
        case checkpoint_error_code::other_job: return "other_job";
        case checkpoint_error_code::bad_line: return "bad_line";
        case checkpoint_error_code::conflicting_block: return "conflicting_block";
    }
    return "unknown";
}

std::map<std::uint64_t, block_result> read_checkpoint(std::string_view text, std::string_view job,
                                                      std::string_view file) {
    const std::string name = "the checkpoint " + pokerengine::quoted(file);
    // A file cut while its first lines were written holds no block yet.
    const std::string header = header_of(job);
    if (text.size() < header.size() && header.starts_with(text)) return {};
    // A last line without its end was cut by a stop while it was written.
    text = text.substr(0, text.rfind('\n') == std::string_view::npos ? 0 : text.rfind('\n') + 1);
    std::map<std::uint64_t, block_result> blocks;
    std::uint64_t number = 0;
    block_result words;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        text.remove_prefix(end + 1);
        ++number;
        if (number == 1) {
            if (line != first_line)
                throw checkpoint_error(checkpoint_error_code::not_a_checkpoint,
                                       name + " does not begin with \"" + std::string(first_line) + "\"");
        } else if (number == 2) {
            if (line.substr(0, 4) != "job " || line.substr(4) != job)
                throw checkpoint_error(checkpoint_error_code::other_job,
                                       name + " is of another job: " + pokerengine::quoted(line.substr(0, 200)) +
                                           ", not " + pokerengine::quoted("job " + std::string(job)));
        } else {
            std::uint64_t index = 0;
            if (!parse_block(line, index, words))
                throw checkpoint_error(checkpoint_error_code::bad_line,
                                       name + ", line " + std::to_string(number) + ": " +
                                           pokerengine::quoted(line.substr(0, 80)) +
                                           " is not a block's index and hexadecimal words");
            const auto [at, added] = blocks.try_emplace(index, words);
            if (!added && at->second != words)
                throw checkpoint_error(checkpoint_error_code::conflicting_block,
                                       name + ", line " + std::to_string(number) + ": block " + std::to_string(index) +
                                           " again with another result");
        }
    }
    if (number == 0)
        throw checkpoint_error(checkpoint_error_code::not_a_checkpoint,
                               name + " does not begin with \"" + std::string(first_line) + "\"");
    if (number == 1) throw checkpoint_error(checkpoint_error_code::other_job, name + " names no job");
    return blocks;
}

checkpoint_blocks::checkpoint_blocks(block_driver& inner, std::string path, std::string job)
    : inner_(inner), path_(std::move(path)), job_(std::move(job)) {
    if (!inner_.merges()) return;
    std::error_code ec;
    std::string contents;
    if (std::filesystem::exists(path_, ec)) {
        // A directory opens for reading on Linux and then reads as nothing.
        const bool directory = std::filesystem::is_directory(path_, ec);
        std::ifstream in{path_, std::ios::binary};
        if (!in || directory)
            throw checkpoint_error(checkpoint_error_code::unreadable,
                                   "cannot read the checkpoint " + pokerengine::quoted(path_) +
                                       (directory ? ": it is a directory" : ""));
        contents.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    saved_ = read_checkpoint(contents, job_, path_);
    const std::string header = header_of(job_);
    if (!contents.starts_with(header)) {  // a new file, or a header cut short
        std::ofstream out{path_, std::ios::binary | std::ios::trunc};
        if (!(out << header && out.flush())) throw unwritable(path_);
        return;
    }
    // A line cut by a stop is dropped, so that the next group starts a line of its own.
    if (const std::size_t kept = contents.rfind('\n') + 1; kept != contents.size()) {
        std::filesystem::resize_file(path_, kept, ec);
        if (ec) throw unwritable(path_);
    }
}

void checkpoint_blocks::append(std::uint64_t first, const std::vector<block_result>& results) {
    std::string lines;
    for (std::size_t k = 0; k < results.size(); ++k) {
        lines += std::to_string(first + k);
        char hex[17];
        for (std::uint64_t word : results[k]) {
            const auto end = std::to_chars(hex, hex + sizeof hex, word, 16).ptr;
            lines += ' ';
            lines.append(hex, end);
        }
        lines += '\n';
    }
    std::ofstream out{path_, std::ios::binary | std::ios::app};
    if (!(out << lines && out.flush())) throw unwritable(path_);
}

std::vector<block_result> checkpoint_blocks::run(std::uint64_t first, std::uint64_t last, const block_work& work,
                                                 const progress_callback& progress) {
    const std::uint64_t count = last > first ? last - first : 0;
    std::uint64_t stored = 0;
    if (inner_.merges())
        while (stored < count && saved_.contains(first + stored)) ++stored;
    stored = inner_.share_count(stored);
    resumed_ += stored;

    std::vector<block_result> results;
    if (inner_.merges()) {
        results.reserve(count);
        for (std::uint64_t b = first; b < first + stored; ++b) results.push_back(saved_.at(b));
    }
    const std::uint64_t group = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(inner_.workers())) *
                                blocks_per_worker;
    for (std::uint64_t from = first + stored; from < last; from += std::min(group, last - from)) {
        const std::uint64_t to = from + std::min(group, last - from);
        const progress_callback within = !progress ? progress_callback{} : [&](std::uint64_t done, std::uint64_t) {
            progress(from - first + done, count);
        };
        std::vector<block_result> done = inner_.run(from, to, work, within);
        if (!inner_.merges()) continue;
        append(from, done);
        std::move(done.begin(), done.end(), std::back_inserter(results));
    }
    if (progress && inner_.merges()) progress(count, count);
    return results;
}

}  // namespace pokerengine
