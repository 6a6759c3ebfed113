#!/usr/bin/env python3
"""Print the folder that holds boost/version.hpp for the compiler given as arguments."""
import os
import subprocess
import sys

result = subprocess.run(sys.argv[1:] + ["-std=c++20", "-x", "c++", "-M", "-"],
                        input="#include <boost/version.hpp>\n", capture_output=True, text=True)
if result.returncode != 0:
    sys.exit(1)
for word in result.stdout.replace("\\\n", " ").split():
    if word.endswith("boost/version.hpp"):
        print(os.path.dirname(os.path.dirname(os.path.normpath(word))))
        break
