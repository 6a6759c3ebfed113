#include "pokerengine/phh.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cctype>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <functional>
#include <future>
#include <istream>
#include <limits>
#include <optional>
#include <span>
#include <sstream>
#include <unordered_set>
#include <vector>

#include <boost/container/static_vector.hpp>
#include <toml++/toml.h>

#include "pokerengine/thread_pool.hpp"

namespace pokerengine::play {
namespace {

std::string toml_array(std::vector<chips> values, bool reverse_heads_up, int decimals) {
    if (reverse_heads_up && values.size() == 2) std::swap(values[0], values[1]);
    std::string out = "[";
    for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + money_text(values[i], decimals);
    return out + "]";
}

}  // namespace

std::string phh_variant(const any_game& game, betting_structure structure) {
    const game_traits& t = traits_of(game);
    for (const phh_code& c : t.phh_codes)
        if (!c.code.empty() && c.structure == structure) return std::string(c.code);
    return "x-" + std::string(t.name);
}

std::string write_phh(const hand_state& hand, int decimals, CardSet unknown) {
    const hand_config& c = hand.config();
    const auto n = static_cast<std::size_t>(hand.players());
    const std::string variant = phh_variant(c.game, c.structure);
    auto per_seat = [n](const std::vector<chips>& v) { return v.empty() ? std::vector<chips>(n, 0) : v; };
    std::string out = "variant = '" + variant + "'\n";
    if (variant.starts_with("x-")) out += "_betting_structure = '" + std::string(to_string(c.structure)) + "'\n";
    out += "ante_trimming_status = " + std::string(c.forced.ante_trimming ? "true" : "false") + "\n";
    out += "antes = " + toml_array(per_seat(c.forced.antes), true, decimals) + "\n";
    if (traits_of(c.game).family == game_family::stud && c.forced.bring_in > 0) {
        out += "bring_in = " + money_text(c.forced.bring_in, decimals) + "\n";
    } else {
        out += "blinds_or_straddles = " + toml_array(per_seat(c.forced.blinds_or_straddles), true, decimals) + "\n";
    }
    if (c.structure == betting_structure::fixed_limit) {
        out += "small_bet = " + money_text(c.limits.small_bet, decimals) + "\n";
        out += "big_bet = " + money_text(c.limits.big_bet, decimals) + "\n";
    } else {
        out += "min_bet = " + money_text(c.limits.min_bet, decimals) + "\n";
    }
    if (c.mode == play_mode::cash_game) out += "_play_mode = 'cash-game'\n";
    if (!(c.rules == rule_profile::wsop_2024())) out += "_rule_profile = '" + rule_profile_text(c.rules) + "'\n";
    if (!c.forced.live_posts.empty()) out += "_live_posts = " + toml_array(c.forced.live_posts, false, decimals) + "\n";
    if (c.cap > 0) out += "_cap = " + money_text(c.cap, decimals) + "\n";
    out += "starting_stacks = " + toml_array(c.starting_stacks, false, decimals) + "\n";
    out += "actions = [\n";
    for (const action& a : hand.history()) {
        recorded_action r;
        r.act = a;
        for (std::size_t i = 0; i < a.cards.size(); ++i)
            if (unknown.contains(a.cards[i])) r.unknown = static_cast<std::uint8_t>(r.unknown | (1U << i));
        if (const std::string text = to_phh(r, decimals); !text.empty()) out += "  '" + text + "',\n";
    }
    out += "]\n";
    if (hand.is_complete()) {
        std::span<const chips> stacks = hand.stacks();
        out += "finishing_stacks = " + toml_array(std::vector<chips>(stacks.begin(), stacks.end()), false, decimals) + "\n";
    }
    return out;
}


// ------------------------------------------------------------- tables

std::string phh_string(std::string_view text) {
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out = "\"";
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20 || u == 0x7f) {
            out += "\\u00";
            out += hex[u >> 4];
            out += hex[u & 15];
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::string phhs_entry(const table& at, const hand_state& hand) {
    if (!at.current() || !(hand.config() == at.current()->config))
        throw table_error(table_error_code::not_this_tables_hand, "the hand is not the last hand started at this table");
    const hand_plan& plan = *at.current();
    std::string out = "[";
    out += std::to_string(plan.number);
    out += "]\n";
    out += write_phh(hand);
    out += "hand = " + std::to_string(plan.number) + "\n";
    std::string seats, names;
    for (std::size_t i = 0; i < plan.seats.size(); ++i) {
        const int s = plan.seats[i];
        if (i > 0) {
            seats += ", ";
            names += ", ";
        }
        seats += std::to_string(s + 1);
        names += phh_string(plan.names[i]);
    }
    out += "seats = [" + seats + "]\n";
    out += "seat_count = " + std::to_string(at.seat_count()) + "\n";
    out += "players = [" + names + "]\n";
    return out;
}


// Kept for one release: a table produces hands, the notation layer writes them.
std::string table::phhs_entry(const hand_state& hand) const { return play::phhs_entry(*this, hand); }

// ----------------------------------------------------------------- reading

namespace {

struct variant_game {
    std::string_view game;
    betting_structure structure;
};

std::optional<variant_game> game_of_code(std::string_view code) {
    for (const game_traits& t : all_games())
        for (const phh_code& c : t.phh_codes)
            if (!c.code.empty() && c.code == code) return variant_game{t.name, c.structure};
    return std::nullopt;
}

// A TOML value as the reader uses it. `text` is a number's literal text (money
// is read from it, never through floating point), a string's content,
// `true`/`false`, or for any other value its TOML text (kept, not used).
struct raw_value {
    enum class kind { number, string, boolean, array, other };
    kind what = kind::other;
    std::string_view text;  // into the document, or into raw_document::decoded
    std::uint32_t first = 0, count = 0;  // an array's items in raw_document::items
};

struct raw_table {
    std::string name;  // "3" for [3]; empty for a document that is one hand
    std::vector<std::pair<std::string_view, raw_value>> fields;

    const raw_value* get(std::string_view key) const {
        for (const auto& [k, v] : fields)
            if (k == key) return &v;
        return nullptr;
    }
};

// The fields at the top of a document, and its tables [N].
struct raw_document {
    raw_table root;
    std::vector<raw_table> tables;
    std::vector<raw_value> items;     // every array's items, one array after another
    std::deque<std::string> decoded;  // text that is not in the document as written

    std::span<const raw_value> items_of(const raw_value& array) const { return {items.data() + array.first, array.count}; }
};

// --- the simple reader

struct not_simple {};

// PHH writers use a small part of TOML: `[N]` headers, `key = value` lines,
// plain numbers, booleans, strings without escapes, arrays of those over
// several lines, local times, comments. This reader reads exactly that part of
// an ASCII document in one pass, a hundred times faster than a general TOML
// reader; on anything else it gives up and the document goes to toml++, which
// reads all of TOML and reports every syntax error.
// A table of a plain document: its name and the text from its header to the next.
struct table_span {
    std::string_view name;
    std::size_t begin = 0, end = 0;
};

// Control characters other than tab and line ends are errors anywhere in
// TOML, and non-ASCII text needs UTF-8 checks: both go to toml++. One pass
// over the text spares checking each string and comment.
bool has_unusual_bytes(std::string_view text) {
    unsigned unusual = 0;
    for (char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        unusual |= static_cast<unsigned>(c >= 0x7f) |
                   (static_cast<unsigned>(c < 0x20) & static_cast<unsigned>(c != '\t') &
                    static_cast<unsigned>(c != '\n') & static_cast<unsigned>(c != '\r'));
    }
    return unusual != 0;
}

// The tables of a `.phhs` found without reading their values: a `[name]` at
// the start of a line outside any array, string or comment. Each table is
// read by `simple_toml` when its hand is asked for, so only the text before
// the first table is checked here, strictly: blank lines and comments. Nothing
// when the text cannot be plain (bytes toml++ must check, a CR that does not
// end a line, multi-line strings, escapes, anything but comments before the
// first table, a header that is not `[bare-key]`, a name twice) or holds no
// tables: such a document is read whole.
std::optional<std::vector<table_span>> find_tables(std::string_view t) {
    if (has_unusual_bytes(t)) return std::nullopt;
    std::vector<table_span> spans;
    std::unordered_set<std::string_view> names;
    int depth = 0;
    bool line_start = true;
    for (std::size_t i = 0; i < t.size(); ++i) {
        const char c = t[i];
        if (c == '\n') {
            line_start = true;
        } else if (c == '\r') {
            if (i + 1 == t.size() || t[i + 1] != '\n') return std::nullopt;  // a lone CR
        } else if (c == ' ' || c == '\t') {
        } else if (c == '#') {
            const std::size_t end = t.find('\n', i);
            std::string_view comment = t.substr(i, end == std::string_view::npos ? std::string_view::npos : end - i);
            if (!comment.empty() && comment.back() == '\r' && end != std::string_view::npos) comment.remove_suffix(1);
            if (comment.find('\r') != std::string_view::npos) return std::nullopt;  // a lone CR
            i = (end == std::string_view::npos ? t.size() : end) - 1;
        } else if (c == '\'' || c == '"') {
            if (spans.empty()) return std::nullopt;  // a string outside the tables
            if (i + 2 < t.size() && t[i + 1] == c && t[i + 2] == c) return std::nullopt;
            const std::size_t close = t.find(c, i + 1);
            if (close == std::string_view::npos) return std::nullopt;
            const std::string_view inside = t.substr(i + 1, close - i - 1);
            if (inside.find('\n') != std::string_view::npos || (c == '"' && inside.find('\\') != std::string_view::npos))
                return std::nullopt;
            i = close;
            line_start = false;
        } else if (c == '[' && line_start && depth == 0) {
            std::size_t j = i + 1;
            while (j < t.size() && (std::isalnum(static_cast<unsigned char>(t[j])) || t[j] == '_' || t[j] == '-')) ++j;
            if (j == i + 1 || j == t.size() || t[j] != ']') return std::nullopt;
            const std::string_view name = t.substr(i + 1, j - i - 1);
            if (!names.insert(name).second) return std::nullopt;
            std::size_t line = i;
            while (line > 0 && t[line - 1] != '\n') --line;
            if (!spans.empty()) spans.back().end = line;
            spans.push_back({name, line, t.size()});
            i = j;
            line_start = false;
        } else {
            if (spans.empty()) return std::nullopt;  // a field outside the tables
            depth += c == '[' ? 1 : c == ']' ? -1 : 0;
            if (depth < 0) return std::nullopt;
            line_start = false;
        }
    }
    if (spans.empty()) return std::nullopt;
    return spans;
}

class simple_toml {
public:
    explicit simple_toml(std::string_view text) : t_(text) {}

    // Every value of the document.
    std::optional<raw_document> read() {
        raw_document doc;
        items_ = &doc.items;
        if (!scan(doc)) return std::nullopt;
        return doc;
    }

private:
    std::string_view t_;
    std::size_t i_ = 0;
    std::vector<raw_value>* items_ = nullptr;  // where array items go

    bool scan(raw_document& doc) {
        try {
            if (has_unusual_bytes(t_)) throw not_simple{};
            raw_table* current = &doc.root;
            std::unordered_set<std::string_view> names;
            while (i_ < t_.size()) {
                spaces();
                const char c = peek();
                if (c == '#' || c == '\n' || c == '\r' || i_ == t_.size()) {
                    end_of_line();
                } else if (c == '[') {
                    ++i_;
                    const std::string_view name = bare_key();
                    if (peek() != ']' || !doc.root.fields.empty() || !names.insert(name).second) throw not_simple{};
                    ++i_;
                    end_of_line();
                    current = &doc.tables.emplace_back();
                    current->name = std::string(name);
                    current->fields.reserve(12);
                } else {
                    std::string_view key = bare_key();
                    spaces();
                    if (peek() != '=') throw not_simple{};
                    ++i_;
                    spaces();
                    if (current->get(key)) throw not_simple{};
                    const raw_value v = value(true);
                    end_of_line();
                    current->fields.emplace_back(key, v);
                }
            }
            return true;
        } catch (const not_simple&) {
            return false;
        }
    }

    char peek(std::size_t ahead = 0) const { return i_ + ahead < t_.size() ? t_[i_ + ahead] : '\0'; }
    static bool is_bare(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    }
    static bool is_digit(char c) { return c >= '0' && c <= '9'; }
    // What may follow a value: the end of the line, a comment, an array's comma or end.
    bool at_delimiter() const {
        const char c = peek();
        return i_ == t_.size() || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '#' || c == ',' || c == ']';
    }

    void spaces() {
        while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t')) ++i_;
    }
    // Spaces, a comment, then a newline or the end of the text.
    void end_of_line() {
        spaces();
        if (peek() == '#') {
            const std::size_t start = i_, end = t_.find('\n', i_);
            i_ = end == std::string_view::npos ? t_.size() : end;
            if (i_ > start && t_[i_ - 1] == '\r') --i_;
            if (t_.substr(start, i_ - start).find('\r') != std::string_view::npos) throw not_simple{};  // a lone CR
        }
        if (i_ == t_.size()) return;
        if (t_[i_] == '\r') ++i_;
        if (peek() != '\n') throw not_simple{};
        ++i_;
    }
    // Inside an array: any run of spaces, comments and newlines.
    void array_space() {
        while (true) {
            spaces();
            const char c = peek();
            if (c == '#' || c == '\n' || c == '\r') end_of_line();
            else return;
        }
    }
    std::string_view bare_key() {
        const std::size_t from = i_;
        while (i_ < t_.size() && is_bare(t_[i_])) ++i_;
        if (i_ == from) throw not_simple{};
        return t_.substr(from, i_ - from);
    }
    std::size_t digits() {
        const std::size_t from = i_;
        while (i_ < t_.size() && is_digit(t_[i_])) ++i_;
        return i_ - from;
    }

    // A value; an array's items go to `items_` (arrays do not nest here).
    raw_value value(bool top_level) {
        raw_value v;
        const std::size_t from = i_;
        const char c = peek();
        if (c == '\'' || c == '"') {
            if (peek(1) == c && peek(2) == c) throw not_simple{};  // multi-line strings
            const std::size_t close = t_.find(c, i_ + 1);
            if (close == std::string_view::npos) throw not_simple{};
            for (std::size_t k = i_ + 1; k < close; ++k) {
                const char x = t_[k];
                if (x == '\n' || x == '\r' || (c == '"' && x == '\\')) throw not_simple{};
            }
            v.what = raw_value::kind::string;
            v.text = t_.substr(from + 1, close - from - 1);
            i_ = close + 1;
        } else if (c == '[' && top_level) {
            v.what = raw_value::kind::array;
            v.first = static_cast<std::uint32_t>(items_->size());
            ++i_;
            array_space();
            while (peek() != ']') {
                items_->push_back(value(false));
                ++v.count;
                array_space();
                if (peek() == ',') {
                    ++i_;
                    array_space();
                } else if (peek() != ']') {
                    throw not_simple{};
                }
            }
            ++i_;
            v.text = t_.substr(from, i_ - from);
            return v;
        } else if ((c == 't' && t_.substr(i_, 4) == "true") || (c == 'f' && t_.substr(i_, 5) == "false")) {
            v.what = raw_value::kind::boolean;
            v.text = c == 't' ? std::string_view("true") : std::string_view("false");
            i_ += v.text.size();
        } else if (is_digit(c) && is_digit(peek(1)) && peek(2) == ':') {
            // A local time HH:MM:SS[.fraction], kept as written.
            const auto two = [&](int most) {
                if (digits() != 2) throw not_simple{};
                const int n = (t_[i_ - 2] - '0') * 10 + (t_[i_ - 1] - '0');
                if (n > most) throw not_simple{};
            };
            two(23);
            for (int most : {59, 59}) {
                if (peek() != ':') throw not_simple{};
                ++i_;
                two(most);
            }
            if (peek() == '.') {
                ++i_;
                if (digits() == 0) throw not_simple{};
            }
            v.text = t_.substr(from, i_ - from);
        } else {
            // A plain decimal number: [+-](0|[1-9][0-9]*)(.[0-9]+)?
            if (c == '+' || c == '-') ++i_;
            if (peek() == '0') ++i_;
            else if (const std::size_t n = digits(); n == 0 || n > 18) throw not_simple{};  // TOML integers are 64-bit
            if (peek() == '.') {
                ++i_;
                if (digits() == 0) throw not_simple{};
            }
            v.what = raw_value::kind::number;
            v.text = t_.substr(from, i_ - from);
        }
        if (!at_delimiter()) throw not_simple{};
        return v;
    }
};

// --- the general reader

std::string toml_text(const toml::node& node) {
    std::ostringstream out;
    node.visit([&](const auto& v) {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, toml::table> || std::is_same_v<V, toml::array>) out << toml::toml_formatter{v};
        else out << v;
    });
    return out.str();
}

class toml_converter {
public:
    toml_converter(std::string_view text, raw_document& doc) : text_(text), doc_(doc) {
        for (std::size_t i = 0; i < text.size(); ++i)
            if (text[i] == '\n') line_starts_.push_back(i + 1);
    }

    raw_value convert(const toml::node& node) const {
        raw_value v;
        if (node.is_integer() || node.is_floating_point()) {
            v.what = raw_value::kind::number;
            v.text = literal(node);
        } else if (const auto* s = node.as_string()) {
            v.what = raw_value::kind::string;
            v.text = doc_.decoded.emplace_back(s->get());
        } else if (const auto* b = node.as_boolean()) {
            v.what = raw_value::kind::boolean;
            v.text = b->get() ? "true" : "false";
        } else if (const auto* a = node.as_array()) {
            v.what = raw_value::kind::array;
            // Items first, then stored together: nested arrays are not PHH fields.
            std::vector<raw_value> items;
            for (const toml::node& item : *a) {
                items.push_back(item.is_array() ? raw_value{raw_value::kind::other, text_of(item)} : convert(item));
            }
            v.first = static_cast<std::uint32_t>(doc_.items.size());
            v.count = static_cast<std::uint32_t>(items.size());
            doc_.items.insert(doc_.items.end(), items.begin(), items.end());
            v.text = text_of(node);
        } else {
            v.text = text_of(node);
        }
        return v;
    }

    raw_table convert(const toml::table& table, std::string name) const {
        raw_table out;
        out.name = std::move(name);
        for (auto&& [key, node] : table) out.fields.emplace_back(doc_.decoded.emplace_back(key.str()), convert(node));
        return out;
    }

private:
    std::string_view text_;
    raw_document& doc_;
    std::vector<std::size_t> line_starts_{0};  // offset of each line's first byte

    std::string_view text_of(const toml::node& node) const { return doc_.decoded.emplace_back(toml_text(node)); }

    // The literal text of a number, read from the document rather than from the parsed double.
    std::string_view literal(const toml::node& node) const {
        const toml::source_position begin = node.source().begin;
        std::size_t at = begin.line >= 1 && begin.line <= line_starts_.size() ? line_starts_[begin.line - 1] : 0;
        for (std::uint32_t column = 1; column < begin.column && at < text_.size(); ++column) {
            ++at;  // columns count code points: skip UTF-8 continuation bytes
            while (at < text_.size() && (static_cast<unsigned char>(text_[at]) & 0xC0) == 0x80) ++at;
        }
        std::size_t end = at;
        while (end < text_.size() && std::string_view("0123456789+-._eEinfa").find(text_[end]) != std::string_view::npos)
            ++end;
        return text_.substr(at, end - at);
    }
};

// `first_line`: the line of the file where `text` starts, for the errors.
raw_document read_toml(std::string_view text, std::string_view file, std::uint64_t first_line = 1) {
    toml::table document;
    try {
        document = toml::parse(text, std::string_view{file});
    } catch (const toml::parse_error& e) {
        throw phh_error(printable(file) + ": line " + std::to_string(e.source().begin.line + first_line - 1) + ", column " +
                        std::to_string(e.source().begin.column) + ": " + printable(e.description()));
    }
    raw_document doc;
    const toml_converter converter{text, doc};
    if (document.contains("variant")) {
        doc.root = converter.convert(document, "");
        return doc;
    }
    for (auto&& [key, node] : document) {
        if (const toml::table* t = node.as_table()) doc.tables.push_back(converter.convert(*t, std::string(key.str())));
        else doc.root.fields.emplace_back(doc.decoded.emplace_back(key.str()), converter.convert(node));
    }
    return doc;
}

// --- from fields to a hand

class hand_reader {
public:
    hand_reader(const phh_hand& hand, std::string_view position) : hand_(hand), position_(position) {}

    std::string where() const {
        return printable(hand_.file) + ", hand " + std::to_string(hand_.index) +
               (hand_.table.empty() ? std::string() : " [" + hand_.table + "]") + std::string(position_);
    }

    [[noreturn]] void fail(const std::string& why) const { throw phh_error(where() + ": " + why); }
    [[noreturn]] void fail_action(std::size_t i, const std::string& why) const {
        throw phh_error(where() + ": action " + std::to_string(i) + " '" + printable(hand_.action_texts[i]) + "': " + why,
                        i, hand_.action_texts[i]);
    }

    decimal_amount amount(const raw_value& v, std::string_view field) const {
        if (v.what != raw_value::kind::number) fail(std::string(field) + " must be a number of chips");
        try {
            return parse_decimal_amount(v.text);
        } catch (const notation_error& e) {
            fail(std::string(field) + ": " + e.reason());
        }
    }

    chips to_chips(const decimal_amount& d, int decimals, std::string_view field) const {
        if (auto c = in_units(d, decimals)) return *c;
        fail(std::string(field) + ": the amount is larger than 2^62 chips");
    }

private:
    const phh_hand& hand_;
    std::string_view position_;
};

std::size_t table_number(std::string_view name) {
    std::size_t n = 0;
    auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), n);
    return ec == std::errc{} && end == name.data() + name.size() ? n : static_cast<std::size_t>(-1);
}

