#!/usr/bin/env bash
# run_fuzz.sh TARGET SECONDS CORPUS SCRATCH: runs a libFuzzer target for SECONDS
# from the checked-in CORPUS, writing the inputs it finds to SCRATCH (so the
# corpus in the source tree stays as it is) and any crashing input to
# SCRATCH/crash-*. The status is non-zero on any finding.
set -euo pipefail
target=$1 seconds=$2 corpus=$3 scratch=$4
mkdir -p "$scratch"
exec "$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -error_exitcode=1 -timeout_exitcode=1 -print_final_stats=1 -artifact_prefix="$scratch/" "$scratch" "$corpus"
