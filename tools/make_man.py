#!/usr/bin/env python3
"""Write the manual page poker.1 from the help texts of the built tool.

Usage: make_man.py PATH/TO/poker OUTPUT

The page holds `poker --help` (the commands), then `poker help COMMAND` for
every command it lists, so the page and the help never disagree.
"""

import re
import subprocess
import sys


def run(poker, *args):
    result = subprocess.run([poker, *args], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(f"make_man.py: '{poker} {' '.join(args)}' failed: {result.stderr.strip()}")
    return result.stdout


def roff(text):
    """Text for a no-fill block: backslashes and dashes escaped, no line read as a request."""
    lines = []
    for line in text.rstrip("\n").split("\n"):
        line = line.replace("\\", "\\e").replace("-", "\\-")
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__.strip().split("\n\n")[1])
    poker, output = argv
    version = run(poker, "--version").split()[-1]
    general = run(poker, "--help")
    commands = []
    in_commands = False
    for line in general.split("\n"):
        if line == "commands:":
            in_commands = True
        elif in_commands:
            match = re.match(r"^  (\S+)\s+(.*)$", line)
            if not match:
                break
            commands.append((match.group(1), match.group(2)))
    if not commands:
        sys.exit("make_man.py: 'poker --help' lists no commands")

    page = [
        f'.TH POKER 1 "" "pokerengine {version}" "User Commands"',
        ".SH NAME",
        "poker \\- evaluate, compare and rank poker hands, settle pots, count odds and equity, play hands",
        ".SH SYNOPSIS",
        ".B poker",
        ".I COMMAND",
        "[\\fIOPTIONS\\fR] [\\fIARGUMENTS\\fR]",
        ".br",
        ".B poker help",
        "[\\fICOMMAND\\fR] | \\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR",
        ".SH DESCRIPTION",
        ".nf",
        roff(general),
        ".fi",
        ".SH COMMANDS",
    ]
    for name, _summary in commands:
        if name == "help":
            continue
        page += [f".SS {roff(name)}", ".nf", roff(run(poker, "help", name)), ".fi"]
    page += [
        ".SH EXIT STATUS",
        "0 success, 1 bad cards or hands (or a failed check), 2 usage error.",
        ".SH SEE ALSO",
        "The CLI guide, docs/cli.md, in the pokerengine sources.",
        "",
    ]
    with open(output, "w", encoding="utf-8") as out:
        out.write("\n".join(page))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