// The fields the engine reads, and the standard's optional fields that it
// keeps without using; sorted, looked up by halves.
enum class field_use : std::uint8_t { read, kept };

struct known_field {
    std::string_view name;
    field_use use;
};

constexpr known_field known_fields[] = {
    {"_betting_structure", field_use::read}, {"_cap", field_use::read}, {"_live_posts", field_use::read},
    {"_play_mode", field_use::read},
    {"_rule_profile", field_use::read},
    {"actions", field_use::read}, {"address", field_use::kept}, {"ante_trimming_status", field_use::read},
    {"antes", field_use::read}, {"author", field_use::kept}, {"big_bet", field_use::read},
    {"blinds_or_straddles", field_use::read}, {"bring_in", field_use::read}, {"city", field_use::kept},
    {"country", field_use::kept}, {"currency", field_use::kept}, {"currency_symbol", field_use::kept},
    {"day", field_use::kept}, {"event", field_use::kept}, {"finishing_stacks", field_use::read},
    {"hand", field_use::kept}, {"level", field_use::kept}, {"min_bet", field_use::read}, {"month", field_use::kept},
    {"players", field_use::kept}, {"postal_code", field_use::kept}, {"region", field_use::kept},
    {"seat_count", field_use::kept}, {"seats", field_use::kept}, {"small_bet", field_use::read},
    {"starting_stacks", field_use::read}, {"table", field_use::kept}, {"time", field_use::kept},
    {"time_banks", field_use::kept}, {"time_limit", field_use::kept}, {"time_zone", field_use::kept},
    {"time_zone_abbreviation", field_use::kept}, {"url", field_use::kept}, {"variant", field_use::read},
    {"venue", field_use::kept}, {"winnings", field_use::kept}, {"year", field_use::kept}};

