#!/usr/bin/env python3
"""Derive the offline street geometry from an OpenStreetMap .osm.pbf extract.

Re-run it to regenerate the embedded file (Python 3.9+, standard library only):

    python3 scripts/derive_osm_streets.py \
        Tests/BearingPlacesTests/Fixtures/Helsinki.osm.pbf \
        Sources/BearingPlaces/Resources/helsinki-streets.json

A way is drawn when it is tagged highway=* (except proposed, construction, abandoned, platform,
raceway, elevator), railway=rail|tram|light_rail|subway|narrow_gauge, waterway=river|canal|
stream|riverbank or natural=coastline. Nodes missing from the extract split a way. Each line is
simplified with Douglas–Peucker at 1 m and written as microdegrees, the first point absolute and
the rest as differences: `[kind, lat, lon, dlat, dlon, …]`, kinds as `StreetKind` numbers
(1 water, 2 rail, 3 path, 4 minor, 5 major). The kinds must match `StreetKind(highway:…)`.

The data is © OpenStreetMap contributors, under the Open Database License (ODbL).
"""

import argparse
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import derive_osm_cafes as pbf  # noqa: E402

MAJOR = {"motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link",
         "secondary", "secondary_link"}
PATH = {"footway", "cycleway", "path", "steps", "pedestrian", "bridleway", "track", "corridor"}
SKIPPED = {"proposed", "construction", "abandoned", "platform", "raceway", "elevator"}
RAIL = {"rail", "tram", "light_rail", "subway", "narrow_gauge"}
WATER = {"river", "canal", "stream", "riverbank"}


def kind(tags):
    highway = tags.get("highway")
    if highway is not None:
        if highway in MAJOR:
            return 5
        if highway in PATH:
            return 3
        if highway in SKIPPED:
            return None
        return 4
    if tags.get("railway") in RAIL:
        return 2
    if tags.get("waterway") in WATER or tags.get("natural") == "coastline":
        return 1
    return None


def simplify(points, tolerance=1.0):
    """Douglas–Peucker in local metres (equirectangular about the first point)."""
    if len(points) < 3:
        return points
    lat0 = math.radians(points[0][0])
    k = 6371008.8 * math.pi / 180
    xy = [((lon - points[0][1]) * k * math.cos(lat0), (lat - points[0][0]) * k)
          for lat, lon in points]
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (ax, ay), (bx, by) = xy[first], xy[last]
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        worst, index = 0.0, None
        for i in range(first + 1, last):
            px, py = xy[i]
            if length2 == 0:
                d = math.hypot(px - ax, py - ay)
            else:
                t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
                d = math.hypot(px - ax - t * dx, py - ay - t * dy)
            if d > worst:
                worst, index = d, i
        if index is not None and worst > tolerance:
            keep[index] = True
            stack += [(first, index), (index, last)]
    return [p for p, k in zip(points, keep) if k]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", help="an .osm.pbf file")
    parser.add_argument("output", nargs="?", default="-", help="JSON file to write, - for stdout")
    parser.add_argument("--source", default="OpenStreetMap 2019")
    args = parser.parse_args()
    with open(args.input, "rb") as f:
        data = f.read()
    _, ways, coords = pbf.read_pbf(data)
    lines, before, after = [], 0, 0
    for osm_id in sorted(ways):
        refs, tags = ways[osm_id]
        code = kind(tags)
        if code is None:
            continue
        runs, run = [], []
        for ref in refs:
            if ref in coords:
                run.append(coords[ref])
            else:
                runs.append(run)
                run = []
        runs.append(run)
        for run in runs:
            if len(run) < 2:
                continue
            before += len(run)
            points = simplify(run)
            after += len(points)
            line = [code]
            last = (0, 0)
            for lat, lon in points:
                q = (round(lat * 1e6), round(lon * 1e6))
                line += [q[0] - last[0], q[1] - last[1]]
                last = q
            lines.append(line)
    dataset = {
        "format": "bearing-streets", "version": 1, "source": args.source,
        "attribution": pbf.ATTRIBUTION, "lines": lines,
    }
    text = json.dumps(dataset, ensure_ascii=False, separators=(",", ":"))
    # One line a street, so that a diff of a new extract is readable.
    text = text.replace("],[", "],\n[") + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    print(f"{len(lines)} lines, {before} points simplified to {after} at 1 m, "
          f"{len(text.encode())} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
