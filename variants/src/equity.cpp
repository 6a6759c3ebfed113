#include "pokerengine/equity.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <ctime>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include <boost/container/static_vector.hpp>

#include "pokerengine/checkpoint.hpp"
#include "pokerengine/random.hpp"
#include "pokerengine/thread_pool.hpp"

namespace pokerengine {
namespace {

using big = boost::multiprecision::cpp_int;

constexpr int max_players = 10;
// Pot shares are counted in whole units: 5040 divides evenly by every number
// of winners up to 10, and each half of a split pot is 2520 units.
constexpr std::uint64_t pot_units = 5040;
constexpr std::uint64_t half_units = pot_units / 2;

// The natural evaluator of a ranking: stateless, so one serves every caller.
template <ranking_policy R>
inline constexpr evaluator<R> natural{};

// The cards of `bits` in code order; returns how many.
int cards_of(std::uint64_t bits, std::array<Card, 64>& out) {
    int n = 0;
    for (Card c : CardSet{bits}) out[static_cast<std::size_t>(n++)] = c;
    return n;
}

// The cards of `bits` as one-card hands, in code order; returns how many.
int hands_of(std::uint64_t bits, std::array<Hand, 64>& out) {
    int n = 0;
    for (Card c : CardSet{bits}) out[static_cast<std::size_t>(n++)] = Hand{} + c;
    return n;
}

// ---------------------------------------------------------------------------
// Each half's rule as a fast evaluation of a board and a hand, each a Hand.

template <class Rule>
struct fast_rule {
    static constexpr bool supported = false;
};

// The best five of all seven cards (hold'em, short deck, stud, razz).
template <ranking_policy R>
struct fast_rule<best_of_all<evaluator<R, no_wild>>> {
    static constexpr bool supported = true;
    static constexpr bool needs_seven_cards = true;
    struct prepared {
        Hand board;
    };
    static prepared prepare(const Hand& board) { return {board}; }
    static std::uint32_t value(const prepared& p, const Hand& hole) {
        return natural<R>.template evaluate_as<7>(p.board + hole).value;
    }
};

// Omaha: two of the hole cards and three of the five board cards.
template <ranking_policy R, int HoleCards>
struct fast_rule<two_plus_three<R, HoleCards>> {
    static constexpr bool supported = true;
    static constexpr bool needs_seven_cards = false;
    struct prepared {
        std::array<Hand, 10> triples;
        bool no_low = false;  // eight-or-better: fewer than three low ranks on the board
    };
    static prepared prepare(const Hand& board) {
        std::array<Card, 5> card{};
        std::size_t n = 0;
        for (Card c : board.cards()) {
            if (n == card.size()) break;
            card[n++] = c;
        }
        prepared p{};
        std::size_t t = 0;
        for (std::size_t i = 0; i < 5; ++i)
            for (std::size_t j = i + 1; j < 5; ++j)
                for (std::size_t k = j + 1; k < 5; ++k) p.triples[t++] = Hand{} + card[i] + card[j] + card[k];
        if constexpr (std::same_as<R, eight_or_better_low>) {
            constexpr std::uint64_t ace_to_eight = 0x107FULL * 0x0001'0001'0001'0001ULL;  // A and 2 to 8, every suit
            const std::uint64_t low = board.bits() & ace_to_eight;
            const std::uint64_t ranks = (low | low >> 16 | low >> 32 | low >> 48) & 0x1FFF;
            p.no_low = std::popcount(ranks) < 3;
        }
        return p;
    }
    static std::uint32_t value(const prepared& p, const Hand& hole) {
        if (p.no_low) return 0;
        std::array<Card, HoleCards> card{};
        std::size_t n = 0;
        for (Card c : hole.cards()) {
            if (n == card.size()) break;
            card[n++] = c;
        }
        std::uint32_t best = 0;
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = i + 1; j < n; ++j) {
                const Hand pair = Hand{} + card[i] + card[j];
                for (const Hand& triple : p.triples)
                    best = std::max(best, natural<R>.template evaluate_as<5>(triple + pair).value);
            }
        return best;
    }
};

template <class Rule>
constexpr bool rule_supported() {
    if constexpr (std::same_as<Rule, no_hand>)
        return true;
    else
        return fast_rule<Rule>::supported;
}

template <class G>
constexpr bool game_supported() {
    return G::traits.family != game_family::draw && rule_supported<typename G::high_hand>() &&
           rule_supported<typename G::low_hand>();
}

// ---------------------------------------------------------------------------
// Tallies: integer counts, so an enumeration's answer is exact.

// Adds `scale(x)` of every per-player sum of `from` to `to` (integer tallies,
// or sums weighted by the probability of each hand combination).
template <class To, class From, class Scale>
void add_sums(To& to, const From& from, int players, Scale scale) {
    to.deals += scale(from.deals);
    for (std::size_t i = 0; i < static_cast<std::size_t>(players); ++i) {
        to.win[i] += scale(from.win[i]);
        to.tie[i] += scale(from.tie[i]);
        to.pot[i] += scale(from.pot[i]);
        to.high[i] += scale(from.high[i]);
        to.low[i] += scale(from.low[i]);
    }
}

struct tallies {
    std::uint64_t deals = 0;
    std::array<std::uint64_t, max_players> win{}, tie{}, pot{}, high{}, low{}, pot_squares{};

    void add(const tallies& o, int players) {
        add_sums(*this, o, players, [](std::uint64_t x) { return x; });
        for (std::size_t i = 0; i < static_cast<std::size_t>(players); ++i) pot_squares[i] += o.pot_squares[i];
    }
};

// The same sums weighted by the probability of each hand combination.
struct weighted_tallies {
    double deals = 0;
    std::array<double, max_players> win{}, tie{}, pot{}, high{}, low{};

    void add(const tallies& t, double weight, int players) {
        add_sums(*this, t, players, [weight](std::uint64_t x) { return weight * static_cast<double>(x); });
    }
    void add(const weighted_tallies& o, int players) {
        add_sums(*this, o, players, [](double x) { return x; });
    }
};

// One deal's cards: the board and each hand.
struct deal_cards {
    Hand board;
    std::array<Hand, max_players> hole;
};

// What the deals of one run came to. A game with one winner per pot counts
// deals by the set of players who share it (one counter per subset of players:
// one increment per deal), and turns the counts into tallies at the end.
struct outcome_counts {
    std::vector<std::uint64_t> by_winners;  // indexed by the bit mask of the winners
    tallies direct;                         // split games count here directly

    explicit outcome_counts(int players) : by_winners(std::size_t{1} << players) {}

    void add(const outcome_counts& o) {
        for (std::size_t m = 0; m < by_winners.size(); ++m) by_winners[m] += o.by_winners[m];
        direct.add(o.direct, std::countr_zero(by_winners.size()));
    }

    tallies folded(int players) const {
        tallies t = direct;
        for (std::size_t mask = 1; mask < by_winners.size(); ++mask) {
            const std::uint64_t n = by_winners[mask];
            if (n == 0) continue;
            const int winners = std::popcount(mask);
            const std::uint64_t share = pot_units / static_cast<std::uint64_t>(winners);
            t.deals += n;
            for (int i = 0; i < players; ++i) {
                if (!((mask >> i) & 1)) continue;
                t.pot[static_cast<std::size_t>(i)] += n * share;
                t.pot_squares[static_cast<std::size_t>(i)] += n * share * share;
                (winners == 1 ? t.win : t.tie)[static_cast<std::size_t>(i)] += n;
            }
        }
        return t;
    }
};

// Settles one deal: evaluates every hand and counts each player's share.
template <class G>
struct settler {
    using high_rule = typename G::high_hand;
    using low_rule = typename G::low_hand;
    static constexpr bool has_high = !std::same_as<high_rule, no_hand>;
    static constexpr bool has_low = !std::same_as<low_rule, no_hand>;
    static constexpr bool split = has_high && has_low;
    // A game with one rule settles the whole pot by it, high or low.
    using main_rule = std::conditional_t<has_high, high_rule, low_rule>;

    int players = 2;

