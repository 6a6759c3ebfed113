#include "pokerengine/phh.hpp"

#include <algorithm>
#include <charconv>
#include <functional>
#include <sstream>
#include <vector>

#include <toml++/toml.h>

namespace pokerengine::play {
namespace {

struct variant_code {
    std::string_view game;
    betting_structure structure;
    std::string_view code;
};

constexpr variant_code codes[] = {
    {"holdem", betting_structure::fixed_limit, "FT"},
    {"holdem", betting_structure::no_limit, "NT"},
    {"short-deck-wsop", betting_structure::no_limit, "NS"},
    {"omaha", betting_structure::pot_limit, "PO"},
    {"omaha-hi-lo", betting_structure::fixed_limit, "FO/8"},
    {"stud", betting_structure::fixed_limit, "F7S"},
    {"stud-hi-lo", betting_structure::fixed_limit, "F7S/8"},
    {"razz", betting_structure::fixed_limit, "FR"},
    {"deuce-to-seven-single-draw", betting_structure::no_limit, "N2L1D"},
    {"deuce-to-seven-triple-draw", betting_structure::fixed_limit, "F2L3D"},
    {"badugi", betting_structure::fixed_limit, "FB"},
};

std::string toml_array(std::vector<chips> values, bool reverse_heads_up, int decimals) {
    if (reverse_heads_up && values.size() == 2) std::swap(values[0], values[1]);
    std::string out = "[";
    for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + money_text(values[i], decimals);
    return out + "]";
}

}  // namespace

std::string phh_variant(const any_game& game, betting_structure structure) {
    const std::string_view name = traits_of(game).name;
    for (const variant_code& v : codes)
        if (v.game == name && v.structure == structure) return std::string(v.code);
    return "x-" + std::string(name);
}

std::string money_text(chips amount, int decimals) {
    std::string digits = std::to_string(amount < 0 ? -amount : amount);
    if (decimals > 0) {
        if (digits.size() <= static_cast<std::size_t>(decimals))
            digits.insert(0, static_cast<std::size_t>(decimals) + 1 - digits.size(), '0');
        digits.insert(digits.size() - static_cast<std::size_t>(decimals), 1, '.');
    }
    return amount < 0 ? "-" + digits : digits;
}

std::string write_phh(const hand_state& hand, int decimals) {
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
    if (!c.forced.live_posts.empty()) out += "_live_posts = " + toml_array(c.forced.live_posts, false, decimals) + "\n";
    out += "starting_stacks = " + toml_array(c.starting_stacks, false, decimals) + "\n";
    out += "actions = [\n";
    for (const action& a : hand.history()) {
        std::string text = to_phh(a);
        if (a.what == action::kind::complete_bet_or_raise_to)
            text = text.substr(0, text.rfind(' ') + 1) + money_text(a.amount, decimals);
        if (!text.empty()) out += "  '" + text + "',\n";
    }
    out += "]\n";
    if (hand.is_complete()) {
        std::span<const chips> stacks = hand.stacks();
        out += "finishing_stacks = " + toml_array(std::vector<chips>(stacks.begin(), stacks.end()), false, decimals) + "\n";
    }
    return out;
}


// ----------------------------------------------------------------- reading

namespace {

struct variant_game {
    std::string_view game;
    betting_structure structure;
};

std::optional<variant_game> game_of_code(std::string_view code) {
    for (const variant_code& v : codes)
        if (v.code == code) return variant_game{v.game, v.structure};
    return std::nullopt;
}

// A decimal amount as written: digits, underscores between digits, at most one point.
struct decimal {
    std::string digits;  // without the point or underscores
    int fraction = 0;    // digits after the point
    bool negative = false;
};

class hand_reader {
public:
    hand_reader(std::string_view text, const std::vector<std::size_t>& line_starts, std::string where)
        : text_(text), where_(std::move(where)), line_starts_(line_starts) {}

    [[noreturn]] void fail(const std::string& why) const { throw phh_error(where_ + ": " + why); }

    // The literal text of a number, read from the document rather than from the parsed double.
    decimal literal(const toml::node& node, std::string_view field) const {
        if (!node.is_integer() && !node.is_floating_point())
            fail(std::string(field) + " must be a number of chips");
        const toml::source_position begin = node.source().begin;
        std::size_t at = begin.line >= 1 && begin.line <= line_starts_.size() ? line_starts_[begin.line - 1] : 0;
        for (std::uint32_t column = 1; column < begin.column && at < text_.size(); ++column) {
            ++at;  // columns count code points: skip UTF-8 continuation bytes
            while (at < text_.size() && (static_cast<unsigned char>(text_[at]) & 0xC0) == 0x80) ++at;
        }
        std::size_t end = at;
        while (end < text_.size() && std::string_view("0123456789+-._eEinfa").find(text_[end]) != std::string_view::npos)
            ++end;
        return parse_decimal(text_.substr(at, end - at), field);
    }

