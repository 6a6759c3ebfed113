#include "pokerengine/notation.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <limits>
#include <span>
#include <sstream>
#include <type_traits>

#include <boost/container/static_vector.hpp>

namespace pokerengine::play {
namespace {

constexpr chips most_chips = chips{1} << 62;

template <class Cards>
std::string card_text(const Cards& cards) {
    std::string out;
    for (Card c : cards) out += to_string(c);
    return out;
}

}  // namespace

std::string_view to_string(notation_error_code code) {
    using c = notation_error_code;
    switch (code) {
        case c::empty_action: return "empty_action";
        case c::too_many_words: return "too_many_words";
        case c::bad_player: return "bad_player";
        case c::unknown_action: return "unknown_action";
        case c::wrong_arguments: return "wrong_arguments";
        case c::bad_amount: return "bad_amount";
        case c::bad_cards: return "bad_cards";
        case c::unknown_cards: return "unknown_cards";
        case c::bad_rule_profile: return "bad_rule_profile";
        case c::bad_saved_hand: return "bad_saved_hand";
        case c::bad_saved_table: break;
    }
    return "bad_saved_table";
}

// ------------------------------------------------------------------ amounts

decimal_amount parse_decimal_amount(std::string_view t) {
    decimal_amount d;
    const std::string_view written = t;
    auto fail = [written](const std::string& why) {
        const std::string reason = "'" + printable(written) + "' " + why;
        return notation_error(notation_error_code::bad_amount, reason, reason);
    };
    if (!t.empty() && (t[0] == '+' || t[0] == '-')) {
        d.negative = t[0] == '-';
        t.remove_prefix(1);
    }
    bool point = false, any = false;
    for (char c : t) {
        if (c == '_') continue;
        if (c == '.' && !point) {
            point = true;
            continue;
        }
        if (c < '0' || c > '9') throw fail("is not a plain decimal amount (no exponents, inf or nan)");
        any = true;
        const auto digit = static_cast<std::uint64_t>(c - '0');
        if (d.digits > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) d.too_large = true;
        else d.digits = d.digits * 10 + digit;
        d.fraction += point ? 1 : 0;
    }
    if (!any) throw fail("is not an amount");
    if (d.fraction > 9) throw fail("has more than 9 decimal places");
    return d;
}

std::optional<chips> in_units(const decimal_amount& d, int decimals) {
    std::uint64_t value = d.digits;
    bool too_large = d.too_large || value > static_cast<std::uint64_t>(most_chips) || d.fraction > decimals;
    for (int i = d.fraction; i < decimals && !too_large; ++i) {
        value *= 10;
        too_large = value > static_cast<std::uint64_t>(most_chips);
    }
    if (too_large) return std::nullopt;
    return d.negative ? -static_cast<chips>(value) : static_cast<chips>(value);
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

// ------------------------------------------------------------------ actions

namespace {

struct action_reader {
    std::string_view whole;
    bool unknown_allowed;
    decimal_amount* decimal;
    std::uint8_t unknown = 0;

    [[noreturn]] void fail(notation_error_code code, const std::string& why) const {
        throw notation_error(code, "action '" + printable(whole) + "': " + why, why);
    }

    int seat_of(std::string_view w) const {
        int seat = 0;
        if (w.size() < 2 || w[0] != 'p')
            fail(notation_error_code::bad_player, "expected a player such as p1, got '" + printable(w) + "'");
        auto [end, ec] = std::from_chars(w.data() + 1, w.data() + w.size(), seat);
        if (ec != std::errc{} || end != w.data() + w.size() || seat < 1 || seat > max_seats)
            fail(notation_error_code::bad_player,
                 "expected a player p1 to p" + std::to_string(max_seats) + ", got '" + printable(w) + "'");
        return seat - 1;
    }

    // Cards by the engine's parser; `??` is an unknown card (a placeholder
    // in its place, its bit in `unknown`), read in pairs of characters.
    action_cards cards_of(std::string_view w) {
        try {
            if (w.find("??") == std::string_view::npos) return to_action_cards(parse_cards(w));
            if (!unknown_allowed)
                fail(notation_error_code::unknown_cards, "unknown cards (\?\?) cannot be applied to a hand");
            if (w.size() % 2 != 0 || w.size() / 2 > action_cards::static_capacity)
                fail(notation_error_code::bad_cards, "expected at most 8 cards of two characters each or ??");
            action_cards cards;
            CardSet seen;
            for (std::size_t i = 0; i < w.size(); i += 2) {
                const std::string_view two = w.substr(i, 2);
                if (two == "??") {
                    unknown = static_cast<std::uint8_t>(unknown | (1U << cards.size()));
                    cards.push_back(Card::joker(0));
                    continue;
                }
                const Card c = parse_card(two);
                if (seen.contains(c)) fail(notation_error_code::bad_cards, "card " + to_string(c) + " appears twice");
                seen |= c;
                cards.push_back(c);
            }
            return cards;
        } catch (const notation_error&) {
            throw;
        } catch (const std::exception& e) {
            fail(notation_error_code::bad_cards, e.what());
        }
    }

    chips amount_of(std::string_view w) const {
        if (decimal) {
            *decimal = parse_decimal_amount(w);
            return 0;
        }
        chips amount = 0;
        auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), amount);
        if (ec != std::errc{} || end != w.data() + w.size() || amount <= 0 || amount > most_chips)
            fail(notation_error_code::bad_amount,
                 "the amount must be a whole number of chips from 1 to 2^62, got '" + printable(w) + "'");
        return amount;
    }

    recorded_action read(std::string_view text) {
        if (std::size_t hash = text.find('#'); hash != std::string_view::npos) text = text.substr(0, hash);
        boost::container::static_vector<std::string_view, 5> words;
        for (std::size_t i = 0; i < text.size();) {
            while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r')) ++i;
            std::size_t j = i;
            while (j < text.size() && text[j] != ' ' && text[j] != '\t' && text[j] != '\r') ++j;
            if (j > i) {
                if (words.size() == words.capacity()) fail(notation_error_code::too_many_words, "too many words");
                words.push_back(text.substr(i, j - i));
            }
            i = j;
        }
        recorded_action r;
        if (words.empty()) {
            if (!unknown_allowed) fail(notation_error_code::empty_action, "empty action");
            r.commentary = true;  // a history's blank or comment-only entry
            return r;
        }
        r.act = act_of({words.data(), words.size()});
        r.unknown = unknown;
        return r;
    }

    action act_of(std::span<const std::string_view> words) {
        if (words[0] == "d") {
            if (words.size() == 4 && words[1] == "dh") {
                const int seat = seat_of(words[2]);
                return {action::kind::deal_hole, static_cast<std::int8_t>(seat), 0, cards_of(words[3])};
            }
            if (words.size() == 3 && words[1] == "db") return {action::kind::deal_board, -1, 0, cards_of(words[2])};
            if (words.size() == 3 && words[1] == "burn") {
                action burn{action::kind::burn, -1, 0, cards_of(words[2])};
                if (burn.cards.size() != 1) fail(notation_error_code::bad_cards, "a burn is one card");
                return burn;
            }
            fail(words.size() >= 2 && (words[1] == "dh" || words[1] == "db" || words[1] == "burn")
                     ? notation_error_code::wrong_arguments
                     : notation_error_code::unknown_action,
                 "expected 'd dh pN CARDS' or 'd db CARDS'");
        }
        const int seat = seat_of(words[0]);
        if (words.size() < 2) fail(notation_error_code::wrong_arguments, "missing the action after the player");
        const std::string_view verb = words[1];
        auto expect_words = [&](std::size_t count) {
            if (words.size() != count)
                fail(notation_error_code::wrong_arguments, "'" + printable(verb) + "' takes " +
                                                               std::to_string(count - 2) + " argument" +
                                                               (count == 3 ? "" : "s"));
        };
        if (verb == "f") {
            expect_words(2);
            return action::fold_by(seat);
        }
        if (verb == "cc") {
            expect_words(2);
            return action::check_or_call_by(seat);
        }
        if (verb == "pb") {
            expect_words(2);
            return action::bring_in_by(seat);
        }
        if (verb == "cbr") {
            expect_words(3);
            return action::raise_to(seat, amount_of(words[2]));
        }
        if (verb == "sd") {
            if (words.size() > 3) fail(notation_error_code::wrong_arguments, "'sd' takes the discarded cards as one word");
            action a = action::discard(seat, CardList{});
            if (words.size() == 3) a.cards = cards_of(words[2]);
            return a;
        }
        if (verb == "sm") {
            if (words.size() > 3) fail(notation_error_code::wrong_arguments, "'sm' takes the shown cards as one word");
            if (words.size() == 2) return action::muck_by(seat);
            action a = action::show_by(seat);
            if (words[2] != "-") a.cards = cards_of(words[2]);
            return a;
        }
        if (verb == "run") {
            expect_words(3);
            int times = 0;
            const std::string_view w = words[2];
            auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), times);
            if (ec != std::errc{} || end != w.data() + w.size() || times < 1 || times > 4)
                fail(notation_error_code::bad_amount,
                     "the times to run the board must be 1 to 4, got '" + printable(w) + "'");
            return action::choose_runouts_by(seat, times);
        }
        fail(notation_error_code::unknown_action, "unknown action '" + printable(verb) + "' (f, cc, cbr, pb, sd, sm, run)");
    }
};

}  // namespace

