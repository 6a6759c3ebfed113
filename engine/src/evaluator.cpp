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

// "ace-to-five" for the spec named ace_to_five.
std::string rules_name(const detail::ranking_spec& spec) {
    std::string n(spec.name);
    std::replace(n.begin(), n.end(), '_', '-');
    return n;
}

std::string a_hand_of(const detail::ranking_spec& spec) {
    std::string n = rules_name(spec);
    return (n[0] == 'a' || n[0] == 'e' ? "an " : "a ") + n + " hand";
}

// "7-5-4-3-2".
std::string digits(const hand_shape& s) {
    std::string out;
    for (Rank r : s.ranks) {
        if (!out.empty()) out += '-';
        out += rank_char(r);
    }
    return out;
}

std::string describe_high(const hand_shape& s) {
    const auto& r = s.ranks;
    // Only 5-4-3-2-A is the wheel; short deck's A-6-7-8-9 is just its lowest straight.
    bool wheel = r[4] == Rank::ace && r[0] == Rank::five;
    switch (s.category) {
        case hand_category::high_card: return capitalized(name(r[0]) + " high, " + joined(s, 1, 5) + " kickers");
        case hand_category::one_pair: return "Pair of " + plural(r[0]) + ", " + joined(s, 2, 5) + " kickers";
        case hand_category::two_pair:
            return "Two pair, " + plural(r[0]) + " and " + plural(r[2]) + ", " + name(r[4]) + " kicker";
        case hand_category::three_of_a_kind: return "Three of a kind, " + plural(r[0]) + ", " + joined(s, 3, 5) + " kickers";
        case hand_category::straight:
            return capitalized(name(r[0]) + "-high straight" + (wheel ? " (wheel)" : ""));
        case hand_category::flush: return capitalized(name(r[0]) + "-high flush, " + joined(s, 1, 5));
        case hand_category::full_house: return "Full house, " + plural(r[0]) + " over " + plural(r[3]);
        case hand_category::four_of_a_kind: return "Four of a kind, " + plural(r[0]) + ", " + name(r[4]) + " kicker";
        case hand_category::straight_flush:
            return capitalized(name(r[0]) + "-high straight flush" + (wheel ? " (steel wheel)" : ""));
        case hand_category::royal_flush: return "Royal flush";
        case hand_category::five_of_a_kind: return "Five " + plural(r[0]);
        case hand_category::wild_royal_flush: return "Wild royal flush";
        case hand_category::four_wild_cards: return "Four wild cards";
    }
    throw std::logic_error("unknown hand category");
}

// Lowball names an unpaired hand by its two highest cards: "Seven-five low (7-5-4-3-2)".
std::string describe(const hand_shape& s, const detail::ranking_spec& spec) {
    if (spec.direction == detail::rank_direction::higher_wins || s.category != hand_category::high_card)
        return describe_high(s);
    std::string low = name(s.ranks[0]) + "-" + name(s.ranks[1]) + " low (" + digits(s) + ")";
    bool best_possible = spec.name == "deuce_to_seven" ? digits(s) == "7-5-4-3-2"
                         : spec.name == "ace_to_six"   ? digits(s) == "6-4-3-2-A"
                                                       : digits(s) == "5-4-3-2-A";
    if (!best_possible) return capitalized(low);
    return (spec.name == "deuce_to_seven" ? "Number one, " : spec.name == "ace_to_six" ? "" : "Wheel, ") +
           (spec.name == "ace_to_six" ? capitalized(low) : low);
}

}  // namespace

template <ranking_policy R>
std::uint32_t evaluator<R, no_wild>::checked(hand_value v) {
    if (v.value == 0 && R::spec.qualifier_highest >= 0) throw std::out_of_range("no qualifying low");
    if (v.value == 0 || v.value > R::tables::class_count)
        throw std::out_of_range("hand value " + std::to_string(v.value) + " did not come from the " +
                                rules_name(R::spec) + " evaluator");
    return v.value;
}

template <ranking_policy R>
std::string evaluator<R, no_wild>::describe(hand_value v) const {
    if (v.value == 0 && R::spec.qualifier_highest >= 0) return "No qualifying low";
    return pokerengine::describe(shape(v), R::spec);
}

template <ranking_policy R>
hand_value evaluator<R, no_wild>::evaluate(std::span<const Card> cards) const {
    CardSet set;
    for (Card c : cards) {
        if (set.contains(c)) throw hand_error("card " + to_string(c) + " appears twice in the hand");
        set |= c;
    }
    return evaluate(set);
}