static_assert(std::ranges::is_sorted(known_fields, {}, &known_field::name));

std::optional<field_use> use_of(std::string_view key) {
    const auto* f = std::ranges::lower_bound(known_fields, key, {}, &known_field::name);
    if (f == std::end(known_fields) || f->name != key) return std::nullopt;
    return f->use;
}

// `position`: where the hand is in the file, for its errors (a streamed table's line and byte).
phh_hand read_hand(const raw_document& doc, const raw_table& t, std::string_view file, std::size_t index,
                   const phh_read_options& options, std::string_view position = {}) {
    phh_hand h;
    h.file = std::string(file);
    h.index = index;
    h.table = t.name;
    const hand_reader reader{h, position};

    const raw_value* variant = t.get("variant");
    if (!variant || variant->what != raw_value::kind::string)
        reader.fail("the required field 'variant' is missing or not a string");
    h.variant = std::string(variant->text);
    variant_game vg{};
    if (auto known = game_of_code(h.variant)) {
        vg = *known;
    } else if (h.variant.starts_with("x-")) {
        vg.game = std::string_view(h.variant).substr(2);
        const raw_value* s = t.get("_betting_structure");
        if (!s || s->what != raw_value::kind::string)
            reader.fail("variant " + printable(h.variant) + " needs the field _betting_structure");
        try {
            vg.structure = parse_betting_structure(s->text);
        } catch (const std::invalid_argument& e) {
            reader.fail(std::string("_betting_structure: ") + e.what());
        }
    } else {
        reader.fail("unknown variant '" + printable(h.variant) +
                    "' (NT, NS, PO, FT, FO/8, F7S, F7S/8, FR, N2L1D, F2L3D, FB, or x-<game>)");
    }
    if (h.variant == "NS" && options.triton_short_deck) vg.game = "short-deck";
    try {
        h.config.game = find_game(vg.game);
    } catch (const game_error& e) {
        reader.fail(e.what());
    }
    h.config.structure = vg.structure;

    // Every amount, read as decimal text; the unit is the finest one used.
    struct amounts {
        std::string_view key;
        std::vector<decimal_amount> values;
        bool scalar = false;
    };
    std::vector<amounts> read;
    int decimals = 0;
    auto note = [&](const decimal_amount& d) { decimals = std::max(decimals, d.fraction); };
    auto read_array = [&](std::string_view key, bool required) {
        const raw_value* v = t.get(key);
        if (!v) {
            if (required) reader.fail("the required field '" + std::string(key) + "' is missing");
            return;
        }
        if (v->what != raw_value::kind::array) reader.fail(std::string(key) + " must be an array of amounts");
        amounts& a = read.emplace_back(amounts{key, {}, false});
        for (const raw_value& item : doc.items_of(*v)) note(a.values.emplace_back(reader.amount(item, key)));
    };
    auto read_scalar = [&](std::string_view key, bool required) {
        const raw_value* v = t.get(key);
        if (!v) {
            if (required) reader.fail("the required field '" + std::string(key) + "' is missing");
            return;
        }
        note(read.emplace_back(amounts{key, {reader.amount(*v, key)}, true}).values[0]);
    };
    const bool stud = traits_of(h.config.game).family == game_family::stud;
    const bool fixed = vg.structure == betting_structure::fixed_limit;
    read_array("antes", true);
    read_array("starting_stacks", true);
    read_array("blinds_or_straddles", !stud);
    read_array("finishing_stacks", false);
    read_array("_live_posts", false);
    read_scalar("bring_in", false);
    read_scalar("_cap", false);
    read_scalar("small_bet", fixed);
    read_scalar("big_bet", fixed);
    read_scalar("min_bet", !fixed);

    const raw_value* actions = t.get("actions");
    if (!actions || actions->what != raw_value::kind::array)
        reader.fail("the required field 'actions' is missing or not an array of strings");
    const std::span<const raw_value> action_values = doc.items_of(*actions);
    h.action_texts.reserve(action_values.size());
    for (std::size_t i = 0; i < action_values.size(); ++i) {
        const raw_value& a = action_values[i];
        if (a.what != raw_value::kind::string) reader.fail("action " + std::to_string(i) + " is not a string");
        h.action_texts.emplace_back(a.text);
    }
    // Each action parsed once; a raise's amount is read as a decimal and set
    // in the hand's unit once every amount is known.
    std::vector<std::pair<std::size_t, decimal_amount>> action_amounts;  // index into actions, amount
    h.actions.reserve(h.action_texts.size());
    for (std::size_t i = 0; i < h.action_texts.size(); ++i) {
        recorded_action& r = h.actions.emplace_back();
        decimal_amount amount;
        try {
            r = read_action(h.action_texts[i], &amount);
        } catch (const notation_error& e) {
            if (e.code() == notation_error_code::bad_amount) reader.fail_action(i, "the amount: " + e.reason());
            r.error = e.what();
            continue;
        }
        if (r.is_action() && r.act.what == action::kind::complete_bet_or_raise_to)
            note(action_amounts.emplace_back(i, amount).second);
    }
    h.decimals = decimals;

    for (const amounts& a : read) {
        std::vector<chips> v;
        v.reserve(a.values.size());
        for (const decimal_amount& d : a.values) v.push_back(reader.to_chips(d, decimals, a.key));
        if (a.key == "antes" || a.key == "blinds_or_straddles") {
            if (v.size() == 2) std::swap(v[0], v[1]);  // PHH lists the big blind first heads-up
            if (std::all_of(v.begin(), v.end(), [](chips c) { return c == 0; })) v.clear();
        }
        if (a.key == "antes") h.config.forced.antes = std::move(v);
        else if (a.key == "blinds_or_straddles") h.config.forced.blinds_or_straddles = std::move(v);
        else if (a.key == "_live_posts") h.config.forced.live_posts = std::move(v);
        else if (a.key == "starting_stacks") h.config.starting_stacks = std::move(v);
        else if (a.key == "finishing_stacks") h.finishing_stacks = std::move(v);
        else if (a.key == "bring_in") h.config.forced.bring_in = v[0];
        else if (a.key == "small_bet") h.config.limits.small_bet = v[0];
        else if (a.key == "big_bet") h.config.limits.big_bet = v[0];
        else if (a.key == "min_bet") h.config.limits.min_bet = v[0];
        else if (a.key == "_cap") h.config.cap = v[0];
    }
    if (const raw_value* trim = t.get("ante_trimming_status")) {
        if (trim->what != raw_value::kind::boolean) reader.fail("ante_trimming_status must be true or false");
        h.config.forced.ante_trimming = trim->text == "true";
        const auto& antes = h.config.forced.antes;
        if (h.config.forced.ante_trimming && !antes.empty() &&
            std::adjacent_find(antes.begin(), antes.end(), std::not_equal_to<>()) != antes.end())
            h.warnings.push_back("ante_trimming_status = true with unequal antes: the standard advises false");
    }
    if (const raw_value* mode = t.get("_play_mode")) {
        if (mode->what != raw_value::kind::string || (mode->text != "cash-game" && mode->text != "tournament"))
            reader.fail("_play_mode must be 'cash-game' or 'tournament'");
        h.config.mode = mode->text == "cash-game" ? play_mode::cash_game : play_mode::tournament;
    }

    for (const auto& [i, d] : action_amounts) {
        const std::optional<chips> c = in_units(d, decimals);
        if (!c) reader.fail_action(i, "the amount is larger than 2^62 chips");
        if (*c > 0) h.actions[i].act.amount = *c;
        else h.actions[i].error = "action '" + printable(h.action_texts[i]) + "': the amount must be more than 0";
    }
    if (const raw_value* profile = t.get("_rule_profile")) {
        if (profile->what != raw_value::kind::string) reader.fail("_rule_profile must be a string");
        try {
            h.config.rules = parse_rule_profile(profile->text);
        } catch (const notation_error& e) {
            reader.fail("_rule_profile: " + e.reason());
        }
    }

    for (const auto& [key, v] : t.fields) {
        const std::optional<field_use> use = use_of(key);
        if (use == field_use::read) continue;
        if (!use && !key.starts_with('_'))
            h.warnings.push_back("unknown field '" + printable(key) +
                                 "' kept (the standard's user-defined fields start with '_')");
        h.other_fields.emplace_back(std::string(key), v.what == raw_value::kind::string ? "'" + std::string(v.text) + "'"
                                                                          : std::string(v.text));
    }
    std::sort(h.other_fields.begin(), h.other_fields.end());
    // The players' names, when the hand gives one per seat (kept as written among the other fields too).
    if (const raw_value* names = t.get("players"); names && names->what == raw_value::kind::array) {
        const std::span<const raw_value> items = doc.items_of(*names);
        if (items.size() == h.config.starting_stacks.size() &&
            std::ranges::all_of(items, [](const raw_value& v) { return v.what == raw_value::kind::string; }))
            for (const raw_value& v : items) h.players.emplace_back(v.text);
    }
    return h;
}

}  // namespace

