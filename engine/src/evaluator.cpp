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

// Lowball names an unpaired hand by its two highest cards: "Seven-five low
// (7-5-4-3-2)"; the ranking's best hand may have a name of its own ("Wheel, ...").
std::string describe(const hand_shape& s, const detail::ranking_spec& spec, std::uint32_t best_shape_code) {
    if (spec.direction == detail::rank_direction::higher_wins || s.category != hand_category::high_card)
        return describe_high(s);
    std::string low = name(s.ranks[0]) + "-" + name(s.ranks[1]) + " low (" + digits(s) + ")";
    bool best_possible = s.ranks == detail::unpack_shape(best_shape_code).ranks;
    if (!best_possible || spec.best_low_name.empty()) return capitalized(low);
    return std::string(spec.best_low_name) + ", " + low;
}

// The shape code of the ranking's best natural hand.
template <class R>
std::uint32_t best_shape_code() {
    return R::tables::shape_code(R::tables::class_count);
}

constexpr int min_cards = 5;
constexpr int max_cards = 10;

// The value itself, if a value of this ranking's tables; 0 is "no low" under a qualifier.
std::uint32_t checked_value(hand_value v, const detail::ranking_spec& spec, std::uint32_t class_count,
                            std::string_view which) {
    if (v.value == 0 && spec.qualifier_highest >= 0) throw std::out_of_range("no qualifying low");
    if (v.value == 0 || v.value > class_count)
        throw std::out_of_range("hand value " + std::to_string(v.value) + " did not come from the " +
                                rules_name(spec) + " evaluator" + std::string(which));
    return v.value;
}

// The cards of a list as a set; a card listed twice is an error.
CardSet distinct_cards(std::span<const Card> cards) {
    CardSet set;
    for (Card c : cards) {
        if (set.contains(c)) throw hand_error("card " + to_string(c) + " appears twice in the hand");
        set |= c;
    }
    return set;
}

void check_size(const detail::ranking_spec& spec, int n, std::string_view shown) {
    if (n < min_cards || n > max_cards)
        throw hand_error(a_hand_of(spec) + " takes " + std::to_string(min_cards) + " to " + std::to_string(max_cards) +
                         " cards, got " + std::to_string(n) + (shown.empty() ? "" : ": \"" + std::string(shown) + "\""));
}

void check_deck(const detail::ranking_spec& spec, CardSet natural, std::uint64_t deck) {
    if (CardSet outside = natural - CardSet{deck}; !outside.empty())
        throw hand_error("card " + to_string(*outside.begin()) + " is not in the 36-card deck (six to ace) of " +
                         rules_name(spec) + " rules");
}

// The best value of the seven-card parts of 8 to 10 cards: the best five lie within some seven.
template <class ValueOfSeven>
std::uint32_t best_seven_card_part(CardSet cards, ValueOfSeven value_of) {
    std::uint32_t best = 0;
    detail::for_each_leaving_out(Hand{cards}.entry(), cards.size() - 7,
                                 [&](detail::key_and_bits seven) { best = std::max(best, value_of(seven)); });
    return best;
}

// The first five of the cards worth `value`, higher cards tried first.
template <class ValueOfFive>
CardSet five_worth(CardSet cards, std::uint32_t value, ValueOfFive value_of) {
    CardList list = by_rank_descending(cards);
    std::array<detail::key_and_bits, max_cards> entry{};
    for (std::size_t i = 0; i < list.size(); ++i) entry[i] = detail::card_entries[list[i].code()];
    // The value is the best of the hand's fives, so the first best five has it.
    detail::best_keeper keeper{value_of};
    detail::for_each_choice(entry.data(), static_cast<int>(list.size()), 5, Hand{}.entry(), keeper);
    if (!keeper.best.found || keeper.best.value != value) throw std::logic_error("no five cards make the hand's value");
    return CardSet{keeper.best.entry[1]};
}

// Five cards in reading order: natural cards where the shape names their
// ranks; the other places (a wild card's, or those four wild cards leave
// unnamed) take the remaining naturals, then the wild cards.
CardList laid_out(const hand_shape& s, CardSet five, CardSet wild) {
    CardSet naturals = five - wild;
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
    CardList rest = by_rank_descending(naturals);
    for (Card w : five & wild) rest.push_back(w);
    auto next = rest.begin();
    CardList out;
    for (std::size_t i = 0; i < 5; ++i) out.push_back(filled[i] ? placed[i] : *next++);
    return out;
}

}  // namespace

