#pragma once
// The additive hand key: the sum of per-card keys describes a hand's rank
// multiset and suit counts, so a hand is built card by card with one addition
// and a smaller hand is a subtraction away.

#include <array>
#include <cstdint>
#include <type_traits>

#include "pokerengine/card.hpp"

namespace pokerengine::detail {

// Bits 0..38: the count of each rank as a base-8 digit (3 bits per rank).
inline constexpr int rank_digit_bits = 3;
inline constexpr std::uint64_t rank_key_mask = (1ULL << (rank_digit_bits * rank_count)) - 1;
// Bits 42..57: one 4-bit counter per suit, starting at 3, so bit 3 of a counter
// is set exactly when the hand holds five or more cards of that suit.
inline constexpr int suit_counter_shift = 42;
inline constexpr std::uint64_t empty_hand_key = 0x3333ULL << suit_counter_shift;
inline constexpr std::uint64_t flush_bits = 0x8888ULL << suit_counter_shift;
// Bits 58..63: the number of cards, where a joker counts 8 so that any hand
// holding one falls outside 5..7. With the flush bits, one masked compare
// tells the common case (seven cards, no flush) from all others.
inline constexpr int card_count_shift = 58;
inline constexpr std::uint64_t card_count_mask = 63ULL << card_count_shift;
inline constexpr std::uint64_t joker_count_weight = 8;

constexpr std::uint64_t rank_digit(int rank) { return 1ULL << (rank_digit_bits * rank); }

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

// Spreads a 13-bit rank mask to one base-8 digit per rank.
constexpr std::uint64_t rank_digits(unsigned mask) {
    constexpr std::uint64_t every_third_bit = 0x0000'0049'2492'4924'9249ULL & rank_key_mask;
#if defined(__BMI2__)
    if (!std::is_constant_evaluated()) return __builtin_ia32_pdep_di(mask, every_third_bit);
#endif
    std::uint64_t digits = 0;
    for (int r = 0; r < rank_count; ++r) digits |= static_cast<std::uint64_t>((mask >> r) & 1) << (rank_digit_bits * r);
    (void)every_third_bit;
    return digits;
}

// Base-8 digits of the 7-bit and 6-bit halves of a rank mask, for machines without BMI2.
inline constexpr auto low_rank_digits = [] {
    std::array<std::uint64_t, 128> t{};
    for (unsigned m = 0; m < 128; ++m) t[m] = rank_digits(m);
    return t;
}();
inline constexpr auto high_rank_digits = [] {
    std::array<std::uint64_t, 64> t{};
    for (unsigned m = 0; m < 64; ++m) t[m] = rank_digits(m << 7);
    return t;
}();

constexpr std::uint64_t lane_digits(std::uint64_t bits, int suit) {
    auto mask = static_cast<unsigned>(bits >> (16 * suit)) & 0x1fff;
#if defined(__BMI2__)
    return rank_digits(mask);
#else
    return low_rank_digits[mask & 127] + high_rank_digits[mask >> 7];
#endif
}

// The key of a whole card set at once, without visiting its cards one by one:
// rank digits from each suit's mask, suit counters and the card count from
// per-suit population counts done side by side in the four 16-bit lanes.
constexpr std::uint64_t key_of_bits(std::uint64_t bits) {
    constexpr std::uint64_t joker_lane_bits = (1ULL << 13) | (1ULL << 29);
    std::uint64_t natural = bits & ~joker_lane_bits & 0x1fff'1fff'1fff'1fffULL;
    std::uint64_t x = natural - ((natural >> 1) & 0x5555'5555'5555'5555ULL);
    x = (x & 0x3333'3333'3333'3333ULL) + ((x >> 2) & 0x3333'3333'3333'3333ULL);
    x = (x + (x >> 4)) & 0x0f0f'0f0f'0f0f'0f0fULL;
    x = (x + (x >> 8)) & 0x00ff'00ff'00ff'00ffULL;  // cards per suit, in bits 0, 16, 32, 48
    // Move the four lane counts to the suit counter nibbles 42, 46, 50, 54; the
    // stray products fall below bit 42 or above bit 57 and are masked off.
    std::uint64_t counters =
        (x * ((1ULL << 42) | (1ULL << 30) | (1ULL << 18) | (1ULL << 6))) & (0xFFFFULL << suit_counter_shift);
    std::uint64_t cards = (x * 0x0001'0001'0001'0001ULL) >> 48;
    std::uint64_t jokers = ((bits >> 13) & 1) + ((bits >> 29) & 1);
    return empty_hand_key + counters + ((cards + joker_count_weight * jokers) << card_count_shift) +
           lane_digits(natural, 0) + lane_digits(natural, 1) + lane_digits(natural, 2) + lane_digits(natural, 3);
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
