#!/usr/bin/env python3
"""Cold-start wall time of `coffee-finder nearby` on the offline data (target: 150 ms or less).

Reports medians of 21 runs each, as ratios against a floor measured in the same run
(`/bin/true`, the cost of starting any process) and against `coffee-finder --version` (the
cost of loading the binary and its libraries without doing any work).

Usage: scripts/bench-cold-start.py [path to coffee-finder]   (default .build/debug/coffee-finder)
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/coffee-finder"
with tempfile.TemporaryDirectory() as scratch:
    # Keep the user's config and data out of the measurement.
    env = dict(os.environ, XDG_CONFIG_HOME=scratch + "/config", XDG_DATA_HOME=scratch + "/data")

    def median(command, runs=21):
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           env=env, check=True)
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    floor = median(["/bin/true"])
    version = median([binary, "--version"])
    nearby = median([binary, "nearby"])
    at = median([binary, "nearby", "--json", "--at", "60.1699,24.9384"])
    print(f"floor (/bin/true)              {floor * 1000:7.1f} ms")
    print(f"coffee-finder --version        {version * 1000:7.1f} ms  ({version / floor:.0f}x floor)")
    print(f"coffee-finder nearby           {nearby * 1000:7.1f} ms  ({nearby / floor:.0f}x floor, "
          f"{nearby / version:.2f}x --version)")
    print(f"nearby --json --at LAT,LON     {at * 1000:7.1f} ms  ({at / floor:.0f}x floor)")