action parse_action(std::string_view text) { return action_reader{text, false, nullptr}.read(text).act; }

recorded_action read_action(std::string_view text, decimal_amount* amount) {
    return action_reader{text, true, amount}.read(text);
}

std::string to_phh(const action& a) {
    using k = action::kind;
    std::string p = "p";
    p += std::to_string(a.seat + 1);
    // A seat's view hides another seat's down cards and discards, keeping their number in `amount`.
    auto cards = [&a] {
        const bool hidden = (a.what == k::deal_hole || a.what == k::stand_pat_or_discard) && a.amount > 0;
        std::string out(hidden ? 2 * static_cast<std::size_t>(std::min<chips>(a.amount, 8)) : 0, '?');
        return out + card_text(a.cards);
    };
    switch (a.what) {
        case k::deal_hole: return "d dh " + p + " " + cards();
        case k::deal_board: return "d db " + cards();
        case k::post_bring_in: return p + " pb";
        case k::fold: return p + " f";
        case k::check_or_call: return p + " cc";
        case k::complete_bet_or_raise_to: return p + " cbr " + std::to_string(a.amount);
        case k::stand_pat_or_discard: {
            const std::string thrown = cards();
            return p + " sd" + (thrown.empty() ? "" : " " + thrown);
        }
        case k::show: return p + " sm" + (a.cards.empty() ? std::string(" -") : " " + cards());
        case k::muck: return p + " sm";
        case k::choose_runouts: return p + " run " + std::to_string(a.amount);
        case k::post_ante:
        case k::post_blind:
        case k::burn: break;
    }
    return {};
}

