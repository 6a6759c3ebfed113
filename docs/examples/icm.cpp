// Tournament equity from chip stacks, and the deals of the players left: the
// classic three-player example, more payouts than players, and a field too
// large for the exact method. Built and run by the test suite (docs).
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "pokerengine/icm.hpp"
#include "example_check.hpp"

using namespace pokerengine;

int main() {
    // Half, 30% and 20% of the chips; 50, 30 and 20 for the top three places.
    const std::vector<double> stacks{5000, 3000, 2000}, payouts{50, 30, 20};
    const icm_result r = icm(stacks, payouts);
    check(r.method == icm_method::exact && r.prize_pool == 100, "exact, a pool of 100");
    check(std::abs(r.equities[0] - 38.3928571) < 1e-7, "the leader's 38.39");
    check(std::abs(r.equities[1] - 32.75) < 1e-12, "32.75");
    check(std::abs(r.equities[2] - 28.8571429) < 1e-7, "28.86");

    // The deal: 20 each first (third place's payout, which everyone is sure of),
    // then the ICM deal is each equity; the chip chop shares the 40 by the chips.
    const icm_deal d = icm_chop(stacks, payouts);
    check(d.guaranteed == 20 && d.remaining == 40, "20 each, then 40");
    check(d.equity.equities == r.equities, "the ICM deal is the equities");
    check(std::abs(d.chip_chop[0] - 40) < 1e-12 && std::abs(d.chip_chop[2] - 28) < 1e-12, "chip chop 40, 32, 28");

    // Two players left of a three-place payout: third place is never reached.
    const icm_result two = icm(std::vector<double>{60, 40}, std::vector<double>{50, 30, 20});
    check(two.prize_pool == 80 && std::abs(two.equities[0] - 42) < 1e-12, "30 sure, then 60% of 20");

    // Thirty players: Monte Carlo with a seed, each equity with its standard error.
    icm_options o;
    o.trials = 20'000;
    o.seed = 3;
    const icm_result field = icm(std::vector<double>(30, 100), std::vector<double>{50, 30, 20}, o);
    check(field.method == icm_method::monte_carlo && field.trials == 20'000, "Monte Carlo beyond 20 players");
    check(std::abs(field.equities[0] - 100.0 / 30) < 4 * field.standard_errors[0], "equal stacks: 3.33 each");

    try {
        (void)icm(std::vector<double>{100, 0}, payouts);
        check(false, "a stack of 0 throws");
    } catch (const icm_error& e) {
        check(e.code() == icm_error_code::bad_stack, "bad_stack");
        check(std::string(e.what()) == "stack 2 is 0: every stack must be above 0", "the message names the stack");
    }
    std::printf("%s\n", failures ? "icm example: FAILED" : "icm example: ok");
    return failures ? 1 : 0;
}
