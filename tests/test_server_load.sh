#!/usr/bin/env bash
# The server's load benchmark (tools/server_load.py), tiny: 12 bots at two
# six-seat tables for 5 seconds over loopback, taking their views as patches
# (the latency then covers rebuilding each view). The report must hold every
# figure, each action sent in the timed seconds must be either timed to every
# seat's update or counted unfinished (none here), and the database's chips
# must add up.
#
#   test_server_load.sh POKER SERVER_LOAD_PY
set -uo pipefail

POKER="$1"
LOAD="$2"
report=$(timeout 180 python3 "$LOAD" "$POKER" --bots 12 --tables 2 --duration 5 --deltas)
status=$?
if [ $status -ne 0 ]; then
  echo "FAIL: the benchmark ended with status $status: $report"
  exit 1
fi
echo "$report"
python3 - "$report" <<'PY'
import json, sys

r = json.loads(sys.argv[1])
bot, rss, audit, latency = r["bot"], r["rss_kb"], r["audit"], r["bot"]["latency_ms"]
checks = {
    "the run's size": (r["bots"], r["tables"], r["seats"], r["duration"]) == (12, 2, 6, 5),
    "every bot sat and none was refused": bot["bots"] == 12 and bot["failed"] == 0 and bot["errors"] == 0,
    "the timed seconds": bot["seconds"] == 5 and bot["seating_seconds"] >= 0,
    "hands were played": bot["hands"] > 0 and audit["hands"] > 0,
    "actions were timed": 0 < bot["timed_actions"] <= bot["actions"],
    "actions a second": abs(bot["actions_per_second"] - bot["timed_actions"] / 5) < 1e-9,
    "each timed action reached every seat": bot["updates"] == bot["timed_actions"] and bot["unfinished"] == 0,
    "the percentiles in order": 0 < latency["p50"] <= latency["p99"] <= latency["max"],
    "the server's memory": all(isinstance(rss[k], int) and rss[k] > 0 for k in ("start", "end", "peak", "after"))
    and rss["start"] <= rss["peak"] and rss["end"] <= rss["peak"],
    "chips conserved": r["conserved"] is True and audit["conserved"] is True and audit["bought_in"] > 0
    and audit["bought_in"] == audit["cashed_out"] + audit["on_tables"],
    "the bots left": audit["on_tables"] == 0,
    "the load average": len(r["load_average"]) == 3,
    "views as patches": r["deltas"] is True and bot["views"] > 0 and bot["view_deltas"] > bot["views"],
    "bytes received": 0 < bot["view_bytes"] < bot["bytes"],
    "the server's processor time": r["server_cpu_s"] > 0,
}
failed = [name for name, ok in checks.items() if not ok]
for name in failed:
    print("FAIL:", name)
sys.exit(1 if failed else 0)
PY