// A document is read in one of two ways. A plain `.phhs` is checked whole
// and its tables found; each table is read when its hand is asked for, so a
// large file never holds every value at once and its hands can be read on
// several threads. Anything else is read whole, by toml++ when it is not plain.
struct phh_document::contents {
    std::string text;
    std::string file;
    phh_read_options options;
    std::vector<table_span> spans;        // a .phhs's tables, in reading order
    raw_document doc;                     // a document read whole
    std::vector<const raw_table*> hands;  // its hands, in reading order
    // A table of `spans` that is not plain is read from the whole document
    // by toml++, once, whichever thread asks first.
    mutable std::once_flag whole_once;
    mutable std::optional<raw_document> whole;
    mutable std::exception_ptr whole_error;
};

namespace {

bool table_order(std::string_view a, std::string_view b) {
    const std::size_t x = table_number(a), y = table_number(b);
    return x != y ? x < y : a < b;
}

}  // namespace

phh_document::phh_document(std::string_view text, std::string_view file, const phh_read_options& options) {
    auto made = std::make_shared<contents>();
    contents& c = *made;
    contents_ = made;
    c.text = std::string(text);
    c.file = std::string(file);
    c.options = options;
    if (!options.general_toml_reader) {
        if (std::optional<std::vector<table_span>> spans = find_tables(c.text)) {
            c.spans = std::move(*spans);
            std::stable_sort(c.spans.begin(), c.spans.end(),
                             [](const table_span& a, const table_span& b) { return table_order(a.name, b.name); });
            return;
        }
    }
    std::optional<raw_document> simple;
    if (!options.general_toml_reader) simple = simple_toml{c.text}.read();
    c.doc = simple ? std::move(*simple) : read_toml(c.text, file);
    if (c.doc.root.get("variant")) {
        c.hands.push_back(&c.doc.root);
        return;
    }
    if (!c.doc.root.fields.empty())
        throw phh_error(printable(file) + ": '" + printable(c.doc.root.fields.front().first) +
                        "' is neither a PHH field nor a hand table [N]");
    if (c.doc.tables.empty()) throw phh_error(printable(file) + ": no hands (no variant, no tables [1], [2], ...)");
    for (const raw_table& t : c.doc.tables) c.hands.push_back(&t);
    std::stable_sort(c.hands.begin(), c.hands.end(),
                     [](const raw_table* a, const raw_table* b) { return table_order(a->name, b->name); });
}

