#!/usr/bin/env python3
"""Writes the tiny .osm.pbf seeds of Fuzz/Corpus/pbf: a header block and one data block with
two café nodes (dense), a plain node and a café way, once stored raw and once zlib-compressed.

Usage: Fuzz/make-pbf-seeds.py   (from anywhere; overwrites the seeds it writes)
"""

import os
import struct
import zlib


def varint(value):
    out = bytearray()
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def zigzag(value):
    return (value << 1) ^ (value >> 63)


def field(number, wire, payload):
    return varint(number << 3 | wire) + payload


def integer(number, value):
    return field(number, 0, varint(value))


def data(number, value):
    return field(number, 2, varint(len(value)) + value)


def packed(number, values):
    return data(number, b"".join(varint(v) for v in values))


def packed_signed(number, values):
    return packed(number, [zigzag(v) for v in values])


def deltas(values):
    previous, out = 0, []
    for value in values:
        out.append(value - previous)
        previous = value
    return out


def block(kind, payload, compress):
    if compress:
        blob = integer(2, len(payload)) + data(3, zlib.compress(payload))
    else:
        blob = data(1, payload)
    header = data(1, kind.encode()) + integer(3, len(blob))
    return struct.pack(">I", len(header)) + header + blob


def seed(compress):
    header = data(4, b"OsmSchema-V0.6") + data(4, b"DenseNodes") + integer(32, 1_560_000_000)
    strings = ["", "amenity", "cafe", "name", "Café Fuzz", "Kahvila", "shop", "coffee"]
    table = b"".join(data(1, s.encode()) for s in strings)
    ids = [1, 2, 3, 4]
    lats = [601699000, 601700000, 601701000, 601702000]
    lons = [249384000, 249385000, 249386000, 249387000]
    keys_vals = [1, 2, 3, 4, 0, 6, 7, 3, 5, 0, 0, 0]
    dense = (
        packed_signed(1, deltas(ids))
        + packed_signed(8, deltas(lats))
        + packed_signed(9, deltas(lons))
        + packed(10, keys_vals)
    )
    way = integer(1, 10) + packed(2, [1, 3]) + packed(3, [2, 5]) + packed_signed(8, deltas([3, 4, 3]))
    group_nodes = data(2, dense)
    group_ways = data(3, way)
    primitive = data(1, table) + data(2, group_nodes) + data(2, group_ways) + integer(17, 100)
    return block("OSMHeader", header, compress) + block("OSMData", primitive, compress)


if __name__ == "__main__":
    directory = os.path.join(os.path.dirname(os.path.abspath(__file__)), "Corpus", "pbf")
    os.makedirs(directory, exist_ok=True)
    for name, compress in (("cafes-raw.osm.pbf", False), ("cafes-zlib.osm.pbf", True)):
        with open(os.path.join(directory, name), "wb") as out:
            out.write(seed(compress))