std::string to_phh(const recorded_action& r, int decimals) {
    if (!r.is_action()) return {};
    const action& a = r.act;
    std::string text = to_phh(a);
    if (a.what == action::kind::complete_bet_or_raise_to) {
        text.resize(text.rfind(' ') + 1);
        return text + money_text(a.amount, decimals);
    }
    if (r.unknown == 0 || a.cards.empty()) return text;
    text.resize(text.size() - 2 * a.cards.size());  // the cards are the last word
    for (std::size_t i = 0; i < a.cards.size(); ++i) text += (r.unknown >> i) & 1U ? "??" : to_string(a.cards[i]);
    return text;
}

// ----------------------------------------------------------- rule profiles

namespace {

// Every field of a rule profile, once: its key in the text forms, how to read
// it as a whole number and the largest value it takes. A new field is one line.
struct profile_field {
    std::string_view key;
    int (*get)(const rule_profile&);
    void (*set)(rule_profile&, int);
    int most;
};

template <auto member, int most>
constexpr profile_field field(std::string_view key) {
    using type = std::remove_cvref_t<decltype(std::declval<rule_profile&>().*member)>;
    return {key, [](const rule_profile& p) { return static_cast<int>(p.*member); },
            [](rule_profile& p, int v) { p.*member = static_cast<type>(v); }, most};
}

// In version 1's order of the saved hand's `profile` line.
constexpr profile_field profile_fields[] = {
    field<&rule_profile::fixed_limit_half_bet_rule, 1>("fixed_limit_half_bet_rule"),
    field<&rule_profile::fixed_limit_bets, 1000>("fixed_limit_bets"),
    field<&rule_profile::fixed_limit_bets_two_rounds, 1000>("fixed_limit_bets_two_rounds"),
    field<&rule_profile::cap_lift_tournament, 3>("cap_lift_tournament"),
    field<&rule_profile::cap_lift_cash, 3>("cap_lift_cash"),
    field<&rule_profile::full_forced_bet_to_call, 1>("full_forced_bet_to_call"),
    field<&rule_profile::stud_ties_by_suit, 1>("stud_ties_by_suit"),
    field<&rule_profile::odd_chip, 2>("odd_chip"),
    field<&rule_profile::after_straddle, 1>("after_straddle"),
    field<&rule_profile::reshuffle_current_discards, 1>("reshuffle_current_discards"),
    field<&rule_profile::fold_when_check_is_free, 1>("fold_when_check_is_free"),
    field<&rule_profile::raise_needs_a_caller, 1>("raise_needs_a_caller"),
    field<&rule_profile::cap_counts_short_all_ins, 1>("cap_counts_short_all_ins"),
    field<&rule_profile::odd_chips_to_first_winner, 1>("odd_chips_to_first_winner"),
    field<&rule_profile::cap_counts_forced_bet, 1>("cap_counts_forced_bet"),
    field<&rule_profile::reopen_against_largest_raise, 1>("reopen_against_largest_raise"),
    field<&rule_profile::short_all_in_ends_completion, 1>("short_all_in_ends_completion"),
    field<&rule_profile::stud_hole_cards_from_reserve, 1>("stud_hole_cards_from_reserve"),
    field<&rule_profile::most_runouts, 4>("most_runouts"),
};
constexpr std::size_t version_1_fields = 14;

bool plain_name_byte(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
           c == '-';
}

std::string escaped_name(std::string_view name) {
    std::string out;
    for (char c : name) {
        if (plain_name_byte(c)) {
            out += c;
            continue;
        }
        constexpr std::string_view hex = "0123456789ABCDEF";
        const auto b = static_cast<unsigned char>(c);
        out += '%';
        out += hex[b >> 4];
        out += hex[b & 15];
    }
    return out;
}

[[noreturn]] void bad_profile(std::string_view text, const std::string& why) {
    throw notation_error(notation_error_code::bad_rule_profile,
                         "rule profile '" + printable(text) + "': " + why, why);
}

// The bytes of a word written by `escaped_name`; nothing when a byte is neither
// plain nor a %XX, whose place is then in `bad`.
std::optional<std::string> unescaped(std::string_view text, std::size_t& bad) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (plain_name_byte(text[i])) {
            out += text[i];
            continue;
        }
        unsigned value = 0;
        if (text[i] != '%' || i + 2 >= text.size() ||
            std::from_chars(text.data() + i + 1, text.data() + i + 3, value, 16).ptr != text.data() + i + 3) {
            bad = i;
            return std::nullopt;
        }
        out += static_cast<char>(value);
        i += 2;
    }
    return out;
}

std::string unescaped_name(std::string_view text, std::string_view whole) {
    std::size_t bad = 0;
    const std::optional<std::string> out = unescaped(text, bad);
    if (!out)
        bad_profile(whole, "the name holds '" + printable(text.substr(bad, 1)) + "' (write bytes other than "
                           "A-Z a-z 0-9 . _ - as %XX)");
    if (out->empty()) bad_profile(whole, "no name");
    return *out;
}

