#!/usr/bin/env python3
"""Whole-process figures of the offline place store, at a million places (issue 13).

  scripts/bench-places.py BINARY [--runs 11] [--import-runs 3] [--pbf-runs 7] [--work DIR]
                          [--formats geojson,overpass,pbf] [--only-imports] [--only-pbf]

BINARY is a release build of coffee-finder (`swift build -c release --product coffee-finder`);
this script builds nothing. It makes its data with scripts/make-places.py (deterministic; kept in
--work, default /tmp/bearing-bench-places, and reused when present), then reports medians:

1. import of the same 1,000,000 places from GeoJSON, from an Overpass JSON answer and from an
   .osm.pbf (make-places.py writes all three from one list) into an empty data directory
   (targets for each: <= 8 s, peak <= 150 MB), each beside its peer, runs alternating:
   GDAL's `ogr2ogr -f GPKG` on the GeoJSON (when it is installed), Python's json module on the
   Overpass answer (scripts/overpass-cafes.py), pyosmium on the .osm.pbf
   (scripts/pyosmium-cafes.py, needs `pip install osmium`). The peers of the last two only read
   the file for the cafés; ours also stores them;
2. `nearby --at 60.1699,24.9384 --json --provider offline` cold start, wall time and peak memory
   (max RSS), with the million places stored against the same command on the built-in 86
   places (targets: <= 150 ms, <= 60 MB, <= 1.5x the built-in), beside /bin/true and
   `--version` as floors;
3. `import` of an .osm.pbf (100 copies of the Helsinki fixture) against pyosmium reading the same
   file for the same cafés (scripts/pyosmium-cafes.py), runs alternating, side by side.

Each run is a fresh process; wall time is measured around it, peak memory is the child's
ru_maxrss from wait4.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

SCRIPTS = os.path.dirname(os.path.abspath(__file__))
AT = "60.1699,24.9384"


def measure(command, env, runs, expect_output=None):
    """Medians of wall time (s) and peak RSS (MB) over `runs` fresh processes."""
    times, peaks = [], []
    for _ in range(runs):
        start = time.perf_counter()
        # Files, not pipes: a child never blocks on a full pipe while we wait for it.
        with tempfile.TemporaryFile() as stdout, tempfile.TemporaryFile() as stderr:
            process = subprocess.Popen(command, stdout=stdout, stderr=stderr, env=env)
            _, status, usage = os.wait4(process.pid, 0)
            elapsed = time.perf_counter() - start
            stdout.seek(0)
            stderr.seek(0)
            out = stdout.read().decode()
            err = stderr.read().decode()
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"{' '.join(command)} failed:\n{err}")
        if expect_output is not None and expect_output not in out:
            sys.exit(f"{' '.join(command)} printed no {expect_output!r}:\n{out[:500]}{err[:500]}")
        times.append(elapsed)
        peaks.append(usage.ru_maxrss / 1024)
    return statistics.median(times), statistics.median(peaks), out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--import-runs", type=int, default=3)
    parser.add_argument("--pbf-runs", type=int, default=7)
    parser.add_argument("--only-pbf", action="store_true", help="only part 3")
    parser.add_argument("--only-imports", action="store_true", help="only part 1")
    parser.add_argument("--formats", default="geojson,overpass,pbf",
                        help="the formats of part 1, comma-separated")
    parser.add_argument("--work", default="/tmp/bearing-bench-places")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    os.makedirs(args.work, exist_ok=True)
    geojson = os.path.join(args.work, "places-1M.geojson")
    pbf = os.path.join(args.work, "helsinki-x100.osm.pbf")
    million = {"geojson": geojson,
               "overpass": os.path.join(args.work, "places-1M.overpass.json"),
               "pbf": os.path.join(args.work, "places-1M.osm.pbf")}
    kinds = {"geojson": "geojson", "overpass": "overpass", "pbf": "places-pbf"}
    formats = [f for f in args.formats.split(",") if f]
    cold = not args.only_pbf and not args.only_imports
    for name in sorted(set(formats) | ({"geojson"} if cold else set())):
        if not os.path.exists(million[name]):
            subprocess.run([sys.executable, f"{SCRIPTS}/make-places.py", kinds[name],
                            million[name]], check=True)
    if not os.path.exists(pbf):
        subprocess.run([sys.executable, f"{SCRIPTS}/make-places.py", "pbf", pbf], check=True)

    with tempfile.TemporaryDirectory() as scratch:
        # Keep the user's config and data out of the measurement.
        base = dict(os.environ, XDG_CONFIG_HOME=scratch + "/config",
                    XDG_DATA_HOME=scratch + "/xdg")
        base.pop("FOURSQUARE_API_KEY", None)
        if not args.only_pbf:
            for name in formats:
                import_million(args, binary, name, million[name], scratch, base)
        if cold:
            # The million stored from GeoJSON, as before part 1 took the other formats.
            if formats[-1:] != ["geojson"]:
                shutil.rmtree(scratch + "/million", ignore_errors=True)
            cold_start(args, binary, geojson, scratch, base)
        if not args.only_imports:
            pbf_against_pyosmium(args, binary, pbf, scratch, base)


def peer(name, path, scratch):
    """The peer's command for part 1 and its name, or None when it is not installed."""
    if name == "geojson":
        ogr2ogr = shutil.which("ogr2ogr")
        if not ogr2ogr:
            return None
        gpkg = scratch + "/ogr2ogr.gpkg"
        return [ogr2ogr, "-overwrite", "-f", "GPKG", gpkg, path], "ogr2ogr -f GPKG"
    if name == "overpass":
        return [sys.executable, f"{SCRIPTS}/overpass-cafes.py", path], "python3 json.load"
    try:
        import osmium  # noqa: F401
    except ImportError:
        return None
    return [sys.executable, f"{SCRIPTS}/pyosmium-cafes.py", path], "pyosmium (read only)"


