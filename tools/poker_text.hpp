#pragma once
// Output helpers for the `poker` tool: card lists as text or JSON, JSON on one
// line (nlohmann-json), numbers with thousands separators (fmt).

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <locale>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

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

/// A JSON array of card strings: `["As", "Kd"]`.
template <class Cards>
json cards_json(const Cards& cards) {
    json a = json::array();
    for (pokerengine::Card c : cards) a.push_back(pokerengine::to_string(c));
    return a;
}

/// Appends cards separated by single spaces: `As Kd Qh`.
template <class Cards>
void append_cards(std::string& out, const Cards& cards) {
    bool first = true;
    for (pokerengine::Card c : cards) {
        if (!first) out += ' ';
        first = false;
        out += pokerengine::to_string(c);
    }
}

/// Appends an unsigned integer in decimal without allocating.
inline void append_number(std::string& out, std::uint64_t n) {
    char digits[24];
    auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
    out.append(digits, end);
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
