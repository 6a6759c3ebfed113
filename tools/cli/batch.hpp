#pragma once
// Batch comparison for `poker compare` with no hand arguments: one pair of
// hands per input line, one result line per input line, fast enough for
// millions of lines (block reads, no allocation per line, one large output buffer).

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pokerengine/card_set.hpp"
#include "pokerengine/evaluator.hpp"
#include "output.hpp"

namespace poker_cli {

/// Descriptions of an evaluator's hand values, each built once on first use,
/// so a description costs no allocation after its first appearance. Value 0
/// (no qualifying low under eight-or-better) is described too.
template <class Evaluator>
class description_cache {
public:
    explicit description_cache(const Evaluator& ev) : ev_(ev), text_(Evaluator::distinct_values + 1) {}

    std::string_view operator()(pokerengine::hand_value v) {
        if (v.value >= text_.size()) text_.resize(v.value + 1);  // values need not be dense (badugi)
        std::string& s = text_[v.value];
        if (s.empty()) s = ev_.describe(v);
        return s;
    }

private:
    const Evaluator& ev_;
    std::vector<std::string> text_;
};

/// `>`, `<` or `=`: how hand `a` compares with hand `b`.
inline char comparison_mark(pokerengine::hand_value a, pokerengine::hand_value b) {
    return a > b ? '>' : a < b ? '<' : '=';
}

/// Evaluates one hand written as text with the engine's notation rules.
/// Throws `parse_error` or `hand_error` quoting the text.
template <class Evaluator>
pokerengine::hand_value evaluate_text(const Evaluator& ev, std::string_view text) {
    pokerengine::CardSet set;
    for (pokerengine::Card c : pokerengine::parse_cards(text)) set |= c;  // parse_cards rejects repeated cards
    return ev.evaluate(set);
}

/// Appends the result line of one comparison: `>\tdescription 1\tdescription 2\n`.
template <class Evaluator>
void append_comparison(std::string& out, description_cache<Evaluator>& describe, pokerengine::hand_value a,
                       pokerengine::hand_value b) {
    out += comparison_mark(a, b);
    out += '\t';
    out += describe(a);
    out += '\t';
    out += describe(b);
    out += '\n';
}

/// Reads lines `HAND1 HAND2` from `in` and writes one result line per input
/// line to `out`; a bad line becomes `error: line N: MESSAGE` on `out` and
/// `poker: error: line N: MESSAGE` on `err`. Returns false if any line was bad.
/// Throws `std::runtime_error` when reading or writing fails.
///
/// Templated on the evaluator, so the whole loop is compiled once per rule
/// set and a run-time rules choice costs one dispatch per batch, not per hand.
template <class Evaluator>
class batch_comparer {
public:
    explicit batch_comparer(const Evaluator& ev) : ev_(ev), describe_(ev) {
        out_buffer_.reserve(flush_size + 4096);
    }

    bool run(std::FILE* in, std::FILE* out, std::FILE* err) {
        out_ = out;
        err_ = err;
        std::vector<char> block(read_size);
        std::size_t begin = 0, end = 0;
        bool at_end = false;
        while (true) {
            while (begin < end) {
                const char* first = block.data() + begin;
                const void* newline = std::memchr(first, '\n', end - begin);
                if (!newline) break;
                const char* last = static_cast<const char*>(newline);
                if (skipping_)
                    skipping_ = false;  // the end of a line too long to read
                else
                    line(std::string_view(first, static_cast<std::size_t>(last - first)));
                begin = static_cast<std::size_t>(last - block.data()) + 1;
            }
            if (out_buffer_.size() >= flush_size) flush();
            if (at_end) {
                if (begin < end && !skipping_) line(std::string_view(block.data() + begin, end - begin));  // no final newline
                break;
            }
            // Keep the unfinished line, at the front, and read after it.
            std::memmove(block.data(), block.data() + begin, end - begin);
            end -= begin;
            begin = 0;
            if (end == block.size()) {  // a line longer than the block: reported, then skipped
                report(line_number_ + 1, "the line is longer than " + std::to_string(max_line_bytes) + " bytes");
                ++line_number_;
                skipping_ = true;
                end = 0;
            }
            std::size_t got = std::fread(block.data() + end, 1, block.size() - end, in);
            end += got;
            if (got == 0) {
                if (std::ferror(in)) throw std::runtime_error("cannot read standard input");
                at_end = true;
            }
        }
        flush();
        return !any_bad_;
    }

private:
    static constexpr std::size_t read_size = std::size_t{1} << 20;
    // The longest line read; a longer one is an error and the next line is read.
    static constexpr std::size_t max_line_bytes = read_size;
    static constexpr std::size_t flush_size = std::size_t{1} << 20;

    void line(std::string_view text) {
        ++line_number_;
        try {
            compare_line(text);
        } catch (const std::exception& e) {
            report(line_number_, e.what());
        }
    }

    void report(std::uint64_t number, std::string_view what) {
        any_bad_ = true;
        std::string message = "line " + std::to_string(number) + ": " + pokerengine::printable(what) + "\n";
        out_buffer_ += "error: ";
        out_buffer_ += message;
        err_buffer_ += "poker: error: ";
        err_buffer_ += message;
    }

    static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

    void compare_line(std::string_view text) {
        std::string_view hands[2];
        std::size_t count = 0, i = 0;
        while (true) {
            while (i < text.size() && is_blank(text[i])) ++i;
            if (i == text.size()) break;
            std::size_t start = i;
            while (i < text.size() && !is_blank(text[i])) ++i;
            if (count < 2) hands[count] = text.substr(start, i - start);
            ++count;
        }
        if (count == 0) throw std::invalid_argument("empty line, expected two hands");
        if (count != 2)
            throw std::invalid_argument("expected two hands separated by spaces or tabs, got " +
                                        std::to_string(count) + (count > 2 ? " (write each hand without spaces)" : ""));
        pokerengine::hand_value a = evaluate_text(ev_, hands[0]);
        pokerengine::hand_value b = evaluate_text(ev_, hands[1]);
        append_comparison(out_buffer_, describe_, a, b);
    }

    void flush() {
        if (!write_all(out_, out_buffer_) || std::fflush(out_) != 0)
            throw std::runtime_error("cannot write standard output");
        out_buffer_.clear();
        if (!err_buffer_.empty()) {
            write_all(err_, err_buffer_);
            std::fflush(err_);
            err_buffer_.clear();
        }
    }

    const Evaluator& ev_;
    description_cache<Evaluator> describe_;
    std::FILE* out_ = nullptr;
    std::FILE* err_ = nullptr;
    std::string out_buffer_;
    std::string err_buffer_;
    std::uint64_t line_number_ = 0;
    bool any_bad_ = false;
    bool skipping_ = false;  // inside a line too long to read
};

}  // namespace poker_cli
