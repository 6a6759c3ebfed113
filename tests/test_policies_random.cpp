// Slow suite: for every ranking and wild-card policy, half a million random
// six-card and half a million random seven-card hands (fixed seeds), each evaluated
// by the fast evaluator and by an independent brute-force reference, must be
// ordered the same way by both.
//
// The references: reference_evaluator.hpp for high hands,
// reference_lowball.hpp for short deck (both orders) and the lowball
// rankings, reference_wild.hpp for wild cards, the double-ace flush and the
// bug. The video-poker pay-table orders (deuces_wild_pay_table,
// joker_poker_pay_table) are not here: reference_wild.hpp has no pay-table
// order, only the table game's, so it cannot say how they rank; test_wild.cpp
// checks their published five-card rows.
//
// "The same order" is checked as in test_rankings.cpp and test_wild.cpp: each
// fast value seen must stand for one reference key only, and with the
// (reference key, fast value) pairs sorted by key the values must strictly
// increase, so equal keys have equal values and a better key a higher value.
// Each value's category and ranks read back from the engine must also be the
// reference's.
//
// Hands are dealt uniformly from the policy's deck (36 cards for short deck,
// 53 or 54 with jokers). Each policy and size runs on two threads, each
// dealing half the hands from its own fixed seed; the threads only collect
// pairs, all checks run on the main thread after they are merged.

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include "pokerengine/evaluator.hpp"
#include "pokerengine/wild.hpp"
#include "reference_evaluator.hpp"
#include "reference_lowball.hpp"
#include "reference_wild.hpp"
#include "test_support.hpp"

using namespace pokerengine;
namespace rh = pokerengine::reference;
namespace rl = pokerengine::reference_lowball;
namespace rw = pokerengine::reference_wild;

