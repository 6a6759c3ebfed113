#pragma once
// Ranks, suits and cards: small value types, their text forms and parsing.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace pokerengine {

/// Card rank, deuce lowest. `Rank::ace` is high; low-ace rules reinterpret it.
enum class Rank : std::uint8_t { two, three, four, five, six, seven, eight, nine, ten, jack, queen, king, ace };

/// Suit, in the order used to break odd-chip ties (clubs lowest, spades highest).
enum class Suit : std::uint8_t { clubs, diamonds, hearts, spades };

inline constexpr int rank_count = 13;
inline constexpr int suit_count = 4;

/// Thrown for any text that is not a card, a list of cards or a valid hand.
/// The message quotes the offending text and says what is wrong with it.
class parse_error : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// Thrown when cards cannot form the hand asked for: too few or too many,
/// a card used twice, a joker where the rules have no wild cards.
class hand_error : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// A playing card or one of two jokers, stored as one byte.
///
/// The code is `16 * suit + rank`, so a card is also its bit position in a
/// `CardSet` and each suit's ranks form one 16-bit lane. The jokers use the
/// unused rank slot 13 of the first two lanes.
///
///     constexpr Card c{Rank::ace, Suit::spades};
///     static_assert(c.rank() == Rank::ace && to_string(c) == "As");
class Card {
public:
    constexpr Card() = default;
    constexpr Card(Rank r, Suit s) : code_(static_cast<std::uint8_t>(16 * static_cast<int>(s) + static_cast<int>(r))) {}

    /// The first (index 0) or second (index 1) joker.
    static constexpr Card joker(int index) { return from_code(static_cast<std::uint8_t>(joker_slot + 16 * index)); }
    /// The card whose code (bit position) is `code`; the code must be valid.
    static constexpr Card from_code(std::uint8_t code) {
        Card c;
        c.code_ = code;
        return c;
    }
    static constexpr bool is_valid_code(int code) {
        return code >= 0 && code < 64 && ((code & 15) < rank_count || code == joker_slot || code == joker_slot + 16);
    }

    constexpr bool is_joker() const { return (code_ & 15) == joker_slot; }
    /// Rank of a non-joker card.
    constexpr Rank rank() const { return static_cast<Rank>(code_ & 15); }
    /// Suit of a non-joker card.
    constexpr Suit suit() const { return static_cast<Suit>(code_ >> 4); }
    constexpr std::uint8_t code() const { return code_; }

    friend constexpr bool operator==(Card, Card) = default;
    friend constexpr auto operator<=>(Card, Card) = default;

private:
    static constexpr int joker_slot = 13;
    std::uint8_t code_ = 0;
};

/// `A K Q J T 9 ... 2`.
constexpr char rank_char(Rank r) { return "23456789TJQKA"[static_cast<int>(r)]; }
/// `c d h s`.
constexpr char suit_char(Suit s) { return "cdhs"[static_cast<int>(s)]; }

/// Canonical two-character text: `As`, `Td`, `2c`; jokers print as `Xx`.
constexpr std::string to_string(Card c) {
    if (c.is_joker()) return "Xx";
    return {rank_char(c.rank()), suit_char(c.suit())};
}

/// English names for descriptions: "ace", "aces", "six", "sixes".
std::string_view rank_name(Rank r);
std::string_view rank_plural(Rank r);
std::string_view suit_name(Suit s);

/// Text made safe to show in a message: NUL, control characters and bytes
/// that are not UTF-8 become escapes (`\x00`, `\x1b`, `\xff`); valid UTF-8
/// such as `♠` is kept. Every error message of the library shows input this way.
///
///     assert(printable("A\xff s") == "A\\xff s");
std::string printable(std::string_view text);
/// `printable(text)` in double quotes, as error messages quote input.
std::string quoted(std::string_view text);

/// Parses one rank: `A`, `a`, `K`, ..., `T`, `t` or `10`, `9` ... `2`.
/// Throws `parse_error` quoting the text.
Rank parse_rank(std::string_view text);
/// Parses one suit: `s h d c` in either case, or the symbols `♠♥♦♣` / `♤♡♢♧`.
Suit parse_suit(std::string_view text);
/// Parses one card such as `As`, `as`, `AS`, `10s`, `A♠`; `Xx` is the first joker.
/// Throws `parse_error` quoting the text and saying what is wrong.
Card parse_card(std::string_view text);

}  // namespace pokerengine
