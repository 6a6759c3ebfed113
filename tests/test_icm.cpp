// ICM (engine/pokerengine/icm.hpp): the published worked examples, a brute
// force over every finishing order written here apart from the library's
// dynamic programming, Monte Carlo against the exact figures, deals and errors.

#include "pokerengine/icm.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "pokerengine/random.hpp"

using namespace pokerengine;

namespace {

// Every finishing order of the players, each with its probability under the
// Malmuth-Harville model (the product, place by place, of the finisher's share
// of the chips still in play), paid place by place.
std::vector<double> by_every_order(const std::vector<double>& stacks, const std::vector<double>& payouts) {
    const std::size_t n = stacks.size();
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::vector<double> equity(n, 0.0);
    do {
        double probability = 1;
        double left = std::accumulate(stacks.begin(), stacks.end(), 0.0);
        for (std::size_t place = 0; place < n; ++place) {
            probability *= stacks[order[place]] / left;
            left -= stacks[order[place]];
        }
        for (std::size_t place = 0; place < n && place < payouts.size(); ++place)
            equity[order[place]] += probability * payouts[place];
    } while (std::next_permutation(order.begin(), order.end()));
    return equity;
}

icm_error_code code_of(const std::vector<double>& stacks, const std::vector<double>& payouts,
                       const icm_options& options = {}) {
    try {
        (void)icm(stacks, payouts, options);
    } catch (const icm_error& e) {
        return e.code();
    }
    FAIL("no icm_error");
    return icm_error_code::no_players;
}

}  // namespace

TEST_CASE("published worked examples") {
    SUBCASE("three players with half, 30% and 20% of the chips, paid 50/30/20") {
        // C. Moshman, Sit 'n Go Strategy (Two Plus Two, 2007), the ICM chapter:
        // the leader's stack is worth 38.39% of the prize pool. The other two
        // figures are the brute force's over the six finishing orders, and by hand:
        // B: 0.3 * 50 + (0.5 * 3/5 + 0.2 * 3/8) * 30 + 0.325 * 20 = 32.75.
        const std::vector<double> stacks{5000, 3000, 2000}, payouts{50, 30, 20};
        const icm_result r = icm(stacks, payouts);
        CHECK(r.method == icm_method::exact);
        CHECK(r.equities[0] == doctest::Approx(38.39).epsilon(0.0002));
        CHECK(r.equities[1] == doctest::Approx(32.75).epsilon(1e-12));
        const std::vector<double> brute = by_every_order(stacks, payouts);
        for (std::size_t i = 0; i < 3; ++i) CHECK(r.equities[i] == doctest::Approx(brute[i]).epsilon(1e-12));
        CHECK(brute[0] == doctest::Approx(38.3928571).epsilon(1e-8));
        CHECK(brute[2] == doctest::Approx(28.8571429).epsilon(1e-8));
    }
    SUBCASE("the same chips paid 70/30") {
        // Wikipedia, "Independent Chip Model": about 45, 32 and 22 (rounded down).
        const icm_result r = icm(std::vector<double>{50, 30, 20}, std::vector<double>{70, 30});
        CHECK(r.equities[0] == doctest::Approx(45).epsilon(0.01));
        CHECK(r.equities[1] == doctest::Approx(32).epsilon(0.01));
        CHECK(r.equities[2] == doctest::Approx(22.5).epsilon(0.03));
        CHECK(r.prize_pool == 100);
    }
    SUBCASE("four players, three paid: 5000/3000/1500/500 for 500/300/200") {
        // pailiku.com's ICM calculator, its example final table: 377.78, 312.89, 225.60, 83.73.
        const icm_result r = icm(std::vector<double>{5000, 3000, 1500, 500}, std::vector<double>{500, 300, 200});
        CHECK(r.equities[0] == doctest::Approx(377.78).epsilon(0.00002));
        CHECK(r.equities[1] == doctest::Approx(312.89).epsilon(0.00002));
        CHECK(r.equities[2] == doctest::Approx(225.60).epsilon(0.00003));
        CHECK(r.equities[3] == doctest::Approx(83.73).epsilon(0.0001));
    }
    SUBCASE("a double-or-nothing: four players left, three places paid alike") {
        // A Two Plus Two question on double-or-nothing equity, its figures checked
        // there against the Hendon Mob and ICMPoker calculators: 7.30, 8.06, 8.55, 6.09.
        const icm_result r = icm(std::vector<double>{2000, 2500, 3000, 1500}, std::vector<double>{10, 10, 10});
        CHECK(std::round(r.equities[0] * 100) == 730);
        CHECK(std::round(r.equities[1] * 100) == 806);
        CHECK(std::round(r.equities[2] * 100) == 855);
        CHECK(std::round(r.equities[3] * 100) == 609);
    }
}

