#!/usr/bin/env python3
"""Print the folder that holds boost/version.hpp for the compiler given as
arguments, or nothing when the compiler searches that folder by itself."""
import os
import subprocess
import sys

compiler = sys.argv[1:]
found = subprocess.run(compiler + ["-std=c++20", "-x", "c++", "-M", "-"],
                       input="#include <boost/version.hpp>\n", capture_output=True, text=True)
if found.returncode != 0:
    sys.exit(1)
folder = None
for word in found.stdout.replace("\\\n", " ").split():
    if word.endswith("boost/version.hpp"):
        folder = os.path.dirname(os.path.dirname(os.path.normpath(word)))
        break
if folder is None:
    sys.exit(1)

# The compiler's own search list, between these two lines of `-v` output.
verbose = subprocess.run(compiler + ["-std=c++20", "-x", "c++", "-E", "-v", "-"],
                         input="", capture_output=True, text=True)
searched, inside = set(), False
for line in verbose.stderr.splitlines():
    if line.startswith("#include <...> search starts here:"):
        inside = True
    elif line.startswith("End of search list."):
        break
    elif inside:
        searched.add(os.path.realpath(line.strip()))
if os.path.realpath(folder) not in searched:
    print(folder)
