// The additive hand key (detail/hand_key.hpp): the half-lane tables give the
// same key as adding the cards one by one, for any set of cards including
// jokers; Hand{set} equals a Hand built card by card; the suit counters' flush
// bits and the card count read back what the cards say; and the rank key of
// every rank multiset of up to 7 cards is the sum of its rank weights, and no
// two collide.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <map>
#include <vector>

#include <doctest/doctest.h>

#include "pokerengine/card_set.hpp"
#include "pokerengine/detail/hand_key.hpp"
#include "pokerengine/evaluator.hpp"
#include "pokerengine/random.hpp"
#include "test_support.hpp"

using namespace pokerengine;

namespace {

// The 52 ordinary cards and the two jokers.
std::array<Card, 54> all_cards() {
    std::array<Card, 54> cards{};
    std::size_t n = 0;
    for (Card c : CardSet::standard_deck()) cards[n++] = c;
    cards[n++] = Card::joker(0);
    cards[n++] = Card::joker(1);
    return cards;
}

// `count` different cards of the 54, jokers included, by a partial Fisher-Yates shuffle.
CardSet random_set(xoshiro256ss& rng, int count) {
    std::array<Card, 54> cards = all_cards();
    CardSet out;
    for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i) {
        std::swap(cards[i], cards[i + uniform_below(rng, 54 - i)]);
        out |= cards[i];
    }
    return out;
}

// The key by definition: the empty hand's key plus each card's key.
std::uint64_t key_by_cards(CardSet cards) {
    std::uint64_t key = detail::empty_hand_key;
    for (Card c : cards) key += detail::card_key(c);
    return key;
}

int suit_count_of(CardSet cards, int suit) { return std::popcount(cards.suit_ranks(static_cast<Suit>(suit))); }

// The flush bit of one suit's counter.
bool flush_bit(std::uint64_t key, int suit) {
    return (key >> (detail::suit_counter_shift + 4 * suit + 3)) & 1;
}

// The suit fields describe the cards only while each fits in its bits: at most
// 12 cards of a suit in a counter that starts at 3. Every hand of up to ten
// cards fits. The count field holds the count of any set of cards.
bool fields_fit(CardSet cards) {
    for (int s = 0; s < suit_count; ++s)
        if (suit_count_of(cards, s) > 12) return false;
    return true;
}

}  // namespace

TEST_CASE("key_of_bits equals the sum of the cards' keys") {
    CHECK(detail::key_of_bits(0) == detail::empty_hand_key);
    CHECK(detail::key_of_bits(CardSet::standard_deck().bits() | CardSet::joker_bits) ==
          key_by_cards(CardSet{CardSet::standard_deck().bits() | CardSet::joker_bits}));

    SUBCASE("every single card, and the card tables agree with card_key") {
        for (Card c : all_cards()) {
            CAPTURE(c);
            CHECK(detail::key_of_bits(CardSet{c}.bits()) == detail::empty_hand_key + detail::card_key(c));
            CHECK(detail::card_keys[c.code()] == detail::card_key(c));
            CHECK(detail::card_entries[c.code()][0] == detail::card_key(c));
            CHECK(detail::card_entries[c.code()][1] == CardSet{c}.bits());
        }
        // Codes that are no card add nothing.
        for (int code = 0; code < 64; ++code)
            if (!Card::is_valid_code(code)) {
                CAPTURE(code);
                CHECK(detail::card_keys[static_cast<std::size_t>(code)] == 0);
                CHECK(detail::card_entries[static_cast<std::size_t>(code)][0] == 0);
                CHECK(detail::card_entries[static_cast<std::size_t>(code)][1] == 0);
            }
    }

    SUBCASE("random sets of 0 to 54 cards, jokers included") {
        xoshiro256ss rng{20'250'101};
        int wrong = 0;
        for (int size = 0; size <= 54; ++size)
            for (int i = 0; i < 400; ++i) {
                const CardSet cards = random_set(rng, size);
                if (detail::key_of_bits(cards.bits()) != key_by_cards(cards) && wrong++ < 10) {
                    INFO("cards: " << to_string(cards));
                    CHECK(detail::key_of_bits(cards.bits()) == key_by_cards(cards));
                }
            }
        CHECK(wrong == 0);
    }

    SUBCASE("a card removed is its key subtracted") {
        xoshiro256ss rng{77};
        int wrong = 0;
        for (int i = 0; i < 2'000; ++i) {
            const CardSet cards = random_set(rng, 1 + static_cast<int>(uniform_below(rng, 54)));
            for (Card c : cards)
                if (detail::key_of_bits((cards - c).bits()) != detail::key_of_bits(cards.bits()) - detail::card_key(c) &&
                    wrong++ < 10)
                    FAIL_CHECK("the key of " << to_string(cards) << " less " << to_string(c) << " is not a subtraction away");
        }
        CHECK(wrong == 0);
    }
}

