#pragma once
// Output helpers for the `poker` tool: card lists as text or JSON, JSON
// strings with escaping, numbers with thousands separators.

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "pokerengine/card_set.hpp"

namespace poker_cli {

/// Appends `text` as a JSON string literal, escaping quotes, backslashes and
/// control characters; other bytes (UTF-8) pass through unchanged.
///
///     std::string s;
///     append_json_string(s, "a \"b\"");  // s == R"("a \"b\"")"
inline void append_json_string(std::string& out, std::string_view text) {
    out += '"';
    for (char ch : text) {
        auto c = static_cast<unsigned char>(ch);
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20 || c == 0x7f) {
                    constexpr char hex[] = "0123456789abcdef";
                    out += "\\u00";
                    out += hex[c >> 4];
                    out += hex[c & 15];
                } else {
                    out += ch;
                }
        }
    }
    out += '"';
}

/// Appends a JSON array of card strings: `["As", "Kd"]`.
template <class Cards>
void append_json_cards(std::string& out, const Cards& cards) {
    out += '[';
    bool first = true;
    for (pokerengine::Card c : cards) {
        if (!first) out += ", ";
        first = false;
        append_json_string(out, pokerengine::to_string(c));
    }
    out += ']';
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

/// `2598960` as `2,598,960`.
inline std::string with_separators(std::uint64_t n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

/// Writes all of `text` to `stream`; false on a write error.
inline bool write_all(std::FILE* stream, std::string_view text) {
    return std::fwrite(text.data(), 1, text.size(), stream) == text.size();
}

}  // namespace poker_cli
