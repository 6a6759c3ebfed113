#include "pokerengine/badugi.hpp"

#include <algorithm>
#include <stdexcept>

namespace pokerengine {
namespace {

std::string wrong_count(int count, std::string_view cards) {
    return "a badugi hand takes 4 cards, got " + std::to_string(count) + (count ? ": " + quoted(cards) : "");
}

// The rank of ace-low bit b (ace 0, deuce 1, ..., king 12).
Rank rank_of_ace_low_bit(int b) { return b == 0 ? Rank::ace : static_cast<Rank>(b - 1); }

// The playing ranks of a value, highest first (the ace last).
boost::container::static_vector<Rank, 4> playing_ranks(hand_value v) {
    boost::container::static_vector<Rank, 4> ranks;
    unsigned mask = ~v.value & detail::badugi_rank_mask;
    for (int b = 12; b >= 0; --b)
        if (mask >> b & 1) ranks.push_back(rank_of_ace_low_bit(b));
    return ranks;
}

}  // namespace

void detail::throw_not_a_badugi_hand(CardSet cards) {
    if (cards.joker_count() > 0)
        throw hand_error("a joker (Xx) needs a wild-card rule; badugi hands take natural cards only: " +
                         quoted(to_string(cards)));
    throw hand_error(wrong_count(cards.size(), to_string(cards)));
}

void badugi_evaluator::throw_not_a_badugi_value(hand_value v) {
    throw std::out_of_range("hand value " + std::to_string(v.value) + " did not come from the badugi evaluator");
}

hand_value badugi_evaluator::evaluate(std::span<const Card> cards) const {
    CardSet set;
    for (Card c : cards) {
        if (set.contains(c)) {
            std::string listed;
            for (Card d : cards) {
                if (!listed.empty()) listed += ' ';
                listed += to_string(d);
            }
            throw hand_error("card " + to_string(c) + " appears twice in the badugi hand " + quoted(listed));
        }
        set |= c;
    }
    return evaluate(set);
}

hand_value badugi_evaluator::evaluate(std::string_view text) const {
    CardList cards = parse_cards(text);
    if (cards.size() != hand_size) throw hand_error(wrong_count(static_cast<int>(cards.size()), text));
    return evaluate(cards);
}

std::string badugi_evaluator::describe(hand_value v) const {
    constexpr std::array<std::string_view, 4> prefixes{"One-card ", "Two-card ", "Three-card ", "Badugi, "};
    int count = cards_in_hand(v);
    std::string names, digits;
    for (Rank r : playing_ranks(v)) {
        if (!names.empty()) {
            names += '-';
            digits += '-';
        }
        names += rank_name(r);
        digits += rank_char(r);
    }
    return std::string(prefixes[static_cast<std::size_t>(count - 1)]) + names + " (" + digits + ")";
}

CardList badugi_evaluator::best_cards(CardSet cards) const {
    evaluate(cards);  // the errors of a set that is not four natural cards
    // Highest first with the ace last; equal ranks spades first. The card the
    // tie-break prefers goes in the highest bit, which the subset search favours.
    CardList sorted(cards.begin(), cards.end());
    auto low = [](Card c) { return detail::ace_low_rank_bit(c.code()); };
    std::sort(sorted.begin(), sorted.end(), [&](Card a, Card b) {
        if (low(a) != low(b)) return low(a) > low(b);
        return a.suit() > b.suit();
    });
    std::array<std::uint8_t, 4> code{};
    for (std::size_t i = 0; i < 4; ++i) code[3 - i] = sorted[i].code();
    detail::badugi_choice best = detail::best_badugi_subset(code);
    CardList playing;
    for (std::size_t i = 0; i < 4; ++i)
        if (best.subset >> (3 - i) & 1) playing.push_back(sorted[i]);
    return playing;
}

}  // namespace pokerengine
