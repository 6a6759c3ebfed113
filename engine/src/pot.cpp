#include "pokerengine/pot.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace pokerengine {

chips total_chips(std::span<const stake> stakes) {
    chips total = 0;
    for (std::size_t i = 0; i < stakes.size(); ++i) {
        const chips c = stakes[i].contribution;
        if (c < 0)
            throw pot_error("player " + std::to_string(i + 1) + " has a negative contribution (" + std::to_string(c) +
                            ")");
        // Both are at most max_chips, so the comparison cannot overflow.
        if (c > max_chips - total)
            throw pot_error("the contributions add up to more than " + std::to_string(max_chips) +
                            " chips (2^62, the most a pot may hold) by player " + std::to_string(i + 1));
        total += c;
    }
    return total;
}

pot_masks build_pot_masks(std::span<const stake> stakes, chips dead_money) {
    const chips total = total_chips(stakes);  // every sum below is then at most max_chips
    if (stakes.size() > max_pot_players)
        throw pot_error("a hand has at most " + std::to_string(max_pot_players) + " players, not " +
                        std::to_string(stakes.size()));
    if (dead_money < 0) throw pot_error("dead money cannot be negative (" + std::to_string(dead_money) + ")");
    if (dead_money > max_chips - total)
        throw pot_error("the contributions and the dead money add up to more than " + std::to_string(max_chips) +
                        " chips (2^62, the most a pot may hold)");
    std::array<chips, max_pot_players> levels;  // the first level_count are set: no clearing per hand
    std::size_t level_count = 0;
    for (const stake& s : stakes)
        if (!s.folded) levels[level_count++] = s.contribution;
    if (level_count == 0) throw pot_error("every player folded: nobody can win the pot");
    const auto end = levels.begin() + static_cast<std::ptrdiff_t>(level_count);
    std::sort(levels.begin(), end);
    level_count = static_cast<std::size_t>(std::unique(levels.begin(), end) - levels.begin());
    // A pot below the smallest live contribution of zero chips is empty, unless
    // dead money makes it the main pot: then the players all-in from their antes win it.
    const std::size_t first = level_count > 1 && levels[0] == 0 && dead_money == 0 ? 1 : 0;

    pot_masks pots;
    chips previous = 0;
    for (std::size_t level = first; level < level_count; ++level) {
        const bool last = level + 1 == level_count;
        pot_mask& p = pots.emplace_back();
        for (std::size_t i = 0; i < stakes.size(); ++i) {
            const chips c = stakes[i].contribution;
            const chips upper = last ? c : std::min(c, levels[level]);
            p.amount += std::max<chips>(upper - std::min(c, previous), 0);
            if (!stakes[i].folded && c >= levels[level]) p.eligible |= std::uint64_t{1} << i;
        }
        previous = levels[level];
    }
    pots.front().amount += dead_money;
    return pots;
}

std::vector<pot> build_pots(std::span<const stake> stakes) {
    std::vector<pot> pots;
    for (const pot_mask& m : build_pot_masks(stakes)) {
        pot& p = pots.emplace_back();
        p.amount = m.amount;
        for (std::size_t i = 0; i < stakes.size(); ++i)
            if ((m.eligible >> i) & 1U) p.eligible.push_back(i);
    }
    return pots;
}

std::vector<chips> split_chips(chips amount, std::size_t winners) {
    if (winners == 0) throw pot_error("a pot needs at least one winner");
    if (amount < 0 || amount > max_chips)
        throw pot_error("a pot holds 0 to " + std::to_string(max_chips) + " chips, not " + std::to_string(amount));
    auto n = static_cast<chips>(winners);
    std::vector<chips> shares(winners, amount / n);
    for (chips i = 0; i < amount % n; ++i) ++shares[static_cast<std::size_t>(i)];
    return shares;
}

}  // namespace pokerengine
