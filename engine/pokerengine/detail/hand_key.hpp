#pragma once
// The additive hand key: the sum of per-card keys describes a hand's rank
// multiset and suit counts, so a hand is built card by card with one addition
// and a smaller hand is a subtraction away.

#include <array>
#include <cstdint>

#include "pokerengine/card.hpp"

namespace pokerengine::detail {

// Bits 0..31: the rank key, the sum of one weight per card by rank, so that
// the sums of any multiset of up to 7 cards, at most 4 of a rank, are
// distinct and below 2^25. The weights come from a greedy search, each the
// smallest that keeps every sum distinct at or above a start: 10240 for the
// deuce, 2.5 times the weight below for ranks 3 to 8, 4096 above it for 9 to
// the ace. Such spread-out weights make the keys of 5 to 7 cards fall into
// rows of 2048 that pack tightly into one row-displaced table (see
// tools/tables/make_tables.cpp); the table generator and tests/test_hand_key.cpp
// check that no two sums collide.
inline constexpr std::uint64_t rank_key_mask = 0xFFFF'FFFFULL;
inline constexpr std::array<std::uint32_t, 13> rank_weights{10240,   25600,   64000,   160000,  400000,
                                                            1000000, 2500000, 2504096, 2508193, 2512293,
                                                            2516406, 2520592, 4104814};
// A wild card's weight in the rank key: the smallest weight that keeps the
// sums of up to 7 natural and wild cards distinct, so that one row-displaced
// table serves every count of wild cards (tools/tables/make_tables.cpp checks it).
inline constexpr std::uint32_t wild_rank_weight = 10312133;
// Bits 32..39: the number of cards, where a joker counts 8 so that any hand
// holding one falls outside 5..7. The field holds the count of every set of
// cards (52 cards and two jokers make 68).
inline constexpr int card_count_shift = 32;
inline constexpr std::uint64_t card_count_mask = 0xFFULL << card_count_shift;
inline constexpr std::uint64_t joker_count_weight = 8;
static_assert(52 + 2 * joker_count_weight < (card_count_mask >> card_count_shift),
              "the card count of any set of cards fits its field");
// Bits 40..55: one 4-bit counter per suit, starting at 3, so bit 3 of a counter
// is set exactly when the hand holds five or more cards of that suit. A suit of
// all 13 cards carries one into the next field (from spades, into bits 56..63,
// which nothing reads). The flush bits lie above the count, so one masked
// subtraction and compare tells a hand of 5 to 7 cards without a flush from
// all others.
inline constexpr int suit_counter_shift = 40;
inline constexpr std::uint64_t empty_hand_key = 0x3333ULL << suit_counter_shift;
inline constexpr std::uint64_t flush_bits = 0x8888ULL << suit_counter_shift;

// What the natural rank table holds for a hand of fewer than five cards.
inline constexpr std::uint16_t too_few_cards_mark = 0xFFFF;

constexpr std::uint64_t rank_weight(int rank) { return rank_weights[static_cast<std::size_t>(rank)]; }

constexpr std::uint64_t card_key(Card c) {
    if (c.is_joker()) return joker_count_weight << card_count_shift;
    return rank_weight(static_cast<int>(c.rank())) + (1ULL << card_count_shift) +
           (1ULL << (suit_counter_shift + 4 * static_cast<int>(c.suit())));
}

// Indexed by card code (bit position in a CardSet).
inline constexpr std::array<std::uint64_t, 64> card_keys = [] {
    std::array<std::uint64_t, 64> keys{};
    for (int code = 0; code < 64; ++code)
        if (Card::is_valid_code(code)) keys[static_cast<std::size_t>(code)] = card_key(Card::from_code(static_cast<std::uint8_t>(code)));
    return keys;
}();

constexpr int key_card_count(std::uint64_t key) { return static_cast<int>((key & card_count_mask) >> card_count_shift); }

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