void detail::check_batch_sizes(std::size_t hands, std::size_t values) {
    if (values < hands)
        throw std::invalid_argument("a batch of " + std::to_string(hands) + " hands needs room for as many values, not " +
                                    std::to_string(values));
}

template <ranking_policy R>
std::uint32_t evaluator<R, no_wild>::checked(hand_value v) {
    return checked_value(v, R::spec, tables::class_count, "");
}

template <ranking_policy R>
std::string evaluator<R, no_wild>::describe(hand_value v) const {
    if (v.value == 0 && R::spec.qualifier_highest >= 0) return "No qualifying low";
    return pokerengine::describe(shape(v), R::spec, best_shape_code<R>());
}

template <ranking_policy R>
hand_value evaluator<R, no_wild>::evaluate(std::span<const Card> cards) const {
    return evaluate(distinct_cards(cards));
}

template <ranking_policy R>
hand_value evaluator<R, no_wild>::evaluate(std::string_view text) const {
    CardList cards = parse_cards(text);
    check_size(R::spec, static_cast<int>(cards.size()), text);
    return evaluate(cards);
}

template <ranking_policy R>
hand_value evaluator<R, no_wild>::evaluate_large(CardSet cards) {
    // Too many cards is the plainest thing to say about a large set.
    if (cards.size() > max_cards) check_size(R::spec, cards.size(), to_string(cards));
    if (cards.joker_count() > 0)
        throw hand_error("a joker (Xx) needs a wild-card rule; " + rules_name(R::spec) +
                         " hands take natural cards only: \"" + to_string(cards) + "\"");
    check_deck(R::spec, cards, detail::deck_bits<R>);
    check_size(R::spec, cards.size(), to_string(cards));
    return hand_value{best_seven_card_part(cards, [](detail::key_and_bits seven) {
        return detail::value_of_size<R, 7>(seven[0], seven[1]);
    })};
}

template <ranking_policy R>
CardList evaluator<R, no_wild>::best_five(CardSet cards) const {
    hand_value v = evaluate(cards);
    if (v.value == 0) return {};
    CardSet five = five_worth(cards, v.value, [](detail::key_and_bits c) { return detail::value_of_size<R, 5>(c[0], c[1]); });
    return laid_out(shape(v), five, CardSet{});
}

template <ranking_policy R, wild_policy W>
std::uint32_t evaluator<R, W>::checked(hand_value v) {
    return checked_value(v, R::spec, tables::class_count, " with these wild cards");
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
    return pokerengine::describe(s, R::spec, best_shape_code<R>());
}

template <ranking_policy R, wild_policy W>
hand_value evaluator<R, W>::evaluate(std::span<const Card> cards) const {
    return evaluate(distinct_cards(cards));
}

template <ranking_policy R, wild_policy W>
hand_value evaluator<R, W>::evaluate(std::string_view text) const {
    CardList cards = parse_cards(text);
    check_size(R::spec, static_cast<int>(cards.size()), text);
    return evaluate(cards);
}

template <ranking_policy R, wild_policy W>
hand_value evaluator<R, W>::evaluate_large(CardSet cards) const {
    if (cards.size() > max_cards) check_size(R::spec, cards.size(), to_string(cards));
    CardSet natural = cards - rule_.cards;
    if (natural.joker_count() > 0)
        throw hand_error("a joker (Xx) that is not wild has no value: \"" + to_string(cards) + "\"");
    check_deck(R::spec, natural, detail::deck_bits<R>);
    check_size(R::spec, cards.size(), to_string(cards));
    return hand_value{
        best_seven_card_part(cards, [this](detail::key_and_bits seven) { return evaluate(CardSet{seven[1]}).value; })};
}

template <ranking_policy R, wild_policy W>
CardList evaluator<R, W>::best_five(CardSet cards) const {
    hand_value v = evaluate(cards);
    if (v.value == 0) return {};
    CardSet five = five_worth(cards, v.value, [this](detail::key_and_bits c) { return evaluate(CardSet{c[1]}).value; });
    return laid_out(shape(v), five, rule_.cards);
}

#define POKERENGINE_INSTANTIATE_EVALUATOR(z, I, data) \
    template class evaluator<detail::pair_ranking<I>, detail::pair_wild<I>>;
POKERENGINE_FOR_EACH_REGISTERED_PAIR(POKERENGINE_INSTANTIATE_EVALUATOR)
#undef POKERENGINE_INSTANTIATE_EVALUATOR

}  // namespace pokerengine
