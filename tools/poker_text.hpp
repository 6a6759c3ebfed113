#pragma once
// Output helpers for the `poker` tool: card lists as text or JSON, JSON on one
// line (nlohmann-json), lists joined (range-v3), numbers with thousands
// separators (fmt).

#include <cstdint>
#include <cstdio>
#include <locale>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <range/v3/range/conversion.hpp>
#include <range/v3/view/join.hpp>
#include <range/v3/view/transform.hpp>

#include "pokerengine/card_set.hpp"

namespace poker_cli {

/// JSON as the tool prints it: members in the order they were added.
using json = nlohmann::ordered_json;

/// Appends `j` on one line with a space after each comma and colon, the tool's
/// JSON layout: `{"cards": ["As", "Kd"], "value": 5863}`. Bytes that are not
/// UTF-8 in strings become U+FFFD.
inline void append_json(std::string& out, const json& j) {
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

/// `j` as one line of output, newline included.
inline std::string json_line(const json& j) {
    std::string out;
    append_json(out, j);
    out += '\n';
    return out;
}

/// A JSON number from its text as the tool formats it ("0.819460505", "0"):
/// a whole number stays one, so `0` is not written `0.0`.
inline json json_number(const std::string& text) {
    if (text.find_first_of(".eEnN") == std::string::npos) return std::stoll(text);
    return std::stod(text);
}

/// A JSON array of card strings: `["As", "Kd"]`.
template <class Cards>
json cards_json(const Cards& cards) {
    json a = json::array();
    for (pokerengine::Card c : cards) a.push_back(pokerengine::to_string(c));
    return a;
}

/// The items of `items` as text, one `separator` between each two:
///
///     joined(std::vector{1, 3}, [](int n) { return std::to_string(n); }, ", ") == "1, 3"
template <class Items, class Text>
std::string joined(Items&& items, Text&& text, std::string_view separator) {
    return std::forward<Items>(items) | ranges::views::transform([&](const auto& item) { return std::string(text(item)); }) |
           ranges::views::join(separator) | ranges::to<std::string>();
}

/// Words as they were typed, one space between each two.
inline std::string joined(std::span<const std::string_view> words) {
    return joined(words, [](std::string_view w) { return w; }, " ");
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

/// Appends cards separated by single spaces: `As Kd Qh`.
template <class Cards>
void append_cards(std::string& out, const Cards& cards) {
    out += cards_text(cards);
}

/// Digits grouped by three with commas, whatever the user's locale.
struct comma_thousands : std::numpunct<char> {
    char do_thousands_sep() const override { return ','; }
    std::string do_grouping() const override { return "\3"; }
};

/// `2598960` as `2,598,960`.
inline std::string with_separators(std::uint64_t n) {
    static const std::locale grouped(std::locale::classic(), new comma_thousands);
    return fmt::format(grouped, "{:L}", n);
}

/// Writes all of `text` to `stream`; false on a write error.
inline bool write_all(std::FILE* stream, std::string_view text) {
    return std::fwrite(text.data(), 1, text.size(), stream) == text.size();
}

}  // namespace poker_cli
