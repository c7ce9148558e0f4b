#!/usr/bin/env python3
"""Makes the large place files of the benchmarks, deterministically, from the Helsinki data.

  scripts/make-places.py geojson OUT [--count 1000000] [--seed 13]
      A GeoJSON FeatureCollection of COUNT named cafés spread uniformly over Finland's bounding
      box (59.8-70.0 N, 20.6-31.5 E; about 3 per km2, so a 1 km search finds a few), each a copy
      of one of the 86 built-in Helsinki cafés (Sources/BearingPlaces/Resources/
      helsinki-cafes.json) with a numbered name. Three in four carry an OpenStreetMap id
      (`node/N`), the rest none (so the importer makes stable ids); one in ten is a small Polygon
      (so the importer takes a centroid). Same seed, same bytes.

  scripts/make-places.py overpass OUT [--count 1000000] [--seed 13]
  scripts/make-places.py places-pbf OUT [--count 1000000] [--seed 13]   (needs pyosmium)
      The same COUNT cafés, names, tags and positions as `geojson` with the same seed, as an
      Overpass JSON answer (`out center;`: nodes, and the polygons as ways with their center)
      and as an .osm.pbf (nodes, and the polygons as closed ways of four nodes of their own).
      Every element has an id here: a point is node/(i + 1), a polygon way/(i + 1), its ring's
      nodes 2,000,000,000 + 4i + k. So the three files hold the same places; where the GeoJSON
      has no id (one in four) the importer's stable id differs from the others' OSM id.

  scripts/make-places.py pbf OUT [--copies 100]   (needs `pip install osmium`)
      An .osm.pbf of COPIES copies of the Helsinki fixture (Tests/BearingPlacesTests/Fixtures/
      Helsinki.osm.pbf: 24,260 nodes, 5,130 ways), each shifted to its own cell of a grid so
      they do not overlap, with ids offset by copy * 10^10 so every element stays unique and the
      file stays sorted (all nodes, then all ways). A real extract's mix of tags, café nodes and
      café ways, at the scale of a region. Relations are left out (neither reader uses them).
      Written with pyosmium's writer; no randomness at all.

The data derives from OpenStreetMap (ODbL): keep generated files under the ODbL.
"""
import argparse
import json
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CAFES = os.path.join(ROOT, "Sources/BearingPlaces/Resources/helsinki-cafes.json")
FIXTURE = os.path.join(ROOT, "Tests/BearingPlacesTests/Fixtures/Helsinki.osm.pbf")
SOUTH, NORTH, WEST, EAST = 59.8, 70.0, 20.6, 31.5


def places(count, seed):
    """The benchmark's cafés: (index, lat, lon, properties, OSM id or None, is a polygon)."""
    with open(CAFES, encoding="utf-8") as f:
        cafes = json.load(f)["places"]
    rng = random.Random(seed)
    for i in range(count):
        base = cafes[i % len(cafes)]
        lat = round(rng.uniform(SOUTH, NORTH), 7)
        lon = round(rng.uniform(WEST, EAST), 7)
        properties = {"amenity": "cafe", "name": f"{base['name']} {i}"}
        if base.get("address"):
            properties["addr:full"] = base["address"]
        if i % 7 == 0:
            properties["cuisine"] = "coffee_shop"
        if base.get("website"):
            properties["website"] = base["website"]
        yield i, lat, lon, properties, (f"node/{i + 1}" if i % 4 != 3 else None), i % 10 == 9


RING = 0.0001


def ring(lat, lon):
    d = RING
    return [(lon - d, lat - d), (lon + d, lat - d), (lon + d, lat + d), (lon - d, lat + d)]


def make_geojson(out, count, seed):
    with open(out, "w", encoding="utf-8") as f:
        f.write('{"type":"FeatureCollection","features":[\n')
        for i, lat, lon, properties, osm_id, polygon in places(count, seed):
            if polygon:
                corners = [list(c) for c in ring(lat, lon)]
                geometry = {"type": "Polygon", "coordinates": [corners + [corners[0]]]}
            else:
                geometry = {"type": "Point", "coordinates": [lon, lat]}
            feature = {"type": "Feature"}
            if osm_id:
                feature["id"] = osm_id
            feature["properties"] = properties
            feature["geometry"] = geometry
            f.write(json.dumps(feature, ensure_ascii=False, separators=(",", ":")))
            f.write(",\n" if i + 1 < count else "\n")
        f.write("]}\n")


