#!/usr/bin/env python3
"""The table server under load, in one command, over loopback.

Starts `poker serve` with TABLES no-limit hold'em tables of SEATS seats (blinds 1/2, buy-in 40 to 200, the server's defaults
otherwise) on 127.0.0.1 and a free port, a database in a fresh directory;
starts `poker bot --all-tables --duration S --latency` with BOTS bots spread
over the tables; reads the server's resident memory (VmRSS) before the bots
come, every second while they play and after they leave; stops the server and
audits its database. Prints one JSON object:

    {"bots", "tables", "seats", "duration", "deltas", "server_cpu_s", "bot": {the bot report},
     "rss_kb": {"start", "end", "peak", "after", "every_10_s": [a reading every 10 s]},
     "audit": {the --audit object},
     "conserved", "load_average": [1, 5, 15 min at the end]}

"end" is the last reading while every bot was still playing; "server_cpu_s" the
server's processor time (user and system) from its start to the bots' end. Exit status 1
when the chips do not add up or a bot failed.

    tools/server_load.py build/tools/poker --bots 2000 --tables 400 --duration 600
"""

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def cpu_seconds(pid):
    """The processor time the process has used, user and system, in seconds."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return round((int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"), 2)
    except (OSError, IndexError, ValueError):
        return None


def config(tables, seats, bots):
    lines = [
        'listen = "127.0.0.1:0"',
        "[limits]",
        # Every bot connects from 127.0.0.1; the per-address limit is for the internet.
        f"connections_per_address = {bots + 16}",
    ]
    for t in range(1, tables + 1):
        lines += [
            "[[table]]",
            f'id = "load-{t}"',
            'game = "holdem"',
            f"seats = {seats}",
            "blinds = [1, 2]",
            "buy_in = [40, 200]",
        ]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("poker", help="the poker program")
    parser.add_argument("--bots", type=int, default=2000)
    parser.add_argument("--tables", type=int, default=400)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--duration", type=int, default=600, help="seconds of play, once every bot has sat")
    parser.add_argument("--policy", default="random")
    parser.add_argument("--think", type=int, default=0, help="milliseconds each bot waits before it acts")
    parser.add_argument("--deltas", action="store_true", help="the bots take views as patches when shorter")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="poker-load-") as work:
        rooms = os.path.join(work, "rooms.toml")
        db = os.path.join(work, "poker.db")
        with open(rooms, "w") as f:
            f.write(config(args.tables, args.seats, args.bots))
        server = subprocess.Popen([args.poker, "serve", "--config", rooms, "--db", db],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            first = server.stdout.readline()
            found = re.match(r"listening on 127\.0\.0\.1:(\d+)", first)
            if not found:
                sys.exit(f"the server did not start: {first}{server.stderr.read()}")
            port = found.group(1)
            rss = {"start": rss_kb(server.pid)}
            bot = subprocess.Popen([args.poker, "bot", "--connect", f"ws://127.0.0.1:{port}/ws", "--all-tables",
                                    "--count", str(args.bots), "--policy", args.policy, "--think", str(args.think),
                                    "--duration", str(args.duration), "--latency", "--json"]
                                   + (["--deltas"] if args.deltas else []),
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            peak = rss["start"] or 0
            end = None
            series = []
            started = time.monotonic()
            while bot.poll() is None:
                now = rss_kb(server.pid)
                if now is not None:
                    peak = max(peak, now)
                    end = now
                    if not series or time.monotonic() - started >= 10 * len(series):
                        series.append(now)
                time.sleep(1)
            rss["every_10_s"] = series
            out, err = bot.communicate()
            rss["end"], rss["peak"], rss["after"] = end, peak, rss_kb(server.pid)
            cpu = cpu_seconds(server.pid)
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=60)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        try:
            bot_report = json.loads(out)
        except json.JSONDecodeError:
            sys.exit(f"the bots printed no report (status {bot.returncode}): {out}{err[-2000:]}")
        audited = subprocess.run([args.poker, "serve", "--db", db, "--audit"], capture_output=True, text=True)
        audit = json.loads(audited.stdout)
    report = {"bots": args.bots, "tables": args.tables, "seats": args.seats, "duration": args.duration,
              "policy": args.policy, "think_ms": args.think, "deltas": args.deltas, "server_cpu_s": cpu, "bot": bot_report, "rss_kb": rss, "audit": audit,
              "conserved": audit["conserved"], "load_average": [round(x, 2) for x in os.getloadavg()]}
    print(json.dumps(report))
    return 0 if audit["conserved"] and bot_report["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
