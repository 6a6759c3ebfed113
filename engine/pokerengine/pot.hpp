#pragma once
// Pots: the main pot and the side pots built from what each player put in,
// and the division of a pot among tied winners in whole chips.

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

#include <boost/container/static_vector.hpp>

namespace pokerengine {

/// An amount of chips: whole units, never fractions.
using chips = std::int64_t;

/// The most chips any contribution, pot, payout or total of them may hold:
/// 2^62 (4,611,686,018,427,387,904). Totals are checked against it before
/// anything is added up, so chip arithmetic never overflows.
inline constexpr chips max_chips = chips{1} << 62;

/// A bad pot: a negative contribution, chips beyond `max_chips`, or no player
/// left to win it.
class pot_error : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// What one player put into the pot this hand, and whether they folded.
struct stake {
    chips contribution = 0;
    bool folded = false;
};

/// One pot: its chips and the players who may win them, in seat order.
struct pot {
    chips amount = 0;
    std::vector<std::size_t> eligible;

    /// A pot only one player can win goes back to them without a showdown.
    bool uncontested() const { return eligible.size() == 1; }
};

/// The most players `build_pot_masks` takes: a pot's players are the bits of a 64-bit mask.
inline constexpr std::size_t max_pot_players = 64;

/// One pot in fixed storage: its chips and the players who may win it as the
/// bits of a mask (player i is bit i). The form a hand is settled in without
/// allocating; `build_pots` gives the same pots with lists of players.
struct pot_mask {
    chips amount = 0;
    std::uint64_t eligible = 0;

    friend bool operator==(const pot_mask&, const pot_mask&) = default;
};

/// Room for every pot of `max_pot_players` players: one per distinct contribution.
using pot_masks = boost::container::static_vector<pot_mask, max_pot_players>;

/// The main pot, then each side pot. A player who is all-in for less than
/// others can win from each other player only what they put in themselves:
/// every distinct contribution of a player still in the hand closes a pot.
/// Chips put in by folded players go to the pots they reached; chips beyond
/// the largest contribution of a player still in the hand go to the last pot.
/// Throws `pot_error` for a negative contribution, contributions adding up to
/// more than `max_chips`, more than `max_pot_players` players, or when every
/// player folded.
///
///     // player 0 all-in for 20, players 1 and 2 put in 50 each
///     auto pots = build_pots(std::vector<stake>{{20}, {50}, {50}});
///     // pots[0]: 60 chips, players 0, 1, 2; pots[1]: 60 chips, players 1, 2
std::vector<pot> build_pots(std::span<const stake> stakes);

/// The same pots as `build_pots`, in fixed storage, with `dead_money` (antes
/// that are nobody's contribution) added to the main pot, which every player
/// still in the hand may win: a player all-in from their ante alone wins it.
/// Throws `pot_error` as `build_pots` does, or for more than `max_pot_players`
/// players.
///
///     // player 0 all-in for 20, players 1 and 2 put in 50 each, 3 chips of antes
///     pot_masks pots = build_pot_masks(std::vector<stake>{{20}, {50}, {50}}, 3);
///     // pots[0]: 63 chips, players 0b111; pots[1]: 60 chips, players 0b110
pot_masks build_pot_masks(std::span<const stake> stakes, chips dead_money = 0);

/// The sum of the contributions. Throws `pot_error` for a negative
/// contribution or a sum beyond `max_chips`, naming the player where it goes over.
///
///     assert(total_chips(std::vector<stake>{{20}, {50, true}}) == 70);
chips total_chips(std::span<const stake> stakes);

/// Divides `amount` among `winners` (listed in the order the odd chips go):
/// each gets the same whole number of chips and the remainder goes one chip
/// each to the first winners. The shares are in the order of `winners`.
/// Throws `pot_error` for no winner or an amount outside 0 .. `max_chips`.
///
///     assert((split_chips(10, 3) == std::vector<chips>{4, 3, 3}));
std::vector<chips> split_chips(chips amount, std::size_t winners);

}  // namespace pokerengine
