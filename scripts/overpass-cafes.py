#!/usr/bin/env python3
"""The peer of `coffee-finder import FILE.json` (an Overpass answer) in scripts/bench-places.py:
Python's own json module reading the same answer for the same cafés.

A café is an element with amenity=cafe, shop=coffee or coffee_shop among its `cuisine` values,
and a name, at its own lat/lon or its center; each element once. It reads the whole answer
(json.load), as most programs that take Overpass JSON do. Prints the count.

Usage: scripts/overpass-cafes.py FILE.json
"""
import json
import sys


def is_cafe(tags):
    if not tags.get("name"):
        return False
    if tags.get("amenity") == "cafe" or tags.get("shop") == "coffee":
        return True
    return "coffee_shop" in (c.strip() for c in tags.get("cuisine", "").split(";"))


def main(path):
    with open(path, encoding="utf-8") as f:
        answer = json.load(f)
    seen, cafes = set(), []
    for element in answer["elements"]:
        where = element if "lat" in element else element.get("center")
        key = (element["type"], element["id"])
        if not where or key in seen:
            continue
        seen.add(key)
        if is_cafe(element.get("tags") or {}):
            cafes.append((key, where["lat"], where["lon"]))
    print(len(cafes))


if __name__ == "__main__":
    main(sys.argv[1])