std::size_t phh_document::size() const { return contents_->spans.empty() ? contents_->hands.size() : contents_->spans.size(); }

const std::string& phh_document::file() const { return contents_->file; }

phh_hand phh_document::hand(std::size_t index) const {
    const contents& c = *contents_;
    if (c.spans.empty()) return read_hand(c.doc, *c.hands.at(index), c.file, index, c.options);
    const table_span& span = c.spans.at(index);
    const std::optional<raw_document> table =
        simple_toml{std::string_view(c.text).substr(span.begin, span.end - span.begin)}.read();
    if (table && table->tables.size() == 1) return read_hand(*table, table->tables.front(), c.file, index, c.options);
    std::call_once(c.whole_once, [&c] {
        try {
            c.whole = read_toml(c.text, c.file);
        } catch (...) {
            c.whole_error = std::current_exception();
        }
    });
    if (c.whole_error) std::rethrow_exception(c.whole_error);
    for (const raw_table& t : c.whole->tables)
        if (t.name == span.name) return read_hand(*c.whole, t, c.file, index, c.options);
    throw phh_error(printable(c.file) + ", hand " + std::to_string(index) + " [" + std::string(span.name) +
                    "]: the table is not a hand");
}

std::vector<phh_hand> read_phh(std::string_view text, std::string_view file, const phh_read_options& options) {
    const phh_document document{text, file, options};
    std::vector<phh_hand> hands;
    hands.reserve(document.size());
    for (std::size_t i = 0; i < document.size(); ++i) hands.push_back(document.hand(i));
    return hands;
}