TEST_CASE("Hand{set} equals a Hand built card by card") {
    xoshiro256ss rng{4'242};
    int wrong = 0;
    for (int size = 0; size <= 54; ++size)
        for (int i = 0; i < 200; ++i) {
            const CardSet cards = random_set(rng, size);
            Hand built;
            for (Card c : cards) built += c;
            const Hand whole{cards};
            if ((whole.key() != built.key() || whole.bits() != built.bits()) && wrong++ < 10) {
                INFO("cards: " << to_string(cards));
                CHECK(whole.key() == built.key());
                CHECK(whole.cards() == built.cards());
            }
            if (whole.cards() != cards && wrong++ < 10) FAIL_CHECK("Hand{set} lost cards: " << to_string(cards));
        }
    CHECK(wrong == 0);

    SUBCASE("in any order, and as a sum of two hands") {
        const CardSet cards = parse_card_set("Xx As Kd 7h 7c 2s");
        Hand backwards;
        const CardList list = by_rank_descending(cards);
        for (auto it = list.rbegin(); it != list.rend(); ++it) backwards += *it;
        CHECK(backwards.key() == Hand{cards}.key());
        const CardSet part = parse_card_set("Xx 7h");
        CHECK((Hand{part} + Hand{cards - part}).key() == Hand{cards}.key());
        CHECK((Hand{part} + Hand{cards - part}).cards() == cards);
    }
}

TEST_CASE("flush bits are set exactly when a suit holds five or more cards") {
    SUBCASE("examples") {
        const std::uint64_t four = detail::key_of_bits(parse_card_set("As Ks Qs Js Ah Kh Qh Jh 2c").bits());
        CHECK((four & detail::flush_bits) == 0);
        const std::uint64_t five = detail::key_of_bits(parse_card_set("As Ks Qs Js 2s Ah Kh").bits());
        CHECK((five & detail::flush_bits) != 0);
        CHECK(flush_bit(five, static_cast<int>(Suit::spades)));
        CHECK_FALSE(flush_bit(five, static_cast<int>(Suit::hearts)));
        CHECK(detail::flush_suit(five) == static_cast<int>(Suit::spades));
        const std::uint64_t twelve = detail::key_of_bits(
            (CardSet{CardSet::standard_bits & 0xfffULL}).bits());  // clubs 2..K
        CHECK(flush_bit(twelve, static_cast<int>(Suit::clubs)));
        CHECK((twelve & detail::flush_bits) == (1ULL << (detail::suit_counter_shift + 3)));
    }

    SUBCASE("random sets whose fields fit") {
        xoshiro256ss rng{5'555};
        int wrong = 0, checked = 0;
        for (int size = 0; size <= 54; ++size)
            for (int i = 0; i < 400; ++i) {
                const CardSet cards = random_set(rng, size);
                if (!fields_fit(cards)) continue;
                ++checked;
                const std::uint64_t key = detail::key_of_bits(cards.bits());
                for (int s = 0; s < suit_count; ++s)
                    if (flush_bit(key, s) != (suit_count_of(cards, s) >= 5) && wrong++ < 10) {
                        INFO("cards: " << to_string(cards));
                        CAPTURE(static_cast<Suit>(s));
                        CHECK(flush_bit(key, s) == (suit_count_of(cards, s) >= 5));
                    }
                // flush_suit names the lowest suit with five or more cards.
                for (int s = 0; s < suit_count; ++s)
                    if (suit_count_of(cards, s) >= 5) {
                        if (detail::flush_suit(key) != s && wrong++ < 10)
                            FAIL_CHECK("flush_suit " << detail::flush_suit(key) << " for " << to_string(cards));
                        break;
                    }
            }
        CHECK(wrong == 0);
        CHECK(checked > 10'000);  // most sets up to 40-odd cards fit
    }

    SUBCASE("every hand of up to ten natural cards") {
        xoshiro256ss rng{10};
        int wrong = 0;
        for (int size = 0; size <= 10; ++size)
            for (int i = 0; i < 5'000; ++i) {
                const CardSet cards = testing::random_cards(rng, size);
                const std::uint64_t key = Hand{cards}.key();
                for (int s = 0; s < suit_count; ++s)
                    if (flush_bit(key, s) != (suit_count_of(cards, s) >= 5)) ++wrong;
            }
        CHECK(wrong == 0);
    }
}

TEST_CASE("key_card_count counts natural cards plus 8 per joker") {
    CHECK(detail::key_card_count(detail::empty_hand_key) == 0);
    CHECK(detail::key_card_count(detail::key_of_bits(parse_card_set("As Kd Qh Jc Ts 9s 8s").bits())) == 7);
    CHECK(detail::key_card_count(detail::key_of_bits(parse_card_set("Xx").bits())) == 8);
    CHECK(detail::key_card_count(detail::key_of_bits(parse_card_set("Xx Xx As Kd Qh").bits())) == 19);
    // Twelve of each suit is as far as the suit counters go exactly (see fields_fit).
    const CardSet no_aces = CardSet::standard_deck() - parse_card_set("Ac Ad Ah As");
    CHECK(detail::key_card_count(detail::key_of_bits(no_aces.bits())) == 48);

    xoshiro256ss rng{8};
    int wrong = 0;
    for (int size = 0; size <= 54; ++size)
        for (int i = 0; i < 400; ++i) {
            const CardSet cards = random_set(rng, size);
            if (!fields_fit(cards)) continue;
            const int expected = cards.size() - cards.joker_count() + 8 * cards.joker_count();
            if (detail::key_card_count(detail::key_of_bits(cards.bits())) != expected && wrong++ < 10)
                FAIL_CHECK("count " << detail::key_card_count(detail::key_of_bits(cards.bits())) << " for "
                                    << to_string(cards));
        }
    CHECK(wrong == 0);
}

// Checked independently of the engine's tables: every multiset of up to 7
// ranks (at most four of each) is listed by brute force, its key is built from
// card keys, and must equal sum(count[r] * weight[r]) computed here; the test
// counts the keys and checks that none repeats, among the hands of 5 to 7 cards
// (the natural tables) and among all of up to 7 (the natural part of a hand
// with wild cards).
TEST_CASE("rank keys: the sum of the rank weights, distinct for every multiset of up to 7 cards") {
    std::map<int, long> multisets_of_size;
    std::vector<std::uint64_t> keys, keys_of_any_size;
    int wrong = 0;
    std::array<int, rank_count> count{};

    const auto check_multiset = [&](int size) {
        ++multisets_of_size[size];
        std::uint64_t expected = 0;
        // The count and suit fields, added here field by field.
        std::uint64_t other_fields = detail::empty_hand_key + (static_cast<std::uint64_t>(size) << detail::card_count_shift);
        Hand hand;
        for (std::size_t r = 0; r < count.size(); ++r) {
            expected += static_cast<std::uint64_t>(count[r]) * detail::rank_weights[r];
            for (int s = 0; s < count[r]; ++s) {
                hand += Card{static_cast<Rank>(r), static_cast<Suit>(s)};
                other_fields += 1ULL << (detail::suit_counter_shift + 4 * s);
            }
        }
        const std::uint64_t rank_key = hand.key() & detail::rank_key_mask;
        keys_of_any_size.push_back(rank_key);
        if (size >= 5) keys.push_back(rank_key);
        if (rank_key != expected && wrong++ < 10)
            FAIL_CHECK("rank key " << rank_key << ", expected " << expected << ", for " << to_string(hand.cards()));
        // Nothing carries out of the rank field into the others.
        if ((hand.key() & ~detail::rank_key_mask) != other_fields && wrong++ < 10)
            FAIL_CHECK("fields above the rank key disturbed for " << to_string(hand.cards()));
    };
    // Every count[r] in 0..4 with a total of at most 7, rank by rank.
    const auto choose_counts = [&](auto& self, std::size_t rank, int size) -> void {
        if (rank == count.size()) {
            check_multiset(size);
            return;
        }
        for (int n = 0; n <= 4 && size + n <= 7; ++n) {
            count[rank] = n;
            self(self, rank + 1, size + n);
        }
        count[rank] = 0;
    };
    choose_counts(choose_counts, 0, 0);

    CHECK(wrong == 0);
    CHECK(multisets_of_size[5] == 6'175);
    CHECK(multisets_of_size[6] == 18'395);
    CHECK(multisets_of_size[7] == 49'205);
    std::sort(keys.begin(), keys.end());
    CHECK(keys.size() == 73'775);
    CHECK(std::adjacent_find(keys.begin(), keys.end()) == keys.end());
    std::sort(keys_of_any_size.begin(), keys_of_any_size.end());
    CHECK(keys_of_any_size.size() == 76'155);
    CHECK(std::adjacent_find(keys_of_any_size.begin(), keys_of_any_size.end()) == keys_of_any_size.end());
    // With w wild cards (the natural part holding at most 7 - w cards), the
    // natural key plus w wild weights is distinct from every other such sum:
    // one table serves every wild count.
    std::vector<std::uint64_t> wild_keys;
    std::vector<std::vector<std::uint64_t>> by_size(8);
    const auto list_by_size = [&](auto& self, std::size_t rank, int size, std::uint64_t key) -> void {
        if (rank == count.size()) {
            by_size[static_cast<std::size_t>(size)].push_back(key);
            return;
        }
        for (int n = 0; n <= 4 && size + n <= 7; ++n)
            self(self, rank + 1, size + n, key + static_cast<std::uint64_t>(n) * detail::rank_weights[rank]);
    };
    list_by_size(list_by_size, 0, 0, 0);
    for (std::uint64_t w = 0; w <= 7; ++w)
        for (std::size_t size = 0; size + w <= 7; ++size)
            for (std::uint64_t k : by_size[size]) wild_keys.push_back(k + w * detail::wild_rank_weight);
    std::sort(wild_keys.begin(), wild_keys.end());
    CHECK(wild_keys.size() == 114'720);
    CHECK(std::adjacent_find(wild_keys.begin(), wild_keys.end()) == wild_keys.end());
    CHECK(wild_keys.back() <= detail::rank_key_mask);
    // The largest possible rank key, four of each rank, still fits the 32-bit field.
    std::uint64_t largest = 0;
    for (int r = 0; r < rank_count; ++r) largest += 4 * detail::rank_weight(r);
    CHECK(largest <= detail::rank_key_mask);
}

TEST_CASE("the card count never wraps: no set of cards reads as a hand of 5 to 10") {
    const CardSet everything{CardSet::standard_bits | CardSet::joker_bits};
    // 52 cards and two jokers counting 8 each; the full suit counters carry
    // upwards, away from the count below them.
    CHECK(detail::key_card_count(detail::key_of_bits(everything.bits())) == 52 + 16);
    CHECK(detail::key_card_count(Hand{everything}.key()) == 68);
    xoshiro256ss rng{54};
    int wrong = 0;
    for (int size = 11; size <= 54; ++size)
        for (int i = 0; i < 200; ++i) {
            const CardSet cards = random_set(rng, size);
            const int expected = cards.size() + 7 * cards.joker_count();
            const int count = detail::key_card_count(detail::key_of_bits(cards.bits()));
            // Exact unless a suit holds all 13 cards; never less.
            if ((fields_fit(cards) ? count != expected : count < expected) && wrong++ < 10)
                FAIL_CHECK("count " << count << " for " << to_string(cards));
        }
    CHECK(wrong == 0);
}