namespace {

constexpr long hands_per_policy_and_size = 500'000;
constexpr int threads = 2;

// What a value should read back as: category and ranks in reading order, or
// nothing for "no qualifying low" (value 0).
using expected_shape = std::optional<hand_shape>;

// The references read an ace as 1 (played low) or 14.
std::array<Rank, 5> as_engine(const std::array<int, 5>& reading) {
    std::array<Rank, 5> out{};
    for (std::size_t i = 0; i < 5; ++i)
        out[i] = reading[i] == 1 || reading[i] == 14 ? Rank::ace : static_cast<Rank>(reading[i] - 2);
    return out;
}

std::string words(hand_category category, const std::array<int, 5>& reading) {
    std::string out(category_name(category));
    for (std::size_t i = 0; i < 5; ++i) {
        out += i ? '-' : ' ';
        out += "?A23456789TJQKA"[reading[i]];
    }
    return out;
}

// The three references behind one interface: the key type, the key of a
// hand, the key in words and the shape it names.

// High hands: reference_evaluator.hpp.
struct high_reference {
    using key_type = rh::hand_key;
    static key_type evaluate(CardSet cards) { return rh::evaluate(cards); }
    static hand_category category(const key_type& k) { return static_cast<hand_category>(static_cast<int>(k.kind)); }
    static std::string text(const key_type& k) { return words(category(k), k.ranks); }
    static expected_shape shape(const key_type& k) { return hand_shape{category(k), as_engine(k.ranks)}; }
};
static_assert(static_cast<int>(rh::category::royal_flush) == static_cast<int>(hand_category::royal_flush));

// Short deck and the lowball rankings: reference_lowball.hpp.
template <rl::rules Rules>
struct lowball_reference {
    using key_type = rl::hand_key;
    static key_type evaluate(CardSet cards) { return rl::evaluate(Rules, cards); }
    static hand_category category(const key_type& k) { return static_cast<hand_category>(static_cast<int>(k.category)); }
    static std::string text(const key_type& k) {
        return k.qualifies ? words(category(k), k.reading) : std::string("no qualifying low");
    }
    static expected_shape shape(const key_type& k) {
        if (!k.qualifies) return std::nullopt;
        return hand_shape{category(k), as_engine(k.reading)};
    }
};
static_assert(static_cast<int>(rl::kind::royal_flush) == static_cast<int>(hand_category::royal_flush));

// Wild cards: reference_wild.hpp, with the policy's wild cards.
template <rw::ranking Ranking, rw::substitution Substitution, class Cards>
struct wild_reference {
    using key_type = rw::hand_key;
    static key_type evaluate(CardSet cards) { return rw::evaluate(rw::rules{Ranking, Substitution}, cards, Cards::wild()); }
    static hand_category category(const key_type& k) { return static_cast<hand_category>(static_cast<int>(k.category)); }
    static std::string text(const key_type& k) {
        return k.qualifies ? words(category(k), k.reading) : std::string("no qualifying low");
    }
    static expected_shape shape(const key_type& k) {
        if (!k.qualifies) return std::nullopt;
        return hand_shape{category(k), as_engine(k.reading)};
    }
};
static_assert(static_cast<int>(rw::kind::five_of_a_kind) == static_cast<int>(hand_category::five_of_a_kind));

// Decks and wild cards.
CardSet short_deck_cards() {
    CardSet out;
    for (Card c : CardSet::standard_deck())
        if (c.rank() >= Rank::six) out |= c;
    return out;
}
struct standard_deck {
    static CardSet deck() { return CardSet::standard_deck(); }
};
struct deuces : standard_deck {
    static CardSet wild() { return deuces_wild_cards(); }
};
struct eyed_jacks : standard_deck {
    static CardSet wild() { return one_eyed_jacks(); }
};
// Both jokers, 54 cards.
struct two_jokers {
    static CardSet wild() { return joker_cards(); }
    static CardSet deck() { return CardSet::standard_deck() | joker_cards(); }
};
// One joker, 53 cards; both joker cards are declared wild, only one is dealt.
struct one_joker {
    static CardSet wild() { return joker_cards(); }
    static CardSet deck() { return CardSet::standard_deck() | Card::joker(0); }
};

// A policy under test: its name, the fast evaluator, its deck and its reference.
template <class Evaluator, class Reference>
struct natural_policy {
    using evaluator_type = Evaluator;
    using reference = Reference;
    static evaluator_type make() { return evaluator_type{}; }
};

struct p_high : natural_policy<high_evaluator, high_reference>, standard_deck {
    static constexpr const char* name = "high";
};
struct p_short_deck : natural_policy<short_deck_evaluator, lowball_reference<rl::rules::short_deck>> {
    static constexpr const char* name = "short deck (Six-Plus/Triton order)";
    static CardSet deck() { return short_deck_cards(); }
};
struct p_short_deck_wsop : natural_policy<evaluator<short_deck_wsop>, lowball_reference<rl::rules::short_deck_wsop>> {
    static constexpr const char* name = "short deck (WSOP order)";
    static CardSet deck() { return short_deck_cards(); }
};
struct p_ace_to_five : natural_policy<ace_to_five_evaluator, lowball_reference<rl::rules::ace_to_five>>, standard_deck {
    static constexpr const char* name = "ace-to-five low";
};
struct p_eight_or_better
    : natural_policy<eight_or_better_evaluator, lowball_reference<rl::rules::eight_or_better>>, standard_deck {
    static constexpr const char* name = "eight-or-better low";
};
struct p_ace_to_six : natural_policy<ace_to_six_evaluator, lowball_reference<rl::rules::ace_to_six>>, standard_deck {
    static constexpr const char* name = "ace-to-six low";
};
struct p_deuce_to_seven
    : natural_policy<deuce_to_seven_evaluator, lowball_reference<rl::rules::deuce_to_seven>>, standard_deck {
    static constexpr const char* name = "deuce-to-seven low";
};

// Wild policies: the evaluator, built with the wild cards of `Cards`, dealt from its deck.
template <class Evaluator, class Wild, rw::ranking Ranking, rw::substitution Substitution, class Cards>
struct wild_policy_of : Cards {
    using evaluator_type = Evaluator;
    using reference = wild_reference<Ranking, Substitution, Cards>;
    static evaluator_type make() {
        if constexpr (std::is_default_constructible_v<Evaluator>)
            return evaluator_type{};  // a named evaluator: its own wild cards, checked below
        else
            return evaluator_type{Wild{Cards::wild()}};
    }
};

using R = rw::ranking;
using S = rw::substitution;

struct p_deuces_wild : wild_policy_of<deuces_wild_evaluator, wild, R::high, S::any_card, deuces> {
    static constexpr const char* name = "high, deuces wild";
};
struct p_one_eyed_jacks : wild_policy_of<evaluator<high, wild>, wild, R::high, S::any_card, eyed_jacks> {
    static constexpr const char* name = "high, one-eyed jacks wild";
};
struct p_jokers_wild : wild_policy_of<jokers_wild_evaluator, wild, R::high, S::any_card, two_jokers> {
    static constexpr const char* name = "high, two jokers wild (54 cards)";
};
struct p_double_ace : wild_policy_of<evaluator<high, wild_double_ace>, wild_double_ace, R::high, S::double_ace, two_jokers> {
    static constexpr const char* name = "high, two jokers wild, double-ace flush (54 cards)";
};
struct p_bug_one : wild_policy_of<joker_draw_evaluator, bug, R::high, S::bug, one_joker> {
    static constexpr const char* name = "high, one joker as the bug (53 cards)";
};
struct p_bug_two : wild_policy_of<joker_draw_evaluator, bug, R::high, S::bug, two_jokers> {
    static constexpr const char* name = "high, two jokers as the bug (54 cards)";
};
struct p_ace_to_five_bug
    : wild_policy_of<evaluator<ace_to_five_low, bug>, bug, R::ace_to_five, S::bug, two_jokers> {
    static constexpr const char* name = "ace-to-five low, two jokers as the bug (54 cards)";
};
struct p_eight_or_better_jokers
    : wild_policy_of<evaluator<eight_or_better_low, wild>, wild, R::eight_or_better, S::any_card, two_jokers> {
    static constexpr const char* name = "eight-or-better low, two jokers wild (54 cards)";
};
struct p_ace_to_six_jokers
    : wild_policy_of<evaluator<ace_to_six_low, wild>, wild, R::ace_to_six, S::any_card, two_jokers> {
    static constexpr const char* name = "ace-to-six low, two jokers wild (54 cards)";
};
struct p_deuce_to_seven_jokers
    : wild_policy_of<evaluator<deuce_to_seven_low, wild>, wild, R::deuce_to_seven, S::any_card, two_jokers> {
    static constexpr const char* name = "deuce-to-seven low, two jokers wild (54 cards)";
};

// What one thread saw: for each fast value, the reference key of the first
// hand given it and that hand; the first few disagreements in words.
template <class P>
struct census {
    using key_type = typename P::reference::key_type;
    struct seen {
        bool any = false;
        key_type key{};
        CardSet example;
    };
    std::vector<seen> by_value = std::vector<seen>(P::evaluator_type::distinct_values + 1);
    std::vector<std::string> problems;
    long problem_count = 0;
    long hands = 0;

