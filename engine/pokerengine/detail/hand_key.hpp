#pragma once
// The additive hand key: the sum of per-card keys describes a hand's rank
// multiset and suit counts, so a hand is built card by card with one addition
// and a smaller hand is a subtraction away.

#include <array>
#include <cstdint>

#include "pokerengine/card.hpp"

namespace pokerengine::detail {

// Bits 0..31: the rank key, the count of each rank as a base-5 digit (a hand
// holds at most four of a rank), so that the key of a rank multiset is unique
// and fits in 32 bits: 10 * 5^12 < 2^32.
inline constexpr std::uint64_t rank_key_mask = 0xFFFF'FFFFULL;
// Bits 32..47: one 4-bit counter per suit, starting at 3, so bit 3 of a counter
// is set exactly when the hand holds five or more cards of that suit. A suit of
// all 13 cards carries one into the next field, which only ever adds to it.
inline constexpr int suit_counter_shift = 32;
inline constexpr std::uint64_t empty_hand_key = 0x3333ULL << suit_counter_shift;
inline constexpr std::uint64_t flush_bits = 0x8888ULL << suit_counter_shift;
// Bits 48..63: the number of cards, where a joker counts 8 so that any hand
// holding one falls outside 5..7. With the flush bits, one masked compare
// tells the common case (seven cards, no flush) from all others. The field is
// wide enough for every card set (52 cards, two jokers and the suit carries
// make at most 72), so no set of cards, however large, reads as a small hand.
inline constexpr int card_count_shift = 48;
inline constexpr std::uint64_t card_count_mask = 0xFFFFULL << card_count_shift;
inline constexpr std::uint64_t joker_count_weight = 8;
static_assert(52 + 2 * joker_count_weight + 4 < (card_count_mask >> card_count_shift),
              "the card count of any set of cards fits its field");

constexpr std::uint64_t rank_digit(int rank) {
    std::uint64_t d = 1;
    for (int r = 0; r < rank; ++r) d *= 5;
    return d;
}

constexpr std::uint64_t card_key(Card c) {
    if (c.is_joker()) return joker_count_weight << card_count_shift;
    return rank_digit(static_cast<int>(c.rank())) + (1ULL << card_count_shift) +
           (1ULL << (suit_counter_shift + 4 * static_cast<int>(c.suit())));
}

// Indexed by card code (bit position in a CardSet).
inline constexpr std::array<std::uint64_t, 64> card_keys = [] {
    std::array<std::uint64_t, 64> keys{};
    for (int code = 0; code < 64; ++code)
        if (Card::is_valid_code(code)) keys[static_cast<std::size_t>(code)] = card_key(Card::from_code(static_cast<std::uint8_t>(code)));
    return keys;
}();

constexpr int key_card_count(std::uint64_t key) { return static_cast<int>(key >> card_count_shift); }

// A hand's key and card bits side by side, added together in one vector
// instruction where the machine has one (cards are distinct, so adding bits is OR).
using key_and_bits = std::uint64_t __attribute__((vector_size(16)));

inline constexpr auto card_entries = [] {
    std::array<key_and_bits, 64> entries{};
    for (int code = 0; code < 64; ++code)
        if (Card::is_valid_code(code))
            entries[static_cast<std::size_t>(code)] =
                key_and_bits{card_key(Card::from_code(static_cast<std::uint8_t>(code))), 1ULL << code};
    return entries;
}();

// The key of every card set that lies within one half-lane: bits 0..6 or
// 7..13 of one suit's 16-bit lane (bit 13 of the first two lanes is a joker).
// Eight lookups and additions give the key of any card set.
inline constexpr auto half_lane_keys = [] {
    std::array<std::array<std::uint64_t, 128>, 8> t{};
    for (int half = 0; half < 8; ++half)
        for (unsigned m = 0; m < 128; ++m)
            for (int b = 0; b < 7; ++b)
                if ((m >> b) & 1) {
                    int code = 16 * (half / 2) + 7 * (half % 2) + b;
                    if (Card::is_valid_code(code))
                        t[static_cast<std::size_t>(half)][m] += card_key(Card::from_code(static_cast<std::uint8_t>(code)));
                }
    return t;
}();

// The key of a whole card set, without visiting its cards one by one.
constexpr std::uint64_t key_of_bits(std::uint64_t bits) {
    std::uint64_t key = empty_hand_key;
    for (int half = 0; half < 8; ++half)
        key += half_lane_keys[static_cast<std::size_t>(half)][(bits >> (16 * (half / 2) + 7 * (half % 2))) & 127];
    return key;
}

// Population count without a library call where the machine has no popcnt instruction.
constexpr int count_bits(std::uint64_t x) {
#if defined(__POPCNT__)
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555'5555'5555'5555ULL);
    x = (x & 0x3333'3333'3333'3333ULL) + ((x >> 2) & 0x3333'3333'3333'3333ULL);
    x = (x + (x >> 4)) & 0x0f0f'0f0f'0f0f'0f0fULL;
    return static_cast<int>((x * 0x0101'0101'0101'0101ULL) >> 56);
#endif
}

// The suit holding five or more cards, given a key with a flush bit set.
constexpr int flush_suit(std::uint64_t key) {
    std::uint64_t bits = (key & flush_bits) >> suit_counter_shift;
    return __builtin_ctzll(bits) / 4;
}

static_assert(key_of_bits(0) == empty_hand_key);
static_assert(key_of_bits((1ULL << 12) | (1ULL << 28) | (1ULL << 61) | (1ULL << 13)) ==
              empty_hand_key + card_keys[12] + card_keys[28] + card_keys[61] + card_keys[13]);

}  // namespace pokerengine::detail