    void operator()(const deal_cards& deal, outcome_counts& counts) const {
        const auto main_prepared = fast_rule<main_rule>::prepare(deal.board);
        if constexpr (!split) {
            // Heads-up, the common case: 1, 2 or 3 for the first, the second or both.
            if (players == 2) {
                const std::uint32_t a = fast_rule<main_rule>::value(main_prepared, deal.hole[0]);
                const std::uint32_t b = fast_rule<main_rule>::value(main_prepared, deal.hole[1]);
                ++counts.by_winners[std::size_t{a >= b} | (std::size_t{b >= a} << 1)];
                return;
            }
        }
        std::array<std::uint32_t, max_players> main_value{};
        std::uint32_t best = 0;
        for (int i = 0; i < players; ++i) {
            main_value[i] = fast_rule<main_rule>::value(main_prepared, deal.hole[i]);
            best = std::max(best, main_value[i]);
        }
        if constexpr (!split) {
            std::size_t mask = 0;
            for (int i = 0; i < players; ++i) mask |= std::size_t{main_value[i] == best} << i;
            ++counts.by_winners[mask];
        } else {
            tallies& t = counts.direct;
            std::uint64_t winners = 0;
            for (int i = 0; i < players; ++i) winners += main_value[i] == best;
            ++t.deals;
            std::array<std::uint32_t, max_players> low_value{};
            const auto low_prepared = fast_rule<low_rule>::prepare(deal.board);
            std::uint32_t best_low = 0;
            for (int i = 0; i < players; ++i) {
                low_value[i] = fast_rule<low_rule>::value(low_prepared, deal.hole[i]);
                best_low = std::max(best_low, low_value[i]);
            }
            std::uint64_t low_winners = 0;
            if (best_low != 0)
                for (int i = 0; i < players; ++i) low_winners += low_value[i] == best_low;
            const std::uint64_t high_share = half_units / winners;
            const std::uint64_t low_share = low_winners ? half_units / low_winners : 0;
            for (int i = 0; i < players; ++i) {
                std::uint64_t share = 0;
                if (main_value[i] == best) {
                    t.high[i] += high_share;
                    share += low_winners ? high_share : 2 * high_share;
                }
                if (low_winners && low_value[i] == best_low) {
                    t.low[i] += low_share;
                    share += low_share;
                }
                t.pot[i] += share;
                t.pot_squares[i] += share * share;
                if (share == pot_units)
                    ++t.win[i];
                else if (share != 0)
                    ++t.tie[i];
            }
        }
    }
};

// ---------------------------------------------------------------------------
// Enumeration of the cards still to come.

// Every K-card subset of cards[start..n), each added to `sum`: nested loops,
// one Hand addition per level.
template <int K, class F>
inline void subsets_from(const Hand* cards, int start, int n, Hand sum, F& f) {
    if constexpr (K == 0) {
        f(sum);
    } else {
        for (int i = start; i <= n - K; ++i) subsets_from<K - 1>(cards, i + 1, n, sum + cards[i], f);
    }
}

// Every `k`-card subset whose first card has index in [first, last).
template <class F>
void for_each_subset(int k, const Hand* cards, int n, int first, int last, Hand sum, F& f) {
    auto from = [&]<int K>() {
        if constexpr (K == 0) {
            f(sum);
        } else {
            for (int i = first; i < last && i <= n - K; ++i) subsets_from<K - 1>(cards, i + 1, n, sum + cards[i], f);
        }
    };
    switch (k) {
        case 0:
            from.template operator()<0>();
            break;
        case 1:
            from.template operator()<1>();
            break;
        case 2:
            from.template operator()<2>();
            break;
        case 3:
            from.template operator()<3>();
            break;
        case 4:
            from.template operator()<4>();
            break;
        case 5:
            from.template operator()<5>();
            break;
        case 6:
            from.template operator()<6>();
            break;
        case 7:
            from.template operator()<7>();
            break;
        default:
            throw game_error("cannot deal " + std::to_string(k) + " unknown cards to one place");
    }
}

// A place unknown cards go to: the board (index -1) or a player's hand.
struct slot {
    int player = -1;
    int count = 0;
};

// ---------------------------------------------------------------------------
// Boards by rank first: for the best five of seven cards with only the board
// unknown (hold'em, short deck). A player's hand depends on the board's suits
// only when it makes a flush, and that needs enough board cards of one suit.
// So every multiset of board ranks is settled once, by ranks alone, and
// counted as many times as there are ways to pick those ranks from the cards
// left; then the boards on which someone makes a flush are dealt card by card,
// each adding its real outcome and taking back the outcome of its ranks. The
// counts are the same integers as dealing every board.

// The parts a hand combination's boards are split into for threads: one per
// lowest rank of the rank pass, then one per suit and first card of that suit
// of the flush pass.
constexpr int rank_first_parts = 13 + 4 * 13;

template <ranking_policy R>
class rank_first {
public:
    // Takes one hand combination; false when a suit already gives a player
    // five cards of it with the board still to come (the plain way is then as quick).
    bool prepare(const Hand& board, const Hand* hole, int players, std::uint64_t available, int unknown) {
        players_ = players;
        unknown_ = unknown;
        board_ = board;
        board_ranks_ = RankHand{board};
        for (int i = 0; i < players; ++i) {
            hole_[static_cast<std::size_t>(i)] = hole[i];
            hole_ranks_[static_cast<std::size_t>(i)] = RankHand{hole[i]};
        }
        for (int s = 0; s < 4; ++s) {
            int most = 0;
            for (int i = 0; i < players; ++i)
                most = std::max(most, std::popcount((hole[i].bits() >> (16 * s)) & 0x1FFF));
            need_[static_cast<std::size_t>(s)] = 5 - most - std::popcount((board.bits() >> (16 * s)) & 0x1FFF);
            if (need_[static_cast<std::size_t>(s)] <= 0) return false;
            suit_count_[static_cast<std::size_t>(s)] = 0;
            for (Card c : CardSet{available & (0x1FFFULL << (16 * s))})
                suit_cards_[static_cast<std::size_t>(s)][static_cast<std::size_t>(suit_count_[static_cast<std::size_t>(s)]++)] =
                    Hand{} + c;
        }
        for (int r = 0; r < 13; ++r) {
            int n = 0;
            for (int s = 0; s < 4; ++s) n += static_cast<int>((available >> (16 * s + r)) & 1);
            copies_[static_cast<std::size_t>(r)] = n;
        }
        available_ = available;
        return true;
    }