    void problem(std::string text) {
        if (problems.size() < 10) problems.push_back(std::move(text));
        ++problem_count;
    }
    static std::string hand_text(CardSet cards, const key_type& key) {
        return to_string(cards) + " (reference: " + P::reference::text(key) + ")";
    }
    void add(std::uint32_t value, const key_type& key, CardSet cards) {
        if (value >= by_value.size()) {
            problem("value " + std::to_string(value) + " out of range for " + hand_text(cards, key));
            return;
        }
        seen& s = by_value[value];
        if (!s.any) {
            s = {true, key, cards};
        } else if (s.key != key) {
            problem("value " + std::to_string(value) + " given to " + hand_text(cards, key) + " and to " +
                    hand_text(s.example, s.key));
        }
    }
    void merge(const census& other) {
        hands += other.hands;
        problem_count += other.problem_count - static_cast<long>(other.problems.size());
        for (const std::string& p : other.problems) problem(p);
        for (std::size_t v = 0; v < by_value.size(); ++v)
            if (other.by_value[v].any) add(static_cast<std::uint32_t>(v), other.by_value[v].key, other.by_value[v].example);
    }
};

// `count` hands of `size` cards from the policy's deck by a partial
// Fisher-Yates shuffle, each evaluated by the engine and the reference.
template <class P>
void deal_and_compare(census<P>& out, std::uint64_t seed, long count, int size) {
    const auto ev = P::make();
    const CardSet deck_set = P::deck();
    std::vector<Card> deck(deck_set.begin(), deck_set.end());
    xoshiro256ss rng{seed};
    for (long i = 0; i < count; ++i) {
        CardSet cards;
        for (std::size_t j = 0; j < static_cast<std::size_t>(size); ++j) {
            std::swap(deck[j], deck[j + uniform_below(rng, deck.size() - j)]);
            cards |= deck[j];
        }
        const hand_value fast = ev.evaluate(cards);
        out.add(fast.value, P::reference::evaluate(cards), cards);
        ++out.hands;
    }
}

// Thread t deals hands of `size` cards from seed 1000 * size + t, so every
// policy dealt from the same deck sees the same hands.
constexpr std::uint64_t seed_of(int size, int t) {
    return 1'000 * static_cast<std::uint64_t>(size) + static_cast<std::uint64_t>(t);
}

template <class P>
void check_random_hands(int size) {
    using key_type = typename P::reference::key_type;
    const auto ev = P::make();
    const auto start = std::chrono::steady_clock::now();

    // Half the hands on each thread, each from its own fixed seed.
    std::array<census<P>, threads> parts;
    std::array<std::exception_ptr, threads> errors;
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&, t] {
            try {
                const long count = hands_per_policy_and_size / threads + (t < hands_per_policy_and_size % threads ? 1 : 0);
                deal_and_compare<P>(parts[static_cast<std::size_t>(t)], seed_of(size, t), count, size);
            } catch (...) {
                errors[static_cast<std::size_t>(t)] = std::current_exception();
            }
        });
    for (std::thread& w : workers) w.join();
    for (const std::exception_ptr& e : errors)
        if (e) std::rethrow_exception(e);
    census<P>& all = parts[0];
    for (std::size_t t = 1; t < parts.size(); ++t) all.merge(parts[t]);

    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    MESSAGE(std::string(P::name) << ", " << size << " cards: " << all.hands << " hands compared in " << seconds << " s");
    CHECK(all.hands == hands_per_policy_and_size);

    // Each value stands for one reference key.
    for (const std::string& p : all.problems) FAIL_CHECK(p);
    CHECK(all.problem_count == 0);

    // Sorted by key, the values strictly increase.
    std::vector<std::pair<key_type, std::uint32_t>> order;
    for (std::uint32_t v = 0; v < all.by_value.size(); ++v)
        if (all.by_value[v].any) order.emplace_back(all.by_value[v].key, v);
    std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    int failures = 0;
    for (std::size_t i = 1; i < order.size(); ++i) {
        const auto& [key_before, value_before] = order[i - 1];
        const auto& [key, value] = order[i];
        if ((key_before >= key || value_before >= value) && failures++ < 10)
            FAIL_CHECK("the fast order differs from the reference order: "
                       << census<P>::hand_text(all.by_value[value_before].example, key_before) << " has fast value "
                       << value_before << ", " << census<P>::hand_text(all.by_value[value].example, key)
                       << " has fast value " << value);
    }
    CHECK(failures == 0);
    CHECK(order.size() > 1);

    // Each value reads back as the reference's category and ranks.
    int wrong = 0;
    for (const auto& [key, value] : order) {
        const expected_shape expected = P::reference::shape(key);
        if (!expected) {
            if (value != 0 && wrong++ < 10) FAIL_CHECK("value " << value << " for no qualifying low");
            continue;
        }
        const hand_shape shape = ev.shape(hand_value{value});
        if (shape != *expected && wrong++ < 10)
            FAIL_CHECK("value " << value << " (" << ev.describe(hand_value{value}) << ") of "
                                << census<P>::hand_text(all.by_value[value].example, key));
    }
    CHECK(wrong == 0);
}

}  // namespace

