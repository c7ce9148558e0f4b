#!/usr/bin/env python3
"""The peer of `coffee-finder import FILE.osm.pbf` in scripts/bench-places.py: pyosmium reading
the same file for the same cafés (`pip install osmium`).

A café is a node or way with amenity=cafe, shop=coffee or coffee_shop among its `cuisine`
values, and a name; a way stands at the mean of its nodes (all of them, as the Swift reader),
and is left out when a node is missing. Node locations come from pyosmium's own location
index, which is what any pyosmium program that needs way positions uses. Prints the count.

Usage: scripts/pyosmium-cafes.py FILE.osm.pbf
"""
import sys

import osmium


def is_cafe(tags):
    if not tags.get("name"):
        return False
    if tags.get("amenity") == "cafe" or tags.get("shop") == "coffee":
        return True
    return "coffee_shop" in (c.strip() for c in tags.get("cuisine", "").split(";"))


def main(path):
    cafes = []
    processor = (osmium.FileProcessor(path, osmium.osm.NODE | osmium.osm.WAY)
                 .with_locations()
                 .with_filter(osmium.filter.KeyFilter("amenity", "shop", "cuisine")))
    for element in processor:
        if not is_cafe(element.tags):
            continue
        if element.is_node():
            cafes.append((element.id, element.location.lat, element.location.lon))
        else:
            try:
                points = [(n.location.lat, n.location.lon) for n in element.nodes]
            except osmium.InvalidLocationError:
                continue
            if not points or not all(n.location.valid() for n in element.nodes):
                continue
            cafes.append((element.id, sum(p[0] for p in points) / len(points),
                          sum(p[1] for p in points) / len(points)))
    print(len(cafes))


if __name__ == "__main__":
    main(sys.argv[1])