std::optional<rule_profile> named_profile(std::string_view name) {
    for (const rule_profile& p : {rule_profile::wsop_2024(), rule_profile::roberts(), rule_profile::pokerkit()})
        if (p.name == name) return p;
    if (name == "wsop") return rule_profile::wsop_2024();
    return std::nullopt;
}

int field_value(std::string_view value, const profile_field& f, std::string_view whole) {
    int v = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (ec != std::errc{} || end != value.data() + value.size() || value.empty() || v < 0 || v > f.most)
        bad_profile(whole, std::string(f.key) + " must be a whole number from 0 to " + std::to_string(f.most) +
                               ", got '" + printable(value) + "'");
    return v;
}

}  // namespace

std::string rule_profile_text_in_full(const rule_profile& profile) {
    std::string out = escaped_name(profile.name);
    for (const profile_field& f : profile_fields) {
        out += ' ';
        out += f.key;
        out += '=';
        out += std::to_string(f.get(profile));
    }
    return out;
}

std::string rule_profile_text(const rule_profile& profile) {
    if (named_profile(profile.name) == profile) return escaped_name(profile.name);
    return rule_profile_text_in_full(profile);
}

rule_profile parse_rule_profile(std::string_view text) {
    std::istringstream words{std::string(text)};
    std::string word;
    if (!(words >> word)) bad_profile(text, "no name");
    const std::string name = unescaped_name(word, text);
    rule_profile p = named_profile(name).value_or(rule_profile::wsop_2024());
    p.name = name;
    while (words >> word) {
        const std::size_t eq = word.find('=');
        const std::string_view key = std::string_view(word).substr(0, eq);
        const auto* f = std::ranges::find(profile_fields, key, &profile_field::key);
        if (eq == std::string::npos || f == std::end(profile_fields))
            bad_profile(text, "unknown field '" + printable(key) + "'");
        f->set(p, field_value(std::string_view(word).substr(eq + 1), *f, text));
    }
    return p;
}

// ------------------------------------------------------------ saved hands