TYPE_TO_STRING(p_high);
TYPE_TO_STRING(p_short_deck);
TYPE_TO_STRING(p_short_deck_wsop);
TYPE_TO_STRING(p_ace_to_five);
TYPE_TO_STRING(p_eight_or_better);
TYPE_TO_STRING(p_ace_to_six);
TYPE_TO_STRING(p_deuce_to_seven);
TYPE_TO_STRING(p_deuces_wild);
TYPE_TO_STRING(p_one_eyed_jacks);
TYPE_TO_STRING(p_jokers_wild);
TYPE_TO_STRING(p_double_ace);
TYPE_TO_STRING(p_bug_one);
TYPE_TO_STRING(p_bug_two);
TYPE_TO_STRING(p_ace_to_five_bug);
TYPE_TO_STRING(p_eight_or_better_jokers);
TYPE_TO_STRING(p_ace_to_six_jokers);
TYPE_TO_STRING(p_deuce_to_seven_jokers);

TEST_CASE("the named wild-card evaluators hold the wild cards the references are given") {
    CHECK(deuces_wild_evaluator{}.wild_cards() == deuces::wild());
    CHECK(jokers_wild_evaluator{}.wild_cards() == two_jokers::wild());
    CHECK(joker_draw_evaluator{}.wild_cards() == two_jokers::wild());
}

TEST_CASE_TEMPLATE("half a million random six- and seven-card hands are ordered as the reference orders them", P, p_high,
                   p_short_deck, p_short_deck_wsop, p_ace_to_five, p_eight_or_better, p_ace_to_six, p_deuce_to_seven,
                   p_deuces_wild, p_one_eyed_jacks, p_jokers_wild, p_double_ace, p_bug_one, p_bug_two,
                   p_ace_to_five_bug, p_eight_or_better_jokers, p_ace_to_six_jokers, p_deuce_to_seven_jokers) {
    SUBCASE("six cards") { check_random_hands<P>(6); }
    SUBCASE("seven cards") { check_random_hands<P>(7); }
}
