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

std::string quoted(std::string_view text) { return '"' + std::string(text) + '"'; }

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

// The bytes of the character starting at s[0], for quoting it whole in messages.
std::string_view first_character(std::string_view s) {
    if (s.empty()) return s;
    unsigned lead = static_cast<unsigned char>(s[0]);
    std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    return s.substr(0, std::min(length, s.size()));
}

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
        throw parse_error("unknown rank '" + std::string(first_character(rest)) + "' in " + quoted(whole) +
                          " (ranks are A K Q J T/10 9 8 7 6 5 4 3 2, jokers Xx)");
    std::string_view after = rest.substr(rank.length);
    token<Suit> suit = read_suit(after);
    if (suit.length == 0) {
        if (after.empty() || is_separator(after[0]))
            throw parse_error("missing suit after rank '" + std::string(rest.substr(0, rank.length)) + "' in " +
                              quoted(whole));
        throw parse_error("unknown suit '" + std::string(first_character(after)) + "' in " + quoted(whole) +
                          " (suits are s h d c or ♠ ♥ ♦ ♣)");
    }
    return {Card{rank.value, suit.value}, rank.length + suit.length};
}

}  // namespace

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
        throw parse_error("unexpected '" + std::string(text.substr(t.length)) + "' after card " + to_string(t.card) +
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
