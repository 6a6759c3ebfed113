#include <algorithm>
#include <array>

#include "pokerengine/card.hpp"
#include "pokerengine/card_set.hpp"

namespace pokerengine {
namespace {

constexpr std::array<std::string_view, rank_count> names{"two",  "three", "four",  "five",  "six",  "seven", "eight",
                                                        "nine", "ten",   "jack",  "queen", "king", "ace"};
constexpr std::array<std::string_view, rank_count> plurals{"twos",  "threes", "fours",  "fives",  "sixes",
                                                          "sevens", "eights", "nines",  "tens",   "jacks",
                                                          "queens", "kings",  "aces"};

// A rank or suit found at the front of some text, with the bytes it used.
template <class T>
struct token {
    T value;
    std::size_t length;  // 0: nothing valid here
};

token<Rank> read_rank(std::string_view s) {
    if (s.starts_with("10")) return {Rank::ten, 2};
    if (s.empty()) return {Rank::two, 0};
    constexpr std::string_view upper = "23456789TJQKA", lower = "23456789tjqka";
    std::size_t i = upper.find(s[0]);
    if (i == std::string_view::npos) i = lower.find(s[0]);
    if (i == std::string_view::npos) return {Rank::two, 0};
    return {static_cast<Rank>(i), 1};
}

// Suit symbols U+2660..U+2667 are E2 99 A0..A7 in UTF-8: black and white forms of each suit.
constexpr std::array<Suit, 8> symbol_suits{Suit::spades, Suit::hearts, Suit::diamonds, Suit::clubs,
                                           Suit::spades, Suit::hearts, Suit::diamonds, Suit::clubs};

token<Suit> read_suit(std::string_view s) {
    if (s.empty()) return {Suit::clubs, 0};
    constexpr std::string_view letters = "cdhs", capitals = "CDHS";
    std::size_t i = letters.find(s[0]);
    if (i == std::string_view::npos) i = capitals.find(s[0]);
    if (i != std::string_view::npos) return {static_cast<Suit>(i), 1};
    if (s.size() >= 3 && s[0] == '\xE2' && s[1] == '\x99') {
        unsigned last = static_cast<unsigned char>(s[2]);
        if (last >= 0xA0 && last <= 0xA7) {
            std::size_t length = 3;
            if (s.substr(3).starts_with("\xEF\xB8\x8F")) length += 3;  // emoji presentation selector
            return {symbol_suits[last - 0xA0], length};
        }
    }
    return {Suit::clubs, 0};
}

// The length of the valid UTF-8 character at the front of s, 0 when it is not one.
std::size_t utf8_length(std::string_view s) {
    if (s.empty()) return 0;
    auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned lead = byte(0);
    if (lead < 0x80) return 1;
    std::size_t length = 0;
    unsigned low = 0x80, high = 0xBF;  // the allowed range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF) length = 2;
    else if (lead >= 0xE0 && lead <= 0xEF) length = 3, low = lead == 0xE0 ? 0xA0 : 0x80, high = lead == 0xED ? 0x9F : 0xBF;
    else if (lead >= 0xF0 && lead <= 0xF4) length = 4, low = lead == 0xF0 ? 0x90 : 0x80, high = lead == 0xF4 ? 0x8F : 0xBF;
    else return 0;
    if (s.size() < length || byte(1) < low || byte(1) > high) return 0;
    for (std::size_t i = 2; i < length; ++i)
        if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
    return length;
}

// The character starting at s[0], printable, for quoting it whole in messages.
std::string first_character(std::string_view s) { return printable(s.substr(0, std::max<std::size_t>(1, utf8_length(s)))); }

bool is_joker_text(std::string_view s) { return s.size() >= 2 && (s[0] == 'X' || s[0] == 'x') && (s[1] == 'X' || s[1] == 'x'); }

bool is_separator(char c) { return c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r'; }

struct card_token {
    Card card;
    std::size_t length;
};

// Reads one card from the front of `rest`; `whole` is the full input, for messages.
card_token read_card(std::string_view rest, std::string_view whole) {
    if (is_joker_text(rest)) return {Card::joker(0), 2};
    token<Rank> rank = read_rank(rest);
    if (rank.length == 0)
        throw parse_error("unknown rank '" + first_character(rest) + "' in " + quoted(whole) +
                          " (ranks are A K Q J T/10 9 8 7 6 5 4 3 2, jokers Xx)");
    std::string_view after = rest.substr(rank.length);
    token<Suit> suit = read_suit(after);
    if (suit.length == 0) {
        if (after.empty() || is_separator(after[0]))
            throw parse_error("missing suit after rank '" + printable(rest.substr(0, rank.length)) + "' in " +
                              quoted(whole));
        throw parse_error("unknown suit '" + first_character(after) + "' in " + quoted(whole) +
                          " (suits are s h d c or ♠ ♥ ♦ ♣)");
    }
    return {Card{rank.value, suit.value}, rank.length + suit.length};
}

}  // namespace

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    while (!text.empty()) {
        const std::size_t length = utf8_length(text);
        const auto lead = static_cast<unsigned char>(text[0]);
        // C1 controls (U+0080..U+009F) are two bytes, C2 80..C2 9F.
        const bool control = lead < 0x20 || lead == 0x7F ||
                             (length == 2 && lead == 0xC2 && static_cast<unsigned char>(text[1]) < 0xA0);
        if (length == 0 || control) {
            const std::size_t bytes = length == 0 ? 1 : length;
            for (std::size_t i = 0; i < bytes; ++i) {
                constexpr std::string_view hex = "0123456789abcdef";
                const auto b = static_cast<unsigned char>(text[i]);
                out += "\\x";
                out += hex[b >> 4];
                out += hex[b & 15];
            }
            text.remove_prefix(bytes);
        } else {
            out += text.substr(0, length);
            text.remove_prefix(length);
        }
    }
    return out;
}

std::string quoted(std::string_view text) { return '"' + printable(text) + '"'; }

void detail::throw_not_cards(std::uint64_t bits) {
    std::string positions;
    for (int b = 0; b < 64; ++b)
        if ((bits >> b) & 1) positions += (positions.empty() ? "" : ", ") + std::to_string(b);
    throw std::invalid_argument("CardSet bits " + positions + " are not cards (valid bits: 16 * suit + rank, jokers 13 and 29)");
}

std::string_view rank_name(Rank r) { return names[static_cast<int>(r)]; }
std::string_view rank_plural(Rank r) { return plurals[static_cast<int>(r)]; }
std::string_view suit_name(Suit s) {
    constexpr std::array<std::string_view, 4> suits{"clubs", "diamonds", "hearts", "spades"};
    return suits[static_cast<int>(s)];
}

Rank parse_rank(std::string_view text) {
    token<Rank> r = read_rank(text);
    if (text.empty()) throw parse_error("empty rank text");
    if (r.length == 0 || r.length != text.size())
        throw parse_error("unknown rank " + quoted(text) + " (ranks are A K Q J T/10 9 8 7 6 5 4 3 2)");
    return r.value;
}

Suit parse_suit(std::string_view text) {
    token<Suit> s = read_suit(text);
    if (text.empty()) throw parse_error("empty suit text");
    if (s.length == 0 || s.length != text.size())
        throw parse_error("unknown suit " + quoted(text) + " (suits are s h d c or ♠ ♥ ♦ ♣)");
    return s.value;
}

Card parse_card(std::string_view text) {
    if (text.empty()) throw parse_error("empty card text");
    card_token t = read_card(text, text);
    if (t.length != text.size())
        throw parse_error("unexpected '" + printable(text.substr(t.length)) + "' after card " + to_string(t.card) +
                          " in " + quoted(text));
    return t.card;
}

CardList parse_cards(std::string_view text) {
    CardList cards;
    CardSet seen;
    std::size_t i = 0;
    while (true) {
        while (i < text.size() && is_separator(text[i])) ++i;
        if (i == text.size()) break;
        card_token t = read_card(text.substr(i), text);
        Card c = t.card;
        if (c.is_joker()) {
            if (seen.contains(Card::joker(0))) c = Card::joker(1);
            if (seen.contains(c)) throw parse_error("more than two jokers in " + quoted(text));
        } else if (seen.contains(c)) {
            throw parse_error("card " + to_string(c) + " appears twice in " + quoted(text));
        }
        seen |= c;
        cards.push_back(c);
        i += t.length;
    }
    if (cards.empty()) throw parse_error("no cards in " + quoted(text));
    return cards;
}

CardList parse_cards(std::string_view text, int count) {
    CardList cards = parse_cards(text);
    if (static_cast<int>(cards.size()) != count)
        throw parse_error("expected " + std::to_string(count) + " cards but got " + std::to_string(cards.size()) +
                          " in " + quoted(text));
    return cards;
}

CardSet parse_card_set(std::string_view text) {
    CardSet set;
    for (Card c : parse_cards(text)) set |= c;
    return set;
}

std::string to_string(const CardList& cards) {
    std::string out;
    for (Card c : cards) {
        if (!out.empty()) out += ' ';
        out += to_string(c);
    }
    return out;
}

CardList by_rank_descending(CardSet cards) {
    CardList list(cards.begin(), cards.end());
    std::sort(list.begin(), list.end(), [](Card a, Card b) {
        if (a.is_joker() != b.is_joker()) return a.is_joker();
        if (a.rank() != b.rank()) return a.rank() > b.rank();
        return a.suit() > b.suit();
    });
    return list;
}

std::string to_string(CardSet cards) { return to_string(by_rank_descending(cards)); }

}  // namespace pokerengine
