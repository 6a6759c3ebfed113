#pragma once
// Shared test helpers: readable doctest output for cards, card sets, card
// lists, hand values and categories; random hands from a fixed seed.

#include <array>
#include <cstdint>
#include <string>
#include <utility>

#include <doctest/doctest.h>

#include "pokerengine/card.hpp"
#include "pokerengine/card_set.hpp"
#include "pokerengine/hand_value.hpp"
#include "pokerengine/random.hpp"

namespace doctest {

template <>
struct StringMaker<pokerengine::Card> {
    static String convert(pokerengine::Card c) { return pokerengine::to_string(c).c_str(); }
};

template <>
struct StringMaker<pokerengine::CardSet> {
    static String convert(pokerengine::CardSet s) {
        std::string out = "{";
        out += pokerengine::to_string(s);
        out += '}';
        return out.c_str();
    }
};

template <>
struct StringMaker<pokerengine::CardList> {
    static String convert(const pokerengine::CardList& cards) {
        std::string out = "[";
        out += pokerengine::to_string(cards);
        out += ']';
        return out.c_str();
    }
};

template <>
struct StringMaker<pokerengine::hand_category> {
    static String convert(pokerengine::hand_category c) {
        return std::string(pokerengine::category_name(c)).c_str();
    }
};

// A value means something only under the rules that made it, so only the number is shown.
template <>
struct StringMaker<pokerengine::hand_value> {
    static String convert(pokerengine::hand_value v) {
        std::string out = "hand_value{";
        out += std::to_string(v.value);
        out += '}';
        return out.c_str();
    }
};

template <>
struct StringMaker<pokerengine::Rank> {
    static String convert(pokerengine::Rank r) {
        const char c = pokerengine::rank_char(r);
        return String(&c, 1);
    }
};

template <>
struct StringMaker<pokerengine::Suit> {
    static String convert(pokerengine::Suit s) { return std::string(pokerengine::suit_name(s)).c_str(); }
};

template <>
struct StringMaker<std::array<pokerengine::Rank, 5>> {
    static String convert(const std::array<pokerengine::Rank, 5>& ranks) {
        std::string out;
        for (pokerengine::Rank r : ranks) out += pokerengine::rank_char(r);
        return out.c_str();
    }
};

}  // namespace doctest

namespace pokerengine::testing {

/// `count` different ordinary cards chosen uniformly by a partial Fisher-Yates
/// shuffle; a seeded `xoshiro256ss` makes every run deal the same hands.
template <full_range_uint64_generator Generator>
CardSet random_cards(Generator& rng, int count) {
    std::array<Card, 52> deck;
    std::size_t n = 0;
    for (Card c : CardSet::standard_deck()) deck[n++] = c;
    CardSet out;
    for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i) {
        std::swap(deck[i], deck[i + uniform_below(rng, 52 - i)]);
        out |= deck[i];
    }
    return out;
}

}  // namespace pokerengine::testing
