// Wild cards: the policies of wild.hpp, the wild evaluator of evaluator.hpp
// and the wild options of rules.hpp.
//
// Truth comes from outside the fast tables: published five-card frequency
// tables (deuces wild, one joker wild), a separately written brute-force
// reference (reference_wild.hpp) that tries every card a wild card may stand
// for, and the rules' named edge cases.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <map>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include "pokerengine/evaluator.hpp"
#include "pokerengine/rules.hpp"
#include "pokerengine/wild.hpp"
#include "reference_wild.hpp"
#include "test_support.hpp"

using namespace pokerengine;
namespace rw = pokerengine::reference_wild;

namespace {

using category_counts = std::array<long, category_count>;

constexpr long sum(const category_counts& c) {
    long total = 0;
    for (long n : c) total += n;
    return total;
}

// The reference names its kinds in the engine's order, five of a kind last.
static_assert(static_cast<int>(rw::kind::five_of_a_kind) == static_cast<int>(hand_category::five_of_a_kind));
static_assert(static_cast<int>(rw::kind::royal_flush) == static_cast<int>(hand_category::royal_flush));
hand_category as_engine(rw::kind k) { return static_cast<hand_category>(static_cast<int>(k)); }

// The reference reads an ace as 1 (played low) or 14.
std::array<Rank, 5> as_engine(const std::array<int, 5>& reading) {
    std::array<Rank, 5> out{};
    for (std::size_t i = 0; i < 5; ++i) out[i] = reading[i] == 1 || reading[i] == 14 ? Rank::ace : static_cast<Rank>(reading[i] - 2);
    return out;
}

std::string text_of(const rw::hand_key& k) {
    if (!k.qualifies) return "no qualifying low";
    std::string out(category_name(as_engine(k.category)));
    for (std::size_t i = 0; i < 5; ++i) {
        out += i ? '-' : ' ';
        out += "?A23456789TJQKA"[k.reading[i]];
    }
    return out;
}

CardSet jokers_deck() { return CardSet::standard_deck() | joker_cards(); }

// Each combination under test: the evaluator, the reference's rules, which
// cards are wild and the deck hands are dealt from.
struct high_deuces {
    using evaluator_type = evaluator<high, wild>;
    static evaluator_type make() { return evaluator_type{wild{wild_cards()}}; }
    static constexpr rw::rules rules{rw::ranking::high, rw::substitution::any_card};
    static CardSet wild_cards() { return deuces_wild_cards(); }
    static CardSet deck() { return CardSet::standard_deck(); }
};
struct high_one_eyed_jacks : high_deuces {
    static evaluator_type make() { return evaluator_type{wild{wild_cards()}}; }
    static CardSet wild_cards() { return one_eyed_jacks(); }
};
struct high_jokers : high_deuces {
    static evaluator_type make() { return evaluator_type{wild{wild_cards()}}; }
    static CardSet wild_cards() { return joker_cards(); }
    static CardSet deck() { return jokers_deck(); }
};
// One joker, wild, in a 53-card deck.
struct high_joker : high_deuces {
    static evaluator_type make() { return evaluator_type{wild{wild_cards()}}; }
    static CardSet wild_cards() { return CardSet{Card::joker(0)}; }
    static CardSet deck() { return CardSet::standard_deck() | Card::joker(0); }
};
struct high_jokers_double_ace {
    using evaluator_type = evaluator<high, wild_double_ace>;
    static evaluator_type make() { return evaluator_type{wild_double_ace{wild_cards()}}; }
    static constexpr rw::rules rules{rw::ranking::high, rw::substitution::double_ace};
    static CardSet wild_cards() { return joker_cards(); }
    static CardSet deck() { return jokers_deck(); }
};
struct high_joker_double_ace : high_jokers_double_ace {
    static evaluator_type make() { return evaluator_type{wild_double_ace{wild_cards()}}; }
    static CardSet wild_cards() { return CardSet{Card::joker(0)}; }
    static CardSet deck() { return CardSet::standard_deck() | Card::joker(0); }
};
template <class Ranking, class Wild, rw::ranking R, rw::substitution S>
struct jokers_in {
    using evaluator_type = evaluator<Ranking, Wild>;
    static evaluator_type make() { return evaluator_type{Wild{wild_cards()}}; }
    static constexpr rw::rules rules{R, S};
    static CardSet wild_cards() { return joker_cards(); }
    static CardSet deck() { return jokers_deck(); }
};
struct high_bug : jokers_in<high, bug, rw::ranking::high, rw::substitution::bug> {};
struct ace_to_five_bug : jokers_in<ace_to_five_low, bug, rw::ranking::ace_to_five, rw::substitution::bug> {};
struct ace_to_five_jokers : jokers_in<ace_to_five_low, wild, rw::ranking::ace_to_five, rw::substitution::any_card> {};
struct eight_or_better_jokers
    : jokers_in<eight_or_better_low, wild, rw::ranking::eight_or_better, rw::substitution::any_card> {};
struct eight_or_better_bug : jokers_in<eight_or_better_low, bug, rw::ranking::eight_or_better, rw::substitution::bug> {};
struct ace_to_six_jokers : jokers_in<ace_to_six_low, wild, rw::ranking::ace_to_six, rw::substitution::any_card> {};
struct deuce_to_seven_jokers
    : jokers_in<deuce_to_seven_low, wild, rw::ranking::deuce_to_seven, rw::substitution::any_card> {};
struct deuce_to_seven_deuces : deuce_to_seven_jokers {
    static evaluator_type make() { return evaluator_type{wild{wild_cards()}}; }
    static CardSet wild_cards() { return deuces_wild_cards(); }
    static CardSet deck() { return CardSet::standard_deck(); }
};
// Wild cards of different ranks (a joker, a deuce, a king): the evaluator's
// general way of taking wild cards out of a key, where the others share one
// place in their suits.
struct high_mixed_wild : high_deuces {
    static evaluator_type make() { return evaluator_type{wild{wild_cards()}}; }
    static CardSet wild_cards() { return CardSet{Card::joker(0)} | parse_card_set("2c Ks"); }
    static CardSet deck() { return CardSet::standard_deck() | Card::joker(0); }
};
struct ace_to_six_mixed_wild : ace_to_six_jokers {
    static evaluator_type make() { return evaluator_type{wild{wild_cards()}}; }
    static CardSet wild_cards() { return high_mixed_wild::wild_cards(); }
    static CardSet deck() { return high_mixed_wild::deck(); }
};

// The engine's values against the reference's keys: equal values must have
// equal keys, and sorted by key the values must strictly increase, so the
// two order every hand seen the same way.
class order_census {
public:
    void add(hand_value v, const rw::hand_key& key, CardSet cards) {
        auto [it, fresh] = key_of_value_.try_emplace(v.value, key);
        if (!fresh && it->second != key)
            problem("value " + std::to_string(v.value) + " given to " + to_string(cards) + " (reference: " +
                    text_of(key) + ") and to a hand the reference reads as " + text_of(it->second));
    }
    void problem(std::string text) {
        if (problems_.size() < 10) problems_.push_back(std::move(text));
        ++problem_count_;
    }
    std::size_t values() const { return key_of_value_.size(); }