    // Counts the boards of one part into `by_winners` (modulo 2^64: a part of
    // the flush pass takes back counts that the rank pass adds).
    void run(int part, std::uint64_t* by_winners) const {
        if (part < 13)
            rank_part(part, by_winners);
        else
            flush_part((part - 13) / 13, (part - 13) % 13, (part - 13) % 13 + 1, by_winners);
    }
    // All parts.
    void run(std::uint64_t* by_winners) const {
        for (int r = 0; r < 13; ++r) rank_part(r, by_winners);
        for (int s = 0; s < 4; ++s) flush_part(s, 0, 13, by_winners);
    }

private:
    static constexpr std::uint64_t choose(int n, int k) {
        constexpr std::array<std::array<std::uint64_t, 5>, 5> c{
            {{1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}}};
        return c[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
    }

    // The rank multisets whose lowest rank is `r`.
    void rank_part(int r, std::uint64_t* by_winners) const {
        const int n = copies_[static_cast<std::size_t>(r)];
        RankHand sum = board_ranks_;
        for (int m = 1; m <= std::min(n, unknown_); ++m) {
            sum += static_cast<Rank>(r);
            const std::uint64_t weight = choose(n, m);
            if (m == unknown_)
                settle_ranks(sum, weight, by_winners);
            else
                rank_pass(r + 1, unknown_ - m, sum, weight, by_winners);
        }
    }

    // The flush boards of suit `s` whose first card of that suit is one of
    // cards [first, last) of it.
    void flush_part(int s, int first, int last, std::uint64_t* by_winners) const {
        const auto su = static_cast<std::size_t>(s);
        if (need_[su] > unknown_ || first >= suit_count_[su]) return;
        std::array<Hand, 64> others{};
        const int other_count = hands_of(available_ & ~(0x1FFFULL << (16 * s)), others);
        for (int j = need_[su]; j <= std::min(unknown_, suit_count_[su]); ++j) {
            auto with_others = [&](Hand suited) {
                auto leaf = [&](Hand all) { settle_flush(s, all, by_winners); };
                for_each_subset(unknown_ - j, others.data(), other_count, 0, 64, suited, leaf);
            };
            for_each_subset(j, suit_cards_[su].data(), suit_count_[su], first, last, board_, with_others);
        }
    }

    void rank_pass(int from, int left, RankHand sum, std::uint64_t weight, std::uint64_t* by_winners) const {
        for (int r = from; r < 13; ++r) {
            const int n = copies_[static_cast<std::size_t>(r)];
            RankHand more = sum;
            for (int m = 1; m <= std::min(n, left); ++m) {
                more += static_cast<Rank>(r);
                const std::uint64_t w = weight * choose(n, m);
                if (m == left)
                    settle_ranks(more, w, by_winners);
                else
                    rank_pass(r + 1, left - m, more, w, by_winners);
            }
        }
    }

    // A board with no flush for anyone: its value is that of its ranks.
    void settle_ranks(RankHand board, std::uint64_t weight, std::uint64_t* by_winners) const {
        if (players_ == 2) {
            const std::uint32_t a = natural<R>.template evaluate_ranks<7>(board + hole_ranks_[0]).value;
            const std::uint32_t b = natural<R>.template evaluate_ranks<7>(board + hole_ranks_[1]).value;
            by_winners[std::size_t{a >= b} | (std::size_t{b >= a} << 1)] += weight;
            return;
        }
        std::array<std::uint32_t, max_players> value{};
        std::uint32_t best = 0;
        for (std::size_t i = 0; i < static_cast<std::size_t>(players_); ++i) {
            value[i] = natural<R>.template evaluate_ranks<7>(board + hole_ranks_[i]).value;
            best = std::max(best, value[i]);
        }
        std::size_t mask = 0;
        for (std::size_t i = 0; i < static_cast<std::size_t>(players_); ++i) mask |= std::size_t{value[i] == best} << i;
        by_winners[mask] += weight;
    }

    // A board on which some player holds five of suit `s`: counted as it is,
    // and taken back from the count of its ranks.
    void settle_flush(int s, const Hand& board, std::uint64_t* by_winners) const {
        // Boards with enough cards of an earlier suit were that suit's.
        const std::uint64_t dealt = board.bits() & ~board_.bits();
        for (int e = 0; e < s; ++e)
            if (std::popcount((dealt >> (16 * e)) & 0x1FFF) >= need_[static_cast<std::size_t>(e)]) return;
        constexpr const evaluator<R>& ev = natural<R>;
        if (players_ == 2) {
            const Hand a = board + hole_[0], b = board + hole_[1];
            const std::uint32_t a_ranks = ev.template evaluate_ranks<7>(RankHand{a}).value;
            const std::uint32_t b_ranks = ev.template evaluate_ranks<7>(RankHand{b}).value;
            const std::uint32_t a_real = ev.template evaluate_as<7>(a).value;
            const std::uint32_t b_real = ev.template evaluate_as<7>(b).value;
            ++by_winners[std::size_t{a_real >= b_real} | (std::size_t{b_real >= a_real} << 1)];
            --by_winners[std::size_t{a_ranks >= b_ranks} | (std::size_t{b_ranks >= a_ranks} << 1)];
            return;
        }
        std::array<std::uint32_t, max_players> real{}, ranks{};
        std::uint32_t best_real = 0, best_ranks = 0;
        for (std::size_t i = 0; i < static_cast<std::size_t>(players_); ++i) {
            const Hand all = board + hole_[i];
            ranks[i] = ev.template evaluate_ranks<7>(RankHand{all}).value;
            real[i] = ev.template evaluate_as<7>(all).value;
            best_real = std::max(best_real, real[i]);
            best_ranks = std::max(best_ranks, ranks[i]);
        }
        std::size_t real_mask = 0, ranks_mask = 0;
        for (std::size_t i = 0; i < static_cast<std::size_t>(players_); ++i) {
            real_mask |= std::size_t{real[i] == best_real} << i;
            ranks_mask |= std::size_t{ranks[i] == best_ranks} << i;
        }
        ++by_winners[real_mask];
        --by_winners[ranks_mask];
    }

    int players_ = 0, unknown_ = 0;
    Hand board_;
    RankHand board_ranks_;
    std::array<Hand, max_players> hole_{};
    std::array<RankHand, max_players> hole_ranks_{};
    std::array<int, 4> need_{}, suit_count_{};
    std::array<std::array<Hand, 13>, 4> suit_cards_{};
    std::array<int, 13> copies_{};
    std::uint64_t available_ = 0;
};

// ---------------------------------------------------------------------------
// The calculation for one game.

struct seat {
    std::vector<weighted_combo> combos;  // the known cards (empty sets when all are dealt)
    std::vector<double> cumulative;      // running sums of the weights, for sampling
    int unknown = 0;                     // cards dealt at random
};

struct problem {
    int players = 0;
    std::vector<seat> seats;
    CardSet deck;  // cards that may still be dealt: the game's deck minus board and dead cards
    CardSet full_deck;  // the game's deck
    CardSet board;
    int board_unknown = 0;
    std::vector<slot> slots;  // board first, then players, those with unknown cards only
};

// Visits every combination of one combo per seat with no card shared, in order:
// f(indices, weight, used_cards). Stops early and returns false if f does.
template <class F>
bool for_each_tuple(const problem& p, F&& f) {
    std::array<int, max_players> index{};
    std::array<std::uint64_t, max_players + 1> used{};
    std::array<double, max_players + 1> weight{};
    weight[0] = 1;
    int level = 0;
    index[0] = -1;
    while (level >= 0) {
        const seat& s = p.seats[static_cast<std::size_t>(level)];
        int& i = index[static_cast<std::size_t>(level)];
        ++i;
        if (i >= static_cast<int>(s.combos.size())) {
            --level;
            continue;
        }
        const weighted_combo& c = s.combos[static_cast<std::size_t>(i)];
        if (c.cards.bits() & used[static_cast<std::size_t>(level)]) continue;
        used[static_cast<std::size_t>(level) + 1] = used[static_cast<std::size_t>(level)] | c.cards.bits();
        weight[static_cast<std::size_t>(level) + 1] = weight[static_cast<std::size_t>(level)] * c.weight;
        if (level + 1 == p.players) {
            if (!f(index, weight[static_cast<std::size_t>(level) + 1], used[static_cast<std::size_t>(level) + 1]))
                return false;
        } else {
            ++level;
            index[static_cast<std::size_t>(level)] = -1;
        }
    }
    return true;
}

// Omaha boards by rank first, with one or two board cards to come. A
// two-plus-three hand is a flush only with two hole cards and three board
// cards of one suit, so the same two passes apply: each multiset of the
// cards to come's ranks is settled once (every player's best of 60 lookups on
// ranks alone, kept for the second pass), and a board with three cards of a
// suit that some player holds two of is counted again, each player's value the
// better of that of its ranks and that of its flushes.
template <ranking_policy R, int HoleCards>
class omaha_rank_first {
public:
    bool prepare(const Hand& board, const Hand* hole, int players, std::uint64_t available, int unknown) {
        if (unknown < 1 || unknown > 2) return false;
        players_ = players;
        unknown_ = unknown;
        board_bits_ = board.bits();
        std::array<Card, 64> known{};
        known_ = cards_of(board.bits(), known);
        for (int i = 0; i < known_; ++i) known_ranks_[static_cast<std::size_t>(i)] = known[static_cast<std::size_t>(i)].rank();
        for (int i = 0; i < players; ++i) {
            std::array<Card, 64> cards{};
            const int n = cards_of(hole[i].bits(), cards);
            if (n != HoleCards) return false;
            std::size_t k = 0;
            for (int a = 0; a < n; ++a)
                for (int b = a + 1; b < n; ++b)
                    pairs_[static_cast<std::size_t>(i)][k++] =
                        RankHand{} + cards[static_cast<std::size_t>(a)].rank() + cards[static_cast<std::size_t>(b)].rank();
            hole_bits_[static_cast<std::size_t>(i)] = hole[i].bits();
        }
        for (int s = 0; s < 4; ++s) {
            bool two = false;
            for (int i = 0; i < players; ++i) two = two || std::popcount((hole[i].bits() >> (16 * s)) & 0x1FFF) >= 2;
            const int on_board = std::popcount((board.bits() >> (16 * s)) & 0x1FFF);
            need_[static_cast<std::size_t>(s)] = two ? 3 - on_board : 99;
            if (need_[static_cast<std::size_t>(s)] <= 0) return false;
        }
        for (int r = 0; r < 13; ++r) {
            int n = 0;
            for (int s = 0; s < 4; ++s) n += static_cast<int>((available >> (16 * s + r)) & 1);
            copies_[static_cast<std::size_t>(r)] = n;
        }
        available_ = available;
        return true;
    }

    void run(std::uint64_t* by_winners) const {
        // Each player's value on the ranks of the cards to come, by their ranks r1 <= r2.
        std::vector<std::array<std::uint32_t, 169>> values(static_cast<std::size_t>(players_));
        for (int r1 = 0; r1 < 13; ++r1) {
            const int c1 = copies_[static_cast<std::size_t>(r1)];
            if (c1 == 0) continue;
            const auto rank1 = static_cast<Rank>(r1);
            if (unknown_ == 1) {
                settle_ranks({rank1}, r1 * 13, static_cast<std::uint64_t>(c1), values, by_winners);
                continue;
            }
            if (c1 >= 2)
                settle_ranks({rank1, rank1}, r1 * 13 + r1, static_cast<std::uint64_t>(c1 * (c1 - 1) / 2), values,
                             by_winners);
            for (int r2 = r1 + 1; r2 < 13; ++r2) {
                const int c2 = copies_[static_cast<std::size_t>(r2)];
                if (c2 > 0)
                    settle_ranks({rank1, static_cast<Rank>(r2)}, r1 * 13 + r2, static_cast<std::uint64_t>(c1 * c2),
                                 values, by_winners);
            }
        }
        std::array<Card, 64> cards{};
        const int n = cards_of(available_, cards);
        for (int a = 0; a < n; ++a) {
            if (unknown_ == 1) {
                settle_flush({cards[static_cast<std::size_t>(a)]}, values, by_winners);
                continue;
            }
            for (int b = a + 1; b < n; ++b)
                settle_flush({cards[static_cast<std::size_t>(a)], cards[static_cast<std::size_t>(b)]}, values,
                             by_winners);
        }
    }

private:
    static constexpr std::size_t pair_count = HoleCards * (HoleCards - 1) / 2;
    using new_ranks = boost::container::static_vector<Rank, 2>;
    using new_cards = boost::container::static_vector<Card, 2>;

    // The ranks of the 10 three-card parts of the board: the known cards and `more`.
    void triples(const new_ranks& more, std::array<RankHand, 10>& out) const {
        std::array<Rank, 5> rank{};
        for (int i = 0; i < known_; ++i) rank[static_cast<std::size_t>(i)] = known_ranks_[static_cast<std::size_t>(i)];
        for (std::size_t i = 0; i < more.size(); ++i) rank[static_cast<std::size_t>(known_) + i] = more[i];
        std::size_t t = 0;
        for (std::size_t i = 0; i < 5; ++i)
            for (std::size_t j = i + 1; j < 5; ++j)
                for (std::size_t k = j + 1; k < 5; ++k) out[t++] = RankHand{} + rank[i] + rank[j] + rank[k];
    }