// ----------------------------------------------------------------- streams

namespace {

enum class header_test { yes, no, incomplete };

// Whether the line at `at` is a table header: `[bare-key]`, then spaces and
// perhaps a comment. Not known while the line is still being read.
header_test is_header(std::string_view b, std::size_t at, bool ended, std::string_view& name) {
    if (at >= b.size()) return ended ? header_test::no : header_test::incomplete;
    if (b[at] != '[') return header_test::no;
    std::size_t j = at + 1;
    while (j < b.size() && (std::isalnum(static_cast<unsigned char>(b[j])) || b[j] == '_' || b[j] == '-')) ++j;
    if (j == b.size()) return ended ? header_test::no : header_test::incomplete;
    if (j == at + 1 || b[j] != ']') return header_test::no;
    name = b.substr(at + 1, j - at - 1);
    ++j;
    while (j < b.size() && (b[j] == ' ' || b[j] == '\t')) ++j;
    if (j == b.size()) return ended ? header_test::yes : header_test::incomplete;
    return b[j] == '\n' || b[j] == '\r' || b[j] == '#' ? header_test::yes : header_test::no;
}

// Blank lines and comments only: what may come before the first table.
bool only_comments(std::string_view text) {
    bool comment = false;
    for (char c : text) {
        if (c == '\n') comment = false;
        else if (c == '#') comment = true;
        else if (!comment && c != ' ' && c != '\t') return false;
        else if (comment && (static_cast<unsigned char>(c) < 0x20 ? c != '\t' : c == 0x7f)) return false;
    }
    return true;
}

}  // namespace