template <ranking_policy R>
hand_value evaluator<R, no_wild>::evaluate(std::string_view text) const {
    CardList cards = parse_cards(text);
    auto n = static_cast<int>(cards.size());
    if (n < min_cards || n > max_cards)
        throw hand_error(a_hand_of(R::spec) + " takes " + std::to_string(min_cards) + " to " +
                         std::to_string(max_cards) + " cards, got " + std::to_string(n) + ": \"" + std::string(text) +
                         "\"");
    return evaluate(cards);
}

template <ranking_policy R>
hand_value evaluator<R, no_wild>::evaluate_large(CardSet cards) const {
    if (cards.joker_count() > 0)
        throw hand_error("a joker (Xx) needs a wild-card rule; " + rules_name(R::spec) +
                         " hands take natural cards only: \"" + to_string(cards) + "\"");
    if (CardSet outside = cards - CardSet{detail::deck_bits<R>}; !outside.empty())
        throw hand_error("card " + to_string(*outside.begin()) + " is not in the 36-card deck (six to ace) of " +
                         rules_name(R::spec) + " rules");
    int n = cards.size();
    if (n < min_cards || n > max_cards)
        throw hand_error(a_hand_of(R::spec) + " takes " + std::to_string(min_cards) + " to " +
                         std::to_string(max_cards) + " cards, got " + std::to_string(n) +
                         (n ? ": \"" + to_string(cards) + "\"" : ""));
    // The best five cards lie within some seven, so try every way to leave out n - 7.
    std::array<Card, max_cards> list{};
    std::copy(cards.begin(), cards.end(), list.begin());
    std::uint32_t best = 0;
    auto leave_out = [&](auto&& self, int from, int count, CardSet out) -> void {
        if (count == 0) {
            Hand seven{cards - out};
            best = std::max(best, detail::value_of_size<R, 7>(seven.key(), seven.bits()));
            return;
        }
        for (int i = from; i <= n - count; ++i) self(self, i + 1, count - 1, out | list[static_cast<std::size_t>(i)]);
    };
    leave_out(leave_out, 0, n - 7, CardSet{});
    return hand_value{best};
}

template <ranking_policy R>
CardList evaluator<R, no_wild>::best_five(CardSet cards) const {
    hand_value v = evaluate(cards);
    if (v.value == 0) return {};
    hand_shape s = shape(v);
    // The first five cards worth the value, taking higher cards first, then
    // laid out in reading order.
    CardList list = by_rank_descending(cards);
    CardSet found;
    auto search = [&](auto&& self, std::size_t from, int left, CardSet chosen) -> bool {
        if (left == 0) {
            if (detail::value_of_size<R, 5>(detail::key_of_bits(chosen.bits()), chosen.bits()) != v.value) return false;
            found = chosen;
            return true;
        }
        for (std::size_t i = from; i + static_cast<std::size_t>(left) <= list.size(); ++i)
            if (self(self, i + 1, left - 1, chosen | list[i])) return true;
        return false;
    };
    if (!search(search, 0, 5, CardSet{})) throw std::logic_error("no five cards make the hand's value");
    CardList five;
    for (Rank r : s.ranks)
        for (int suit = suit_count - 1; suit >= 0; --suit)
            if (Card c{r, static_cast<Suit>(suit)}; found.contains(c)) {
                five.push_back(c);
                found -= c;
                break;
            }
    return five;
}

template <ranking_policy R, wild_policy W>
std::uint32_t evaluator<R, W>::checked(hand_value v) {
    if (v.value == 0 && R::spec.qualifier_highest >= 0) throw std::out_of_range("no qualifying low");
    if (v.value == 0 || v.value > tables::class_count)
        throw std::out_of_range("hand value " + std::to_string(v.value) + " did not come from the " +
                                rules_name(R::spec) + " evaluator with these wild cards");
    return v.value;
}

template <ranking_policy R, wild_policy W>
std::string evaluator<R, W>::describe(hand_value v) const {
    if (v.value == 0 && R::spec.qualifier_highest >= 0) return "No qualifying low";
    hand_shape s = shape(v);
    if constexpr (W::order != pay_order::table) {
        // Pay tables name the natural royal, and deuces wild names its four deuces.
        if (s.category == hand_category::royal_flush) return "Natural royal flush";
        if (s.category == hand_category::four_wild_cards && rule_.cards == deuces_wild_cards()) return "Four deuces";
    }
    return pokerengine::describe(s, R::spec);
}

template <ranking_policy R, wild_policy W>
hand_value evaluator<R, W>::evaluate(std::span<const Card> cards) const {
    CardSet set;
    for (Card c : cards) {
        if (set.contains(c)) throw hand_error("card " + to_string(c) + " appears twice in the hand");
        set |= c;
    }
    return evaluate(set);
}