    static std::size_t winners(const std::array<std::uint32_t, max_players>& value, int players) {
        std::uint32_t best = 0;
        for (int i = 0; i < players; ++i) best = std::max(best, value[static_cast<std::size_t>(i)]);
        std::size_t mask = 0;
        for (int i = 0; i < players; ++i) mask |= std::size_t{value[static_cast<std::size_t>(i)] == best} << i;
        return mask;
    }

    void settle_ranks(const new_ranks& more, int index, std::uint64_t weight,
                      std::vector<std::array<std::uint32_t, 169>>& values, std::uint64_t* by_winners) const {
        std::array<RankHand, 10> triple{};
        triples(more, triple);
        std::array<std::uint32_t, max_players> value{};
        for (std::size_t i = 0; i < static_cast<std::size_t>(players_); ++i) {
            std::uint32_t best = 0;
            for (std::size_t p = 0; p < pair_count; ++p)
                for (const RankHand& t : triple)
                    best = std::max(best, natural<R>.template evaluate_ranks<5>(t + pairs_[i][p]).value);
            value[i] = best;
            values[i][static_cast<std::size_t>(index)] = best;
        }
        by_winners[winners(value, players_)] += weight;
    }

    // A board on which some player may make a flush: counted as it is, and
    // taken back from the count of its ranks.
    void settle_flush(const new_cards& more, const std::vector<std::array<std::uint32_t, 169>>& values,
                      std::uint64_t* by_winners) const {
        std::uint64_t bits = board_bits_;
        for (Card c : more) bits |= CardSet{c}.bits();
        std::uint64_t flush_suits = 0;  // suits with three board cards that count
        for (int s = 0; s < 4; ++s)
            if (need_[static_cast<std::size_t>(s)] != 99 && std::popcount((bits >> (16 * s)) & 0x1FFF) >= 3)
                flush_suits |= 0x1FFFULL << (16 * s);
        if (!flush_suits) return;
        int r1 = static_cast<int>(more[0].rank()), r2 = more.size() == 2 ? static_cast<int>(more[1].rank()) : 0;
        if (more.size() == 2 && r2 < r1) std::swap(r1, r2);
        const auto index = static_cast<std::size_t>(more.size() == 2 ? r1 * 13 + r2 : r1 * 13);
        std::array<Card, 64> board{};
        const int n = cards_of(bits & flush_suits, board);
        std::array<std::uint32_t, max_players> real{}, ranks{};
        for (std::size_t i = 0; i < static_cast<std::size_t>(players_); ++i) {
            ranks[i] = real[i] = values[i][index];
            std::array<Card, 64> hole{};
            const int h = cards_of(hole_bits_[i] & flush_suits, hole);
            // Two hole cards and three board cards, all of one suit.
            for (int a = 0; a < h; ++a)
                for (int b = a + 1; b < h; ++b) {
                    const Suit suit = hole[static_cast<std::size_t>(a)].suit();
                    if (hole[static_cast<std::size_t>(b)].suit() != suit) continue;
                    const Hand two = Hand{} + hole[static_cast<std::size_t>(a)] + hole[static_cast<std::size_t>(b)];
                    for (int x = 0; x < n; ++x)
                        for (int y = x + 1; y < n; ++y)
                            for (int z = y + 1; z < n; ++z) {
                                const Card cx = board[static_cast<std::size_t>(x)], cy = board[static_cast<std::size_t>(y)],
                                           cz = board[static_cast<std::size_t>(z)];
                                if (cx.suit() != suit || cy.suit() != suit || cz.suit() != suit) continue;
                                real[i] = std::max(real[i], natural<R>.template evaluate_as<5>(two + cx + cy + cz).value);
                            }
                }
        }
        const std::size_t real_mask = winners(real, players_), ranks_mask = winners(ranks, players_);
        if (real_mask == ranks_mask) return;
        ++by_winners[real_mask];
        --by_winners[ranks_mask];
    }

    int players_ = 0, unknown_ = 0, known_ = 0;
    std::uint64_t board_bits_ = 0;
    std::array<Rank, 5> known_ranks_{};
    std::array<std::array<RankHand, pair_count>, max_players> pairs_{};
    std::array<std::uint64_t, max_players> hole_bits_{};
    std::array<int, 4> need_{};
    std::array<int, 13> copies_{};
    std::uint64_t available_ = 0;
};

// The ranking of a game settled by the best five of seven cards on a board
// (hold'em, short deck), whose boards can go by rank first; void for the others.
template <class G>
struct board_ranking_of {
    using type = void;
};
template <class G>
    requires(G::traits.family == game_family::board && std::same_as<typename G::low_hand, no_hand>)
struct board_ranking_of<G> {
    template <class Rule>
    struct ranking_of {
        using type = void;
    };
    template <ranking_policy R>
    struct ranking_of<best_of_all<evaluator<R, no_wild>>> {
        using type = R;
    };
    using type = typename ranking_of<typename G::high_hand>::type;
};

// Omaha high (4 to 6 hole cards), whose flop and turn can go by rank first.
template <class G>
struct omaha_ranks_of {
    using type = void;
};
template <class G>
    requires(G::traits.family == game_family::board && std::same_as<typename G::low_hand, no_hand>)
struct omaha_ranks_of<G> {
    template <class Rule>
    struct of {
        using type = void;
    };
    template <ranking_policy R, int HoleCards>
    struct of<two_plus_three<R, HoleCards>> {
        using type = omaha_rank_first<R, HoleCards>;
    };
    using type = typename of<typename G::high_hand>::type;
};

// Parts of one hand combination's deals for threads: the first card of the
// plain enumeration (at most 52), or a part of the rank-first one.
constexpr int enumeration_parts = std::max(64, rank_first_parts);

template <class G>
class calculator {
public:
    explicit calculator(const problem& p) : p_(p) { settle_.players = p.players; }

    // Runs every deal of one hand combination, or (with `part` from 0 to
    // `enumeration_parts` - 1) one part of them; the parts' counts add up to
    // the whole modulo 2^64.
    void enumerate_tuple(const std::array<int, max_players>& index, std::uint64_t used, int part,
                         outcome_counts& t) const {
        deal_cards deal{};
        deal.board = Hand{p_.board};
        for (int i = 0; i < p_.players; ++i)
            deal.hole[static_cast<std::size_t>(i)] = Hand{
                p_.seats[static_cast<std::size_t>(i)].combos[static_cast<std::size_t>(index[static_cast<std::size_t>(i)])].cards};
        if (p_.slots.empty()) {
            if (part <= 0) settle_(deal, t);
            return;
        }
        const std::uint64_t available = p_.deck.bits() & ~used;
        if (!last_card_values_.empty()) {
            if (part <= 0) settle_last_cards(index, available, t);
            return;
        }
        if constexpr (by_ranks) {
            // With one card to come there are too few boards to gain from it.
            if (!plain_ && p_.slots.size() == 1 && p_.slots[0].player < 0 && p_.board_unknown >= 2) {
                rank_first<board_ranking> boards;
                if (boards.prepare(deal.board, deal.hole.data(), p_.players, available, p_.board_unknown)) {
                    if (part >= 0)
                        boards.run(part, t.by_winners.data());
                    else
                        boards.run(t.by_winners.data());
                    return;
                }
            }
        }
        if constexpr (omaha_by_ranks) {
            if (!plain_ && p_.slots.size() == 1 && p_.slots[0].player < 0) {
                omaha_ranks boards;
                if (boards.prepare(deal.board, deal.hole.data(), p_.players, available, p_.board_unknown)) {
                    // One part holds it all: one or two cards to come are quick.
                    if (part <= 0) boards.run(t.by_winners.data());
                    return;
                }
            }
        }
        if (part < 0)
            run_slot(0, available, deal, t, 0, 64);
        else
            run_slot(0, available, deal, t, part, part + 1);
    }

    // Enumerate every deal one by one, even where boards could go by rank first.
    void deal_every_board() { plain_ = true; }

    // With one board card to come and every hand known (hold'em, short deck),
    // each hand's value with each last card is worked out once, before the
    // hand combinations that share it: a deal is then a few loads.
    void prepare_last_cards() {
        if constexpr (by_ranks) {
            if (plain_ || p_.slots.size() != 1 || p_.slots[0].player >= 0 || p_.board_unknown != 1) return;
            using rule = fast_rule<typename settler<G>::main_rule>;
            const Hand board{p_.board};
            last_card_values_.resize(static_cast<std::size_t>(p_.players));
            for (std::size_t i = 0; i < static_cast<std::size_t>(p_.players); ++i) {
                const std::vector<weighted_combo>& combos = p_.seats[i].combos;
                std::vector<std::uint32_t>& values = last_card_values_[i];
                values.assign(combos.size() * 64, 0);
                for (std::size_t c = 0; c < combos.size(); ++c) {
                    const Hand hole{combos[c].cards};
                    for (Card last : p_.deck - combos[c].cards)
                        values[c * 64 + last.code()] = rule::value(rule::prepare(board + last), hole);
                }
            }
        }
    }