phh_stream::phh_stream(std::istream& in, std::string_view file, const phh_read_options& options,
                       std::size_t block_bytes)
    : in_(in), file_(file), options_(options), block_bytes_(std::max<std::size_t>(1, block_bytes)) {
    const std::istream::pos_type here = in_.tellg();
    if (here != std::istream::pos_type(-1) && in_.seekg(0, std::ios::end)) {
        const std::istream::pos_type end = in_.tellg();
        if (end != std::istream::pos_type(-1) && end >= here) total_ = static_cast<std::uint64_t>(end - here);
        in_.seekg(here);
    }
    in_.clear();
}

void phh_stream::read_block() {
    buffer_.erase(0, start_);
    consumed_ += start_;
    scanned_ -= start_;
    start_ = 0;
    const std::size_t had = buffer_.size();
    buffer_.resize(had + block_bytes_);
    in_.read(buffer_.data() + had, static_cast<std::streamsize>(block_bytes_));
    buffer_.resize(had + static_cast<std::size_t>(in_.gcount()));
    read_.store(consumed_ + buffer_.size(), std::memory_order_relaxed);
    if (in_.bad()) throw phh_error(printable(file_) + ": cannot read the file after byte " + std::to_string(read_.load()));
    if (buffer_.size() < had + block_bytes_) ended_ = true;
}

// The next header after the table being cut, from `scanned_` on; none while
// more text must be read to tell.
std::optional<std::size_t> phh_stream::find_header() {
    std::size_t p = scanned_;
    while (true) {
        std::string_view name;
        if (!(started_ && p == start_)) {
            const header_test t = is_header(buffer_, p, ended_, name);
            if (t == header_test::yes) return p;
            if (t == header_test::incomplete || p >= buffer_.size()) {
                scanned_ = p;
                return std::nullopt;
            }
        }
        const auto* newline = static_cast<const char*>(std::memchr(buffer_.data() + p, '\n', buffer_.size() - p));
        if (!newline) {
            scanned_ = p;
            return std::nullopt;
        }
        p = static_cast<std::size_t>(newline - buffer_.data()) + 1;
    }
}

// The text from `start_` to `end` as the next table (or text before the tables).
void phh_stream::take(std::vector<phh_table_text>& out, std::size_t end, bool before_tables) {
    const std::string_view text = std::string_view(buffer_).substr(start_, end - start_);
    const std::uint64_t lines = static_cast<std::uint64_t>(std::count(text.begin(), text.end(), '\n'));
    if (skipping_) {
        skipping_ = false;
    } else if (!before_tables || !only_comments(text)) {
        phh_table_text& t = out.emplace_back();
        t.text = std::string(text);
        t.offset = consumed_ + start_;
        t.line = line_;
        t.before_tables = before_tables;
        if (started_ && !before_tables) {
            std::string_view name;
            is_header(text, 0, true, name);
            t.name = std::string(name);
            t.index = index_++;
            const std::size_t number = table_number(name);
            if (number == static_cast<std::size_t>(-1) || (last_number_ && number <= *last_number_)) {
                t.note = "table [" + printable(name) + "] comes after [" +
                         (last_number_ ? std::to_string(*last_number_) : std::string("?")) +
                         "]: the hands of a streamed file are replayed in file order";
            }
            if (number != static_cast<std::size_t>(-1)) last_number_ = number;
        }
    }
    line_ += lines;
    start_ = end;
    scanned_ = end;
}

std::vector<phh_table_text> phh_stream::next(std::size_t count) {
    std::vector<phh_table_text> out;
    if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
    try {
        while (out.size() < count && !done_) {
            if (const std::optional<std::size_t> header = find_header()) {
                const bool first = !started_;
                take(out, *header, first);
                started_ = true;
            } else if (!ended_) {
                if (started_ && !skipping_ && buffer_.size() - start_ > max_table_bytes) {
                    phh_table_text& t = out.emplace_back();
                    t.offset = consumed_ + start_;
                    t.line = line_;
                    t.index = index_++;
                    t.too_large = true;
                    skipping_ = true;
                }
                if (skipping_) {  // keep the line being read, drop the rest of the table
                    line_ += static_cast<std::uint64_t>(
                        std::count(buffer_.begin() + static_cast<std::ptrdiff_t>(start_),
                                   buffer_.begin() + static_cast<std::ptrdiff_t>(scanned_), '\n'));
                    start_ = scanned_;
                }
                read_block();
            } else {
                if (start_ < buffer_.size()) {
                    if (started_) take(out, buffer_.size(), false);
                    else if (!only_comments(std::string_view(buffer_).substr(start_))) {
                        phh_table_text& t = out.emplace_back();  // a document that is one hand
                        t.text = buffer_.substr(start_);
                        t.index = index_++;
                    }
                }
                buffer_.clear();
                start_ = scanned_ = 0;
                done_ = true;
            }
        }
    } catch (const phh_error&) {
        done_ = true;
        if (out.empty()) throw;
        failure_ = std::current_exception();
    }
    return out;
}