    decimal parse_decimal(std::string_view t, std::string_view field) const {
        decimal d;
        const std::string quoted = "'" + printable(t) + "'";
        if (!t.empty() && (t[0] == '+' || t[0] == '-')) {
            d.negative = t[0] == '-';
            t.remove_prefix(1);
        }
        bool point = false;
        for (char c : t) {
            if (c == '_') continue;
            if (c == '.' && !point) {
                point = true;
                continue;
            }
            if (c < '0' || c > '9')
                fail(std::string(field) + ": " + quoted + " is not a plain decimal amount (no exponents, inf or nan)");
            d.digits += c;
            d.fraction += point ? 1 : 0;
        }
        if (d.digits.empty()) fail(std::string(field) + ": " + quoted + " is not an amount");
        if (d.fraction > 9) fail(std::string(field) + ": " + quoted + " has more than 9 decimal places");
        return d;
    }

private:
    std::string_view text_;
    std::string where_;
    const std::vector<std::size_t>& line_starts_;  // offset of each line's first byte
};

chips to_chips(const decimal& d, int decimals, const hand_reader& reader, std::string_view field) {
    std::string digits = d.digits + std::string(static_cast<std::size_t>(decimals - d.fraction), '0');
    chips value = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec != std::errc{} || value > (chips{1} << 62))
        reader.fail(std::string(field) + ": the amount is larger than 2^62 chips");
    return d.negative ? -value : value;
}

std::string toml_text(const toml::node& node) {
    std::ostringstream out;
    node.visit([&](const auto& v) {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, toml::table> || std::is_same_v<V, toml::array>) out << toml::toml_formatter{v};
        else out << v;
    });
    return out.str();
}

}  // namespace

