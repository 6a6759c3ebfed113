#include "pokerengine/icm.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>
#include <tuple>
#include <utility>

#include "pokerengine/random.hpp"

namespace pokerengine {

const char* to_string(icm_error_code code) {
    switch (code) {
        case icm_error_code::no_players: return "no_players";
        case icm_error_code::bad_stack: return "bad_stack";
        case icm_error_code::too_many_players: return "too_many_players";
        case icm_error_code::no_payouts: return "no_payouts";
        case icm_error_code::bad_payout: return "bad_payout";
        case icm_error_code::too_many_for_exact: return "too_many_for_exact";
        case icm_error_code::bad_trials: return "bad_trials";
    }
    return "unknown";
}

namespace {

std::string number_text(double x) {
    std::string s = std::to_string(x);
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    return s;
}

void check_input(std::span<const double> stacks, std::span<const double> payouts) {
    if (stacks.empty()) throw icm_error(icm_error_code::no_players, "ICM needs at least one stack");
    if (stacks.size() > icm_max_players)
        throw icm_error(icm_error_code::too_many_players, std::to_string(stacks.size()) + " stacks: ICM takes at most " +
                                                             std::to_string(icm_max_players));
    for (std::size_t i = 0; i < stacks.size(); ++i)
        if (!std::isfinite(stacks[i]) || stacks[i] <= 0)
            throw icm_error(icm_error_code::bad_stack, "stack " + std::to_string(i + 1) + " is " +
                                                           number_text(stacks[i]) + ": every stack must be above 0");
    if (!std::isfinite(std::accumulate(stacks.begin(), stacks.end(), 0.0)))
        throw icm_error(icm_error_code::bad_stack, "the stacks add up to more than a number can hold");
    if (payouts.empty()) throw icm_error(icm_error_code::no_payouts, "ICM needs at least one payout");
    if (payouts.size() > icm_max_players)
        throw icm_error(icm_error_code::too_many_players, std::to_string(payouts.size()) +
                                                             " payouts: ICM takes at most " +
                                                             std::to_string(icm_max_players));
    for (std::size_t k = 0; k < payouts.size(); ++k)
        if (!std::isfinite(payouts[k]) || payouts[k] < 0)
            throw icm_error(icm_error_code::bad_payout, "payout " + std::to_string(k + 1) + " is " +
                                                            number_text(payouts[k]) + ": payouts must be 0 or more");
}

// The places paid that n players can reach.
std::size_t reachable_places(std::size_t players, std::span<const double> payouts) {
    return std::min(players, payouts.size());
}

// Dynamic programming over the sets of players already placed: reach[mask] is
// the probability that the players of `mask` take the top |mask| places (in
// some order); each player left takes the next place with the probability of
// their share of the chips left.
std::vector<double> exact_equities(std::span<const double> stacks, std::span<const double> payouts) {
    const std::size_t n = stacks.size();
    const std::size_t places = reachable_places(n, payouts);
    const std::size_t sets = std::size_t{1} << n;
    std::vector<double> chips_in(sets, 0.0);  // the chips of the players of each set
    for (std::size_t mask = 1; mask < sets; ++mask)
        chips_in[mask] = chips_in[mask & (mask - 1)] + stacks[static_cast<std::size_t>(std::countr_zero(mask))];
    std::vector<double> reach(sets, 0.0);
    reach[0] = 1.0;
    std::vector<double> equity(n, 0.0);
    const std::size_t all = sets - 1;
    for (std::size_t mask = 0; mask < sets; ++mask) {
        const double p = reach[mask];
        const auto placed = static_cast<std::size_t>(std::popcount(mask));
        if (p == 0 || placed >= places) continue;
        const double left = chips_in[all ^ mask];
        const double pay = payouts[placed];
        for (std::size_t i = 0; i < n; ++i) {
            if (mask >> i & 1) continue;
            const double q = p * stacks[i] / left;
            equity[i] += q * pay;
            if (placed + 1 < places) reach[mask | std::size_t{1} << i] += q;
        }
    }
    return equity;
}

// Finishing orders drawn from the model: with independent exponential times of
// rate stack_i, the first to come is player i with probability stack_i / total,
// and, the times having no memory, the order of the rest is again the model's.
std::pair<std::vector<double>, std::vector<double>> simulated_equities(std::span<const double> stacks,
                                                                       std::span<const double> payouts,
                                                                       std::uint64_t trials, std::uint64_t seed) {
    const std::size_t n = stacks.size();
    const std::size_t places = reachable_places(n, payouts);
    xoshiro256ss rng{seed};
    std::vector<double> sum(n, 0.0), sum_squares(n, 0.0);
    std::vector<std::pair<double, std::size_t>> times(n);
    for (std::uint64_t t = 0; t < trials; ++t) {
        for (std::size_t i = 0; i < n; ++i) {
            const double u = static_cast<double>((rng() >> 11) + 1) * 0x1.0p-53;  // (0, 1]
            times[i] = {-std::log(u) / stacks[i], i};
        }
        std::partial_sort(times.begin(), times.begin() + static_cast<std::ptrdiff_t>(places), times.end());
        for (std::size_t k = 0; k < places; ++k) {
            const std::size_t i = times[k].second;
            sum[i] += payouts[k];
            sum_squares[i] += payouts[k] * payouts[k];
        }
    }
    std::vector<double> mean(n), error(n);
    const auto count = static_cast<double>(trials);
    for (std::size_t i = 0; i < n; ++i) {
        mean[i] = sum[i] / count;
        const double variance = trials > 1 ? std::max(0.0, (sum_squares[i] - count * mean[i] * mean[i]) / (count - 1)) : 0.0;
        error[i] = std::sqrt(variance / count);
    }
    return {mean, error};
}

}  // namespace

icm_result icm(std::span<const double> stacks, std::span<const double> payouts, const icm_options& options) {
    check_input(stacks, payouts);
    const std::size_t n = stacks.size();
    icm_result r;
    const std::size_t places = reachable_places(n, payouts);
    r.prize_pool = std::accumulate(payouts.begin(), payouts.begin() + static_cast<std::ptrdiff_t>(places), 0.0);
    icm_method method = options.method;
    if (method == icm_method::automatic)
        method = n <= icm_max_exact_players ? icm_method::exact : icm_method::monte_carlo;
    if (method == icm_method::exact) {
        if (n > icm_max_exact_players)
            throw icm_error(icm_error_code::too_many_for_exact,
                            std::to_string(n) + " players: the exact method takes at most " +
                                std::to_string(icm_max_exact_players) + " (Monte Carlo takes more)");
        r.method = icm_method::exact;
        r.equities = exact_equities(stacks, payouts);
        r.standard_errors.assign(n, 0.0);
        return r;
    }
    if (options.trials == 0 || options.trials > icm_max_trials)
        throw icm_error(icm_error_code::bad_trials, std::to_string(options.trials) + " trials: Monte Carlo takes 1 to " +
                                                        std::to_string(icm_max_trials));
    r.method = icm_method::monte_carlo;
    r.trials = options.trials;
    std::tie(r.equities, r.standard_errors) = simulated_equities(stacks, payouts, options.trials, options.seed);
    return r;
}

icm_deal icm_chop(std::span<const double> stacks, std::span<const double> payouts, const icm_options& options) {
    icm_deal d;
    d.equity = icm(stacks, payouts, options);
    const std::size_t n = stacks.size();
    if (payouts.size() >= n)
        d.guaranteed = *std::min_element(payouts.begin(), payouts.begin() + static_cast<std::ptrdiff_t>(n));
    d.remaining = d.equity.prize_pool - static_cast<double>(n) * d.guaranteed;
    const double total = std::accumulate(stacks.begin(), stacks.end(), 0.0);
    for (double s : stacks) d.chip_chop.push_back(d.guaranteed + d.remaining * s / total);
    return d;
}

}  // namespace pokerengine
