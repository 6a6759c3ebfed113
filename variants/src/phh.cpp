#include "pokerengine/phh.hpp"

#include <vector>

namespace pokerengine::play {
namespace {

struct variant_code {
    std::string_view game;
    betting_structure structure;
    std::string_view code;
};

constexpr variant_code codes[] = {
    {"holdem", betting_structure::fixed_limit, "FT"},
    {"holdem", betting_structure::no_limit, "NT"},
    {"short-deck-wsop", betting_structure::no_limit, "NS"},
    {"omaha", betting_structure::pot_limit, "PO"},
    {"omaha-hi-lo", betting_structure::fixed_limit, "FO/8"},
    {"stud", betting_structure::fixed_limit, "F7S"},
    {"stud-hi-lo", betting_structure::fixed_limit, "F7S/8"},
    {"razz", betting_structure::fixed_limit, "FR"},
    {"deuce-to-seven-single-draw", betting_structure::no_limit, "N2L1D"},
    {"deuce-to-seven-triple-draw", betting_structure::fixed_limit, "F2L3D"},
    {"badugi", betting_structure::fixed_limit, "FB"},
};

std::string toml_array(std::vector<chips> values, bool reverse_heads_up) {
    if (reverse_heads_up && values.size() == 2) std::swap(values[0], values[1]);
    std::string out = "[";
    for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + std::to_string(values[i]);
    return out + "]";
}

}  // namespace

std::string phh_variant(const any_game& game, betting_structure structure) {
    const std::string_view name = traits_of(game).name;
    for (const variant_code& v : codes)
        if (v.game == name && v.structure == structure) return std::string(v.code);
    return "x-" + std::string(name);
}

std::string write_phh(const hand_state& hand) {
    const hand_config& c = hand.config();
    const auto n = static_cast<std::size_t>(hand.players());
    const std::string variant = phh_variant(c.game, c.structure);
    auto per_seat = [n](const std::vector<chips>& v) { return v.empty() ? std::vector<chips>(n, 0) : v; };
    std::string out = "variant = '" + variant + "'\n";
    if (variant.starts_with("x-")) out += "_betting_structure = '" + std::string(to_string(c.structure)) + "'\n";
    out += "ante_trimming_status = " + std::string(c.forced.ante_trimming ? "true" : "false") + "\n";
    out += "antes = " + toml_array(per_seat(c.forced.antes), true) + "\n";
    if (traits_of(c.game).family == game_family::stud && c.forced.bring_in > 0) {
        out += "bring_in = " + std::to_string(c.forced.bring_in) + "\n";
    } else {
        out += "blinds_or_straddles = " + toml_array(per_seat(c.forced.blinds_or_straddles), true) + "\n";
    }
    if (c.structure == betting_structure::fixed_limit) {
        out += "small_bet = " + std::to_string(c.limits.small_bet) + "\n";
        out += "big_bet = " + std::to_string(c.limits.big_bet) + "\n";
    } else {
        out += "min_bet = " + std::to_string(c.limits.min_bet) + "\n";
    }
    if (!c.forced.live_posts.empty()) out += "_live_posts = " + toml_array(c.forced.live_posts, false) + "\n";
    out += "starting_stacks = " + toml_array(c.starting_stacks, false) + "\n";
    out += "actions = [\n";
    for (const action& a : hand.history()) {
        const std::string text = to_phh(a);
        if (!text.empty()) out += "  '" + text + "',\n";
    }
    out += "]\n";
    if (hand.is_complete()) {
        std::span<const chips> stacks = hand.stacks();
        out += "finishing_stacks = " + toml_array(std::vector<chips>(stacks.begin(), stacks.end()), false) + "\n";
    }
    return out;
}

}  // namespace pokerengine::play
