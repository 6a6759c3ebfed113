#pragma once
// Tournament equity by the Independent Chip Model (Malmuth-Harville): each
// player's share of the prize pool from the chip stacks and the payouts of
// the places still to be paid, and the deals (chops) built on it.

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace pokerengine {

/// What is wrong with the stacks, payouts or options given to `icm`.
enum class icm_error_code : std::uint8_t {
    no_players,        // no stacks
    bad_stack,         // a stack that is zero, negative or not finite
    too_many_players,  // more than `icm_max_players` stacks (or places)
    no_payouts,        // no payouts
    bad_payout,        // a payout that is negative or not finite
    too_many_for_exact,  // the exact method asked for more than `icm_max_exact_players`
    bad_trials,        // Monte Carlo with 0 trials or more than `icm_max_trials`
};

/// The code's name as the tool prints it: `bad_stack`.
const char* to_string(icm_error_code code);

/// Bad input to `icm`, with its code; the message quotes the value at fault.
class icm_error : public std::invalid_argument {
public:
    icm_error(icm_error_code code, const std::string& message) : std::invalid_argument(message), code_(code) {}
    icm_error_code code() const { return code_; }

private:
    icm_error_code code_;
};

/// The most players (and places) `icm` takes.
inline constexpr std::size_t icm_max_players = 10'000;
/// The most players the exact method takes: its table has 2^n entries
/// (8 MB for 20 players, worked out in well under a second).
inline constexpr std::size_t icm_max_exact_players = 20;
/// The most Monte Carlo trials.
inline constexpr std::uint64_t icm_max_trials = 1'000'000'000;

enum class icm_method : std::uint8_t {
    automatic,    // exact up to `icm_max_exact_players`, Monte Carlo beyond
    exact,        // dynamic programming over the sets of players already placed
    monte_carlo,  // seeded finishing orders drawn from the model
};

struct icm_options {
    icm_method method = icm_method::automatic;
    std::uint64_t trials = 100'000;  // Monte Carlo: finishing orders drawn
    std::uint64_t seed = 1;            // Monte Carlo: the same seed draws the same orders
};

struct icm_result {
    /// Each player's equity in payout units, in the order of the stacks.
    std::vector<double> equities;
    /// The standard error of each equity: 0 when exact.
    std::vector<double> standard_errors;
    icm_method method = icm_method::exact;  // exact or monte_carlo, never automatic
    std::uint64_t trials = 0;               // Monte Carlo only
    /// The payouts of the places the players can reach: the first n payouts
    /// for n players (places beyond the players are never paid). The equities add up to it.
    double prize_pool = 0;
};

/// Tournament equity by the Malmuth-Harville model: a player finishes first
/// with the probability of their share of the chips, and each next place goes
/// to one of the players left with the probability of their share of the
/// chips left. `payouts[k]` is paid to place k + 1; places beyond the number of
/// players are never reached and are not paid; players beyond the payouts get
/// nothing for their place. Throws `icm_error`.
///
///     icm_result r = icm(std::vector<double>{5000, 3000, 2000}, std::vector<double>{50, 30, 20});
///     // r.equities: 38.3928571, 32.75, 28.8571429
icm_result icm(std::span<const double> stacks, std::span<const double> payouts, const icm_options& options = {});

/// A deal between the players left, from their ICM equities.
///
/// Every player is sure of the smallest payout among the places they can
/// reach (`guaranteed`: the payout of place n for n players, or 0 when fewer
/// places than players are paid). The ICM deal pays each player their equity
/// (`equity.equities`), which is the guaranteed amount plus their ICM share of
/// what is left of the prize pool once each player has it (`remaining`); the
/// chip chop pays the guaranteed amount plus a share of what is left in
/// proportion to the chips, for comparison.
struct icm_deal {
    icm_result equity;              // the ICM deal: equity.equities, adding up to equity.prize_pool
    double guaranteed = 0;          // paid to each player first
    double remaining = 0;           // prize_pool - n * guaranteed
    std::vector<double> chip_chop;  // guaranteed + remaining * stack / total chips
};

/// The deals for the players left. Throws `icm_error` as `icm` does.
///
///     icm_deal d = icm_chop(std::vector<double>{5000, 3000, 2000}, std::vector<double>{50, 30, 20});
///     // d.guaranteed == 20, d.remaining == 40; d.chip_chop: 40, 32, 28
icm_deal icm_chop(std::span<const double> stacks, std::span<const double> payouts, const icm_options& options = {});

}  // namespace pokerengine
