// The slow wild-card checks: deuces wild over all 133,784,560 seven-card
// hands, and every five-card hand of each wild-card combination, each against
// the brute-force reference (reference_wild.hpp).

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include "pokerengine/evaluator.hpp"
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

hand_category as_engine(rw::kind k) { return static_cast<hand_category>(static_cast<int>(k)); }

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

// Engine values against reference keys: equal values have equal keys, and
// sorted by key the values strictly increase; each value's shape is the key's.
class order_census {
public:
    void add(hand_value v, const rw::hand_key& key, CardSet cards) {
        auto [it, fresh] = key_of_value_.try_emplace(v.value, key);
        if (!fresh && it->second != key && problems_.size() < 10)
            problems_.push_back("value " + std::to_string(v.value) + " given to " + to_string(cards) + " (" +
                                text_of(key) + ") and to " + text_of(it->second));
        if (!fresh && it->second != key) ++problem_count_;
    }

    template <class E>
    void check(const E& ev) const {
        for (const std::string& p : problems_) FAIL_CHECK(p);
        CHECK(problem_count_ == 0);
        std::vector<std::pair<rw::hand_key, std::uint32_t>> order;
        for (const auto& [value, key] : key_of_value_) order.emplace_back(key, value);
        std::sort(order.begin(), order.end());
        int failures = 0;
        for (std::size_t i = 1; i < order.size(); ++i)
            if ((order[i - 1].first >= order[i].first || order[i - 1].second >= order[i].second) && failures++ < 10)
                FAIL_CHECK("reference " << text_of(order[i - 1].first) << " then " << text_of(order[i].first)
                                        << ", fast values " << order[i - 1].second << " then " << order[i].second);
        CHECK(failures == 0);
        int wrong = 0;
        for (const auto& [key, value] : order) {
            if (value == 0) continue;
            const hand_shape shape = ev.shape(hand_value{value});
            if ((shape.category != as_engine(key.category) || shape.ranks != as_engine(key.reading)) && wrong++ < 10)
                FAIL_CHECK("value " << value << ": " << ev.describe(hand_value{value}) << "; reference " << text_of(key));
        }
        CHECK(wrong == 0);
    }

private:
    std::unordered_map<std::uint32_t, rw::hand_key> key_of_value_;
    std::vector<std::string> problems_;
    long problem_count_ = 0;
};

}  // namespace

// Deuces wild, seven cards. Published: B. Alspach, "Wild Cards in Profusion:
// Part 2" (Poker Digest 5(9), 2002) counts 609,760 seven-card hands holding
// five of a kind with four wild cards of one rank; five of a kind is the top
// hand, so that is the engine's five-of-a-kind count. No published table of
// the other categories was found; they are checked by the reference, on every
// 1,000th hand in enumeration order, and by simple facts: every hand with
// four deuces is five of a kind (the three natural cards hold a rank for
// them), every hand is counted once, and every category occurs.
//
// The counts below were first produced by this enumeration; they are pinned
// so that a change shows. Three rows are known independently: five of a kind
// (Alspach, above); high card, derived by hand: no deuce (a deuce pairs the
// top card), seven different ranks from 3 to A with no five in a row (666 of
// the C(12,7) = 792 rank sets, counted by listing them) in the
// 4^7 - 4 * (C(7,5) * 9 + C(7,6) * 3 + 1) = 15,540 suitings with no five of
// a suit: 666 * 15,540 = 10,349,640; and the hands holding four deuces,
// C(48,3) = 17,296, all five of a kind.
constexpr category_counts deuces_wild_seven{10'349'640, 36'920'040, 19'491'840, 20'151'920, 19'388'800, 7'993'600,
                                            9'421'824,  7'504'920,  1'552'732,  399'484,    609'760};
static_assert(sum(deuces_wild_seven) == 133'784'560);