def make_overpass(out, count, seed):
    with open(out, "w", encoding="utf-8") as f:
        f.write('{"version":0.6,"generator":"scripts/make-places.py",'
                '"osm3s":{"copyright":"ODbL"},"elements":[\n')
        for i, lat, lon, properties, _, polygon in places(count, seed):
            if polygon:
                element = {"type": "way", "id": i + 1, "center": {"lat": lat, "lon": lon},
                           "tags": properties}
            else:
                element = {"type": "node", "id": i + 1, "lat": lat, "lon": lon,
                           "tags": properties}
            f.write(json.dumps(element, ensure_ascii=False, separators=(",", ":")))
            f.write(",\n" if i + 1 < count else "\n")
        f.write("]}\n")


def make_places_pbf(out, count, seed):
    import osmium

    if os.path.exists(out):
        os.remove(out)
    stamp = "2019-01-01T00:00:00Z"
    writer = osmium.SimpleWriter(out)
    polygons = []
    try:
        for i, lat, lon, properties, _, polygon in places(count, seed):
            if polygon:
                polygons.append((i, lat, lon, properties))
                continue
            writer.add_node(osmium.osm.mutable.Node(
                id=i + 1, location=(lon, lat), tags=properties, version=1, timestamp=stamp))
        for i, lat, lon, _ in polygons:
            for k, (x, y) in enumerate(ring(lat, lon)):
                writer.add_node(osmium.osm.mutable.Node(
                    id=2_000_000_000 + 4 * i + k, location=(round(x, 7), round(y, 7)),
                    version=1, timestamp=stamp))
        for i, _, _, properties in polygons:
            refs = [2_000_000_000 + 4 * i + k for k in range(4)]
            writer.add_way(osmium.osm.mutable.Way(
                id=i + 1, nodes=refs + refs[:1], tags=properties, version=1, timestamp=stamp))
    finally:
        writer.close()


def make_pbf(out, copies):
    import osmium

    nodes, ways = [], []

    class Reader(osmium.SimpleHandler):
        def node(self, n):
            nodes.append((n.id, n.location.lat, n.location.lon, dict(n.tags)))

        def way(self, w):
            ways.append((w.id, [r.ref for r in w.nodes], dict(w.tags)))

    Reader().apply_file(FIXTURE)
    south = min(n[1] for n in nodes)
    north = max(n[1] for n in nodes)
    west = min(n[2] for n in nodes)
    east = max(n[2] for n in nodes)
    step_lat = round(north - south + 0.01, 4)
    step_lon = round(east - west + 0.01, 4)
    columns = 20
    offset = 10**10

    def shift(copy):
        return (copy // columns) * step_lat, (copy % columns) * step_lon

    if os.path.exists(out):
        os.remove(out)
    writer = osmium.SimpleWriter(out)
    try:
        for copy in range(copies):
            dlat, dlon = shift(copy)
            for id, lat, lon, tags in nodes:
                writer.add_node(osmium.osm.mutable.Node(
                    id=id + copy * offset, location=(round(lon + dlon, 7), round(lat + dlat, 7)),
                    tags=tags, version=1, timestamp="2019-01-01T00:00:00Z"))
        for copy in range(copies):
            for id, refs, tags in ways:
                writer.add_way(osmium.osm.mutable.Way(
                    id=id + copy * offset, nodes=[r + copy * offset for r in refs], tags=tags,
                    version=1, timestamp="2019-01-01T00:00:00Z"))
    finally:
        writer.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    kinds = parser.add_subparsers(dest="kind", required=True)
    geojson = kinds.add_parser("geojson")
    geojson.add_argument("out")
    geojson.add_argument("--count", type=int, default=1_000_000)
    geojson.add_argument("--seed", type=int, default=13)
    for kind in ("overpass", "places-pbf"):
        same = kinds.add_parser(kind)
        same.add_argument("out")
        same.add_argument("--count", type=int, default=1_000_000)
        same.add_argument("--seed", type=int, default=13)
    pbf = kinds.add_parser("pbf")
    pbf.add_argument("out")
    pbf.add_argument("--copies", type=int, default=100)
    args = parser.parse_args()
    if args.kind == "geojson":
        make_geojson(args.out, args.count, args.seed)
    elif args.kind == "overpass":
        make_overpass(args.out, args.count, args.seed)
    elif args.kind == "places-pbf":
        make_places_pbf(args.out, args.count, args.seed)
    else:
        make_pbf(args.out, args.copies)


if __name__ == "__main__":
    sys.exit(main())
