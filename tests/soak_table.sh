#!/usr/bin/env bash
# A million seeded random hands at tables of four games (poker play --hands):
# no error, and the chips on each table equal what was bought in.
# Usage: tests/soak_table.sh PATH/TO/poker; prints `N passed, N failed`.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/cli_support.sh"
for spec in "holdem 400000" "omaha-hi-lo 200000" "stud 200000" "deuce-to-seven-triple-draw 200000"; do
    read -r game hands <<< "$spec"
    expect_json "$game: $hands hands" play --game "$game" --hands "$hands" --seed 2024 --json
    json_check "$game: every hand played, the chips conserved" \
        "j['hands'] == $hands and j['conserved'] and j['chips_on_table'] == j['bought_in'] == sum(j['stacks'])"
done
finish
