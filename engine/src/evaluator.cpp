#include "pokerengine/evaluator.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace pokerengine {
namespace {

std::string capitalized(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

// "king-queen-nine" for ranks[first..last).
std::string joined(const hand_shape& s, std::size_t first, std::size_t last) {
    std::string out;
    for (std::size_t i = first; i < last; ++i) {
        if (i > first) out += '-';
        out += rank_name(s.ranks[i]);
    }
    return out;
}

std::string name(Rank r) { return std::string(rank_name(r)); }
std::string plural(Rank r) { return std::string(rank_plural(r)); }

}  // namespace

std::uint32_t high_evaluator::checked(hand_value v) {
    if (v.value == 0 || v.value > detail::high_tables::class_count)
        throw std::out_of_range("hand value " + std::to_string(v.value) + " did not come from the high evaluator");
    return v.value;
}

std::string high_evaluator::describe(hand_value v) const {
    hand_shape s = shape(v);
    const auto& r = s.ranks;
    switch (s.category) {
        case hand_category::high_card: return capitalized(name(r[0]) + " high, " + joined(s, 1, 5) + " kickers");
        case hand_category::one_pair: return "Pair of " + plural(r[0]) + ", " + joined(s, 2, 5) + " kickers";
        case hand_category::two_pair:
            return "Two pair, " + plural(r[0]) + " and " + plural(r[2]) + ", " + name(r[4]) + " kicker";
        case hand_category::three_of_a_kind: return "Three of a kind, " + plural(r[0]) + ", " + joined(s, 3, 5) + " kickers";
        case hand_category::straight:
            return capitalized(name(r[0]) + "-high straight" + (r[0] == Rank::five ? " (wheel)" : ""));
        case hand_category::flush: return capitalized(name(r[0]) + "-high flush, " + joined(s, 1, 5));
        case hand_category::full_house: return "Full house, " + plural(r[0]) + " over " + plural(r[3]);
        case hand_category::four_of_a_kind: return "Four of a kind, " + plural(r[0]) + ", " + name(r[4]) + " kicker";
        case hand_category::straight_flush:
            return capitalized(name(r[0]) + "-high straight flush" + (r[0] == Rank::five ? " (steel wheel)" : ""));
        case hand_category::royal_flush: return "Royal flush";
    }
    throw std::logic_error("unknown hand category");
}

hand_value high_evaluator::evaluate(std::span<const Card> cards) const {
    CardSet set;
    for (Card c : cards) {
        if (set.contains(c)) throw hand_error("card " + to_string(c) + " appears twice in the hand");
        set |= c;
    }
    return evaluate(set);
}

hand_value high_evaluator::evaluate(std::string_view text) const {
    CardList cards = parse_cards(text);
    auto n = static_cast<int>(cards.size());
    if (n < min_cards || n > max_cards)
        throw hand_error("a high hand takes " + std::to_string(min_cards) + " to " + std::to_string(max_cards) +
                         " cards, got " + std::to_string(n) + ": \"" + std::string(text) + "\"");
    return evaluate(cards);
}

hand_value high_evaluator::evaluate_large(CardSet cards) const {
    if (cards.joker_count() > 0)
        throw hand_error("a joker (Xx) needs a wild-card rule; high hands take natural cards only: \"" +
                         to_string(cards) + "\"");
    int n = cards.size();
    if (n < min_cards || n > max_cards)
        throw hand_error("a high hand takes " + std::to_string(min_cards) + " to " + std::to_string(max_cards) +
                         " cards, got " + std::to_string(n) + (n ? ": \"" + to_string(cards) + "\"" : ""));
    // The best five cards lie within some seven, so try every way to leave out n - 7.
    std::array<Card, max_cards> list{};
    std::copy(cards.begin(), cards.end(), list.begin());
    std::uint32_t best = 0;
    auto leave_out = [&](auto&& self, int from, int count, CardSet out) -> void {
        if (count == 0) {
            Hand seven{cards - out};
            best = std::max(best, detail::high_value_of_size<7>(seven.key(), seven.bits()));
            return;
        }
        for (int i = from; i <= n - count; ++i) self(self, i + 1, count - 1, out | list[static_cast<std::size_t>(i)]);
    };
    leave_out(leave_out, 0, n - 7, CardSet{});
    return hand_value{best};
}

CardList high_evaluator::best_five(CardSet cards) const {
    hand_shape s = shape(evaluate(cards));
    CardList five;
    CardSet pool = cards;
    if (s.is_flush()) {
        for (int suit = suit_count - 1; suit >= 0; --suit) {
            unsigned need = 0;
            for (Rank r : s.ranks) need |= 1u << static_cast<int>(r);
            if ((cards.suit_ranks(static_cast<Suit>(suit)) & need) == need) {
                for (Rank r : s.ranks) five.push_back(Card{r, static_cast<Suit>(suit)});
                return five;
            }
        }
        throw std::logic_error("flush value without a flush suit");
    }
    for (Rank r : s.ranks)
        for (int suit = suit_count - 1; suit >= 0; --suit)
            if (Card c{r, static_cast<Suit>(suit)}; pool.contains(c)) {
                five.push_back(c);
                pool -= c;
                break;
            }
    return five;
}

}  // namespace pokerengine