namespace {

std::string join(std::span<const chips> values) {
    std::string out;
    for (chips c : values) {
        if (!out.empty()) out += ',';
        out += std::to_string(c);
    }
    return out.empty() ? "-" : out;
}

[[noreturn]] void bad_saved(const std::string& why) {
    throw notation_error(notation_error_code::bad_saved_hand, "restore: " + why, why);
}

std::vector<chips> split_chips_list(std::string_view text, std::string_view field) {
    std::vector<chips> out;
    if (text == "-") return out;
    while (true) {
        std::size_t comma = text.find(',');
        std::string_view item = text.substr(0, comma);
        chips value = 0;
        auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
        if (ec != std::errc{} || end != item.data() + item.size() || item.empty())
            bad_saved("bad number '" + printable(item) + "' in " + std::string(field));
        out.push_back(value);
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    return out;
}

// Version 1's profile line: a name, then the first fields by position.
rule_profile version_1_profile(std::string_view line) {
    std::istringstream p{std::string(line)};
    std::string name;
    p >> name;
    rule_profile r = named_profile(name).value_or(rule_profile::wsop_2024());
    r.name = named_profile(name) ? name : "custom";
    for (std::size_t i = 0; i < version_1_fields; ++i) {
        int v = 0;
        if (!(p >> v)) bad_saved("bad profile line");
        profile_fields[i].set(r, std::clamp(v, 0, profile_fields[i].most));
    }
    return r;
}

std::string_view mode_text(play_mode mode) { return mode == play_mode::tournament ? "tournament" : "cash"; }

void write_hand_config(std::ostream& out, const hand_config& config) {
    out << "game " << traits_of(config.game).name << "\n";
    out << "structure " << to_string(config.structure) << "\n";
    out << "mode " << mode_text(config.mode) << "\n";
    out << "profile " << rule_profile_text_in_full(config.rules) << "\n";
    out << "antes " << join(config.forced.antes) << "\n";
    out << "ante_trimming " << config.forced.ante_trimming << "\n";
    out << "blinds " << join(config.forced.blinds_or_straddles) << "\n";
    out << "live_posts " << join(config.forced.live_posts) << "\n";
    out << "bring_in " << config.forced.bring_in << "\n";
    out << "stakes " << config.limits.small_bet << ' ' << config.limits.big_bet << ' ' << config.limits.min_bet;
    if (config.cap > 0) out << " cap " << config.cap;  // cap games only: older texts read as before
    out << "\n";
    out << "stacks " << join(config.starting_stacks) << "\n";
}

// The lines `write_hand_config` writes; `next(key)` gives the text after the key of the next line.
template <class Next>
hand_config read_hand_config(Next&& next, std::string_view version) {
    hand_config c;
    try {
        c.game = find_game(next("game"));
        c.structure = parse_betting_structure(next("structure"));
    } catch (const notation_error&) {
        throw;
    } catch (const std::invalid_argument& e) {
        bad_saved(e.what());
    }
    c.mode = next("mode") == "cash" ? play_mode::cash_game : play_mode::tournament;
    try {
        c.rules = version == "1" ? version_1_profile(next("profile")) : parse_rule_profile(next("profile"));
    } catch (const notation_error& e) {
        if (e.code() == notation_error_code::bad_saved_hand) throw;
        bad_saved("profile: " + e.reason());
    }
    c.forced.antes = split_chips_list(next("antes"), "antes");
    c.forced.ante_trimming = next("ante_trimming") == "1";
    c.forced.blinds_or_straddles = split_chips_list(next("blinds"), "blinds");
    c.forced.live_posts = split_chips_list(next("live_posts"), "live_posts");
    const std::vector<chips> bring_in = split_chips_list(next("bring_in"), "bring_in");
    if (bring_in.size() != 1) bad_saved("bad bring_in line");
    c.forced.bring_in = bring_in[0];
    {
        std::istringstream p{std::string(next("stakes"))};
        p >> c.limits.small_bet >> c.limits.big_bet >> c.limits.min_bet;
        if (!p) bad_saved("bad stakes line");
        if (std::string word; p >> word && (word != "cap" || !(p >> c.cap) || c.cap <= 0 || p >> word))
            bad_saved("bad stakes line");
    }
    c.starting_stacks = split_chips_list(next("stacks"), "stacks");
    return c;
}

}  // namespace

std::string serialize(const hand_state& hand) {
    std::ostringstream out;
    out << "pokerengine-hand 2\n";
    const hand_config config = hand.config();
    write_hand_config(out, config);
    if (hand.manual()) out << "dealing manual";
    else out << "dealing seeded " << hand.seed();
    // Version 1 of the order writes nothing, as before it had a name.
    if (config.dealing != dealing_order::whole_shuffle) out << " " << to_string(config.dealing);
    out << "\n";
    for (const action& a : hand.history()) {
        if (!hand.manual() && !a.is_seat_decision()) continue;
        if (a.what == action::kind::post_ante || a.what == action::kind::post_blind) continue;
        if (a.what == action::kind::burn) {
            out << "d burn " << card_text(a.cards) << "\n";
            continue;
        }
        out << to_phh(a) << "\n";
    }
    return out.str();
}

hand_state restore(std::string_view text) {
    std::istringstream in{std::string(text)};
    std::string line;
    auto next = [&](std::string_view key) {
        if (!std::getline(in, line) || !line.starts_with(std::string(key) + " "))
            bad_saved("expected the '" + std::string(key) + "' line, got '" + printable(line) + "'");
        return line.substr(key.size() + 1);
    };
    constexpr std::string_view magic = "pokerengine-hand ";
    if (!std::getline(in, line) || !line.starts_with(magic))
        bad_saved("not a serialized hand (the first line is not 'pokerengine-hand VERSION')");
    const std::string version = line.substr(magic.size());
    if (version != "1" && version != "2")
        bad_saved("version '" + printable(version) + "' is not known (this library reads versions 1 and 2)");
    hand_config c = read_hand_config(next, version);
    std::string dealing = next("dealing");
    const std::string card_by_card = " " + std::string(to_string(dealing_order::card_by_card));
    if (dealing.ends_with(card_by_card)) {
        c.dealing = dealing_order::card_by_card;
        dealing.resize(dealing.size() - card_by_card.size());
    }
    std::optional<hand_state> h;
    if (dealing == "manual") {
        h.emplace(c, manual_dealing);
    } else if (dealing.starts_with("seeded ")) {
        std::uint64_t seed = 0;
        std::string_view digits = std::string_view(dealing).substr(7);
        auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), seed);
        if (ec != std::errc{} || end != digits.data() + digits.size())
            bad_saved("bad seed '" + printable(digits) + "'");
        h.emplace(c, seed);
    } else {
        bad_saved("bad dealing line '" + printable(dealing) + "'");
    }
    while (std::getline(in, line))
        if (!line.empty()) h->apply(parse_action(line));
    return std::move(*h);
}

// ------------------------------------------------------------ saved tables

namespace {

std::string seat_text(std::optional<int> seat) { return seat ? std::to_string(*seat + 1) : "-"; }

std::string_view entry_text(entry how) { return how == entry::post_now ? "post_now" : "wait_for_big_blind"; }

// The seeded deal's order, a line of its own after a configuration; version 1,
// the default, writes none, as before the order had a name.
void write_dealing(std::ostream& out, const std::string& key, dealing_order order) {
    if (order != dealing_order::whole_shuffle) out << key << " " << to_string(order) << "\n";
}

void write_table_config(std::ostream& out, std::string_view prefix, const table_config& c) {
    out << prefix << "config seats=" << c.seats << " game=" << traits_of(c.game).name
        << " structure=" << to_string(c.structure) << " mode=" << mode_text(c.mode)
        << " small_blind=" << c.small_blind << " big_blind=" << c.big_blind << " ante=" << c.ante
        << " big_blind_ante=" << c.big_blind_ante << " bring_in=" << c.bring_in
        << " small_bet=" << c.limits.small_bet << " big_bet=" << c.limits.big_bet
        << " min_bet=" << c.limits.min_bet << "\n";
    out << prefix << "profile " << rule_profile_text(c.rules) << "\n";
    write_dealing(out, std::string(prefix) + "dealing", c.dealing);
    if (c.cap > 0) out << prefix << "cap " << c.cap << "\n";  // cap games only: older texts read as before
}

void write_seat_change(std::ostream& out, const seat_change& c) {
    out << "request what=" << to_string(c.what) << " seat=" << c.seat + 1 << " amount=" << c.amount
        << " entry=" << entry_text(c.how) << " name=" << escaped_name(c.name) << " id=" << escaped_name(c.id) << "\n";
}

// The lines of a saved table, read in order; every failure names its line.
class table_reader {
public:
    explicit table_reader(std::string_view text) : text_(text) {
        for (std::size_t start = 0; start < text.size();) {
            const std::size_t end = std::min(text.find('\n', start), text.size());
            lines_.push_back(text.substr(start, end - start));
            start = end + 1;
        }
    }

