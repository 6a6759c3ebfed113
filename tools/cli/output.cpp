// The tool's output writer and JSON layout (output.hpp).

#include "output.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <locale>
#include <stdexcept>

#include <fmt/format.h>
#include <range/v3/range/conversion.hpp>
#include <range/v3/view/join.hpp>

#include "distributed.hpp"

namespace poker_cli {

void write_out(std::string_view text) {
    if (!write_all(stdout, text)) throw std::runtime_error("cannot write standard output");
}

progress_line::progress_line(const arguments& args, std::string what, std::string unit)
    : what_(std::move(what)), unit_(std::move(unit)),
      shown_(writes_output() && !args.flag("quiet") && (args.flag("progress") || isatty(STDERR_FILENO) == 1)) {}

namespace {

std::string duration_text(double seconds) {
    const auto s = static_cast<std::uint64_t>(std::llround(seconds));
    if (s < 60) return std::to_string(s) + " s";
    if (s < 3600) return std::to_string(s / 60) + " min " + std::to_string(s % 60) + " s";
    return std::to_string(s / 3600) + " h " + std::to_string(s / 60 % 60) + " min";
}

}  // namespace

void progress_line::operator()(std::uint64_t done, std::uint64_t total, double share, bool final) {
    if (!shown_) return;
    const auto now = std::chrono::steady_clock::now();
    const bool terminal = isatty(STDERR_FILENO) == 1;
    // On a terminal, nothing for work that ends within half a second.
    if (terminal && now - start_ < std::chrono::milliseconds(500)) return;
    const bool last = final || (total > 0 && done >= total);  // drawn whatever the time, for a log
    if (drawn_ && !last && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    if (total > 0) share = static_cast<double>(done) / static_cast<double>(total);
    std::string line = what_ + ": " + with_separators(done) + (total > 0 ? " of " + with_separators(total) : "") + " " +
                       unit_;
    if (share >= 0) line += fmt::format(" ({:.0f}%)", 100 * std::min(share, 1.0));
    if (seconds > 0) line += ", " + with_separators(static_cast<std::uint64_t>(done / seconds)) + " " + unit_ + "/s";
    if (share > 0 && share < 1) line += ", " + duration_text(seconds * (1 - share) / share) + " left";
    if (terminal) {
        std::fprintf(stderr, "\r%s\033[K", line.c_str());
    } else {
        std::fprintf(stderr, "%s\n", line.c_str());
    }
    std::fflush(stderr);
    drawn_ = true;
}

void progress_line::clear() {
    if (!drawn_ || isatty(STDERR_FILENO) != 1) return;
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
    drawn_ = false;
}

namespace {

void append_json(std::string& out, const json& j) {
    if (j.is_object() || j.is_array()) {
        const bool object = j.is_object();
        out += object ? '{' : '[';
        bool first = true;
        for (const auto& [key, member] : j.items()) {
            if (!first) out += ", ";
            first = false;
            if (object) {
                append_json(out, json(key));
                out += ": ";
            }
            append_json(out, member);
        }
        out += object ? '}' : ']';
    } else {
        out += j.dump(-1, ' ', false, json::error_handler_t::replace);
    }
}

}  // namespace

std::string json_line(const json& j) {
    std::string out;
    append_json(out, j);
    out += '\n';
    return out;
}

json json_number(const std::string& text) {
    if (text.find_first_of(".eEnN") == std::string::npos) return std::stoll(text);
    return std::stod(text);
}

json numbers_json(std::span<const std::size_t> indexes) {
    json a = json::array();
    for (std::size_t i : indexes) a.push_back(i + 1);
    return a;
}

void json_writer::separate() {
    if (!first_) out_ += ", ";
    first_ = false;
}

json_writer& json_writer::open(char bracket) {
    separate();
    out_ += bracket;
    first_ = true;
    return *this;
}

json_writer& json_writer::close(char bracket) {
    out_ += bracket;
    first_ = false;
    return *this;
}

json_writer& json_writer::key(std::string_view name) {
    separate();
    out_ += '"';
    out_ += name;
    out_ += "\": ";
    first_ = true;
    return *this;
}

json_writer& json_writer::text(std::string_view s) {
    const bool plain_ascii = std::ranges::all_of(s, [](char c) {
        return static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f && c != '"' && c != '\\';
    });
    if (plain_ascii) return plain(s);
    separate();
    out_ += json(s).dump(-1, ' ', false, json::error_handler_t::replace);
    return *this;
}

json_writer& json_writer::plain(std::string_view s) {
    separate();
    out_ += '"';
    out_ += s;
    out_ += '"';
    return *this;
}

json_writer& json_writer::literal(std::string_view s) {
    separate();
    out_ += s;
    return *this;
}

// std::views::join_with is C++23; range-v3's join with a separator says it in one line.
std::string joined(std::span<const std::string> words, std::string_view separator) {
    return words | ranges::views::join(separator) | ranges::to<std::string>();
}

namespace {

// Digits grouped by three with commas.
struct comma_thousands : std::numpunct<char> {
    char do_thousands_sep() const override { return ','; }
    std::string do_grouping() const override { return "\3"; }
};

}  // namespace

std::string with_separators(std::uint64_t n) {
    static const std::locale grouped(std::locale::classic(), new comma_thousands);
    return fmt::format(grouped, "{:L}", n);
}

std::string xml_escaped(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

std::vector<std::string> history_files(std::span<const std::string_view> given) {
    std::vector<std::string> files;
    for (std::string_view g : given) {
        const std::filesystem::path path{std::string(g)};
        std::error_code ec;
        if (!std::filesystem::is_directory(path, ec)) {
            files.emplace_back(g);
            continue;
        }
        std::vector<std::string> inside;
        for (auto it = std::filesystem::recursive_directory_iterator(path, ec);
             !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec))
            if (it->is_regular_file(ec)) inside.push_back(it->path().string());
        std::ranges::sort(inside);
        files.insert(files.end(), inside.begin(), inside.end());
    }
    return files;
}

}  // namespace poker_cli
