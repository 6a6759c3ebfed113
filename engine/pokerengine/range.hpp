#pragma once
// Hand ranges: the hands a player may hold, written in the usual shorthand
// (QQ+, AKs, A2s+, T9s-65s, AhKh, random) with optional weights.

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pokerengine/card.hpp"
#include "pokerengine/card_set.hpp"

namespace pokerengine {

/// Thrown for range text that does not parse. The message quotes the bad
/// token and gives its position (1 for the first character of the text).
class range_error : public parse_error {
public:
    using parse_error::parse_error;
};

/// The smallest and the largest weight a range's hand may have. Within these
/// bounds the product of ten players' weights and its sum over every deal stay
/// far from a double's overflow and underflow, so equities are always finite.
inline constexpr double min_weight = 1e-9;
inline constexpr double max_weight = 1e9;

/// The most hands a range or hand list may name, repeats counted, and one
/// pattern of `parse_hand_list` above all (`xxxx` names 270,725; `xxxxx`
/// names 2,598,960 and is refused before any is listed).
inline constexpr std::size_t max_range_hands = 2'000'000;

/// One hand of a range and its weight: how likely the player is to hold it,
/// relative to the range's other hands (1 unless the text says otherwise).
struct weighted_combo {
    CardSet cards;
    double weight = 1.0;
    friend bool operator==(const weighted_combo&, const weighted_combo&) = default;
};

/// The hands a player may hold, each with a weight, in the order the text
/// names them; a hand named twice is kept once, with its first weight.
///
///     hand_range r = parse_range("QQ+, AKs:0.5");
///     assert(r.size() == 18 + 4);
///     assert(r.without(parse_card_set("Qh")).size() == 15 + 4);  // three queen pairs hold the Qh
class hand_range {
public:
    hand_range() = default;
    explicit hand_range(std::vector<weighted_combo> combos, bool random = false)
        : combos_(std::move(combos)), random_(random) {}

    const std::vector<weighted_combo>& combos() const& { return combos_; }
    /// A temporary range gives its hands away, so `for (auto& c : parse_range("QQ+").combos())` is safe.
    std::vector<weighted_combo> combos() && { return std::move(combos_); }
    std::size_t size() const { return combos_.size(); }
    bool empty() const { return combos_.empty(); }
    /// Whether the range is exactly `random`: any hand at all, so a caller may
    /// deal the player's cards from the deck instead of listing them.
    bool is_random() const { return random_; }
    /// Number of cards in each hand (all hands of a range hold the same number);
    /// 0 for an empty range.
    int cards_per_hand() const { return combos_.empty() ? 0 : combos_.front().cards.size(); }
    /// The sum of the weights.
    double total_weight() const;
    /// The hands that share no card with `dead` (card removal).
    hand_range without(CardSet dead) const;

private:
    std::vector<weighted_combo> combos_;
    bool random_ = false;
};

/// Parses a hold'em range: a comma list of
///
/// | form | meaning | hands |
/// | --- | --- | --- |
/// | `AhKh` | one hand | 1 |
/// | `QQ` | a pair | 6 |
/// | `AKs`, `AKo`, `AK` | suited, offsuit, either | 4, 12, 16 |
/// | `QQ+` | the pair and every higher pair | 18 |
/// | `A2s+`, `KTo+` | the second card up to one below the first | 48, 36 |
/// | `22-55`, `A9s-A2s`, `T9s-65s` | every step between the ends (same gap) | 24, 32, 20 |
/// | `random` | every hand | 1326 |
///
/// each optionally followed by `:WEIGHT`, a number from `min_weight` (1e-9) to
/// `max_weight` (1e9), as in `AKs:0.5`.
/// Spaces around tokens are allowed; the range names at most `max_range_hands`
/// hands, repeats counted. Throws `range_error` quoting the bad token and its position: `bad range token "AKx" at position 5: ...`.
hand_range parse_range(std::string_view text);

/// Parses a range of hands of `cards` cards or fewer, for games with more
/// hole cards than hold'em: a comma list of hands, each optionally weighted
/// (`AsAdKsKd, AhKhQhJh:0.5`), or the word `random`. A hand may be a pattern
/// in which a rank alone is that rank in any suit and `x` is any card:
/// `AAKK` is every hand of two aces and two kings (36), `AsAdxx` the aces of
/// spades and diamonds with any two other cards (1,225). Every hand of the
/// list must hold the same number of cards, and the list names at most
/// `max_range_hands` hands. Throws `range_error` like `parse_range`.
///
///     hand_range omaha = parse_hand_list("AsAdKsKd, AhAcKhKc", 4);
///     assert(omaha.size() == 2 && omaha.cards_per_hand() == 4);
///     assert(parse_hand_list("AAKK", 4).size() == 36);
hand_range parse_hand_list(std::string_view text, int cards);

/// The 169 starting-hand classes of hold'em in grid order, row by row:
/// row `i` and column `j` (0 = ace) name a pair on the diagonal, a suited hand
/// above it and an offsuit hand below it: `starting_hand_class(0, 1) == "AKs"`.
std::string starting_hand_class(int row, int column);

}  // namespace pokerengine