    // Deals and settles `count` random deals.
    void simulate(xoshiro256ss& rng, std::uint64_t count, outcome_counts& t) const {
        std::array<Card, 64> deck_cards{};
        int deck_size = 0;
        for (Card c : p_.deck) deck_cards[static_cast<std::size_t>(deck_size++)] = c;
        const Hand board_base{p_.board};
        std::array<Hand, max_players> fixed_hand{};
        for (int i = 0; i < p_.players; ++i)
            if (p_.seats[static_cast<std::size_t>(i)].combos.size() == 1)
                fixed_hand[static_cast<std::size_t>(i)] = Hand{p_.seats[static_cast<std::size_t>(i)].combos[0].cards};
        for (std::uint64_t d = 0; d < count; ++d) {
            deal_cards deal;
            std::uint64_t used = choose_combos(rng, fixed_hand, deal);
            deal.board = board_base;
            for (int k = 0; k < p_.board_unknown; ++k) deal.board += draw(rng, deck_cards, deck_size, used);
            for (int i = 0; i < p_.players; ++i)
                for (int k = 0; k < p_.seats[static_cast<std::size_t>(i)].unknown; ++k)
                    deal.hole[static_cast<std::size_t>(i)] += draw(rng, deck_cards, deck_size, used);
            settle_(deal, t);
        }
    }

private:
    // Every last card of one hand combination, from the values prepare_last_cards found.
    void settle_last_cards(const std::array<int, max_players>& index, std::uint64_t available,
                           outcome_counts& t) const {
        std::array<const std::uint32_t*, max_players> values{};
        for (std::size_t i = 0; i < static_cast<std::size_t>(p_.players); ++i)
            values[i] = last_card_values_[i].data() + static_cast<std::size_t>(index[i]) * 64;
        if (p_.players == 2) {
            for (; available; available &= available - 1) {
                const auto card = static_cast<std::size_t>(std::countr_zero(available));
                const std::uint32_t a = values[0][card], b = values[1][card];
                ++t.by_winners[std::size_t{a >= b} | (std::size_t{b >= a} << 1)];
            }
            return;
        }
        for (; available; available &= available - 1) {
            const auto card = static_cast<std::size_t>(std::countr_zero(available));
            std::uint32_t best = 0;
            for (int i = 0; i < p_.players; ++i) best = std::max(best, values[static_cast<std::size_t>(i)][card]);
            std::size_t mask = 0;
            for (int i = 0; i < p_.players; ++i) mask |= std::size_t{values[static_cast<std::size_t>(i)][card] == best} << i;
            ++t.by_winners[mask];
        }
    }

    void run_slot(std::size_t s, std::uint64_t available, deal_cards& deal, outcome_counts& t, int first,
                  int last) const {
        std::array<Hand, 64> cards{};
        const int n = hands_of(available, cards);
        const slot& sl = p_.slots[s];
        Hand& target = sl.player < 0 ? deal.board : deal.hole[static_cast<std::size_t>(sl.player)];
        const Hand base = target;
        if (s + 1 == p_.slots.size()) {
            auto leaf = [&](Hand sum) {
                target = sum;
                settle_(deal, t);
            };
            for_each_subset(sl.count, cards.data(), n, first, last, base, leaf);
        } else {
            auto next = [&](Hand sum) {
                target = sum;
                run_slot(s + 1, available & ~(sum.bits() & ~base.bits()), deal, t, 0, 64);
            };
            for_each_subset(sl.count, cards.data(), n, first, last, base, next);
        }
        target = base;
    }

    // Picks each seat's combo by weight, again until no card is shared.
    std::uint64_t choose_combos(xoshiro256ss& rng, const std::array<Hand, max_players>& fixed_hand,
                                deal_cards& deal) const {
        for (int attempt = 0;; ++attempt) {
            std::uint64_t used = 0;
            bool clash = false;
            for (int i = 0; i < p_.players && !clash; ++i) {
                const seat& s = p_.seats[static_cast<std::size_t>(i)];
                CardSet cards;
                if (s.combos.size() == 1) {
                    deal.hole[static_cast<std::size_t>(i)] = fixed_hand[static_cast<std::size_t>(i)];
                    cards = s.combos[0].cards;
                } else {
                    double u = static_cast<double>(rng() >> 11) * 0x1.0p-53 * s.cumulative.back();
                    auto at = std::upper_bound(s.cumulative.begin(), s.cumulative.end(), u) - s.cumulative.begin();
                    at = std::min<std::ptrdiff_t>(at, static_cast<std::ptrdiff_t>(s.combos.size()) - 1);
                    cards = s.combos[static_cast<std::size_t>(at)].cards;
                    deal.hole[static_cast<std::size_t>(i)] = Hand{cards};
                }
                clash = (cards.bits() & used) != 0;
                used |= cards.bits();
            }
            if (!clash) return used;
            if (attempt > 100000)
                throw game_error("the ranges almost never fit together: no deal found in 100,000 tries");
        }
    }

    static Card draw(xoshiro256ss& rng, const std::array<Card, 64>& cards, int n, std::uint64_t& used) {
        while (true) {
            Card c = cards[static_cast<std::size_t>(uniform_below(rng, static_cast<std::uint64_t>(n)))];
            std::uint64_t bit = 1ULL << c.code();
            if (!(used & bit)) {
                used |= bit;
                return c;
            }
        }
    }

    using board_ranking = typename board_ranking_of<G>::type;
    static constexpr bool by_ranks = !std::same_as<board_ranking, void>;
    using omaha_ranks = typename omaha_ranks_of<G>::type;
    static constexpr bool omaha_by_ranks = !std::same_as<omaha_ranks, void>;

    const problem& p_;
    settler<G> settle_;
    bool plain_ = false;
    std::vector<std::vector<std::uint32_t>> last_card_values_;  // by player, combo * 64 + last card
};

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Runs f(t, stop) for t = 0 .. threads-1, on that many threads, while this
// thread calls `poll` now and then when given; the first exception of any of
// them reaches the caller.
template <class F>
void run_on_threads(int threads, F&& f, const std::function<void()>& poll = {}) {
    run_parallel(
        static_cast<unsigned>(threads), [&f](unsigned t, stop_token stop) { f(static_cast<int>(t), stop); }, poll);
}

// The work each thread has finished, for progress reports: each thread counts
// on a cache line of its own, so counting costs the threads nothing.
class work_done {
public:
    explicit work_done(int threads) : counts_(static_cast<std::size_t>(threads)) {}
    void add(int thread, std::uint64_t n) {
        std::atomic<std::uint64_t>& count = counts_[static_cast<std::size_t>(thread)].n;
        count.store(count.load(std::memory_order_relaxed) + n, std::memory_order_relaxed);
    }
    std::uint64_t sum() const {
        std::uint64_t total = 0;
        for (const counter& c : counts_) total += c.n.load(std::memory_order_relaxed);
        return total;
    }

private:
    struct alignas(64) counter {
        std::atomic<std::uint64_t> n{0};
    };
    std::vector<counter> counts_;
};

// The caller's progress report (which may be empty), and its last call made
// once: a report of all the work done is not repeated at the end.
class progress_reports {
public:
    explicit progress_reports(const progress_callback& progress) : progress_(progress) {}
    explicit operator bool() const { return static_cast<bool>(progress_); }
    void operator()(std::uint64_t done, std::uint64_t total) {
        last_ = {done, total};
        progress_(done, total);
    }
    void finish(std::uint64_t done) {
        if (progress_ && last_ != std::pair{done, done}) (*this)(done, done);
    }
    // Reports in units of work (hand combinations, parts of them, blocks) as
    // deals, each unit an equal share of `deals`; empty without a report.
    progress_callback in_deals(std::uint64_t deals) {
        if (!progress_) return {};
        return [this, deals](std::uint64_t done, std::uint64_t units) {
            (*this)(units ? deals / units * done + deals % units * done / units : deals, deals);
        };
    }

private:
    const progress_callback& progress_;
    std::pair<std::uint64_t, std::uint64_t> last_{~0ULL, ~0ULL};
};

big binomial(int n, int k) {
    if (k < 0 || k > n) return 0;
    big r = 1;
    for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
    return r;
}

// The known cards of one hand combination (board, dead cards, each player's
// hand in order) with the suits renamed to give the least such list: hand
// combinations with the same pattern have the same counts.
using suit_pattern = std::array<std::uint64_t, max_players + 2>;

struct suit_pattern_hash {
    std::size_t operator()(const suit_pattern& k) const {
        std::uint64_t h = 0;
        for (std::uint64_t x : k) h = (h ^ x) * 0x9E3779B97F4A7C15ULL;
        return static_cast<std::size_t>(h ^ (h >> 29));
    }
};

// Finds the suit pattern of hand combinations.
class alike_combinations {
public:
    alike_combinations(const problem& p, bool on) : on_(on) {
        if (!on) return;
        std::array<int, 4> to{0, 1, 2, 3};
        do renamings_.push_back(to);
        while (std::next_permutation(to.begin(), to.end()));
        dead_ = deck_cards_of(p) & ~p.deck.bits() & ~p.board.bits();
        board_ = p.board.bits();
    }

    bool on() const { return on_; }