std::vector<phh_hand> read_phh(std::string_view text, std::string_view file, const phh_read_options& options) {
    toml::table document;
    try {
        document = toml::parse(text, std::string_view{file});
    } catch (const toml::parse_error& e) {
        throw phh_error(printable(file) + ": line " + std::to_string(e.source().begin.line) + ", column " +
                        std::to_string(e.source().begin.column) + ": " + printable(e.description()));
    }
    std::vector<std::pair<std::string, const toml::table*>> tables;
    if (document.contains("variant")) {
        tables.emplace_back("", &document);
    } else {
        for (auto&& [key, node] : document) {
            const toml::table* t = node.as_table();
            if (!t) throw phh_error(printable(file) + ": '" + printable(key.str()) +
                                "' is neither a PHH field nor a hand table [N]");
            tables.emplace_back(std::string(key.str()), t);
        }
        std::stable_sort(tables.begin(), tables.end(), [](const auto& a, const auto& b) {
            auto number = [](const std::string& k) {
                std::size_t n = 0;
                auto [end, ec] = std::from_chars(k.data(), k.data() + k.size(), n);
                return ec == std::errc{} && end == k.data() + k.size() ? n : static_cast<std::size_t>(-1);
            };
            return number(a.first) < number(b.first);
        });
        if (tables.empty()) throw phh_error(printable(file) + ": no hands (no variant, no tables [1], [2], ...)");
    }

    std::vector<std::size_t> line_starts{0};
    for (std::size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n') line_starts.push_back(i + 1);
    std::vector<phh_hand> hands;
    for (std::size_t index = 0; index < tables.size(); ++index) {
        const toml::table& t = *tables[index].second;
        phh_hand h;
        h.file = std::string(file);
        h.index = index;
        h.table = tables[index].first;
        const std::string where = printable(file) + ", hand " + std::to_string(index) +
                                  (h.table.empty() ? std::string() : " [" + h.table + "]");
        hand_reader reader{text, line_starts, where};

        const std::optional<std::string> variant = t["variant"].value<std::string>();
        if (!variant) reader.fail("the required field 'variant' is missing or not a string");
        h.variant = *variant;
        variant_game vg{};
        std::string x_game;
        if (auto known = game_of_code(h.variant)) {
            vg = *known;
        } else if (h.variant.starts_with("x-")) {
            x_game = h.variant.substr(2);
            vg.game = x_game;
            const std::optional<std::string> s = t["_betting_structure"].value<std::string>();
            if (!s) reader.fail("variant " + printable(h.variant) + " needs the field _betting_structure");
            try {
                vg.structure = parse_betting_structure(*s);
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
        std::vector<std::pair<std::string, std::vector<decimal>>> arrays;
        std::vector<std::pair<std::string, decimal>> scalars;
        auto read_array = [&](const char* key, bool required) {
            const toml::node* node = t.get(key);
            if (!node) {
                if (required) reader.fail(std::string("the required field '") + key + "' is missing");
                return;
            }
            const toml::array* a = node->as_array();
            if (!a) reader.fail(std::string(key) + " must be an array of amounts");
            std::vector<decimal> values;
            for (const toml::node& e : *a) values.push_back(reader.literal(e, key));
            arrays.emplace_back(key, std::move(values));
        };
        auto read_scalar = [&](const char* key, bool required) {
            const toml::node* node = t.get(key);
            if (!node) {
                if (required) reader.fail(std::string("the required field '") + key + "' is missing");
                return;
            }
            scalars.emplace_back(key, reader.literal(*node, key));
        };
        const bool stud = traits_of(h.config.game).family == game_family::stud;
        const bool fixed = vg.structure == betting_structure::fixed_limit;
        read_array("antes", true);
        read_array("starting_stacks", true);
        read_array("blinds_or_straddles", !stud);
        read_array("finishing_stacks", false);
        read_array("_live_posts", false);
        read_scalar("bring_in", stud && t.contains("bring_in"));
        read_scalar("small_bet", fixed);
        read_scalar("big_bet", fixed);
        read_scalar("min_bet", !fixed);

        const toml::array* actions = t["actions"].as_array();
        if (!actions) reader.fail("the required field 'actions' is missing or not an array of strings");
        std::vector<std::pair<std::size_t, decimal>> action_amounts;  // index into actions, amount
        for (std::size_t i = 0; i < actions->size(); ++i) {
            const std::optional<std::string> a = (*actions)[i].value<std::string>();
            if (!a) reader.fail("action " + std::to_string(i) + " is not a string");
            h.action_texts.push_back(*a);
            std::string_view body = *a;
            if (std::size_t hash = body.find('#'); hash != std::string_view::npos) body = body.substr(0, hash);
            if (std::size_t at = body.find(" cbr "); at != std::string_view::npos) {
                std::string_view amount = body.substr(at + 5);
                while (!amount.empty() && (amount.back() == ' ' || amount.back() == '\t')) amount.remove_suffix(1);
                hand_reader action_reader{text, line_starts,
                                          where + ", action " + std::to_string(i) + " '" + printable(*a) + "'"};
                action_amounts.emplace_back(i, action_reader.parse_decimal(amount, "the amount"));
            }
        }
        int decimals = 0;
        for (const auto& [key, values] : arrays)
            for (const decimal& d : values) decimals = std::max(decimals, d.fraction);
        for (const auto& [key, d] : scalars) decimals = std::max(decimals, d.fraction);
        for (const auto& [i, d] : action_amounts) decimals = std::max(decimals, d.fraction);
        h.decimals = decimals;

        auto chips_of = [&](const std::vector<decimal>& values, std::string_view key) {
            std::vector<chips> out;
            for (const decimal& d : values) out.push_back(to_chips(d, decimals, reader, key));
            return out;
        };
        for (const auto& [key, values] : arrays) {
            std::vector<chips> v = chips_of(values, key);
            if (key == "antes" || key == "blinds_or_straddles") {
                if (v.size() == 2) std::swap(v[0], v[1]);  // PHH lists the big blind first heads-up
                if (std::all_of(v.begin(), v.end(), [](chips c) { return c == 0; })) v.clear();
            }
            if (key == "antes") h.config.forced.antes = v;
            else if (key == "blinds_or_straddles") h.config.forced.blinds_or_straddles = v;
            else if (key == "_live_posts") h.config.forced.live_posts = v;
            else if (key == "starting_stacks") h.config.starting_stacks = v;
            else if (key == "finishing_stacks") h.finishing_stacks = v;
        }
        for (const auto& [key, d] : scalars) {
            const chips v = to_chips(d, decimals, reader, key);
            if (key == "bring_in") h.config.forced.bring_in = v;
            else if (key == "small_bet") h.config.limits.small_bet = v;
            else if (key == "big_bet") h.config.limits.big_bet = v;
            else if (key == "min_bet") h.config.limits.min_bet = v;
        }
        if (const toml::node* trim = t.get("ante_trimming_status")) {
            if (!trim->is_boolean()) reader.fail("ante_trimming_status must be true or false");
            h.config.forced.ante_trimming = *trim->value<bool>();
            const auto& antes = h.config.forced.antes;
            if (h.config.forced.ante_trimming && !antes.empty() &&
                std::adjacent_find(antes.begin(), antes.end(), std::not_equal_to<>()) != antes.end())
                h.warnings.push_back("ante_trimming_status = true with unequal antes: the standard advises false");
        }

        if (const toml::node* mode = t.get("_play_mode")) {
            const std::optional<std::string> m = mode->value<std::string>();
            if (m != "cash-game" && m != "tournament") reader.fail("_play_mode must be 'cash-game' or 'tournament'");
            h.config.mode = *m == "cash-game" ? play_mode::cash_game : play_mode::tournament;
        }

        // Amounts in actions, in the hand's unit.
        h.actions = h.action_texts;
        for (const auto& [i, d] : action_amounts) {
            std::string& a = h.actions[i];
            const std::size_t at = a.find(" cbr ") + 5;
            std::size_t end = at;
            while (end < a.size() && a[end] != ' ' && a[end] != '\t' && a[end] != '#') ++end;
            a.replace(at, end - at, std::to_string(to_chips(d, decimals, reader, "the amount")));
        }

        static constexpr std::string_view used[] = {
            "variant", "antes", "starting_stacks", "blinds_or_straddles", "finishing_stacks", "_live_posts",
            "bring_in", "small_bet", "big_bet", "min_bet", "actions", "ante_trimming_status", "_betting_structure",
            "_play_mode"};
        for (auto&& [key, node] : t) {
            const std::string k(key.str());
            if (std::find(std::begin(used), std::end(used), k) != std::end(used)) continue;
            h.other_fields.emplace_back(k, toml_text(node));
        }
        hands.push_back(std::move(h));
    }
    return hands;
}

// ---------------------------------------------------------------- replaying

replay_result replay(const phh_hand& hand, const replay_options& options) {
    replay_result r;
    r.warnings = hand.warnings;
    hand_config config = hand.config;
    config.rules = options.rules;
    try {
        r.state.emplace(config, manual_dealing);
    } catch (const config_error& e) {
        r.code = "config_error";
        r.error = e.what();
        return r;
    }
    hand_state& h = *r.state;
    for (std::size_t i = 0; i < hand.actions.size(); ++i) {
        std::string_view text = hand.actions[i];
        if (std::size_t hash = text.find('#'); hash != std::string_view::npos) text = text.substr(0, hash);
        if (text.find_first_not_of(" \t") == std::string_view::npos) continue;  // commentary
        auto stop = [&](std::string code, std::string why) {
            r.code = std::move(code);
            r.error = std::move(why);
            r.action = i;
            r.action_text = hand.action_texts[i];
            return r;
        };
        action a;
        try {
            a = parse_action(text);
        } catch (const std::invalid_argument& e) {
            return stop("bad_action", e.what());
        }
        action_error_code why{};
        if (h.try_apply(a, &why)) continue;
        // R12: a fixed-limit raise recorded as the whole stack an opponent can match.
        if (options.lenient && why == action_error_code::below_minimum && a.what == action::kind::complete_bet_or_raise_to &&
            config.structure == betting_structure::fixed_limit) {
            const legal_actions l = h.legal();
            chips reach = 0;
            const auto stacks = h.stacks();
            const auto bets = h.street_bets();
            for (int s = 0; s < h.players(); ++s)
                if (s != a.seat && (h.status(s) == seat_status::in_hand))
                    reach = std::max(reach, stacks[static_cast<std::size_t>(s)] + bets[static_cast<std::size_t>(s)]);
            if (l.can_raise && a.amount == reach && a.amount > l.call_amount) {
                action normalized = a;
                normalized.amount = l.min_to;
                if (h.try_apply(normalized, &why)) {
                    r.warnings.push_back("action " + std::to_string(i) + " '" + printable(hand.action_texts[i]) +
                                         "': a raise to an opponent's whole stack, read as the raise to " +
                                         std::to_string(l.min_to));
                    continue;
                }
            }
        }
        try {
            h.apply(a);
        } catch (const action_error& e) {
            return stop(std::string(to_string(e.code())), e.what());
        }
    }
    r.ok = true;
    return r;
}

}  // namespace pokerengine::play