    [[noreturn]] void fail(const std::string& why) const {
        const std::string where = "line " + std::to_string(looked_at_ + 1) + ": ";
        throw notation_error(notation_error_code::bad_saved_table, "restore_table: " + where + why, where + why);
    }
    bool done() const { return at_ == lines_.size(); }
    // Whether the next line is `key ...`.
    bool at(std::string_view key) const {
        return !done() && lines_[at_].starts_with(key) && lines_[at_].size() > key.size() &&
               lines_[at_][key.size()] == ' ';
    }
    // The rest of the next line, which must be `key ...`.
    std::string_view line(std::string_view key) {
        looked_at_ = at_;
        if (!at(key)) {
            if (done()) fail("the text ends where the '" + std::string(key) + "' line belongs");
            fail("expected the '" + std::string(key) + "' line, got '" + printable(lines_[at_].substr(0, 60)) + "'");
        }
        return lines_[at_++].substr(key.size() + 1);
    }
    // The next `count` lines as one text.
    std::string_view lines(std::size_t count) {
        looked_at_ = at_;
        if (count > lines_.size() - at_) fail("the text ends within the saved hand");
        if (count == 0) return {};
        const std::string_view first = lines_[at_], last = lines_[at_ + count - 1];
        at_ += count;
        return text_.substr(first.data() - text_.data(), last.data() + last.size() - first.data());
    }
    // The last line, which says the text is whole.
    void end() {
        looked_at_ = at_;
        if (done() || lines_[at_] != "end") fail("expected the last line, 'end' (the text is cut short or altered)");
        ++looked_at_;
        if (++at_ != lines_.size()) fail("text after the 'end' line");
    }
    std::size_t line_number() const { return at_; }

    // `key=value` words, each key once and every one of `keys` given.
    template <std::size_t N>
    std::array<std::string_view, N> fields(std::string_view words, const std::array<std::string_view, N>& keys) const {
        std::array<std::string_view, N> values;
        std::array<bool, N> seen{};
        while (!words.empty()) {
            const std::size_t space = words.find(' ');
            const std::string_view word = words.substr(0, space);
            words = space == std::string_view::npos ? std::string_view{} : words.substr(space + 1);
            const std::size_t eq = word.find('=');
            const std::string_view key = word.substr(0, eq);
            const auto* k = std::ranges::find(keys, key);
            if (eq == std::string_view::npos || k == keys.end())
                fail("unknown field '" + printable(key.substr(0, 40)) + "'");
            const auto i = static_cast<std::size_t>(k - keys.begin());
            if (seen[i]) fail("the field '" + std::string(key) + "' twice");
            seen[i] = true;
            values[i] = word.substr(eq + 1);
        }
        for (std::size_t i = 0; i < N; ++i)
            if (!seen[i]) fail("the field '" + std::string(keys[i]) + "' is missing");
        return values;
    }

    template <class Int>
    Int number(std::string_view text, std::string_view what, Int least, Int most) const {
        Int v{};
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || v < least || v > most)
            fail(std::string(what) + " must be a whole number from " + std::to_string(least) + " to " +
                 std::to_string(most) + ", got '" + printable(text.substr(0, 40)) + "'");
        return v;
    }
    chips amount(std::string_view text, std::string_view what) const { return number<chips>(text, what, 0, most_chips); }
    bool flag(std::string_view text, std::string_view what) const { return number<int>(text, what, 0, 1) == 1; }
    // A 1-based seat of a table of `seats`, or '-' for none.
    std::optional<int> seat(std::string_view text, std::string_view what, int seats) const {
        if (text == "-") return std::nullopt;
        return number<int>(text, what, 1, seats) - 1;
    }
    int seat_number(std::string_view text, std::string_view what, int seats) const {
        return number<int>(text, what, 1, seats) - 1;
    }
    entry how(std::string_view text) const {
        if (text == "post_now") return entry::post_now;
        if (text == "wait_for_big_blind") return entry::wait_for_big_blind;
        fail("entry must be post_now or wait_for_big_blind, got '" + printable(text.substr(0, 40)) + "'");
    }
    std::string name(std::string_view text) const {
        std::size_t bad = 0;
        std::optional<std::string> out = unescaped(text, bad);
        if (!out) fail("a name holds '" + printable(text.substr(bad, 1)) + "' (bytes other than A-Z a-z 0-9 . _ - are %XX)");
        return std::move(*out);
    }
    template <class F>
    auto parsed(std::string_view what, F&& f) const {
        try {
            return f();
        } catch (const notation_error& e) {
            fail(std::string(what) + ": " + (e.reason().empty() ? std::string(e.what()) : e.reason()));
        } catch (const config_error&) {
            throw;
        } catch (const std::invalid_argument& e) {
            fail(std::string(what) + ": " + e.what());
        }
    }

private:
    std::string_view text_;
    std::vector<std::string_view> lines_;
    std::size_t at_ = 0;
    std::size_t looked_at_ = 0;
};

// Each item of a comma-separated list.
template <class F>
void for_each_item(std::string_view list, F&& f) {
    for (std::size_t start = 0; start <= list.size();) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        f(list.substr(start, comma - start));
        start = comma + 1;
    }
}