template <ranking_policy R, wild_policy W>
hand_value evaluator<R, W>::evaluate(std::string_view text) const {
    CardList cards = parse_cards(text);
    auto n = static_cast<int>(cards.size());
    if (n < min_cards || n > max_cards)
        throw hand_error(a_hand_of(R::spec) + " takes " + std::to_string(min_cards) + " to " +
                         std::to_string(max_cards) + " cards, got " + std::to_string(n) + ": \"" + std::string(text) +
                         "\"");
    return evaluate(cards);
}

template <ranking_policy R, wild_policy W>
hand_value evaluator<R, W>::evaluate_large(CardSet cards) const {
    CardSet natural = cards - rule_.cards;
    if (natural.joker_count() > 0)
        throw hand_error("a joker (Xx) that is not wild has no value: \"" + to_string(cards) + "\"");
    if (CardSet outside = natural - CardSet{detail::deck_bits<R>}; !outside.empty())
        throw hand_error("card " + to_string(*outside.begin()) + " is not in the 36-card deck (six to ace) of " +
                         rules_name(R::spec) + " rules");
    int n = cards.size();
    if (n < min_cards || n > max_cards)
        throw hand_error(a_hand_of(R::spec) + " takes " + std::to_string(min_cards) + " to " +
                         std::to_string(max_cards) + " cards, got " + std::to_string(n) +
                         (n ? ": \"" + to_string(cards) + "\"" : ""));
    // The best five cards lie within some seven, so try every way to leave out n - 7.
    std::array<Card, max_cards> list{};
    std::copy(cards.begin(), cards.end(), list.begin());
    std::uint32_t best = 0;
    auto leave_out = [&](auto&& self, int from, int count, CardSet out) -> void {
        if (count == 0) {
            best = std::max(best, evaluate(cards - out).value);
            return;
        }
        for (int i = from; i <= n - count; ++i) self(self, i + 1, count - 1, out | list[static_cast<std::size_t>(i)]);
    };
    leave_out(leave_out, 0, n - 7, CardSet{});
    return hand_value{best};
}

template <ranking_policy R, wild_policy W>
CardList evaluator<R, W>::best_five(CardSet cards) const {
    hand_value v = evaluate(cards);
    if (v.value == 0) return {};
    hand_shape s = shape(v);
    CardList list = by_rank_descending(cards);
    CardSet found;
    auto search = [&](auto&& self, std::size_t from, int left, CardSet chosen) -> bool {
        if (left == 0) {
            if (evaluate(chosen) != v) return false;
            found = chosen;
            return true;
        }
        for (std::size_t i = from; i + static_cast<std::size_t>(left) <= list.size(); ++i)
            if (self(self, i + 1, left - 1, chosen | list[i])) return true;
        return false;
    };
    if (!search(search, 0, 5, CardSet{})) throw std::logic_error("no five cards make the hand's value");
    // Natural cards take the ranks they show; wild cards fill the other places in order.
    CardSet wilds = found & rule_.cards;
    CardSet naturals = found - wilds;
    std::array<Card, 5> placed{};
    std::array<bool, 5> filled{};
    for (std::size_t i = 0; i < 5; ++i)
        for (int suit = suit_count - 1; suit >= 0; --suit)
            if (Card c{s.ranks[i], static_cast<Suit>(suit)}; naturals.contains(c)) {
                placed[i] = c;
                filled[i] = true;
                naturals -= c;
                break;
            }
    // Places the shape does not name (four wild cards) take the other naturals first.
    CardList rest = by_rank_descending(naturals);
    for (Card w : wilds) rest.push_back(w);
    auto next = rest.begin();
    CardList five;
    for (std::size_t i = 0; i < 5; ++i) five.push_back(filled[i] ? placed[i] : *next++);
    return five;
}

template class evaluator<high>;
template class evaluator<short_deck>;
template class evaluator<short_deck_wsop>;
template class evaluator<ace_to_five_low>;
template class evaluator<eight_or_better_low>;
template class evaluator<ace_to_six_low>;
template class evaluator<deuce_to_seven_low>;
template class evaluator<high, wild>;
template class evaluator<high, wild_double_ace>;
template class evaluator<high, bug>;
template class evaluator<high, deuces_wild_pay_table>;
template class evaluator<high, joker_poker_pay_table>;
template class evaluator<ace_to_five_low, wild>;
template class evaluator<ace_to_five_low, bug>;
template class evaluator<eight_or_better_low, wild>;
template class evaluator<eight_or_better_low, bug>;
template class evaluator<ace_to_six_low, wild>;
template class evaluator<deuce_to_seven_low, wild>;

}  // namespace pokerengine