    template <class E>
    void check(const E& ev) const {
        for (const std::string& p : problems_) FAIL_CHECK(p);
        CHECK(problem_count_ == 0);
        std::vector<std::pair<rw::hand_key, std::uint32_t>> order;
        for (const auto& [value, key] : key_of_value_) order.emplace_back(key, value);
        std::sort(order.begin(), order.end());
        int failures = 0;
        for (std::size_t i = 1; i < order.size(); ++i) {
            // Named copies, not structured bindings: INFO captures them in a lambda,
            // which clang 14 does not allow for bindings.
            const auto& key_before = order[i - 1].first;
            const auto value_before = order[i - 1].second;
            const auto& key = order[i].first;
            const auto value = order[i].second;
            if ((key_before >= key || value_before >= value) && failures++ < 10) {
                INFO("reference " << text_of(key_before) << " then " << text_of(key));
                INFO("fast values " << value_before << " then " << value);
                FAIL_CHECK("the fast order differs from the reference order");
            }
        }
        CHECK(failures == 0);
        // Each value's shape is the reference's category and ranks in reading order.
        int wrong = 0;
        for (const auto& entry : order) {
            const auto& key = entry.first;
            const auto value = entry.second;
            if (value == 0) {
                CHECK_FALSE(key.qualifies);
                continue;
            }
            const hand_shape shape = ev.shape(hand_value{value});
            if ((shape.category != as_engine(key.category) || shape.ranks != as_engine(key.reading)) && wrong++ < 10) {
                INFO("value " << value << ": " << ev.describe(hand_value{value}) << "; reference " << text_of(key));
                CHECK(shape.category == as_engine(key.category));
                CHECK(shape.ranks == as_engine(key.reading));
            }
        }
        CHECK(wrong == 0);
    }

private:
    std::unordered_map<std::uint32_t, rw::hand_key> key_of_value_;
    std::vector<std::string> problems_;
    long problem_count_ = 0;
};

std::vector<Card> cards_of(CardSet s) { return {s.begin(), s.end()}; }

// The reference reads five cards only through the natural cards' ranks,
// whether they share a suit and how many cards are wild: that class of a hand.
std::uint64_t reference_class(const std::array<Card, 5>& five, CardSet wild_cards) {
    std::uint64_t rank_counts = 0;
    unsigned suits = 0;
    std::uint64_t wilds = 0;
    for (Card card : five) {
        if (wild_cards.contains(card)) {
            ++wilds;
            continue;
        }
        rank_counts += std::uint64_t{1} << (3 * static_cast<int>(card.rank()));
        suits |= 1u << static_cast<int>(card.suit());
    }
    return wilds << 41 | (std::popcount(suits) <= 1 ? std::uint64_t{1} << 40 : 0) | rank_counts;
}

// Every five-card hand of a combination's deck, evaluated once for all test
// cases; the reference runs once per class (above), and every hand is checked
// against its class's key.
template <class C>
struct five_card_census {
    long hands = 0;
    category_counts by_category{};
    std::array<category_counts, 5> by_wild_count{};  // [number of wild cards in the hand]
    order_census order;
};

template <class C>
const five_card_census<C>& census() {
    static const five_card_census<C> result = [] {
        const auto ev = C::make();
        const CardSet wild_cards = C::wild_cards();
        const std::vector<Card> deck = cards_of(C::deck());
        const std::size_t n = deck.size();
        std::unordered_map<std::uint64_t, rw::hand_key> reference_of_class;
        five_card_census<C> r;
        for (std::size_t a = 0; a < n; ++a)
            for (std::size_t b = a + 1; b < n; ++b)
                for (std::size_t c = b + 1; c < n; ++c)
                    for (std::size_t d = c + 1; d < n; ++d)
                        for (std::size_t e = d + 1; e < n; ++e) {
                            const std::array<Card, 5> five{deck[a], deck[b], deck[c], deck[d], deck[e]};
                            const CardSet cards = CardSet{five[0]} | five[1] | five[2] | five[3] | five[4];
                            const hand_value v = ev.evaluate(cards);
                            ++r.hands;
                            const int wilds = (cards & wild_cards).size();
                            const auto k = static_cast<std::size_t>(v.value ? ev.category(v) : hand_category::high_card);
                            ++r.by_category[k];
                            ++r.by_wild_count[static_cast<std::size_t>(wilds)][k];

                            const std::uint64_t cls = reference_class(five, wild_cards);
                            auto found = reference_of_class.find(cls);
                            if (found == reference_of_class.end())
                                found = reference_of_class.emplace(cls, rw::evaluate(C::rules, cards, wild_cards)).first;
                            r.order.add(v, found->second, cards);
                        }
        return r;
    }();
    return result;
}

// Deuces wild, all 2,598,960 five-card hands.
//
// The dealt-hand rows usually quoted for deuces wild (the Wizard of Odds'
// deuces-wild figures): natural royal 4, four deuces 48, wild royal 480, five
// of a kind 624, straight flush 2,068, four of a kind 31,552, full house
// 12,672, flush 14,472, straight 62,232, three of a kind 355,080, two pair
// 95,040. Every row is reproduced by the brute-force reference below (each
// hand's category is the reference's). At a table there is no natural royal,
// four deuces or wild royal row, so the engine's categories merge them:
//
// - royal flush: the natural and the wild royals, 4 + 480 = 484;
// - five of a kind: four deuces and any card are five of that card's rank
//   (five of a kind is the top hand, and the fifth card is in the hand, so
//   five aces is out of reach), 48 + 624 = 672. B. Alspach, "Wild Cards in
//   Profusion: Part 2", Poker Digest 5(9), 2002, counts the same 672 quints
//   for five cards with four wild cards of one rank;
// - the other rows are the engine's categories as they are. Two pair needs
//   no deuce (with one, trips are better): C(12,2) * 36 * 40 = 95,040. The
//   last two rows follow by hand: no pair, no deuce and no straight among
//   ranks 3 to A: (C(12,5) - 8) * (4^5 - 4) = 784 * 1,020 = 799,680; one pair
//   is a natural pair, 12 * 6 * C(11,3) * 64 = 760,320, or one deuce and four
//   ranks that no card makes a straight, C(12,4) - 34 = 461 rank sets of
//   4^4 - 4 suitings: 4 * 461 * 252 = 464,688; together 1,225,008.
//
// The rows are checked one for one as well, split by the number of deuces,
// and with the deuces-wild pay-table order, which names them.
constexpr category_counts deuces_wild_five{799'680, 1'225'008, 95'040, 355'080, 62'232, 14'472,
                                           12'672,  31'552,    2'068,  484,     672};
static_assert(sum(deuces_wild_five) == 2'598'960);

// One joker, fully wild, 53 cards: all C(53,5) = 2,869,685 five-card hands.
//
// Published: five of a kind 13, three of a kind 137,280, two pair 123,552
// (curiouser.co.uk, "Paradoxes", appendix 2, after Scarne's Guide to Modern
// Poker, table "Chances of holding various poker hands in the first five
// cards dealt when the joker is wild"). The other rows add to the natural
// table the hands the joker makes (four suited cards: straight-flush draws are
// the 41 four-rank sets inside some five-rank run, 5 of them inside 10-A):
// royal flush 4 + 4 * 5 = 24; straight flush 36 + 4 * 36 = 180; four of a kind
// 624 + 13 * 4 * 48 = 3,120; full house 3,744 + C(13,2) * 36 = 6,552; flush
// 5,108 + 4 * (715 - 41) = 7,804; straight 10,200 + 41 * 252 = 20,532; one pair
// 1,098,240 + 674 * 252 = 1,268,088; high card 1,302,540 (no joker).
constexpr category_counts joker_wild_five{1'302'540, 1'268'088, 123'552, 137'280, 20'532, 7'804,
                                          6'552,     3'120,     180,     24,      13};
static_assert(sum(joker_wild_five) == 2'869'685);

template <class E>
CardList best_five_of(const E& ev, std::string_view text) {
    return ev.best_five(parse_card_set(text));
}

template <class E>
std::string words(const E& ev, std::string_view text) {
    return ev.describe(ev.evaluate(text));
}

// `count` cards: `wilds` of the combination's wild cards and the others
// natural cards of its deck, or (wilds < 0) any cards of the deck.
template <class C>
CardSet deal(xoshiro256ss& rng, int count, int wilds) {
    CardSet hand;
    auto take = [&](std::vector<Card> from, int k) {
        for (std::size_t i = 0; i < static_cast<std::size_t>(k); ++i) {
            std::swap(from[i], from[i + uniform_below(rng, from.size() - i)]);
            hand |= from[i];
        }
    };
    if (wilds < 0) {
        take(cards_of(C::deck()), count);
    } else {
        take(cards_of(C::wild_cards()), wilds);
        take(cards_of(C::deck() - C::wild_cards()), count - wilds);
    }
    return hand;
}

// Random hands of `size` cards, half dealt from the whole deck, half with a
// set number of wild cards (1 up to 4), checked against the reference.
template <class C>
void check_random_hands(int size, int per_batch, std::uint64_t seed) {
    const auto ev = C::make();
    const CardSet wild_cards = C::wild_cards();
    xoshiro256ss rng{seed};
    order_census order;
    long dealt = 0, hand_and_set_disagree = 0;
    const int most_wilds = std::min(wild_cards.size(), 4);
    for (int wilds = -1; wilds <= most_wilds; ++wilds) {
        if (wilds == 0) continue;
        // Hands with three or four wild cards cost the reference the most.
        const int count = wilds == 4 ? per_batch / 16 : wilds == 3 ? per_batch / 4 : per_batch;
        for (int i = 0; i < count; ++i) {
            const CardSet cards = deal<C>(rng, size, wilds);
            ++dealt;
            const rw::hand_key key = rw::evaluate(C::rules, cards, wild_cards);
            order.add(ev.evaluate(cards), key, cards);
            if (ev.evaluate(Hand{cards}) != ev.evaluate(cards)) ++hand_and_set_disagree;
        }
    }
    CHECK(hand_and_set_disagree == 0);
    // Enough different hands were compared.
    CHECK(order.values() > 50);
    CHECK(dealt > 0);
    order.check(ev);
}

}  // namespace

TYPE_TO_STRING(high_deuces);
TYPE_TO_STRING(high_one_eyed_jacks);
TYPE_TO_STRING(high_jokers);
TYPE_TO_STRING(high_jokers_double_ace);
TYPE_TO_STRING(high_joker_double_ace);
TYPE_TO_STRING(high_bug);
TYPE_TO_STRING(ace_to_five_bug);
TYPE_TO_STRING(ace_to_five_jokers);
TYPE_TO_STRING(eight_or_better_jokers);
TYPE_TO_STRING(eight_or_better_bug);
TYPE_TO_STRING(ace_to_six_jokers);
TYPE_TO_STRING(deuce_to_seven_jokers);
TYPE_TO_STRING(deuce_to_seven_deuces);
TYPE_TO_STRING(high_mixed_wild);
TYPE_TO_STRING(ace_to_six_mixed_wild);

TEST_CASE("deuces wild: every five-card hand, counted against the published table") {
    const auto& c = census<high_deuces>();
    CHECK(c.hands == 2'598'960);
    for (int k = 0; k < category_count; ++k) {
        CAPTURE(static_cast<hand_category>(k));
        CHECK(c.by_category[static_cast<std::size_t>(k)] == deuces_wild_five[static_cast<std::size_t>(k)]);
    }
    SUBCASE("the pay-table rows, split by the number of deuces") {
        auto rows = [&](hand_category k, int from, int to) {
            long n = 0;
            for (int w = from; w <= to; ++w) n += c.by_wild_count[static_cast<std::size_t>(w)][static_cast<std::size_t>(k)];
            return n;
        };
        CHECK(rows(hand_category::royal_flush, 0, 0) == 4);        // natural royal flush
        CHECK(c.by_wild_count[4][static_cast<std::size_t>(hand_category::five_of_a_kind)] == 48);  // four deuces
        CHECK(sum(c.by_wild_count[4]) == 48);                      // ... always five of a kind
        CHECK(rows(hand_category::royal_flush, 1, 4) == 480);      // wild royal flush
        CHECK(rows(hand_category::five_of_a_kind, 1, 3) == 624);   // five of a kind without four deuces
        CHECK(rows(hand_category::straight_flush, 0, 4) == 2'068);
        CHECK(rows(hand_category::two_pair, 1, 4) == 0);           // a deuce makes trips instead
        CHECK(rows(hand_category::high_card, 1, 4) == 0);          // a deuce pairs the top card
    }
}

TEST_CASE("deuces wild: every five-card hand is ordered as the reference orders it") {
    const auto& c = census<high_deuces>();
    c.order.check(high_deuces::make());
}

TEST_CASE("one joker wild, 53 cards: every five-card hand against the published table and the reference") {
    const auto& c = census<high_joker>();
    CHECK(c.hands == 2'869'685);
    for (int k = 0; k < category_count; ++k) {
        CAPTURE(static_cast<hand_category>(k));
        CHECK(c.by_category[static_cast<std::size_t>(k)] == joker_wild_five[static_cast<std::size_t>(k)]);
    }
    // Hands without the joker are the natural table.
    CHECK(c.by_wild_count[0] == category_counts{1'302'540, 1'098'240, 123'552, 54'912, 10'200, 5'108, 3'744, 624, 36, 4, 0});
    c.order.check(high_joker::make());
}

TEST_CASE("video-poker pay tables: the published rows one for one") {
    // The pay-table orders name the rows the table game merges: the natural
    // royal, four deuces and the wild royal in deuces wild; the natural and
    // the wild royal in joker poker. Same five-card figures as above.
    auto count = [](const auto& ev, CardSet deck_cards) {
        const std::vector<Card> deck = cards_of(deck_cards);
        const std::size_t n = deck.size();
        category_counts c{};
        for (std::size_t a = 0; a < n; ++a)
            for (std::size_t b = a + 1; b < n; ++b)
                for (std::size_t d = b + 1; d < n; ++d)
                    for (std::size_t e = d + 1; e < n; ++e)
                        for (std::size_t f = e + 1; f < n; ++f)
                            ++c[static_cast<std::size_t>(
                                ev.category(ev.evaluate(CardSet{deck[a]} | deck[b] | deck[d] | deck[e] | deck[f])))];
        return c;
    };
    using C = hand_category;
    auto at = [](const category_counts& c, C k) { return c[static_cast<std::size_t>(k)]; };
    SUBCASE("deuces wild") {
        const evaluator<high, deuces_wild_pay_table> ev{deuces_wild_pay_table{deuces_wild_cards()}};
        const category_counts c = count(ev, CardSet::standard_deck());
        CHECK(at(c, C::royal_flush) == 4);  // natural royal flush
        CHECK(at(c, C::four_wild_cards) == 48);
        CHECK(at(c, C::wild_royal_flush) == 480);
        CHECK(at(c, C::five_of_a_kind) == 624);
        CHECK(at(c, C::straight_flush) == 2'068);
        CHECK(at(c, C::four_of_a_kind) == 31'552);
        CHECK(at(c, C::full_house) == 12'672);
        CHECK(at(c, C::flush) == 14'472);
        CHECK(at(c, C::straight) == 62'232);
        CHECK(at(c, C::three_of_a_kind) == 355'080);
        CHECK(at(c, C::two_pair) == 95'040);
        CHECK(at(c, C::one_pair) == 1'225'008);
        CHECK(at(c, C::high_card) == 799'680);
        CHECK(words(ev, "Ah Kh Qh Jh Th") == "Natural royal flush");
        CHECK(words(ev, "2c 2d 2h 2s Kd") == "Four deuces");
        CHECK(words(ev, "2c Kh Qh Jh Th") == "Wild royal flush");
        CHECK(ev.evaluate("Ah Kh Qh Jh Th") > ev.evaluate("2c 2d 2h 2s Kd"));
        CHECK(ev.evaluate("2c 2d 2h 2s Kd") > ev.evaluate("2c Kh Qh Jh Th"));
        CHECK(ev.evaluate("2c Kh Qh Jh Th") > ev.evaluate("2c 2d As Ah Ad"));
        CHECK(ev.evaluate("2c 2d As Ah Ad") > ev.evaluate("2c 9h Th Jh Qh"));
    }
    SUBCASE("joker poker, one joker") {
        const evaluator<high, joker_poker_pay_table> ev{joker_poker_pay_table{CardSet{Card::joker(0)}}};
        const category_counts c = count(ev, CardSet::standard_deck() | Card::joker(0));
        CHECK(at(c, C::royal_flush) == 4);
        CHECK(at(c, C::five_of_a_kind) == 13);
        CHECK(at(c, C::wild_royal_flush) == 20);
        CHECK(at(c, C::straight_flush) == 180);
        CHECK(at(c, C::four_of_a_kind) == 3'120);
        CHECK(at(c, C::three_of_a_kind) == 137'280);
        CHECK(at(c, C::two_pair) == 123'552);
        CHECK(at(c, C::high_card) == 1'302'540);
        CHECK(at(c, C::four_wild_cards) == 0);
        CHECK(sum(c) == 2'869'685);
        CHECK(ev.evaluate("Xx 7s 7d 7h 7c") > ev.evaluate("Xx Kh Qh Jh Th"));
        CHECK(ev.evaluate("Ah Kh Qh Jh Th") > ev.evaluate("Xx 7s 7d 7h 7c"));
    }
}

TEST_CASE_TEMPLATE("random six- and seven-card hands agree with the reference", C, high_deuces, high_one_eyed_jacks,
                   high_jokers, high_jokers_double_ace, high_joker_double_ace, high_bug, ace_to_five_bug,
                   ace_to_five_jokers, eight_or_better_jokers, eight_or_better_bug, ace_to_six_jokers,
                   deuce_to_seven_jokers, deuce_to_seven_deuces, high_mixed_wild, ace_to_six_mixed_wild) {
    SUBCASE("six cards") { check_random_hands<C>(6, 1'500, 6); }
    SUBCASE("seven cards") { check_random_hands<C>(7, 1'500, 7); }
}

TEST_CASE_TEMPLATE("best_five: five of the hand's cards worth its value, wild cards where they stand in", C,
                   high_deuces, high_jokers, high_jokers_double_ace, high_bug, ace_to_five_bug,
                   eight_or_better_jokers, ace_to_six_jokers, deuce_to_seven_jokers) {
    const auto ev = C::make();
    xoshiro256ss rng{55};
    int wrong = 0;
    for (int i = 0; i < 600; ++i) {
        const int size = 5 + i % 3;
        const CardSet cards = deal<C>(rng, size, i % 2 ? -1 : 1 + i % std::min(C::wild_cards().size(), 3));
        const hand_value v = ev.evaluate(cards);
        const CardList five = ev.best_five(cards);
        if (v.value == 0) {
            CHECK(five.empty());
            continue;
        }
        CardSet chosen;
        for (Card c : five) chosen |= c;
        const hand_shape shape = ev.shape(v);
        bool ok = five.size() == 5 && chosen.size() == 5 && cards.contains(chosen) && ev.evaluate(chosen) == v;
        // A natural card shows the rank it is read as; a wild card fills a place.
        for (std::size_t k = 0; ok && k < 5; ++k)
            if (!C::wild_cards().contains(five[k]) && five[k].rank() != shape.ranks[k]) ok = false;
        if (!ok && wrong++ < 10) FAIL_CHECK(to_string(cards) << " -> " << to_string(five) << " for " << ev.describe(v));
    }
    CHECK(wrong == 0);
}

TEST_CASE("the bug: an ace, or a card that completes a straight, a flush or a straight flush") {
    const evaluator<high, bug> ev{bug{joker_cards()}};

    SUBCASE("five aces is the best hand") {
        const hand_value five_aces = ev.evaluate("Xx As Ah Ad Ac");
        CHECK(ev.category(five_aces) == hand_category::five_of_a_kind);
        CHECK(ev.describe(five_aces) == "Five aces");
        CHECK(five_aces.value == evaluator<high, bug>::distinct_values);
        CHECK(five_aces > ev.evaluate("As Ks Qs Js Ts"));
        CHECK(ev.evaluate("Xx Xx As Ah Ad") == five_aces);
        CHECK(best_five_of(ev, "Xx As Ah Ad Ac") == parse_cards("As Ah Ad Ac Xx"));
    }
    SUBCASE("as an ace it pairs nothing but aces: kings stay a pair, with an ace kicker") {
        CHECK(words(ev, "Xx Ks Kh 2c 3d") == "Pair of kings, ace-three-two kickers");
        CHECK(ev.evaluate("Xx Ks Kh 2c 3d") == ev.evaluate("As Ks Kh 2c 3d"));
        CHECK(ev.evaluate("Xx Ks Kh 2c 3d") < ev.evaluate("Kd Ks Kh 2c 3d"));
        CHECK(best_five_of(ev, "Xx Ks Kh 2c 3d") == parse_cards("Ks Kh Xx 3d 2c"));
        CHECK(words(ev, "Xx Ks Kh Kd 2c") == "Three of a kind, kings, ace-two kickers");
        CHECK(words(ev, "Xx As Ad Kc Kd") == "Full house, aces over kings");
        CHECK(words(ev, "Xx Xx 7s 7d 2c") == "Two pair, aces and sevens, two kicker");
    }
    SUBCASE("it completes straights and flushes") {
        CHECK(words(ev, "Xx 9s Th Jd Qc") == "King-high straight");
        CHECK(words(ev, "Xx Xx 7s 8d 9c") == "Jack-high straight");
        CHECK(words(ev, "Xx 2s 3h 4d 5c") == "Six-high straight");
        CHECK(words(ev, "Xx Ks Qs Js Ts") == "Royal flush");
        CHECK(words(ev, "Xx 9s 8s 7s 5s") == "Nine-high straight flush");
        // In a flush it is the highest card of the suit the hand lacks.
        CHECK(words(ev, "Xx Ah Kh 9h 4h") == "Ace-high flush, king-queen-nine-four");
        CHECK(words(ev, "Xx Kh Jh 9h 4h") == "Ace-high flush, king-jack-nine-four");
    }
}

TEST_CASE("a wild card may be any card; in a flush, the highest card of the suit missing from the hand") {
    const evaluator<high, wild> deuces{wild{deuces_wild_cards()}};
    const evaluator<high, wild> jokers{wild{joker_cards()}};

    SUBCASE("five of a kind, the top hand, described by its rank") {
        CHECK(words(deuces, "2c 2d As Ah Ad") == "Five aces");
        CHECK(deuces.evaluate("2c 2d As Ah Ad").value == evaluator<high, wild>::distinct_values);
        CHECK(deuces.evaluate("2c 2d As Ah Ad") > deuces.evaluate("As Ks Qs Js Ts"));
        // Four deuces and a king: five kings, not five aces (the king is in the hand).
        CHECK(words(deuces, "2c 2d 2h 2s Kd") == "Five kings");
        CHECK(words(jokers, "Xx 7s 7d 7h 7c") == "Five sevens");
        CHECK(deuces.evaluate("2c 2d 2h 2s Kd") < deuces.evaluate("2c 2d As Ah Ad"));
    }
    SUBCASE("flushes") {
        CHECK(words(deuces, "2c Ah Kh 9h 4h") == "Ace-high flush, king-queen-nine-four");
        CHECK(words(deuces, "2c 2d Ah Kh 9h") == "Ace-high flush, king-queen-jack-nine");
        CHECK(words(jokers, "Xx As Ks Qs Js") == "Royal flush");
        CHECK(words(jokers, "Xx Ks Qs Js 9s") == "King-high straight flush");
        CHECK(best_five_of(deuces, "2c Ah Kh 9h 4h") == parse_cards("Ah Kh 2c 9h 4h"));
    }
    SUBCASE("best_five puts each wild card where it stands in") {
        CHECK(best_five_of(deuces, "2c 9s Jd Qh Kc") == parse_cards("Kc Qh Jd 2c 9s"));
        CHECK(best_five_of(deuces, "2c As Ks Qs Js 7d 8h") == parse_cards("As Ks Qs Js 2c"));
        CHECK(best_five_of(deuces, "2c 2d 2h 2s Kd") == parse_cards("Kd 2c 2d 2h 2s"));
        CHECK(best_five_of(jokers, "Xx 9s Th Jd Qc") == parse_cards("Xx Qc Jd Th 9s"));
    }
    SUBCASE("one-eyed jacks: only the jack of spades and the jack of hearts are wild") {
        const evaluator<high, wild> jacks{wild{one_eyed_jacks()}};
        CHECK(words(jacks, "Js Jh Ad Ac As") == "Five aces");
        CHECK(words(jacks, "Jd Jc Ad Ac As") == "Full house, aces over jacks");
        CHECK(words(jacks, "Js Td 9c 8h 7s") == "Jack-high straight");
        CHECK(words(jacks, "Js Td 9c 8h 2s") == "Pair of tens, nine-eight-two kickers");
    }
}

TEST_CASE("the double-ace flush: on, a wild card may repeat the flush's ace; off, it may not") {
    const evaluator<high, wild_double_ace> on{wild_double_ace{joker_cards()}};
    const evaluator<high, wild> off{wild{joker_cards()}};
    CHECK(words(on, "Xx Ah Kh 9h 4h") == "Ace-high flush, ace-king-nine-four");
    CHECK(words(off, "Xx Ah Kh 9h 4h") == "Ace-high flush, king-queen-nine-four");
    CHECK(best_five_of(on, "Xx Ah Kh 9h 4h") == parse_cards("Ah Xx Kh 9h 4h"));
    // Two aces beat every other flush, and lose to a full house.
    CHECK(on.evaluate("Xx Ah Kh 9h 4h") > on.evaluate("Ah Kh Qh Jh 9h"));
    CHECK(on.evaluate("Xx Ah Kh 9h 4h") < on.evaluate("Qs Qd Qc 3s 3d"));
    CHECK(off.evaluate("Xx Ah Kh 9h 4h") < off.evaluate("Ah Kh Qh Jh 9h"));
    // Without an ace to repeat, the wild card is the ace; a flush never holds three aces.
    CHECK(words(on, "Xx Kh Qh 9h 4h") == "Ace-high flush, king-queen-nine-four");
    CHECK(words(on, "Xx Xx Ah 9h 4h") == "Ace-high flush, ace-king-nine-four");
    CHECK(words(off, "Xx Xx Ah 9h 4h") == "Ace-high flush, king-queen-nine-four");
    // Other hands are the same with the rule on or off.
    CHECK(words(on, "Xx As Ks Qs Js") == "Royal flush");
    CHECK(words(on, "Xx 7s 7d 7h 7c") == "Five sevens");
}

// Two wild cards with no natural ace: one is the ace of the suit and the other may repeat it.
TEST_CASE("two wild cards make a double-ace flush without a natural ace") {
    const evaluator<high, wild_double_ace> on{wild_double_ace{joker_cards()}};
    CHECK(words(on, "Xx Xx Kh 9h 4h") == "Ace-high flush, ace-king-nine-four");
    CHECK(words(on, "Xx Xx Kh 9h 4h 2c 3d") == "Ace-high flush, ace-king-nine-four");
    CHECK(on.evaluate("Xx Xx Kh 9h 4h") > on.evaluate("Ah Kh Qh Jh 9h"));
    // The brute-force reference agrees with the rule.
    CHECK(text_of(rw::evaluate({rw::ranking::high, rw::substitution::double_ace}, parse_card_set("Xx Xx Kh 9h 4h"),
                               joker_cards())) == "Flush A-A-K-9-4");
}

// A regression found while writing these tests: commit 283fc6b gave
// ace-to-six and deuce-to-seven with wild cards wrong values for six or seven
// natural cards with five of a suit among them (the wild table was looked up
// with a whole natural key), and best_five() then threw.
TEST_CASE("lowball wild evaluators: six or seven natural cards with a flush among them") {
    const evaluator<ace_to_six_low, wild> a6{wild{joker_cards()}};
    const evaluator<deuce_to_seven_low, wild> d27{wild{joker_cards()}};
    CHECK(words(a6, "Ks 7s 6s 4s 3s 2d") == "Seven-six low (7-6-4-3-2)");
    CHECK(words(d27, "Ks 7s 6s 4s 3s 2d") == "Seven-six low (7-6-4-3-2)");
    CHECK(words(d27, "8h 7h 5h 4h 3h 2c") == "Number one, seven-five low (7-5-4-3-2)");
    CHECK(words(a6, "8h 7h 5h 4h 3h 2c 9d") == "Seven-five low (7-5-4-3-2)");
    CHECK(d27.evaluate("8h 7h 5h 4h 3h 2c") == d27.evaluate("7h 5h 4h 3h 2c"));
    CHECK(words(d27, "Kh 9h 7h 5h 2h 4c") == "Nine-seven low (9-7-5-4-2)");
    CHECK(best_five_of(d27, "Kh 9h 7h 5h 2h 4c") == parse_cards("9h 7h 5h 4c 2h"));
    // Eight or more cards take the same path, seven at a time.
    CHECK(words(d27, "8h 7h 5h 4h 3h 2c Kh Qh") == "Number one, seven-five low (7-5-4-3-2)");
}

TEST_CASE("a natural hand and an equal wild hand tie") {
    const evaluator<high, wild> deuces{wild{deuces_wild_cards()}};
    CHECK(deuces.evaluate("2c Kh Qh Jh Th") == deuces.evaluate("Ah Kh Qh Jh Th"));  // royal flushes
    CHECK(deuces.evaluate("2c 7s 7d 9h Kc") == deuces.evaluate("7h 7s 7d 9h Kc"));  // trips, K-9 kickers
    CHECK(deuces.evaluate("2c Ah Kh 9h 4h") == deuces.evaluate("Ah Kh Qh 9h 4h"));  // flushes
    CHECK(deuces.evaluate("2c 3d 4h 5s 7c") == deuces.evaluate("3d 4h 5s 6c 7c"));  // seven-high straights
    CHECK(deuces.evaluate("2c 2d Kh Ks 9c") == deuces.evaluate("Kh Ks Kd Kc 9c"));  // four kings, nine kicker
    const evaluator<high, bug> joker{bug{joker_cards()}};
    CHECK(joker.evaluate("Xx Ks Kh 2c 3d") == joker.evaluate("As Ks Kh 2c 3d"));
    CHECK(joker.evaluate("Xx Ks Qs Js Ts") == joker.evaluate("As Ks Qs Js Ts"));
}

TEST_CASE("wild cards in lowball") {
    SUBCASE("ace-to-five: the joker is the lowest card missing from the hand") {
        const evaluator<ace_to_five_low, bug> razz{bug{joker_cards()}};
        CHECK(words(razz, "Xx As 2d 3c 5h") == "Wheel, five-four low (5-4-3-2-A)");
        CHECK(words(razz, "Xx 2d 3c 4h 5s") == "Wheel, five-four low (5-4-3-2-A)");
        CHECK(words(razz, "Xx As 2d 4c 6h") == "Six-four low (6-4-3-2-A)");
        CHECK(razz.evaluate("Xx As 2d 3c 5h") == razz.evaluate("4s As 2d 3c 5h"));
        CHECK(best_five_of(razz, "Xx As 2d 4c 6h") == parse_cards("6h 4c Xx 2d As"));
        // The bug and a wild card are the same in ace-to-five.
        const evaluator<ace_to_five_low, wild> wild_razz{wild{joker_cards()}};
        CHECK(wild_razz.evaluate("Xx As 2d 4c 6h") == razz.evaluate("Xx As 2d 4c 6h"));
    }
    SUBCASE("eight-or-better: the joker helps a low qualify, or not") {
        const evaluator<eight_or_better_low, bug> eight{bug{joker_cards()}};
        CHECK(words(eight, "Xx 3s 5d 7c 8h") == "Eight-seven low (8-7-5-3-A)");
        CHECK(eight.evaluate("Xx 7s 8d 9c Th") == hand_value{0});
        CHECK(words(eight, "Xx 7s 8d 9c Th") == "No qualifying low");
        CHECK(best_five_of(eight, "Xx 7s 8d 9c Th").empty());
    }
    SUBCASE("deuce-to-seven and ace-to-six: a wild card takes another suit and never pairs") {
        const evaluator<deuce_to_seven_low, wild> d27{wild{joker_cards()}};
        CHECK(words(d27, "Xx 7h 5h 4h 3h") == "Number one, seven-five low (7-5-4-3-2)");
        CHECK(d27.category(d27.evaluate("Xx 7h 5h 4h 3h")) == hand_category::high_card);
        CHECK(d27.evaluate("Xx 7h 5h 4h 3h") == d27.evaluate("7h 5h 4h 3h 2c"));
        CHECK(d27.evaluate("Xx 7h 5h 4h 3h") > d27.evaluate("7h 5h 4h 3h 2h"));  // the natural flush
        CHECK(words(d27, "Xx 8s 6d 4c 3h") == "Eight-six low (8-6-4-3-2)");
        CHECK(words(d27, "Xx Xx 8s 6d 4c") == "Eight-six low (8-6-4-3-2)");
        const evaluator<ace_to_six_low, wild> a6{wild{joker_cards()}};
        CHECK(words(a6, "Xx 6h 4h 3h 2h") == "Six-four low (6-4-3-2-A)");
        CHECK(a6.evaluate("Xx 6h 4h 3h 2h") == a6.evaluate("6h 4h 3h 2h Ac"));
        // Deuces wild in deuce-to-seven: a deuce is a deuce when that is best.
        const evaluator<deuce_to_seven_low, wild> deuces{wild{deuces_wild_cards()}};
        CHECK(words(deuces, "2h 7s 5d 4c 3h") == "Number one, seven-five low (7-5-4-3-2)");
    }
}

TEST_CASE("errors") {
    const evaluator<high, wild> deuces{wild{deuces_wild_cards()}};
    SUBCASE("a joker where jokers are not wild") {
        CHECK_THROWS_WITH_AS(deuces.evaluate("Xx As Kd Qh Jc"),
                             "a joker (Xx) that is not wild has no value: \"Xx As Kd Qh Jc\"", hand_error);
        const evaluator<high, wild> one_joker{wild{CardSet{Card::joker(0)}}};
        CHECK_THROWS_WITH_AS(one_joker.evaluate(parse_card_set("Xx Xx As Kd Qh")),
                             "a joker (Xx) that is not wild has no value: \"Xx Xx As Kd Qh\"", hand_error);
        CHECK(one_joker.evaluate(parse_card_set("Xx As Kd Qh Jc")) == one_joker.evaluate("As Kd Qh Jc Tc"));
    }
    SUBCASE("more than ten cards, or fewer than five") {
        CHECK_THROWS_WITH_AS(deuces.evaluate("As Kd Qh Jc Tc 9c 8c 7c 6c 5c 4c"),
                             "a high hand takes 5 to 10 cards, got 11: \"As Kd Qh Jc Tc 9c 8c 7c 6c 5c 4c\"",
                             hand_error);
        CHECK_THROWS_AS(deuces.evaluate(CardSet::standard_deck()), hand_error);
        CHECK_THROWS_WITH_AS(deuces.evaluate("2c 2d 2h 2s"), "a high hand takes 5 to 10 cards, got 4: \"2c 2d 2h 2s\"",
                             hand_error);
        const evaluator<deuce_to_seven_low, wild> d27{wild{joker_cards()}};
        CHECK_THROWS_WITH_AS(d27.evaluate("Xx 7h 5h 4h"), "a deuce-to-seven hand takes 5 to 10 cards, got 4: \"Xx 7h 5h 4h\"",
                             hand_error);
    }
    SUBCASE("a card listed twice") {
        const CardList twice{parse_card("As"), parse_card("2c"), parse_card("Kd"), parse_card("Qh"), parse_card("As")};
        CHECK_THROWS_WITH_AS(deuces.evaluate(twice), "card As appears twice in the hand", hand_error);
    }
    SUBCASE("ten cards are evaluated") {
        const evaluator<high, wild> jokers{wild{joker_cards()}};
        CHECK(words(jokers, "Xx Xx Kc Kd Kh 2c 3d 4h 6s 8c") == "Five kings");
        CHECK(words(deuces, "2c 3d 4h 6s 8c 9d Jh Ks Qd 5c") == "King-high straight");
    }
}

namespace {

// rules::parse with wild options must give the compile-time evaluator E:
// same type, same values, words and best five cards on random hands.
template <class E>
void check_parsed(std::string_view name, const wild_options& options, const E& expected, CardSet deck, std::uint64_t seed) {
    CAPTURE(name);
    const rules r = rules::parse(name, options);
    CHECK(r.name() == name);
    CHECK(r.wild_settings().cards == options.cards);
    CHECK(r.wild_settings().bug == options.bug);
    CHECK(r.wild_settings().double_ace_flush == options.double_ace_flush);
    CHECK(r.visit([](const auto& ev) { return std::is_same_v<std::decay_t<decltype(ev)>, E>; }));
    CHECK(r.visit([&](const auto& ev) {
        if constexpr (requires { ev.wild_cards(); })
            return ev.wild_cards() == expected.wild_cards();
        else
            return false;
    }));
    xoshiro256ss rng{seed};
    std::vector<Card> cards = cards_of(deck);
    int wrong = 0;
    for (int i = 0; i < 2'000; ++i) {
        CardSet hand;
        const int size = 5 + i % 3;
        for (std::size_t k = 0; k < static_cast<std::size_t>(size); ++k) {
            std::swap(cards[k], cards[k + uniform_below(rng, cards.size() - k)]);
            hand |= cards[k];
        }
        const hand_value v = r.evaluate(hand);
        const bool same = v == expected.evaluate(hand) && r.describe(v) == expected.describe(v) &&
                          r.best_five(hand) == expected.best_five(hand) &&
                          r.category_label(v) == expected.category_label(v);
        if (!same && wrong++ < 5) FAIL_CHECK(name << ": " << to_string(hand));
    }
    CHECK(wrong == 0);
}

}  // namespace

TEST_CASE("rules::parse with wild options gives the compile-time evaluators") {
    const CardSet deck = jokers_deck();
    const wild_options deuces{deuces_wild_cards()};
    const wild_options jokers{joker_cards()};
    const wild_options the_bug{.cards = {}, .bug = true};
    const wild_options double_ace{.cards = joker_cards(), .bug = false, .double_ace_flush = true};

    SUBCASE("high") {
        check_parsed("high", deuces, evaluator<high, wild>{wild{deuces_wild_cards()}}, CardSet::standard_deck(), 1);
        check_parsed("high", wild_options{one_eyed_jacks()}, evaluator<high, wild>{wild{one_eyed_jacks()}},
                     CardSet::standard_deck(), 2);
        check_parsed("high", jokers, evaluator<high, wild>{wild{joker_cards()}}, deck, 3);
        check_parsed("high", wild_options{parse_wild_cards("2,jokers")},
                     evaluator<high, wild>{wild{deuces_wild_cards() | joker_cards()}}, deck, 4);
        check_parsed("high", double_ace, evaluator<high, wild_double_ace>{wild_double_ace{joker_cards()}}, deck, 5);
        check_parsed("high", the_bug, evaluator<high, bug>{bug{joker_cards()}}, deck, 6);
        check_parsed("high", wild_options{.cards = joker_cards(), .bug = true}, evaluator<high, bug>{bug{joker_cards()}},
                     deck, 7);
    }
    SUBCASE("video-poker pay tables: jokers alone play joker poker, other wild cards deuces wild") {
        check_parsed("high", wild_options{.cards = deuces_wild_cards(), .paytable = true},
                     evaluator<high, deuces_wild_pay_table>{deuces_wild_pay_table{deuces_wild_cards()}},
                     CardSet::standard_deck(), 17);
        check_parsed("high", wild_options{.cards = joker_cards(), .paytable = true},
                     evaluator<high, joker_poker_pay_table>{joker_poker_pay_table{joker_cards()}}, deck, 18);
    }
    SUBCASE("lowball") {
        check_parsed("ace-to-five", jokers, evaluator<ace_to_five_low, wild>{wild{joker_cards()}}, deck, 8);
        // In ace-to-five the bug is a wild card: the parsed rules use the wild
        // evaluator, whose values are those of evaluator<ace_to_five_low, bug>.
        check_parsed("ace-to-five", the_bug, evaluator<ace_to_five_low, wild>{wild{joker_cards()}}, deck, 9);
        check_parsed("eight-or-better", jokers, evaluator<eight_or_better_low, wild>{wild{joker_cards()}}, deck, 10);
        check_parsed("eight-or-better", the_bug, evaluator<eight_or_better_low, wild>{wild{joker_cards()}}, deck, 11);
        check_parsed("ace-to-six", jokers, evaluator<ace_to_six_low, wild>{wild{joker_cards()}}, deck, 12);
        check_parsed("ace-to-six", deuces, evaluator<ace_to_six_low, wild>{wild{deuces_wild_cards()}},
                     CardSet::standard_deck(), 13);
        check_parsed("deuce-to-seven", jokers, evaluator<deuce_to_seven_low, wild>{wild{joker_cards()}}, deck, 14);
        check_parsed("deuce-to-seven", deuces, evaluator<deuce_to_seven_low, wild>{wild{deuces_wild_cards()}},
                     CardSet::standard_deck(), 15);
        CHECK(rules::parse("eight-or-better", the_bug).has_qualifier());
        CHECK_FALSE(rules::parse("deuce-to-seven", jokers).has_qualifier());
    }
    SUBCASE("the parsed bug in ace-to-five values hands as evaluator<ace_to_five_low, bug> does") {
        const evaluator<ace_to_five_low, bug> bug_razz{bug{joker_cards()}};
        const evaluator<eight_or_better_low, bug> bug_eight{bug{joker_cards()}};
        const rules razz = rules::parse("ace-to-five", the_bug);
        const rules eight = rules::parse("eight-or-better", the_bug);
        xoshiro256ss rng{16};
        int wrong = 0;
        for (int i = 0; i < 2'000; ++i) {
            const CardSet hand = deal<ace_to_five_bug>(rng, 5 + i % 3, i % 4 == 0 ? -1 : 1 + i % 2);
            if ((razz.evaluate(hand) != bug_razz.evaluate(hand) || eight.evaluate(hand) != bug_eight.evaluate(hand)) &&
                wrong++ < 5)
                FAIL_CHECK(to_string(hand));
        }
        CHECK(wrong == 0);
    }
    SUBCASE("no wild options: the natural evaluators") {
        CHECK(rules::parse("high", wild_options{}).visit(
            [](const auto& ev) { return std::is_same_v<std::decay_t<decltype(ev)>, evaluator<high>>; }));
        CHECK_FALSE(wild_options{}.any());
        CHECK(the_bug.any());
        CHECK(double_ace.any());
    }
}

TEST_CASE("rules::parse refuses wild options a ranking has no rule for") {
    SUBCASE("short deck has no wild cards") {
        CHECK_THROWS_WITH_AS(rules::parse("short-deck", wild_options{deuces_wild_cards()}),
                             "wild cards play in high, ace-to-five, eight-or-better, ace-to-six and deuce-to-seven "
                             "rules, not in short-deck",
                             rules_error);
        CHECK_THROWS_WITH_AS(rules::parse("short-deck-wsop", wild_options{joker_cards()}),
                             "wild cards play in high, ace-to-five, eight-or-better, ace-to-six and deuce-to-seven "
                             "rules, not in short-deck-wsop",
                             rules_error);
        CHECK_THROWS_WITH_AS(rules::parse("short-deck", wild_options{.cards = {}, .bug = true}),
                             "the bug plays in high, ace-to-five and eight-or-better rules, not in short-deck",
                             rules_error);
    }
    SUBCASE("the bug plays in high, ace-to-five and eight-or-better only") {
        CHECK_THROWS_WITH_AS(rules::parse("deuce-to-seven", wild_options{.cards = {}, .bug = true}),
                             "the bug plays in high, ace-to-five and eight-or-better rules, not in deuce-to-seven",
                             rules_error);
        CHECK_THROWS_WITH_AS(rules::parse("ace-to-six", wild_options{.cards = joker_cards(), .bug = true}),
                             "the bug plays in high, ace-to-five and eight-or-better rules, not in ace-to-six",
                             rules_error);
    }
    SUBCASE("the bug is a joker, never combined with other wild cards") {
        CHECK_THROWS_WITH_AS(rules::parse("high", wild_options{.cards = deuces_wild_cards(), .bug = true}),
                             "the bug is a joker; it cannot be combined with other wild cards", rules_error);
        CHECK_THROWS_WITH_AS(rules::parse("high", wild_options{.cards = parse_wild_cards("2,jokers"), .bug = true}),
                             "the bug is a joker; it cannot be combined with other wild cards", rules_error);
    }
    SUBCASE("the double-ace flush needs wild cards and a high ranking") {
        CHECK_THROWS_WITH_AS(rules::parse("high", wild_options{.cards = {}, .bug = false, .double_ace_flush = true}),
                             "the double-ace flush needs wild cards (--wild)", rules_error);
        CHECK_THROWS_WITH_AS(rules::parse("high", wild_options{.cards = {}, .bug = true, .double_ace_flush = true}),
                             "the double-ace flush is a rule for wild cards, not for the bug", rules_error);
        CHECK_THROWS_WITH_AS(
            rules::parse("deuce-to-seven", wild_options{.cards = joker_cards(), .bug = false, .double_ace_flush = true}),
            "the double-ace flush is a high-hand rule, not one of deuce-to-seven", rules_error);
        CHECK_THROWS_WITH_AS(
            rules::parse("ace-to-five", wild_options{.cards = deuces_wild_cards(), .bug = false, .double_ace_flush = true}),
            "the double-ace flush is a high-hand rule, not one of ace-to-five", rules_error);
    }
    SUBCASE("the pay tables rank high hands with wild cards") {
        CHECK_THROWS_WITH_AS(rules::parse("high", wild_options{.cards = {}, .paytable = true}),
                             "the pay-table order needs wild cards (--wild)", rules_error);
        CHECK_THROWS_WITH_AS(rules::parse("high", wild_options{.cards = {}, .bug = true, .paytable = true}),
                             "the video-poker pay tables play jokers as wild cards, not as the bug", rules_error);
        CHECK_THROWS_WITH_AS(rules::parse("deuce-to-seven", wild_options{.cards = deuces_wild_cards(), .paytable = true}),
                             "the video-poker pay tables rank high hands, not deuce-to-seven", rules_error);
        CHECK_THROWS_WITH_AS(
            rules::parse("high", wild_options{.cards = deuces_wild_cards(), .double_ace_flush = true, .paytable = true}),
            "the video-poker pay tables have no double-ace flush", rules_error);
    }
    SUBCASE("an unknown name is refused before the wild options are read") {
        CHECK_THROWS_AS(rules::parse("razz", wild_options{joker_cards()}), rules_error);
    }
}

TEST_CASE("parse_wild_cards") {
    SUBCASE("ranks, cards and jokers") {
        CHECK(parse_wild_cards("2") == deuces_wild_cards());
        CHECK(parse_wild_cards("10") == every_suit_of(Rank::ten));
        CHECK(parse_wild_cards("T") == every_suit_of(Rank::ten));
        CHECK(parse_wild_cards("J") == every_suit_of(Rank::jack));
        CHECK(parse_wild_cards("Js,Jh") == one_eyed_jacks());
        CHECK(parse_wild_cards("jokers") == joker_cards());
        CHECK(parse_wild_cards("joker") == joker_cards());
        CHECK(parse_wild_cards("2,jokers") == (deuces_wild_cards() | joker_cards()));
        CHECK(parse_wild_cards(" 2 , jokers ") == (deuces_wild_cards() | joker_cards()));
        CHECK(parse_wild_cards("2,2") == deuces_wild_cards());
        CHECK(parse_wild_cards("Xx") == joker_cards());  // jokers are alike: naming one makes both wild
    }
    SUBCASE("errors quote the bad item and the list") {
        CHECK_THROWS_WITH_AS(parse_wild_cards("Zz"),
                             "unknown wild card \"Zz\" in \"Zz\" (give ranks such as 2, cards such as Js, or the word jokers)",
                             parse_error);
        CHECK_THROWS_WITH_AS(parse_wild_cards("2,,3"), "empty item in the wild-card list \"2,,3\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_wild_cards(""), "empty item in the wild-card list \"\"", parse_error);
        CHECK_THROWS_WITH_AS(parse_wild_cards("2,"), "empty item in the wild-card list \"2,\"", parse_error);
        CHECK_THROWS_AS(parse_wild_cards("2,Jokers!"), parse_error);
    }
}

TEST_CASE("the wild-card sets") {
    CHECK(deuces_wild_cards().size() == 4);
    CHECK(deuces_wild_cards() == every_suit_of(Rank::two));
    CHECK(joker_cards() == CardSet{CardSet::joker_bits});
    CHECK(one_eyed_jacks() == parse_card_set("Js Jh"));
    static_assert(every_suit_of(Rank::ace).size() == 4);
    static_assert(wild_policy<wild> && wild_policy<wild_double_ace> && wild_policy<bug> && wild_policy<no_wild>);
    static_assert(!wild_policy<int>);
    static_assert(wild::kind == substitution::any_card && wild::aces == flush_aces::one);
    static_assert(wild_double_ace::aces == flush_aces::two && bug::kind == substitution::bug);
    const evaluator<high, wild> ev{wild{one_eyed_jacks()}};
    CHECK(ev.wild_cards() == one_eyed_jacks());
}

TEST_CASE("more than ten cards, wild or not, are refused whatever the key's fields hold") {
    // 52 cards and both jokers once wrapped the key's card count round to five.
    const CardSet everything{CardSet::standard_bits | CardSet::joker_bits};
    const evaluator<high, wild> deuces{wild{deuces_wild_cards()}};
    const evaluator<high, wild> jokers{wild{joker_cards()}};
    const evaluator<high, bug> joker_bug{bug{joker_cards()}};
    const evaluator<ace_to_six_low, wild> low{wild{joker_cards()}};
    for (CardSet cards : {everything, everything - parse_card_set("As Ks Qs Js"),
                          CardSet{CardSet::joker_bits} | parse_card_set("2c 2d 2h 2s As Ks Qs Js Ts 9s")}) {
        CAPTURE(to_string(cards));
        CHECK_THROWS_AS(deuces.evaluate(cards), hand_error);
        CHECK_THROWS_AS(jokers.evaluate(cards), hand_error);
        CHECK_THROWS_AS(joker_bug.evaluate(cards), hand_error);
        CHECK_THROWS_AS(low.evaluate(cards), hand_error);
        CHECK_THROWS_AS(jokers.evaluate(Hand{cards}), hand_error);
    }
    CHECK_THROWS_WITH_AS(jokers.evaluate(everything),
                         ("a high hand takes 5 to 10 cards, got 54: \"" + to_string(everything) + "\"").c_str(),
                         hand_error);
}