// The line `write_dealing` writes, if it is next.
dealing_order read_dealing(table_reader& r, const std::string& key) {
    if (!r.at(key)) return dealing_order::whole_shuffle;
    const std::string_view name = r.line(key);
    try {
        return parse_dealing_order(name);
    } catch (const config_error& e) {
        r.fail(e.what());
    }
}

table_config read_table_config(table_reader& r, std::string_view prefix) {
    static constexpr std::array<std::string_view, 12> keys{"seats", "game", "structure", "mode", "small_blind",
                                                           "big_blind", "ante", "big_blind_ante", "bring_in",
                                                           "small_bet", "big_bet", "min_bet"};
    const auto v = r.fields(r.line(std::string(prefix) + "config"), keys);
    table_config c;
    c.seats = r.number<int>(v[0], "seats", 2, max_seats);
    c.game = r.parsed("game", [&] { return find_game(v[1]); });
    c.structure = r.parsed("structure", [&] { return parse_betting_structure(v[2]); });
    if (v[3] != "tournament" && v[3] != "cash") r.fail("mode must be tournament or cash");
    c.mode = v[3] == "cash" ? play_mode::cash_game : play_mode::tournament;
    c.small_blind = r.amount(v[4], "small_blind");
    c.big_blind = r.amount(v[5], "big_blind");
    c.ante = r.amount(v[6], "ante");
    c.big_blind_ante = r.amount(v[7], "big_blind_ante");
    c.bring_in = r.amount(v[8], "bring_in");
    c.limits = {r.amount(v[9], "small_bet"), r.amount(v[10], "big_bet"), r.amount(v[11], "min_bet")};
    const std::string_view profile = r.line(std::string(prefix) + "profile");
    c.rules = r.parsed("profile", [&] { return parse_rule_profile(profile); });
    c.dealing = read_dealing(r, std::string(prefix) + "dealing");
    if (const std::string key = std::string(prefix) + "cap"; r.at(key))
        c.cap = r.number<chips>(r.line(key), "cap", 1, most_chips);
    return c;
}


}  // namespace

// Reads and writes the private state of a table (its friend).
struct table_text {
    static std::string write(const table& t, const hand_state* hand) {
        std::ostringstream out;
        out << "pokerengine-table 1\n";
        out << "seed " << t.seed_ << "\n";
        out << "hands " << t.hands_ << "\n";
        out << "in_progress " << t.in_progress_ << "\n";
        write_table_config(out, "", t.config_);
        if (t.next_config_) write_table_config(out, "next_", *t.next_config_);
        out << "positions first_button=" << seat_text(t.first_button_) << " button=" << seat_text(t.last_.button)
            << " small_blind=" << seat_text(t.last_.small_blind) << " big_blind=" << seat_text(t.last_.big_blind)
            << " next_button=" << seat_text(t.next_button_) << "\n";
        for (std::size_t s = 0; s < t.seats_.size(); ++s) {
            if (!t.seats_[s]) continue;
            const seated_player& p = *t.seats_[s];
            out << "player seat=" << s + 1 << " stack=" << p.stack << " sitting_out=" << p.sitting_out
                << " new=" << p.is_new << " missed_small=" << p.missed_small << " missed_big=" << p.missed_big
                << " entry=" << entry_text(p.how) << " name=" << escaped_name(p.name) << " id=" << escaped_name(p.id)
                << "\n";
        }
        for (const seat_change& c : t.requests_) write_seat_change(out, c);
        if (t.current_) {
            const hand_plan& p = *t.current_;
            std::string seats, names;
            for (std::size_t i = 0; i < p.seats.size(); ++i) {
                seats += (i ? "," : "") + std::to_string(p.seats[i] + 1);
                names += (i ? "," : "") + escaped_name(p.names[i]);
            }
            out << "plan number=" << p.number << " seed=" << p.seed << " seats=" << seats << " names=" << names
                << " button=" << seat_text(p.button) << " small_blind=" << seat_text(p.small_blind)
                << " big_blind=" << seat_text(p.big_blind) << " dead=" << join(p.dead) << "\n";
            write_hand_config(out, p.config);
            write_dealing(out, "plan_dealing", p.config.dealing);
        }
        if (hand) {
            const std::string saved = serialize(*hand);
            out << "hand " << std::ranges::count(saved, '\n') << "\n" << saved;
        }
        out << "end\n";
        return out.str();
    }

