#include "pokerengine/stud.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <variant>

namespace pokerengine {
namespace {

// Rank for reading the showing cards: aces high for high games, low for razz.
int reading_rank(Card c, showing_order order) {
    int rank = static_cast<int>(c.rank());
    return order == showing_order::high ? rank : (rank + 1) % rank_count;
}

// A comparable picture of the cards showing, larger is better: how many cards
// of each rank (4, 3-1, 2-2, 2-1-1, ...), then the ranks in that order. For
// razz the counts and ranks are negated, so fewer pairs and lower cards win.
std::array<int, 8> showing_strength(CardSet up, showing_order order) {
    std::array<int, rank_count> count{};
    for (Card c : up) ++count[static_cast<std::size_t>(reading_rank(c, order))];
    std::array<std::pair<int, int>, rank_count> groups{};  // (count, rank)
    std::size_t n = 0;
    for (int r = 0; r < rank_count; ++r)
        if (count[static_cast<std::size_t>(r)] > 0) groups[n++] = {count[static_cast<std::size_t>(r)], r};
    std::sort(groups.begin(), groups.begin() + static_cast<std::ptrdiff_t>(n), std::greater<>{});
    std::array<int, 8> strength{};
    int sign = order == showing_order::high ? 1 : -1;
    for (std::size_t k = 0; k < n && k < 4; ++k) {
        strength[k] = sign * groups[k].first;
        strength[4 + k] = sign * (groups[k].second + 1);
    }
    return strength;
}

template <class F>
auto visit_stud(const any_game& game, F&& f) {
    return std::visit(
        [&](const auto& g) -> std::size_t {
            using G = std::decay_t<decltype(g)>;
            if constexpr (G::traits.family == game_family::stud) {
                return f(showing_order_of<G>());
            } else {
                throw game_error(std::string(G::traits.name) + " is not a stud game: it has no bring-in");
            }
        },
        game);
}

}  // namespace

std::size_t bring_in(showing_order order, std::span<const Card> door_cards) {
    if (door_cards.empty()) throw game_error("the bring-in needs at least one player's door card");
    CardSet seen;
    for (Card c : door_cards) {
        if (c.is_joker()) throw game_error("a joker cannot be a stud door card");
        if (seen.contains(c)) throw game_error(to_string(c) + " is given as two players' door card");
        seen |= c;
    }
    // Lowest card in high games, highest in razz; suits order cards of equal rank.
    auto worth = [order](Card c) { return reading_rank(c, order) * suit_count + static_cast<int>(c.suit()); };
    auto pick = [&](Card a, Card b) {
        return order == showing_order::high ? worth(a) < worth(b) : worth(a) > worth(b);
    };
    std::size_t chosen = 0;
    for (std::size_t i = 1; i < door_cards.size(); ++i)
        if (pick(door_cards[i], door_cards[chosen])) chosen = i;
    return chosen;
}

std::size_t first_to_act(showing_order order, std::span<const CardSet> up_cards) {
    std::size_t chosen = up_cards.size();
    std::array<int, 8> best{};
    for (std::size_t i = 0; i < up_cards.size(); ++i) {
        if (up_cards[i].empty()) continue;
        std::array<int, 8> s = showing_strength(up_cards[i], order);
        if (chosen == up_cards.size() || s > best) {
            chosen = i;
            best = s;
        }
    }
    if (chosen == up_cards.size()) throw game_error("nobody shows any up cards");
    return chosen;
}

std::size_t bring_in(const any_game& game, std::span<const Card> door_cards) {
    return visit_stud(game, [&](showing_order order) { return bring_in(order, door_cards); });
}

std::size_t first_to_act(const any_game& game, std::span<const CardSet> up_cards) {
    return visit_stud(game, [&](showing_order order) { return first_to_act(order, up_cards); });
}

}  // namespace pokerengine