TEST_CASE("the dynamic programming agrees with every finishing order") {
    xoshiro256ss rng{20261201};
    for (int round = 0; round < 200; ++round) {
        const std::size_t n = 1 + uniform_below(rng, 7);
        std::vector<double> stacks(n), payouts(1 + uniform_below(rng, n + 2));
        for (double& s : stacks) s = 1 + static_cast<double>(uniform_below(rng, 10'000));
        for (double& p : payouts) p = static_cast<double>(uniform_below(rng, 1000));
        CAPTURE(round);
        const icm_result r = icm(stacks, payouts);
        const std::vector<double> brute = by_every_order(stacks, payouts);
        double pool = 0;
        for (std::size_t k = 0; k < std::min(n, payouts.size()); ++k) pool += payouts[k];
        CHECK(r.prize_pool == doctest::Approx(pool));
        CHECK(std::accumulate(r.equities.begin(), r.equities.end(), 0.0) == doctest::Approx(pool).epsilon(1e-12));
        for (std::size_t i = 0; i < n; ++i) CHECK(r.equities[i] == doctest::Approx(brute[i]).epsilon(1e-10));
    }
}

TEST_CASE("what the model says without working") {
    SUBCASE("one player takes first place") {
        CHECK(icm(std::vector<double>{123}, std::vector<double>{70, 30}).equities == std::vector<double>{70});
    }
    SUBCASE("equal stacks share equally") {
        const icm_result r = icm(std::vector<double>(6, 100), std::vector<double>{50, 30, 20});
        for (double e : r.equities) CHECK(e == doctest::Approx(100.0 / 6));
    }
    SUBCASE("with one payout, equity is the share of the chips") {
        const icm_result r = icm(std::vector<double>{1, 2, 7}, std::vector<double>{100});
        CHECK(r.equities[2] == doctest::Approx(70));
    }
    SUBCASE("places beyond the players are not paid") {
        const icm_result r = icm(std::vector<double>{60, 40}, std::vector<double>{50, 30, 20});
        CHECK(r.prize_pool == 80);
        CHECK(r.equities[0] == doctest::Approx(30 + 0.6 * 20));  // second place's 30 is sure
    }
    SUBCASE("twenty players, exactly") {
        std::vector<double> stacks(20), payouts(20);
        for (std::size_t i = 0; i < 20; ++i) {
            stacks[i] = static_cast<double>(1000 + 137 * i);
            payouts[i] = static_cast<double>(20 - i);
        }
        const icm_result r = icm(stacks, payouts);
        CHECK(r.method == icm_method::exact);
        CHECK(std::accumulate(r.equities.begin(), r.equities.end(), 0.0) == doctest::Approx(210));
        CHECK(std::is_sorted(r.equities.begin(), r.equities.end()));  // more chips, more equity
    }
}

TEST_CASE("Monte Carlo") {
    const std::vector<double> stacks{4000, 2500, 1800, 1200, 300, 200}, payouts{45, 27, 18, 10};
    const icm_result exact = icm(stacks, payouts);
    icm_options o;
    o.method = icm_method::monte_carlo;
    o.trials = 200'000;
    o.seed = 7;
    const icm_result mc = icm(stacks, payouts, o);
    CHECK(mc.method == icm_method::monte_carlo);
    CHECK(mc.trials == 200'000);
    for (std::size_t i = 0; i < stacks.size(); ++i) {
        CAPTURE(i);
        CHECK(mc.standard_errors[i] > 0);
        CHECK(mc.standard_errors[i] < 0.1);
        CHECK(std::abs(mc.equities[i] - exact.equities[i]) < 4 * mc.standard_errors[i]);
    }
    CHECK(icm(stacks, payouts, o).equities == mc.equities);  // the same seed, the same orders
    o.seed = 8;
    CHECK(icm(stacks, payouts, o).equities != mc.equities);
    SUBCASE("beyond twenty players it is the automatic choice") {
        const icm_result r = icm(std::vector<double>(30, 5), std::vector<double>{3, 2, 1});
        CHECK(r.method == icm_method::monte_carlo);
        CHECK(r.trials == icm_options{}.trials);
        CHECK(std::accumulate(r.equities.begin(), r.equities.end(), 0.0) == doctest::Approx(6));
    }
}

TEST_CASE("deals") {
    const std::vector<double> stacks{5000, 3000, 2000}, payouts{50, 30, 20};
    const icm_deal d = icm_chop(stacks, payouts);
    CHECK(d.guaranteed == 20);
    CHECK(d.remaining == 40);
    CHECK(d.equity.equities == icm(stacks, payouts).equities);
    // The chip chop: 20 each, then 40 by the chips (parksweb.us/poker-chop.htm works one the same way).
    CHECK(d.chip_chop[0] == doctest::Approx(40));
    CHECK(d.chip_chop[1] == doctest::Approx(32));
    CHECK(d.chip_chop[2] == doctest::Approx(28));
    // Fewer places paid than players: nobody is sure of anything.
    const icm_deal bubble = icm_chop(std::vector<double>{5, 3, 2, 1}, std::vector<double>{6, 3, 1});
    CHECK(bubble.guaranteed == 0);
    CHECK(bubble.remaining == 10);
}

TEST_CASE("bad input") {
    CHECK(code_of({}, {1}) == icm_error_code::no_players);
    CHECK(code_of({100, 0}, {1}) == icm_error_code::bad_stack);
    CHECK(code_of({100, -5}, {1}) == icm_error_code::bad_stack);
    CHECK(code_of({100, NAN}, {1}) == icm_error_code::bad_stack);
    CHECK(code_of({1e308, 1e308}, {1}) == icm_error_code::bad_stack);
    CHECK(code_of({100}, {}) == icm_error_code::no_payouts);
    CHECK(code_of({100}, {5, -1}) == icm_error_code::bad_payout);
    CHECK(code_of({100}, {INFINITY}) == icm_error_code::bad_payout);
    CHECK(code_of(std::vector<double>(icm_max_players + 1, 1), {1}) == icm_error_code::too_many_players);
    CHECK(code_of({1}, std::vector<double>(icm_max_players + 1, 1)) == icm_error_code::too_many_players);
    icm_options exact;
    exact.method = icm_method::exact;
    CHECK(code_of(std::vector<double>(21, 1), {1}, exact) == icm_error_code::too_many_for_exact);
    icm_options mc;
    mc.method = icm_method::monte_carlo;
    mc.trials = 0;
    CHECK(code_of({1, 2}, {1}, mc) == icm_error_code::bad_trials);
    mc.trials = icm_max_trials + 1;
    CHECK(code_of({1, 2}, {1}, mc) == icm_error_code::bad_trials);
    try {
        (void)icm(std::vector<double>{100, 0}, std::vector<double>{1});
    } catch (const icm_error& e) {
        CHECK(std::string(e.what()) == "stack 2 is 0: every stack must be above 0");
        CHECK(std::string(to_string(e.code())) == "bad_stack");
    }
}