    static restored_table read(std::string_view text) {
        table_reader r{text};
        if (const std::string_view version = r.line("pokerengine-table"); version != "1")
            r.fail("version '" + printable(version.substr(0, 40)) + "' is not known (this library reads version 1)");
        const auto seed = r.number<std::uint64_t>(r.line("seed"), "seed", 0, ~std::uint64_t{0});
        const auto hands = r.number<std::uint64_t>(r.line("hands"), "hands", 0, ~std::uint64_t{0});
        const bool in_progress = r.flag(r.line("in_progress"), "in_progress");
        table t{read_table_config(r, ""), seed};
        const int n = t.config_.seats;
        t.hands_ = hands;
        t.in_progress_ = in_progress;
        if (r.at("next_config")) t.next_config_ = read_table_config(r, "next_");
        {
            static constexpr std::array<std::string_view, 5> keys{"first_button", "button", "small_blind",
                                                                  "big_blind", "next_button"};
            const auto v = r.fields(r.line("positions"), keys);
            t.first_button_ = r.seat(v[0], "first_button", n);
            t.last_ = {r.seat(v[1], "button", n), r.seat(v[2], "small_blind", n), r.seat(v[3], "big_blind", n)};
            t.next_button_ = r.seat(v[4], "next_button", n);
        }
        while (r.at("player")) {
            static constexpr std::array<std::string_view, 9> keys{
                "seat", "stack", "sitting_out", "new", "missed_small", "missed_big", "entry", "name", "id"};
            const auto v = r.fields(r.line("player"), keys);
            const int s = r.seat_number(v[0], "seat", n);
            auto& place = t.seats_[static_cast<std::size_t>(s)];
            if (place) r.fail("seat " + std::to_string(s + 1) + " holds two players");
            seated_player p;
            p.stack = r.amount(v[1], "stack");
            p.sitting_out = r.flag(v[2], "sitting_out");
            p.is_new = r.flag(v[3], "new");
            p.missed_small = r.flag(v[4], "missed_small");
            p.missed_big = r.flag(v[5], "missed_big");
            p.how = r.how(v[6]);
            p.name = r.name(v[7]);
            p.id = r.name(v[8]);
            place = std::move(p);
        }
        while (r.at("request")) {
            static constexpr std::array<std::string_view, 6> keys{"what", "seat", "amount", "entry", "name", "id"};
            const auto v = r.fields(r.line("request"), keys);
            seat_change c;
            constexpr std::array kinds{seat_change::kind::join, seat_change::kind::leave, seat_change::kind::sit_out,
                                       seat_change::kind::come_back, seat_change::kind::rebuy};
            const auto* k = std::ranges::find_if(kinds, [&](seat_change::kind what) { return to_string(what) == v[0]; });
            if (k == kinds.end()) r.fail("a request is join, leave, sit_out, come_back or rebuy");
            c.what = *k;
            c.seat = r.seat_number(v[1], "seat", n);
            c.amount = r.amount(v[2], "amount");
            c.how = r.how(v[3]);
            c.name = r.name(v[4]);
            c.id = r.name(v[5]);
            t.requests_.push_back(std::move(c));
        }
        if (r.at("plan")) {
            static constexpr std::array<std::string_view, 8> keys{"number", "seed", "seats", "names", "button",
                                                                  "small_blind", "big_blind", "dead"};
            const auto v = r.fields(r.line("plan"), keys);
            hand_plan p;
            p.number = r.number<std::uint64_t>(v[0], "number", 1, ~std::uint64_t{0});
            p.seed = r.number<std::uint64_t>(v[1], "seed", 0, ~std::uint64_t{0});
            for_each_item(v[2], [&](std::string_view s) { p.seats.push_back(r.seat_number(s, "seats", n)); });
            for_each_item(v[3], [&](std::string_view name) { p.names.push_back(r.name(name)); });
            p.button = r.seat(v[4], "button", n);
            p.small_blind = r.seat(v[5], "small_blind", n);
            p.big_blind = r.seat(v[6], "big_blind", n);
            for_each_item(v[7], [&](std::string_view a) { p.dead.push_back(r.amount(a, "dead")); });
            const std::size_t line = r.line_number();
            try {
                p.config = read_hand_config([&](std::string_view key) { return std::string(r.line(key)); }, "2");
            } catch (const notation_error& e) {
                if (e.code() != notation_error_code::bad_saved_hand) throw;
                r.fail("the plan's hand (from line " + std::to_string(line + 1) + "): " + e.reason());
            }
            p.config.dealing = read_dealing(r, "plan_dealing");
            t.current_ = std::move(p);
        }
        std::optional<std::string_view> hand_text;
        if (r.at("hand")) {
            const std::string_view count = r.line("hand");
            hand_text = r.lines(r.number<std::size_t>(count, "hand", 1, text.size()));
        }
        r.end();
        t.check_restored();
        restored_table out{std::move(t), std::nullopt};
        if (!hand_text) return out;
        hand_state hand = restore(*hand_text);
        const table& saved = out.restored;
        if (!saved.in_progress_)
            throw table_error(table_error_code::no_hand_in_progress, "saved table: a hand, but none is in progress");
        if (!(hand.config() == saved.current_->config) || (!hand.manual() && hand.seed() != saved.current_->seed))
            throw table_error(table_error_code::not_this_tables_hand,
                              "saved table: the hand is not hand " + std::to_string(saved.hands_) + " of this table");
        out.hand = std::move(hand);
        return out;
    }
};

std::string serialize(const table& t) { return table_text::write(t, nullptr); }

std::string serialize(const table& t, const hand_state& hand) {
    if (!t.hand_in_progress())
        throw table_error(table_error_code::no_hand_in_progress, "no hand of this table is in progress");
    if (!(hand.config() == t.current()->config) || (!hand.manual() && hand.seed() != t.current()->seed))
        throw table_error(table_error_code::not_this_tables_hand,
                          "the hand is not hand " + std::to_string(t.hands_started()) + " of this table");
    return table_text::write(t, &hand);
}

restored_table restore_table(std::string_view text) { return table_text::read(text); }

// The members of hand_state that are text forms forward here, so that play
// itself holds no notation.
std::string hand_state::serialize() const { return play::serialize(*this); }
hand_state hand_state::restore(std::string_view text) { return play::restore(text); }

}  // namespace pokerengine::play