def import_million(args, binary, name, path, scratch, base):
    # 1. Import a million places, each time into an empty data directory, beside the format's
    #    peer on the same file, runs alternating.
    million = dict(base, COFFEE_FINDER_DATA_DIR=scratch + "/million")
    theirs = peer(name, path, scratch)
    times, peaks, their_times, their_peaks = [], [], [], []
    for _ in range(args.import_runs):
        shutil.rmtree(scratch + "/million", ignore_errors=True)
        os.makedirs(scratch + "/million")
        t, peak, out = measure([binary, "import", path, "--area", "Finland"], million, 1,
                               expect_output="Imported 1000000 places")
        times.append(t)
        peaks.append(peak)
        if theirs:
            t, peak, _ = measure(theirs[0], base, 1)
            their_times.append(t)
            their_peaks.append(peak)
    store = os.path.getsize(scratch + "/million/places.sqlite") / 1e6
    label = f"import 1,000,000 places ({name}, {os.path.getsize(path) / 1e6:.0f} MB)"
    print(f"{label:<46}{statistics.median(times):6.2f} s   peak "
          f"{statistics.median(peaks):6.0f} MB   store file {store:.0f} MB   (median of "
          f"{args.import_runs}: {', '.join(f'{t:.2f}' for t in times)})")
    if theirs:
        label = f"  {theirs[1]}, same file, alternating"
        print(f"{label:<46}{statistics.median(their_times):6.2f} s   peak "
              f"{statistics.median(their_peaks):6.0f} MB   (median of {args.import_runs}: "
              f"{', '.join(f'{t:.2f}' for t in their_times)})")
        label = f"  ratio coffee-finder / {theirs[1].split()[0]}"
        print(f"{label:<46}"
              f"{statistics.median(times) / statistics.median(their_times):6.2f}x        "
              f"{statistics.median(peaks) / statistics.median(their_peaks):6.2f}x")


def cold_start(args, binary, geojson, scratch, base):
    million = dict(base, COFFEE_FINDER_DATA_DIR=scratch + "/million")
    builtin = dict(base, COFFEE_FINDER_DATA_DIR=scratch + "/builtin")
    os.makedirs(scratch + "/builtin")
    if not os.path.exists(scratch + "/million/places.sqlite"):
        os.makedirs(scratch + "/million", exist_ok=True)
        measure([binary, "import", geojson, "--area", "Finland"], million, 1,
                expect_output="Imported 1000000 places")

    # 2. Cold start of `nearby`, a million stored places against the built-in 86.
    nearby = ["nearby", "--at", AT, "--json", "--provider", "offline"]
    floor, floor_peak, _ = measure(["/bin/true"], base, args.runs)
    version, version_peak, _ = measure([binary, "--version"], base, args.runs)
    small, small_peak, _ = measure([binary] + nearby, builtin, args.runs, '"name"')
    large, large_peak, _ = measure([binary] + nearby, million, args.runs, '"name"')
    print(f"\ncold start, medians of {args.runs} runs      wall        peak RSS")
    print(f"  /bin/true                       {floor * 1000:7.1f} ms  {floor_peak:6.1f} MB")
    print(f"  coffee-finder --version         {version * 1000:7.1f} ms  {version_peak:6.1f} MB")
    print(f"  nearby, built-in 86 places      {small * 1000:7.1f} ms  {small_peak:6.1f} MB")
    print(f"  nearby, 1,000,000 stored        {large * 1000:7.1f} ms  {large_peak:6.1f} MB")
    print(f"  ratio 1M / built-in              {large / small:7.2f}x    "
          f"{large_peak / small_peak:6.2f}x")


def pbf_against_pyosmium(args, binary, pbf, scratch, base):
    # 3. .osm.pbf import against pyosmium on the same file, alternating.
    ours, theirs, our_peaks, their_peaks = [], [], [], []
    pbf_env = dict(base, COFFEE_FINDER_DATA_DIR=scratch + "/pbf")
    for _ in range(args.pbf_runs):
        shutil.rmtree(scratch + "/pbf", ignore_errors=True)
        os.makedirs(scratch + "/pbf")
        t, peak, our_out = measure([binary, "import", pbf, "--area", "x100"], pbf_env, 1,
                                   "Imported")
        ours.append(t)
        our_peaks.append(peak)
        t, peak, their_out = measure([sys.executable, f"{SCRIPTS}/pyosmium-cafes.py", pbf],
                                     base, 1)
        theirs.append(t)
        their_peaks.append(peak)
    mine, peer = statistics.median(ours), statistics.median(theirs)
    print(f"\n.osm.pbf ({os.path.getsize(pbf) / 1e6:.0f} MB), medians of {args.pbf_runs}, "
          f"alternating")
    print(f"  coffee-finder import            {mine:7.2f} s   "
          f"{statistics.median(our_peaks):6.0f} MB   {our_out.split(' covering')[0].strip()}")
    print(f"  pyosmium (same cafés)           {peer:7.2f} s   "
          f"{statistics.median(their_peaks):6.0f} MB   {their_out.strip()} cafés")
    print(f"  ratio coffee-finder / pyosmium  {mine / peer:7.2f}x")


if __name__ == "__main__":
    main()
