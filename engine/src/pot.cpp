#include "pokerengine/pot.hpp"

#include <algorithm>
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

std::vector<pot> build_pots(std::span<const stake> stakes) {
    total_chips(stakes);  // every sum below is then at most max_chips
    std::vector<chips> levels;
    for (const stake& s : stakes)
        if (!s.folded) levels.push_back(s.contribution);
    if (levels.empty()) throw pot_error("every player folded: nobody can win the pot");
    std::sort(levels.begin(), levels.end());
    levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
    // A pot below the smallest live contribution of zero chips is empty: skip level 0.
    if (levels.size() > 1 && levels.front() == 0) levels.erase(levels.begin());

    std::vector<pot> pots;
    chips previous = 0;
    for (std::size_t level = 0; level < levels.size(); ++level) {
        bool last = level + 1 == levels.size();
        pot p;
        for (std::size_t i = 0; i < stakes.size(); ++i) {
            chips c = stakes[i].contribution;
            chips upper = last ? c : std::min(c, levels[level]);
            p.amount += std::max<chips>(upper - std::min(c, previous), 0);
            if (!stakes[i].folded && c >= levels[level]) p.eligible.push_back(i);
        }
        pots.push_back(std::move(p));
        previous = levels[level];
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
