#include <algorithm>
#include <array>
#include <numeric>
#include <unordered_map>

#include "pokerengine/equity.hpp"

namespace pokerengine {
namespace {

using suit_map = std::array<int, 4>;

std::uint64_t with_suits(std::uint64_t bits, const suit_map& to) {
    std::uint64_t out = 0;
    for (int s = 0; s < 4; ++s) out |= ((bits >> (16 * s)) & 0xFFFF) << (16 * to[static_cast<std::size_t>(s)]);
    return out;
}

// Two hands, in order.
struct matchup {
    std::uint64_t first = 0, second = 0;
    friend bool operator==(const matchup&, const matchup&) = default;
    friend auto operator<=>(const matchup&, const matchup&) = default;
};

struct matchup_hash {
    std::size_t operator()(const matchup& m) const { return std::hash<std::uint64_t>{}(m.first * 0x9E3779B97F4A7C15ULL ^ m.second); }
};

// Pairs of hands alike up to the suits and the order of the players have the
// same equities (swapped with the order): the least of the 48 images stands for all.
std::pair<matchup, bool> representative(matchup m, const std::vector<suit_map>& maps) {
    matchup best{~0ULL, ~0ULL};
    bool swapped = false;
    for (const suit_map& to : maps) {
        const matchup a{with_suits(m.first, to), with_suits(m.second, to)};
        const matchup b{a.second, a.first};
        if (a < best) best = a, swapped = false;
        if (b < best) best = b, swapped = true;
    }
    return {best, swapped};
}

}  // namespace

starting_hand_table starting_hand_equities(int threads,
                                           const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
    if (threads < 1 || threads > static_cast<int>(max_threads))
        throw game_error("equity takes 1 to " + std::to_string(max_threads) + " threads, not " +
                         std::to_string(threads));
    thread_blocks pool{threads};
    return starting_hand_equities(pool, progress);
}

starting_hand_table starting_hand_equities(block_driver& driver, const progress_callback& progress) {
    std::vector<suit_map> maps;
    suit_map to{0, 1, 2, 3};
    do maps.push_back(to);
    while (std::next_permutation(to.begin(), to.end()));

    starting_hand_table table;
    std::vector<std::vector<std::uint64_t>> hands;
    for (int row = 0; row < 13; ++row)
        for (int column = 0; column < 13; ++column) {
            table.classes.push_back(starting_hand_class(row, column));
            hands.emplace_back();
            for (const weighted_combo& c : parse_range(table.classes.back()).combos()) hands.back().push_back(c.cards.bits());
        }
    const std::size_t n = table.classes.size();

    // Each pair of classes lists its pairs of hands by representative, which
    // are enumerated once each.
    struct use {
        std::uint32_t index;
        bool swapped;
    };
    std::vector<matchup> unique;
    std::unordered_map<matchup, std::uint32_t, matchup_hash> index_of;
    std::vector<std::vector<use>> uses(n * n);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i; j < n; ++j)
            for (std::uint64_t a : hands[i])
                for (std::uint64_t b : hands[j]) {
                    if (a & b) continue;
                    auto [m, swapped] = representative({a, b}, maps);
                    auto [at, added] = index_of.try_emplace(m, static_cast<std::uint32_t>(unique.size()));
                    if (added) unique.push_back(m);
                    uses[i * n + j].push_back({at->second, swapped});
                }
    table.matchups = unique.size();

    const any_game holdem = find_game("holdem");
    // One block per matchup: its two equities, bit for bit.
    const std::vector<block_result> result = driver.run(0, unique.size(), [&](std::uint64_t k) {
        equity_options o;
        o.method = equity_method::exact;
        const std::array<hand_range, 2> players{hand_range{{weighted_combo{CardSet{unique[k].first}, 1.0}}},
                                                hand_range{{weighted_combo{CardSet{unique[k].second}, 1.0}}}};
        const equity_result r = equity(holdem, players, CardSet{}, CardSet{}, o);
        return block_result{word_of(r.players[0].equity), word_of(r.players[1].equity)};
    }, progress);
    if (!driver.merges()) return table;

    table.equity.assign(n, std::vector<double>(n, 0.0));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i; j < n; ++j) {
            double first = 0, second = 0;
            for (const use& u : uses[i * n + j]) {
                first += double_of(result[u.index][u.swapped ? 1 : 0]);
                second += double_of(result[u.index][u.swapped ? 0 : 1]);
            }
            const auto count = static_cast<double>(uses[i * n + j].size());
            table.equity[i][j] = first / count;
            if (i != j) table.equity[j][i] = second / count;
        }
    return table;
}

}  // namespace pokerengine