TEST_CASE("deuces wild: every seven-card hand") {
    const evaluator<high, wild> ev{wild{deuces_wild_cards()}};
    const std::vector<Card> deck(CardSet::standard_deck().begin(), CardSet::standard_deck().end());
    std::vector<long> per_value(evaluator<high, wild>::distinct_values + 1, 0);
    std::array<category_counts, 5> by_deuces{};
    std::array<std::vector<long>, 5> per_value_by_deuces;
    for (auto& v : per_value_by_deuces) v.assign(evaluator<high, wild>::distinct_values + 1, 0);
    order_census sample;
    long hands = 0, sampled = 0;
    const std::size_t n = deck.size();
    for (std::size_t a = 0; a < n; ++a) {
        const CardSet s1{deck[a]};
        for (std::size_t b = a + 1; b < n; ++b) {
            const CardSet s2 = s1 | deck[b];
            for (std::size_t c = b + 1; c < n; ++c) {
                const CardSet s3 = s2 | deck[c];
                for (std::size_t d = c + 1; d < n; ++d) {
                    const CardSet s4 = s3 | deck[d];
                    for (std::size_t e = d + 1; e < n; ++e) {
                        const CardSet s5 = s4 | deck[e];
                        for (std::size_t f = e + 1; f < n; ++f) {
                            const CardSet s6 = s5 | deck[f];
                            const int deuces6 = (s6 & deuces_wild_cards()).size();
                            for (std::size_t g = f + 1; g < n; ++g) {
                                const CardSet s7 = s6 | deck[g];
                                const hand_value v = ev.evaluate(s7);
                                const int deuces = deuces6 + (deck[g].rank() == Rank::two ? 1 : 0);
                                ++per_value_by_deuces[static_cast<std::size_t>(deuces)][v.value];
                                if (hands++ % 1'000 == 0) {
                                    sample.add(v, rw::evaluate(rw::rules{}, s7, deuces_wild_cards()), s7);
                                    ++sampled;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    for (std::size_t d = 0; d < 5; ++d)
        for (std::uint32_t v = 1; v < per_value.size(); ++v) {
            const long count = per_value_by_deuces[d][v];
            per_value[v] += count;
            by_deuces[d][static_cast<std::size_t>(ev.category(hand_value{v}))] += count;
        }
    category_counts by_category{};
    for (const auto& row : by_deuces)
        for (std::size_t k = 0; k < row.size(); ++k) by_category[k] += row[k];

    // The table game's categories; the pay-table ones never occur here.
    constexpr int table_categories = static_cast<int>(hand_category::five_of_a_kind) + 1;
    CHECK(hands == 133'784'560);
    CHECK(by_category == deuces_wild_seven);
    for (const auto& row : per_value_by_deuces) CHECK(row[0] == 0);  // 0 is below every hand: never given
    long total = 0;
    for (long c : by_category) total += c;
    CHECK(total == 133'784'560);
    CHECK(by_category[static_cast<std::size_t>(hand_category::five_of_a_kind)] == 609'760);
    for (int k = 0; k < category_count; ++k) {
        CAPTURE(static_cast<hand_category>(k));
        if (k < table_categories)
            CHECK(by_category[static_cast<std::size_t>(k)] > 0);
        else
            CHECK(by_category[static_cast<std::size_t>(k)] == 0);
    }
    // Hands by their number of deuces: C(4,d) * C(48,7-d).
    const std::array<long, 5> with_deuces{73'629'072, 4 * 12'271'512, 6 * 1'712'304, 4 * 194'580, 17'296};
    for (std::size_t d = 0; d < 5; ++d) {
        long row = 0;
        for (long c : by_deuces[d]) row += c;
        CAPTURE(d);
        CHECK(row == with_deuces[d]);
    }
    CHECK(by_deuces[4][static_cast<std::size_t>(hand_category::five_of_a_kind)] == 17'296);
    // A deuce always pairs the top card: a high-card hand holds no deuce, and
    // two pair needs none either (with one, trips are better).
    for (std::size_t d = 1; d < 5; ++d) {
        CHECK(by_deuces[d][static_cast<std::size_t>(hand_category::high_card)] == 0);
        CHECK(by_deuces[d][static_cast<std::size_t>(hand_category::two_pair)] == 0);
    }
    CHECK(sampled == 133'785);
    sample.check(ev);
}

namespace {

// A wild-card combination: evaluator, reference rules, wild cards and deck.
template <class E>
struct combination {
    const char* name;
    E ev;
    rw::rules rules;
    CardSet wild_cards;
    CardSet deck;
};

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

// Every five-card hand of the deck against the reference, which runs once
// per class of hands (above).
template <class E>
void check_every_five_card_hand(const combination<E>& c) {
    CAPTURE(c.name);
    const std::vector<Card> deck(c.deck.begin(), c.deck.end());
    const std::size_t n = deck.size();
    std::unordered_map<std::uint64_t, rw::hand_key> reference_of_class;
    order_census order;
    long hands = 0;
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b)
            for (std::size_t d = b + 1; d < n; ++d)
                for (std::size_t e = d + 1; e < n; ++e)
                    for (std::size_t f = e + 1; f < n; ++f) {
                        const std::array<Card, 5> five{deck[a], deck[b], deck[d], deck[e], deck[f]};
                        const CardSet cards = CardSet{five[0]} | five[1] | five[2] | five[3] | five[4];
                        ++hands;
                        const std::uint64_t cls = reference_class(five, c.wild_cards);
                        auto found = reference_of_class.find(cls);
                        if (found == reference_of_class.end())
                            found = reference_of_class.emplace(cls, rw::evaluate(c.rules, cards, c.wild_cards)).first;
                        order.add(c.ev.evaluate(cards), found->second, cards);
                    }
    const long size = static_cast<long>(n);
    CHECK(hands == size * (size - 1) * (size - 2) * (size - 3) * (size - 4) / 120);
    order.check(c.ev);
}

}  // namespace

TEST_CASE("every five-card hand of each wild-card combination is ordered as the reference orders it") {
    using R = rw::ranking;
    using S = rw::substitution;
    const CardSet deck52 = CardSet::standard_deck();
    const CardSet deck54 = deck52 | joker_cards();
    const CardSet jokers = joker_cards();
    SUBCASE("high") {
        check_every_five_card_hand(combination<evaluator<high, wild>>{
            "jokers wild", evaluator<high, wild>{wild{jokers}}, {R::high, S::any_card}, jokers, deck54});
        check_every_five_card_hand(combination<evaluator<high, wild>>{
            "one-eyed jacks", evaluator<high, wild>{wild{one_eyed_jacks()}}, {R::high, S::any_card}, one_eyed_jacks(), deck52});
        check_every_five_card_hand(combination<evaluator<high, wild>>{
            "deuces and jokers", evaluator<high, wild>{wild{deuces_wild_cards() | jokers}}, {R::high, S::any_card},
            deuces_wild_cards() | jokers, deck54});
        check_every_five_card_hand(combination<evaluator<high, bug>>{
            "the bug", evaluator<high, bug>{bug{jokers}}, {R::high, S::bug}, jokers, deck54});
        check_every_five_card_hand(combination<evaluator<high, wild_double_ace>>{
            "double-ace, jokers", evaluator<high, wild_double_ace>{wild_double_ace{jokers}}, {R::high, S::double_ace},
            jokers, deck54});
        check_every_five_card_hand(combination<evaluator<high, wild_double_ace>>{
            "double-ace, deuces", evaluator<high, wild_double_ace>{wild_double_ace{deuces_wild_cards()}},
            {R::high, S::double_ace}, deuces_wild_cards(), deck52});
    }
    SUBCASE("lowball") {
        check_every_five_card_hand(combination<evaluator<ace_to_five_low, bug>>{
            "ace-to-five, the bug", evaluator<ace_to_five_low, bug>{bug{jokers}}, {R::ace_to_five, S::bug}, jokers, deck54});
        check_every_five_card_hand(combination<evaluator<eight_or_better_low, wild>>{
            "eight-or-better, jokers", evaluator<eight_or_better_low, wild>{wild{jokers}}, {R::eight_or_better, S::any_card},
            jokers, deck54});
        check_every_five_card_hand(combination<evaluator<eight_or_better_low, bug>>{
            "eight-or-better, the bug", evaluator<eight_or_better_low, bug>{bug{jokers}}, {R::eight_or_better, S::bug},
            jokers, deck54});
        check_every_five_card_hand(combination<evaluator<ace_to_six_low, wild>>{
            "ace-to-six, jokers", evaluator<ace_to_six_low, wild>{wild{jokers}}, {R::ace_to_six, S::any_card}, jokers, deck54});
        check_every_five_card_hand(combination<evaluator<deuce_to_seven_low, wild>>{
            "deuce-to-seven, jokers", evaluator<deuce_to_seven_low, wild>{wild{jokers}}, {R::deuce_to_seven, S::any_card},
            jokers, deck54});
        check_every_five_card_hand(combination<evaluator<deuce_to_seven_low, wild>>{
            "deuce-to-seven, deuces", evaluator<deuce_to_seven_low, wild>{wild{deuces_wild_cards()}},
            {R::deuce_to_seven, S::any_card}, deuces_wild_cards(), deck52});
    }
}
