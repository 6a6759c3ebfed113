#pragma once
// The `poker` tool's one output writer and one JSON layout: every subcommand
// prints through `write_out`, and every JSON document is one line, members in
// the order added, a space after each comma and colon (docs/cli.md, "JSON").

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "pokerengine/card_set.hpp"
#include "cli.hpp"

namespace poker_cli {

/// JSON as the tool prints it: members in the order they were added.
using json = nlohmann::ordered_json;

/// Writes all of `text` to `stream`; false on a write error.
inline bool write_all(std::FILE* stream, std::string_view text) {
    return std::fwrite(text.data(), 1, text.size(), stream) == text.size();
}

/// The options every long-running subcommand takes: `--progress` shows the
/// progress line on standard error even when it is not a terminal, `--quiet`
/// never shows it.
inline constexpr option progress_option{"progress", 0, "", "show the progress line even when standard error is not a terminal"};
inline constexpr option quiet_option{"quiet", 'q', "", "show no progress line"};

/// One line of progress on standard error, redrawn at most ten times a second
/// and cleared when the work ends: `replay: 1,234,567 hands, 98,765/s, 45%, 12 s left`.
/// Shown when standard error is a terminal or `--progress` is given, never with
/// `--quiet`, and only once the work has taken half a second.
class progress_line {
public:
    progress_line(const arguments& args, std::string what, std::string unit);
    progress_line(const progress_line&) = delete;
    progress_line& operator=(const progress_line&) = delete;
    ~progress_line() { clear(); }

    /// `done` of `total` (0: not known); `share` is the part of the work done
    /// (0 to 1) when it is known otherwise than by `total` (bytes of a file);
    /// `final`: the last report, drawn however soon after the one before.
    void operator()(std::uint64_t done, std::uint64_t total, double share = -1, bool final = false);
    /// Erases the line.
    void clear();
    bool shown() const { return shown_; }

private:
    std::string what_, unit_;
    bool shown_;
    bool drawn_ = false;
    std::size_t width_ = 0;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), last_ = start_;
};

/// Writes `text` to standard output; throws `std::runtime_error` when it cannot.
void write_out(std::string_view text);

/// `j` as one line of output in the tool's layout, newline included:
/// `{"cards": ["As", "Kd"], "value": 5863}`. Bytes that are not UTF-8 in strings become U+FFFD.
std::string json_line(const json& j);

/// A JSON number from its text as the tool formats it ("0.819460505", "0"):
/// a whole number stays one, so `0` is not written `0.0`.
json json_number(const std::string& text);

/// A JSON array of card strings: `["As", "Kd"]`.
template <class Cards>
json cards_json(const Cards& cards) {
    json a = json::array();
    for (pokerengine::Card c : cards) a.push_back(pokerengine::to_string(c));
    return a;
}

/// Player numbers from 0-based indexes, as JSON: `[1, 3]`.
json numbers_json(std::span<const std::size_t> indexes);

/// The JSON layout written straight to text, for output too frequent to build a
/// `json` value for (a line per replayed hand, a hundred thousand a second).
/// Strings that come from the input are escaped by nlohmann-json.
class json_writer {
public:
    json_writer& open(char bracket);
    json_writer& close(char bracket);
    json_writer& key(std::string_view name);   // the tool's own names: nothing to escape
    json_writer& text(std::string_view s);     // any text
    json_writer& plain(std::string_view s);    // amounts, seats, codes: nothing to escape
    json_writer& literal(std::string_view s);  // a number, true, false or null
    json_writer& boolean(bool b) { return literal(b ? "true" : "false"); }
    json_writer& number(std::uint64_t n) { return literal(std::to_string(n)); }
    /// The line, newline included.
    std::string line() { return out_ + '\n'; }

private:
    void separate();
    std::string out_;
    bool first_ = true;
};

/// Words joined with one `separator` between each two.
std::string joined(std::span<const std::string> words, std::string_view separator);

/// The items of `items` as text, one `separator` between each two:
///
///     joined(std::vector{1, 3}, [](int n) { return std::to_string(n); }, ", ") == "1, 3"
template <class Items, class Text>
std::string joined(Items&& items, Text&& text, std::string_view separator) {
    std::vector<std::string> words;
    for (auto&& item : items) words.emplace_back(text(item));
    return joined(words, separator);
}

/// Words as they were typed, one space between each two.
inline std::string joined(std::span<const std::string_view> words) {
    return joined(words, [](std::string_view w) { return std::string(w); }, " ");
}

/// Player numbers from 0-based indexes: `1, 3`.
inline std::string numbered(std::span<const std::size_t> players) {
    return joined(players, [](std::size_t i) { return std::to_string(i + 1); }, ", ");
}

/// Cards separated by single spaces: `As Kd Qh`.
template <class Cards>
std::string cards_text(Cards&& cards) {
    return joined(std::forward<Cards>(cards), [](pokerengine::Card c) { return pokerengine::to_string(c); }, " ");
}

/// `2598960` as `2,598,960`, whatever the user's locale.
std::string with_separators(std::uint64_t n);

/// Escapes the five XML characters, for the SVG pictures.
std::string xml_escaped(std::string_view text);

/// The files named on the command line, a directory standing for every file
/// in it, recursively, in name order.
std::vector<std::string> history_files(std::span<const std::string_view> given);

}  // namespace poker_cli
