#!/usr/bin/env python3
"""How long a change made by one process takes to reach another, through file and app storage.

Starts two `bearing-sharing-probe` processes on one file (`file-chat`) or one app-storage key
(`app-chat`), has them set values in turn, and times each from the moment one is told to set a
value to the moment the other prints that it has seen it: the writer's debounce, the atomic
write, the inotify event and the reader's decode. Prints the median, p90 and maximum per kind.

Usage:
  scripts/bench-sharing-latency.py [--probe .build/debug/bearing-sharing-probe] [--rounds 20]

Build the probe first: `swift build --product bearing-sharing-probe`.
"""

import argparse
import os
import select
import statistics
import subprocess
import sys
import tempfile
import time


class Probe:
    def __init__(self, probe, args, env):
        self.process = subprocess.Popen(
            [probe, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, env=env)
        self.buffer = b""

    def send(self, line):
        self.process.stdin.write((line + "\n").encode())
        self.process.stdin.flush()

    def wait_for(self, text, timeout=20.0):
        """Reads the probe's lines (unbuffered: select sees what is still to read) until one is
        `text`."""
        deadline = time.monotonic() + timeout
        fd = self.process.stdout.fileno()
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                if line.decode().strip() == text:
                    return
            remaining = deadline - time.monotonic()
            ready = select.select([fd], [], [], max(remaining, 0))[0] if remaining > 0 else []
            chunk = os.read(fd, 4096) if ready else b""
            if not chunk:
                raise SystemExit(
                    f"bench-sharing-latency: the probe did not print {text!r} in {timeout} s")
            self.buffer += chunk

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=20)


def measure(probe, kind, rounds, directory):
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(directory, "config"),
               XDG_DATA_HOME=os.path.join(directory, "data"))
    args = ["file-chat", os.path.join(directory, "items.json")] if kind == "file" else \
        ["app-chat", "count"]
    seen = (lambda n: f"seen [{n}]") if kind == "file" else (lambda n: f"seen {n}")
    a, b = Probe(probe, args, env), Probe(probe, args, env)
    a.wait_for("ready")
    b.wait_for("ready")
    latencies = []
    for n in range(1, rounds + 1):
        writer, reader = (a, b) if n % 2 else (b, a)
        start = time.monotonic()
        writer.send(f"set {n}")
        reader.wait_for(seen(n))
        latencies.append(time.monotonic() - start)
    a.close()
    b.close()
    return latencies


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--probe", default=".build/debug/bearing-sharing-probe")
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    if not os.access(args.probe, os.X_OK):
        sys.exit(f"bench-sharing-latency: no probe at {args.probe}; "
                 "build it with `swift build --product bearing-sharing-probe`")
    print("| storage | rounds | median | p90 | max |")
    print("|---|---|---|---|---|")
    for kind in ["file", "app"]:
        with tempfile.TemporaryDirectory() as directory:
            values = sorted(measure(args.probe, kind, args.rounds, directory))
        p90 = values[min(len(values) - 1, int(len(values) * 0.9))]
        print(f"| {kind} | {len(values)} | {statistics.median(values) * 1000:.0f} ms "
              f"| {p90 * 1000:.0f} ms | {values[-1] * 1000:.0f} ms |")


if __name__ == "__main__":
    main()