    suit_pattern pattern_of(const problem& p, const std::array<int, max_players>& index) const {
        suit_pattern best{};
        if (!on_) return best;
        suit_pattern cards{};
        cards[0] = board_;
        cards[1] = dead_;
        for (std::size_t i = 0; i < static_cast<std::size_t>(p.players); ++i)
            cards[i + 2] = p.seats[i].combos[static_cast<std::size_t>(index[i])].cards.bits();
        best.fill(~0ULL);
        for (const std::array<int, 4>& to : renamings_) {
            suit_pattern renamed{};
            for (std::size_t i = 0; i < static_cast<std::size_t>(p.players) + 2; ++i)
                for (std::size_t s = 0; s < 4; ++s)
                    renamed[i] |= ((cards[i] >> (16 * s)) & 0xFFFF) << (16 * to[s]);
            if (renamed < best) best = renamed;
        }
        return best;
    }
private:
    // The cards of the game's deck: the deck left plus board and dead cards
    // (the hands' cards are never in `p.deck`'s complement otherwise).
    static std::uint64_t deck_cards_of(const problem& p) { return p.full_deck.bits(); }

    bool on_ = false;
    std::vector<std::array<int, 4>> renamings_;
    std::uint64_t board_ = 0, dead_ = 0;
};

// A block's tallies as words, and back.
block_result words_of(const tallies& t, int players) {
    block_result out{t.deals};
    for (const auto* field : {&t.win, &t.tie, &t.pot, &t.high, &t.low, &t.pot_squares})
        out.insert(out.end(), field->begin(), field->begin() + players);
    return out;
}

tallies tallies_of(const block_result& words, int players) {
    tallies t;
    t.deals = words[0];
    auto at = words.begin() + 1;
    for (auto* field : {&t.win, &t.tie, &t.pot, &t.high, &t.low, &t.pot_squares}) {
        std::copy(at, at + players, field->begin());
        at += players;
    }
    return t;
}

// An enumeration on a block driver (MPI ranks): one block per hand combination
// (per suit pattern when combinations alike up to the suits share their
// counts), or per part of one when there are few. The counts are whole
// numbers, and the merge weights them in the combinations' order, as one
// thread does: the same answer as without the driver.
template <class G>
void enumerate_on_driver(const problem& p, const calculator<G>& calc, const equity_options& o, bool reuse_alike,
                         const progress_callback& report, weighted_tallies& total) {
    struct listed {
        std::array<int, max_players> index;
        std::uint64_t used;
    };
    alike_combinations alike{p, reuse_alike};
    std::vector<listed> items;
    std::unordered_map<suit_pattern, std::uint32_t, suit_pattern_hash> number_of;
    std::vector<std::uint32_t> item_of;
    std::vector<double> weights;
    for_each_tuple(p, [&](const std::array<int, max_players>& index, double weight, std::uint64_t used) {
        std::uint32_t item = static_cast<std::uint32_t>(items.size());
        if (alike.on()) {
            auto [at, added] = number_of.try_emplace(alike.pattern_of(p, index), item);
            item = at->second;
            if (added) items.push_back({index, used});
        } else {
            items.push_back({index, used});
        }
        item_of.push_back(item);
        weights.push_back(weight);
        return true;
    });
    const auto workers = static_cast<std::uint64_t>(o.driver->workers());
    const std::uint64_t parts = !p.slots.empty() && items.size() < 16 * workers ? enumeration_parts : 1;
    const std::vector<block_result> results = o.driver->run(0, items.size() * parts, [&](std::uint64_t block) {
        outcome_counts counts{p.players};
        const listed& item = items[block / parts];
        calc.enumerate_tuple(item.index, item.used, parts == 1 ? -1 : static_cast<int>(block % parts), counts);
        return words_of(counts.folded(p.players), p.players);
    }, report);
    if (!o.driver->merges()) return;
    std::vector<tallies> counts(items.size());
    for (std::uint64_t block = 0; block < results.size(); ++block)
        counts[block / parts].add(tallies_of(results[block], p.players), p.players);
    for (std::size_t t = 0; t < weights.size(); ++t) total.add(counts[item_of[t]], weights[t], p.players);
}

template <class G>
equity_result enumerate(const problem& p, const equity_options& o, std::uint64_t tuples, const big& per_tuple) {
    calculator<G> calc{p};
    if (o.plain_enumeration) calc.deal_every_board();
    calc.prepare_last_cards();
    const auto threads = static_cast<std::uint64_t>(o.threads);
    std::vector<weighted_tallies> per_thread(static_cast<std::size_t>(o.threads));
    // Reusing counts pays when a combination takes many evaluations (an Omaha
    // hand takes 60 five-card lookups), not for a few boards of hold'em.
    constexpr int lookups = fast_rule<typename settler<G>::main_rule>::needs_seven_cards ? 1 : 60;
    const bool reuse_counts =
        tuples > 1 && tuples <= 2'000'000 && !o.plain_enumeration && per_tuple * p.players * lookups >= 2000;
    // Few hand combinations are split into parts so every thread gets work
    // (and, on one thread, so that progress is reported within a combination):
    // each thread adds the counts of its parts per combination, and the
    // combinations' counts are summed in order once all threads are done.
    const bool split =
        !p.slots.empty() && tuples < 16 * threads && (threads > 1 || (o.progress && !reuse_counts));
    alike_combinations alike{p, !o.driver && !split && reuse_counts};
    // Progress: the units of work (patterns, combinations or parts) the threads have finished.
    const auto deals = static_cast<std::uint64_t>(per_tuple * tuples);
    progress_reports reports{o.progress};
    const progress_callback report = reports.in_deals(deals);
    work_done done{o.threads};
    std::uint64_t units = 0;
    std::function<void()> poll;
    if (report) poll = [&] { report(done.sum(), units); };
    if (o.driver) {
        enumerate_on_driver(p, calc, o, reuse_counts, report, per_thread[0]);
    } else if (alike.on()) {
        // The pattern of every combination, in order; each pattern is
        // enumerated once, the threads taking them in turn, and the counts are
        // then added up in the combinations' order.
        struct first_seen {
            std::array<int, max_players> index;
            std::uint64_t used;
        };
        std::vector<first_seen> patterns;
        std::unordered_map<suit_pattern, std::uint32_t, suit_pattern_hash> number_of;
        std::vector<std::uint32_t> pattern_of;
        std::vector<double> weights;
        for_each_tuple(p, [&](const std::array<int, max_players>& index, double weight, std::uint64_t used) {
            auto [at, added] =
                number_of.try_emplace(alike.pattern_of(p, index), static_cast<std::uint32_t>(patterns.size()));
            if (added) patterns.push_back({index, used});
            pattern_of.push_back(at->second);
            weights.push_back(weight);
            return true;
        });
        std::vector<tallies> counts(patterns.size());
        std::atomic<std::size_t> next{0};
        units = patterns.size();
        run_on_threads(o.threads, [&](int thread, stop_token stop) {
            for (std::size_t k = next++; k < patterns.size() && !stop; k = next++) {
                outcome_counts c{p.players};
                calc.enumerate_tuple(patterns[k].index, patterns[k].used, -1, c);
                counts[k] = c.folded(p.players);
                done.add(thread, 1);
            }
        }, poll);
        for (std::size_t t = 0; t < weights.size(); ++t) per_thread[0].add(counts[pattern_of[t]], weights[t], p.players);
    } else if (!split) {
        units = tuples;
        run_on_threads(o.threads, [&](int thread, stop_token stop) {
            std::uint64_t item = 0;
            outcome_counts counts{p.players};
            for_each_tuple(p, [&](const std::array<int, max_players>& index, double weight, std::uint64_t used) {
                if (item++ % threads == static_cast<std::uint64_t>(thread)) {
                    std::fill(counts.by_winners.begin(), counts.by_winners.end(), std::uint64_t{0});
                    counts.direct = tallies{};
                    calc.enumerate_tuple(index, used, -1, counts);
                    per_thread[static_cast<std::size_t>(thread)].add(counts.folded(p.players), weight, p.players);
                    done.add(thread, 1);
                }
                return !stop;
            });
        }, poll);
    } else {
        std::vector<double> weights;
        for_each_tuple(p, [&](const auto&, double weight, std::uint64_t) {
            weights.push_back(weight);
            return true;
        });
        std::vector<std::vector<outcome_counts>> counts(
            static_cast<std::size_t>(o.threads), std::vector<outcome_counts>(weights.size(), outcome_counts{p.players}));
        std::atomic<std::uint64_t> next{0};
        const std::uint64_t items = weights.size() * static_cast<std::uint64_t>(enumeration_parts);
        units = items;
        run_on_threads(o.threads, [&](int thread, stop_token stop) {
            std::vector<outcome_counts>& mine = counts[static_cast<std::size_t>(thread)];
            // Parts are taken in turn as threads finish theirs: they differ much in size.
            for (std::uint64_t item = next++; item < items && !stop; item = next++) {
                const std::uint64_t wanted = item / enumeration_parts;
                std::uint64_t tuple = 0;
                for_each_tuple(p, [&](const std::array<int, max_players>& index, double, std::uint64_t used) {
                    if (tuple++ != wanted) return true;
                    calc.enumerate_tuple(index, used, static_cast<int>(item % enumeration_parts),
                                         mine[static_cast<std::size_t>(wanted)]);
                    return false;
                });
                done.add(thread, 1);
            }
        }, poll);
        for (std::size_t t = 0; t < weights.size(); ++t) {
            outcome_counts sum{p.players};
            for (const std::vector<outcome_counts>& mine : counts) sum.add(mine[t]);
            per_thread[0].add(sum.folded(p.players), weights[t], p.players);
        }
    }
    if (!o.driver || o.driver->merges()) reports.finish(deals);
    weighted_tallies total;
    for (const weighted_tallies& w : per_thread) total.add(w, p.players);
    equity_result r;
    r.exact = true;
    r.combinations = tuples;
    r.deals = deals;
    r.deals_to_enumerate = per_tuple * tuples;
    r.stopped_by = "enumeration";
    for (int i = 0; i < p.players; ++i) {
        player_equity e;
        e.equity = total.pot[i] / (total.deals * pot_units);
        e.win = total.win[i] / total.deals;
        e.tie = total.tie[i] / total.deals;
        e.high = total.high[i] / (total.deals * half_units);
        e.low = total.low[i] / (total.deals * half_units);
        e.scoop = e.win;
        r.players.push_back(e);
    }
    return r;
}

// A simulation's checkpoint job: what a block's deals depend on, the hands
// (each combination's cards and weight), board and dead cards as a digest.
template <class G>
std::string simulation_job(std::span<const hand_range> players, CardSet board, CardSet dead,
                           const equity_options& o) {
    std::string cards = "board " + std::to_string(board.bits()) + " dead " + std::to_string(dead.bits());
    for (const hand_range& r : players) {
        cards += " player";
        for (const weighted_combo& c : r.combos())
            cards += " " + std::to_string(c.cards.bits()) + ":" +
                     std::to_string(std::bit_cast<std::uint64_t>(c.weight));
    }
    return "equity Monte Carlo of " + std::string(G::traits.name) + ", blocks of " + std::to_string(equity_block) +
           " deals, seed " + std::to_string(o.seed) + ", deals " + std::to_string(o.max_deals) + ", " +
           std::to_string(players.size()) + " players, hands and cards " + job_digest(cards);
}

template <class G>
equity_result simulate(const problem& p, const equity_options& o, std::chrono::steady_clock::time_point start,
                       const std::string& job) {
    calculator<G> calc{p};
    thread_blocks own{o.threads};
    block_driver& inner = o.driver ? *o.driver : own;
    std::optional<checkpoint_blocks> saved;
    if (!o.checkpoint.empty()) saved.emplace(inner, o.checkpoint, job);
    block_driver& driver = saved ? static_cast<block_driver&>(*saved) : inner;
    const block_work deal_block = [&](std::uint64_t block) {
        const std::uint64_t first = block * equity_block;
        const std::uint64_t count = o.max_deals ? std::min(equity_block, o.max_deals - first) : equity_block;
        xoshiro256ss rng = block_generator(o.seed, block);
        outcome_counts counts{p.players};
        calc.simulate(rng, count, counts);
        return words_of(counts.folded(p.players), p.players);
    };
    const std::uint64_t blocks = o.max_deals ? (o.max_deals + equity_block - 1) / equity_block : ~0ULL;
    tallies total;
    std::string stopped_by;
    auto largest_error = [&] {
        double largest = 0;
        for (int i = 0; i < p.players; ++i) {
            double n = static_cast<double>(total.deals);
            double mean = static_cast<double>(total.pot[i]) / n / pot_units;
            double square = static_cast<double>(total.pot_squares[i]) / n / (pot_units * pot_units);
            largest = std::max(largest, std::sqrt(std::max(0.0, square - mean * mean) / n));
        }
        return largest;
    };
    // Progress: the deals of the blocks dealt, of `max_deals`, or of those the
    // time allows at the rate so far; at most ten reports a second, though the
    // driver also reports the end of each wave.
    auto dealt = [&](std::uint64_t blocks_dealt) {
        return o.max_deals ? std::min(blocks_dealt * equity_block, o.max_deals) : blocks_dealt * equity_block;
    };
    std::uint64_t next = 0;
    auto last_report = start;
    progress_reports reports{o.progress};
    progress_callback report;
    if (reports)
        report = [&](std::uint64_t done_in_wave, std::uint64_t) {
            const auto now = std::chrono::steady_clock::now();
            if (now - last_report < std::chrono::milliseconds(100)) return;
            last_report = now;
            const std::uint64_t done = dealt(next + done_in_wave);
            std::uint64_t to_do = o.max_deals;
            if (!to_do && o.max_seconds > 0)
                to_do = std::max(done, static_cast<std::uint64_t>(static_cast<double>(done) * o.max_seconds /
                                                                  std::max(seconds_since(start), 1e-3)));
            reports(done, to_do);
        };
    // Waves of 1, 2, 4, ... 16 blocks per worker: few for a short run, more
    // later so that ranks meet seldom. The stopping rules are checked after
    // each block in order, so the blocks merged are the same however many run at once.
    for (std::uint64_t per_worker = 1; stopped_by.empty(); per_worker = std::min<std::uint64_t>(16, 2 * per_worker)) {
        const std::uint64_t end = std::min(blocks, next + per_worker * static_cast<std::uint64_t>(driver.workers()));
        const std::vector<block_result> results = driver.run(next, end, deal_block, report);
        next = end;
        if (driver.merges()) {
            for (const block_result& words : results) {
                total.add(tallies_of(words, p.players), p.players);
                if (o.max_deals && total.deals >= o.max_deals) {
                    stopped_by = "deals";
                    break;
                }
                // At least 10,000 deals before trusting the estimate of the error.
                if (o.target_standard_error > 0 && total.deals >= 10000 &&
                    largest_error() <= o.target_standard_error) {
                    stopped_by = "standard error";
                    break;
                }
            }
            if (stopped_by.empty() && o.max_seconds > 0 && seconds_since(start) >= o.max_seconds) stopped_by = "time";
        }
        if (driver.share(!stopped_by.empty()) && stopped_by.empty()) stopped_by = "elsewhere";
    }
    if (driver.merges()) reports.finish(dealt(next));
    equity_result r;
    r.deals = total.deals;
    r.stopped_by = stopped_by;
    r.resumed_blocks = saved ? saved->resumed() : 0;
    const double n = static_cast<double>(total.deals);
    for (int i = 0; i < p.players; ++i) {
        player_equity e;
        e.equity = static_cast<double>(total.pot[i]) / n / pot_units;
        e.win = static_cast<double>(total.win[i]) / n;
        e.tie = static_cast<double>(total.tie[i]) / n;
        e.high = static_cast<double>(total.high[i]) / n / half_units;
        e.low = static_cast<double>(total.low[i]) / n / half_units;
        e.scoop = e.win;
        double square = static_cast<double>(total.pot_squares[i]) / n / (pot_units * pot_units);
        e.standard_error = std::sqrt(std::max(0.0, square - e.equity * e.equity) / n);
        r.standard_error = std::max(r.standard_error, e.standard_error);
        r.players.push_back(e);
    }
    return r;
}

bool is_single_card(std::string_view text) {
    try {
        return parse_cards(text).size() == 1;
    } catch (const parse_error&) {
        return false;
    }
}

std::string describe_player(int i) { return "player " + std::to_string(i + 1); }

// Checks the input and turns it into seats, slots and the deck.
template <class G>
problem prepare(std::span<const hand_range> players, CardSet board, CardSet dead) {
    const game_traits& traits = G::traits;
    const int count = static_cast<int>(players.size());
    if (count < 2 || count > max_players)
        throw game_error("equity takes 2 to 10 players, got " + std::to_string(count));
    const CardSet deck = deck_cards(traits.deck);
    auto check_in_deck = [&](CardSet cards, const std::string& where) {
        if (CardSet outside = cards - deck; !outside.empty())
            throw game_error("card " + to_string(*outside.begin()) + " (" + where + ") is not in the " +
                             std::string(traits.name) + " deck");
    };
    if (traits.deal.board_cards == 0 && !board.empty())
        throw game_error(std::string(traits.name) + " has no board: give each player's known cards as their hand");
    if (board.size() > traits.deal.board_cards)
        throw game_error("the " + std::string(traits.name) + " board holds at most " +
                         std::to_string(traits.deal.board_cards) + " cards, got " + std::to_string(board.size()));
    check_in_deck(board, "on the board");
    check_in_deck(dead, "dead");
    if (CardSet both = board & dead; !both.empty())
        throw hand_error("card " + to_string(*both.begin()) + " is both on the board and dead");

    problem p;
    p.players = count;
    p.board = board;
    p.board_unknown = traits.deal.board_cards - board.size();
    p.deck = deck - board - dead;
    p.full_deck = deck;
    // Cards of players with one known hand are taken out of the others' ranges.
    CardSet fixed;
    std::array<CardSet, max_players> fixed_of{};
    for (int i = 0; i < count; ++i) {
        const hand_range& r = players[static_cast<std::size_t>(i)];
        if (r.empty()) throw game_error(describe_player(i) + "'s range is empty");
        if (r.size() != 1) continue;
        CardSet cards = r.combos().front().cards;
        check_in_deck(cards, describe_player(i) + "'s hand");
        for (int j = 0; j < i; ++j)
            if (CardSet both = fixed_of[static_cast<std::size_t>(j)] & cards; !both.empty())
                throw hand_error("card " + to_string(*both.begin()) + " is in the hands of " + describe_player(j) +
                                 " and " + describe_player(i));
        if (CardSet both = cards & board; !both.empty())
            throw hand_error("card " + to_string(*both.begin()) + " is both in " + describe_player(i) +
                             "'s hand and on the board");
        if (CardSet both = cards & dead; !both.empty())
            throw hand_error("card " + to_string(*both.begin()) + " is both in " + describe_player(i) +
                             "'s hand and dead");
        fixed_of[static_cast<std::size_t>(i)] = cards;
        fixed |= cards;
    }
    int total_cards = board.size() + dead.size() + p.board_unknown;
    for (int i = 0; i < count; ++i) {
        const hand_range& r = players[static_cast<std::size_t>(i)];
        seat s;
        if (r.is_random()) {
            s.combos = {weighted_combo{CardSet{}, 1.0}};
        } else {
            CardSet others = fixed - fixed_of[static_cast<std::size_t>(i)];
            for (const weighted_combo& c : r.combos()) {
                // Outside these bounds the weighted sums could overflow or vanish.
                if (!(c.weight >= min_weight && c.weight <= max_weight)) {
                    char weight[32];
                    std::snprintf(weight, sizeof weight, "%g", c.weight);
                    throw game_error(describe_player(i) + "'s hand " + to_string(c.cards) + " has the weight " +
                                     weight + "; weights are 1e-9 to 1e9");
                }
                if (c.cards.size() > traits.deal.hole_cards)
                    throw game_error(describe_player(i) + "'s hand " + to_string(c.cards) + " has more than the " +
                                     std::to_string(traits.deal.hole_cards) + " cards of a " +
                                     std::string(traits.name) + " hand");
                // A range's hands outside the game's deck (A2s+ in short deck) are left out like blocked ones.
                if (deck.contains(c.cards) && !c.cards.intersects(board | dead | others)) s.combos.push_back(c);
            }
            if (s.combos.empty())
                throw game_error(describe_player(i) +
                                 "'s range has no hand left once the board, the dead cards, "
                                 "the other hands and the cards outside the deck are taken out");
        }
        s.unknown = traits.deal.hole_cards - s.combos.front().cards.size();
        double running = 0;
        for (const weighted_combo& c : s.combos) s.cumulative.push_back(running += c.weight);
        total_cards += traits.deal.hole_cards;
        p.seats.push_back(std::move(s));
    }
    if (total_cards > deck.size())
        throw game_error("the deal needs " + std::to_string(total_cards) +
                         " cards (hands, board and dead cards) but the " + std::string(traits.name) + " deck holds " +
                         std::to_string(deck.size()));
    if (p.board_unknown > 0) p.slots.push_back({-1, p.board_unknown});
    for (int i = 0; i < count; ++i)
        if (p.seats[static_cast<std::size_t>(i)].unknown > 0)
            p.slots.push_back({i, p.seats[static_cast<std::size_t>(i)].unknown});
    return p;
}

// Deals per hand combination: a multinomial over the cards left.
big deals_per_tuple(const problem& p) {
    int left = p.deck.size();
    for (const seat& s : p.seats) left -= s.combos.front().cards.size();
    big per_tuple = 1;
    for (const slot& s : p.slots) {
        per_tuple *= binomial(left, s.count);
        left -= s.count;
    }
    return per_tuple;
}

// Hold'em and short deck with hole cards to deal: the same problem with each
// such player's possible hands listed as a range (every completion of each of
// its hands, at that hand's weight), so that only the board is left to deal,
// boards go by rank first and alike combinations are counted once. The counts
// are the same integers. Empty where that would list too many combinations.
template <class G>
std::optional<problem> hole_cards_listed(const problem& p, std::uint64_t& tuples) {
    if constexpr (std::same_as<typename board_ranking_of<G>::type, void>) {
        return std::nullopt;
    } else {
        constexpr std::size_t most_combinations = 2'000'000;
        // Only before the flop: with two board cards or fewer to come, dealing
        // the hole cards is quicker than settling each listed hand's boards.
        if (p.board_unknown < 5 ||
            std::none_of(p.seats.begin(), p.seats.end(), [](const seat& s) { return s.unknown > 0; }))
            return std::nullopt;
        problem q = p;
        for (seat& s : q.seats) {
            if (s.unknown == 0) continue;
            std::vector<weighted_combo> listed;
            for (const weighted_combo& c : s.combos) {
                std::vector<Card> rest(p.deck.begin(), p.deck.end());
                std::erase_if(rest, [&](Card x) { return c.cards.contains(x); });
                for (std::size_t a = 0; a < rest.size(); ++a) {
                    if (s.unknown == 1) {
                        listed.push_back({c.cards | rest[a], c.weight});
                        continue;
                    }
                    for (std::size_t b = a + 1; b < rest.size(); ++b)
                        listed.push_back({c.cards | rest[a] | rest[b], c.weight});
                }
                if (listed.size() > most_combinations) return std::nullopt;
            }
            s.combos = std::move(listed);
            s.unknown = 0;
            s.cumulative.clear();
            double running = 0;
            for (const weighted_combo& c : s.combos) s.cumulative.push_back(running += c.weight);
        }
        std::erase_if(q.slots, [](const slot& sl) { return sl.player >= 0; });
        tuples = 0;
        for_each_tuple(q, [&](const auto&, double, std::uint64_t) { return ++tuples <= most_combinations; });
        if (tuples > most_combinations) return std::nullopt;
        return q;
    }
}

template <class G>
equity_result run(std::span<const hand_range> players, CardSet board, CardSet dead, const equity_options& o) {
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    if (o.threads < 1 || o.threads > static_cast<int>(max_threads))
        throw game_error("equity takes 1 to " + std::to_string(max_threads) + " threads, not " +
                         std::to_string(o.threads));
    if (o.max_deals > max_simulated_deals)
        throw game_error("a simulation deals at most " + std::to_string(max_simulated_deals) + " times, not " +
                         std::to_string(o.max_deals));
    if (!(o.target_standard_error >= 0 && o.target_standard_error <= 1))
        throw game_error("the target standard error is 0 (none) to 1");
    if (o.target_standard_error > 0 && o.target_standard_error < min_standard_error && o.max_deals == 0 &&
        o.max_seconds == 0)
        throw game_error("a target standard error below 0.00001 may never be reached: give a number of deals or a "
                         "time as well");
    if (!(o.max_seconds >= 0 && o.max_seconds <= max_simulation_seconds))
        throw game_error("a simulation runs 0 (no limit) to 86400 seconds");
    problem p = prepare<G>(players, board, dead);

    const big per_tuple = deals_per_tuple(p);
    // Hand combinations with no card shared, counted up to a limit.
    constexpr std::uint64_t tuple_count_limit = 50'000'000;
    std::uint64_t tuples = 0;
    bool counted = for_each_tuple(p, [&](const auto&, double, std::uint64_t) { return ++tuples < tuple_count_limit; });
    if (tuples == 0) throw game_error("no hand combination fits: the ranges always share a card");

    const bool feasible = counted && per_tuple * tuples <= big(o.exact_limit);
    const bool exact = o.method == equity_method::exact || (o.method == equity_method::automatic && feasible);
    if (exact && !counted)
        throw game_error("too many hand combinations to enumerate (more than " + std::to_string(tuple_count_limit) +
                         ")");
    if (!exact && o.max_deals == 0 && o.target_standard_error <= 0 && o.max_seconds <= 0)
        throw game_error("a simulation needs a stopping rule: a number of deals, a standard error or a time");
    if (exact && !o.checkpoint.empty())
        throw game_error("a checkpoint keeps a Monte Carlo simulation's blocks of deals; this equity is enumerated "
                         "exactly (ask for Monte Carlo to keep one)");

    equity_result r;
    std::uint64_t listed_tuples = 0;
    std::optional<problem> listed = exact && !o.plain_enumeration ? hole_cards_listed<G>(p, listed_tuples) : std::nullopt;
    if (listed) {
        r = enumerate<G>(*listed, o, listed_tuples, deals_per_tuple(*listed));
        r.combinations = tuples;  // a hand to be dealt counts as one, as in the plain enumeration
    } else {
        const std::string job = o.checkpoint.empty() ? std::string() : simulation_job<G>(players, board, dead, o);
        r = exact ? enumerate<G>(p, o, tuples, per_tuple) : simulate<G>(p, o, start, job);
    }
    r.deals_to_enumerate = per_tuple * tuples;
    r.deals_to_enumerate_known = counted;
    r.split_pot = settler<G>::split;
    r.threads = o.threads;
    r.seconds = seconds_since(start);
    r.cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    return r;
}

}  // namespace

bool has_equity(const any_game& game) {
    return std::visit([](const auto& g) { return game_supported<std::decay_t<decltype(g)>>(); }, game);
}

std::string equity_game_names() {
    std::string names;
    for (const game_traits& t : all_games())
        if (has_equity(find_game(t.name))) names += (names.empty() ? "" : ", ") + std::string(t.name);
    return names;
}

hand_range parse_player(const any_game& game, std::string_view text) {
    const game_traits& traits = traits_of(game);
    // A single card in a two-card game is a hand whose other card is dealt.
    if (traits.deal.hole_cards == 2 && !is_single_card(text)) return parse_range(text);
    return parse_hand_list(text, traits.deal.hole_cards);
}

equity_result equity(const any_game& game, std::span<const hand_range> players, CardSet board, CardSet dead,
                     const equity_options& options) {
    return std::visit(
        [&](const auto& g) -> equity_result {
            using G = std::decay_t<decltype(g)>;
            if constexpr (game_supported<G>())
                return run<G>(players, board, dead, options);
            else
                throw game_error("equity does not handle " + std::string(G::traits.name) +
                                 " (draw games); it handles " + equity_game_names());
        },
        game);
}

}  // namespace pokerengine
