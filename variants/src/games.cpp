#include "pokerengine/games.hpp"

#include <string>
#include <utility>

namespace pokerengine {
namespace {

template <std::size_t... I>
constexpr auto traits_table(std::index_sequence<I...>) {
    return std::array<game_traits, sizeof...(I)>{std::variant_alternative_t<I, any_game>::traits...};
}
constexpr auto game_table = traits_table(std::make_index_sequence<std::variant_size_v<any_game>>{});

template <std::size_t... I>
any_game game_at(std::size_t index, std::index_sequence<I...>) {
    any_game g;
    ((index == I ? void(g.emplace<I>()) : void()), ...);
    return g;
}

}  // namespace

std::span<const game_traits> all_games() { return game_table; }

any_game find_game(std::string_view name) {
    for (std::size_t i = 0; i < game_table.size(); ++i)
        if (game_table[i].name == name) return game_at(i, std::make_index_sequence<game_table.size()>{});
    std::string valid;
    for (const game_traits& t : game_table) valid += (valid.empty() ? "" : ", ") + std::string(t.name);
    throw game_error("unknown game '" + printable(name) + "' (valid games: " + valid + ")");
}

const game_traits& traits_of(const any_game& g) { return game_table[g.index()]; }

std::string_view to_string(betting_structure s) {
    switch (s) {
        case betting_structure::fixed_limit: return "fixed-limit";
        case betting_structure::pot_limit: return "pot-limit";
        case betting_structure::no_limit: break;
    }
    return "no-limit";
}

betting_structure parse_betting_structure(std::string_view name) {
    if (name == "fixed-limit" || name == "fixed" || name == "limit") return betting_structure::fixed_limit;
    if (name == "pot-limit" || name == "pot") return betting_structure::pot_limit;
    if (name == "no-limit" || name == "no") return betting_structure::no_limit;
    throw std::invalid_argument("unknown betting structure '" + printable(name) +
                                "' (valid: fixed-limit, pot-limit, no-limit)");
}

}  // namespace pokerengine

namespace pokerengine {
template <class... G>
constexpr bool all_are_games(std::variant<G...>*) { return (game<G> && ...); }
static_assert(all_are_games(static_cast<any_game*>(nullptr)), "every alternative of any_game must be a game");
}  // namespace pokerengine
