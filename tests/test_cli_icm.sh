#!/usr/bin/env bash
# End-to-end checks of `poker icm`: the classic three-player example as text and
# JSON (`equities` in the order of --stacks), deals, Monte Carlo, and errors.
#
# Usage: tests/test_cli_icm.sh PATH/TO/poker
# Prints one line per failed check, then `N passed, N failed`; exits 1 on any failure.

set -u

source "$(dirname "${BASH_SOURCE[0]}")/cli_support.sh"

# Moshman, Sit 'n Go Strategy: 50/30/20% of the chips, paid 50/30/20; the
# leader's 38.39 and the others by hand (docs/icm.md).
expect_output "the classic three-player example" "players: 3, places paid: 3, prize pool: 100
method: exact
player 1: stack 5000 (50.00% of the chips), equity 38.3928571 (38.39% of the prize pool)
player 2: stack 3000 (30.00% of the chips), equity 32.75 (32.75% of the prize pool)
player 3: stack 2000 (20.00% of the chips), equity 28.8571429 (28.86% of the prize pool)" \
    icm --stacks 5000,3000,2000 --payouts 50,30,20
expect_json "JSON" icm --stacks 2000,5000,3000 --payouts 50,30,20 --json
json_check "JSON: equities in the order of --stacks, exact, adding up to the pool" \
    'j["equities"] == [28.8571429, 38.3928571, 32.75] and j["method"] == "exact" and j["prize_pool"] == 100 and j["standard_errors"] == [0, 0, 0] and j["trials"] is None and "deal" not in j'
expect_json "--deal JSON" icm --stacks 5000,3000,2000 --payouts 50,30,20 --json --deal
json_check "--deal: 20 each first, 40 shared; the ICM deal and the chip chop" \
    'j["deal"] == {"guaranteed": 20, "remaining": 40, "icm": [38.3928571, 32.75, 28.8571429], "chip_chop": [40, 32, 28]}'
run icm --stacks 5000,3000,2000 --payouts 50,30,20 --deal
expect_true "--deal text" grep -qx 'player 2: ICM deal 32.75, chip chop 32' <<< "$out"
expect_json "more payouts than players: the extra places are not paid" icm --stacks 60,40 --payouts 50,30,20 --json
json_check "more payouts than players: a pool of 80" 'j["prize_pool"] == 80 and j["places_paid"] == 2 and j["equities"] == [42, 38]'
expect_json "--simulate" icm --stacks 5000,3000,2000 --payouts 50,30,20 --simulate --trials 20000 --seed 5 --json
json_check "--simulate: within four standard errors of the exact equities" \
    'j["method"] == "monte-carlo" and j["trials"] == 20000 and j["seed"] == 5 and all(abs(e - x) < 4 * s and s > 0 for e, x, s in zip(j["equities"], [38.3928571, 32.75, 28.8571429], j["standard_errors"]))'
first=$out
run icm --stacks 5000,3000,2000 --payouts 50,30,20 --simulate --trials 20000 --seed 5 --json
expect_true "--simulate: the same seed, the same figures" test "$out" = "$first"
stacks21=$(seq 100 10 300 | paste -sd,)
expect_json "21 players: Monte Carlo" icm --stacks "$stacks21" --payouts 10,5 --trials 1000 --json
json_check "21 players: Monte Carlo, 1000 trials" 'j["method"] == "monte-carlo" and len(j["equities"]) == 21'

expect_error "a zero stack" 2 "bad_stack: stack 2 is 0" icm --stacks 5,0 --payouts 1
expect_error "a negative stack" 2 "bad_stack: --stacks: '-5' is not a number of 0 or more" icm --stacks=3,-5 --payouts 1
expect_error "a byte that is not text, shown escaped" 2 "bad_stack: --stacks: '\\xff' is not a number of 0 or more" icm --stacks $'1,\xff' --payouts 1
expect_error "a negative payout" 2 "bad_payout: --payouts: '-1' is not a number" icm --stacks 3,5 --payouts=2,-1
expect_error "no payouts" 2 "no_payouts" icm --stacks 3,5 --payouts ""
expect_error "no stacks" 2 "no_players" icm --stacks "" --payouts 1
expect_error "--exact beyond 20 players" 2 "too_many_for_exact: 21 players" icm --stacks "$stacks21" --payouts 1 --exact
expect_error "absurd sizes" 2 "too_many_players" icm --stacks "$(printf '1,%.0s' $(seq 10001))1" --payouts 1
expect_error "--payouts is needed" 2 "'icm' needs --payouts" icm --stacks 1,2
expect_error "--trials 0" 2 "--trials" icm --stacks 1,2 --payouts 1 --trials 0
expect_error "--exact and --simulate" 2 "--exact and --simulate exclude each other" icm --stacks 1,2 --payouts 1 --exact --simulate

finish