phh_hand phh_stream::hand(const phh_table_text& table) const {
    const std::string position = " (line " + std::to_string(table.line) + ", byte " + std::to_string(table.offset) + ")";
    const std::string where = printable(file_) + ", hand " + std::to_string(table.index) +
                              (table.name.empty() ? std::string() : " [" + printable(table.name) + "]") + position;
    if (table.too_large)
        throw phh_error(where + ": a table of more than " + std::to_string(max_table_bytes >> 20) + " MiB, skipped");
    if (table.before_tables) {
        (void)read_toml(table.text, file_, table.line);  // a TOML error names its line
        throw phh_error(printable(file_) + position + ": fields before the first table [N]");
    }
    if (table.name.empty()) return phh_document{table.text, file_, options_}.hand(0);
    std::optional<raw_document> doc;
    if (!options_.general_toml_reader) doc = simple_toml{table.text}.read();
    if (!doc) {
        try {
            doc = read_toml(table.text, file_, table.line);
        } catch (const phh_error& e) {
            std::string_view why = e.what();
            if (why.starts_with(printable(file_) + ": ")) why.remove_prefix(printable(file_).size() + 2);
            throw phh_error(where + ": " + std::string(why));
        }
    }
    if (doc->tables.size() != 1 || !doc->root.fields.empty() || doc->tables.front().name != table.name)
        throw phh_error(where + ": the table is not one hand");
    phh_hand h = read_hand(*doc, doc->tables.front(), file_, table.index, options_, position);
    if (!table.note.empty()) h.warnings.push_back(table.note);
    return h;
}

namespace {

// A round of a stream's tables as the merging process shares it: a status
// word (tables, or the stream's error), then the tables or the message.
constexpr std::uint64_t round_tables = 0, round_failed = 1;

block_result pack_round(const std::vector<phh_table_text>& tables, block_result reuse) {
    block_writer w{std::move(reuse)};
    w.word(round_tables);
    w.word(tables.size());
    for (const phh_table_text& t : tables) {
        w.word(t.index);
        w.word(t.offset);
        w.word(t.line);
        w.word((t.before_tables ? 1U : 0U) | (t.too_large ? 2U : 0U));
        w.text(t.name);
        w.text(t.note);
        w.text(t.text);
    }
    return w.take();
}

std::vector<phh_table_text> unpack_round(const block_result& words) {
    block_reader r{words};
    if (r.word() == round_failed) throw phh_error(std::string(r.text()));
    std::vector<phh_table_text> tables(r.word());
    for (phh_table_text& t : tables) {
        t.index = r.word();
        t.offset = r.word();
        t.line = r.word();
        const std::uint64_t flags = r.word();
        t.before_tables = (flags & 1U) != 0;
        t.too_large = (flags & 2U) != 0;
        t.name = r.text();
        t.note = r.text();
        t.text = r.text();
    }
    return tables;
}

}  // namespace

std::uint64_t for_each_table_block(phh_stream& stream, block_driver& driver, std::size_t tables_per_round,
                                   const std::function<void(std::span<const phh_table_text>, block_writer&)>& work,
                                   const std::function<void(block_reader&)>& merge, const progress_callback& progress) {
    const std::size_t per_round = std::max<std::size_t>(1, tables_per_round);
    const std::size_t blocks_per_round = 16 * static_cast<std::size_t>(std::max(1, driver.workers()));
    const bool reads = driver.merges();
    // Each round's words are the next round's buffer: a round of a few MB
    // allocated afresh each time cost a page fault every 4 KB of it.
    const auto read_next = [&stream, per_round](block_result reuse) {
        try {
            return pack_round(stream.next(per_round), std::move(reuse));
        } catch (const phh_error& e) {
            block_writer w;
            w.word(round_failed);
            w.text(e.what());
            return w.take();
        }
    };
    const auto bytes = [&](std::uint64_t, std::uint64_t) {
        const std::uint64_t done = stream.bytes_read(), total = stream.bytes_total();
        progress(done, std::max(total, done));
    };
    std::uint64_t count = 0;
    std::future<block_result> ahead;
    if (reads) ahead = std::async(std::launch::async, read_next, block_result{});
    while (true) {
        block_result words = reads ? ahead.get() : block_result{};
        driver.share_words(words);
        const std::vector<phh_table_text> tables = unpack_round(words);
        if (tables.empty()) break;
        if (reads) ahead = std::async(std::launch::async, read_next, std::move(words));
        const std::size_t per_block = (tables.size() + blocks_per_round - 1) / blocks_per_round;
        const std::vector<block_result> results = driver.run(
            0, (tables.size() + per_block - 1) / per_block,
            [&](std::uint64_t b) {
                const std::size_t first = static_cast<std::size_t>(b) * per_block;
                block_writer out;
                work(std::span(tables).subspan(first, std::min(per_block, tables.size() - first)), out);
                return out.take();
            },
            progress && reads ? progress_callback(bytes) : progress_callback());
        for (const block_result& result : results) {
            block_reader in{result};
            merge(in);
        }
        count += tables.size();
    }
    if (progress && reads) bytes(0, 0);
    return count;
}

std::uint64_t replay_stream(phh_stream& stream, const replay_options& options,
                            const std::function<replayed_text(const streamed_hand&)>& report,
                            const std::function<void(std::string_view, std::uint64_t, std::uint64_t)>& write,
                            block_driver& driver,
                            std::size_t hands_per_round, const progress_callback& progress) {
    const auto work = [&](std::span<const phh_table_text> tables, block_writer& out) {
        std::uint64_t failed = 0;
        std::string text;
        for (const phh_table_text& table : tables) {
            replayed_text h;
            std::optional<phh_hand> hand;
            try {
                hand = stream.hand(table);
            } catch (const phh_error& e) {
                h = report(streamed_hand{table, nullptr, &e, nullptr});
            }
            if (hand) {
                const replay_result r = replay(*hand, options);
                h = report(streamed_hand{table, &*hand, nullptr, &r});
            }
            failed += h.failed ? 1 : 0;
            text += h.text;
        }
        out.word(tables.size());
        out.word(failed);
        out.text(text);
    };
    const auto merge = [&](block_reader& in) {
        const std::uint64_t hands = in.word(), failed = in.word();
        write(in.text(), hands, failed);
    };
    return for_each_table_block(stream, driver, hands_per_round, work, merge, progress);
}

std::uint64_t replay_stream(phh_stream& stream, const replay_options& options,
                            const std::function<std::string(const streamed_hand&)>& report,
                            const std::function<void(std::string_view)>& write, const stream_run_options& run) {
    check_thread_count(run.threads);
    thread_blocks threads{static_cast<int>(run.threads)};
    return replay_stream(
        stream, options, [&report](const streamed_hand& h) { return replayed_text{report(h), false}; },
        [&write](std::string_view text, std::uint64_t, std::uint64_t) { write(text); }, threads, run.hands_per_block,
        run.progress);
}

}  // namespace pokerengine::play
