#!/usr/bin/env python3
"""Exit 0 if a PNG screenshot of the battle shows the table: it must decode,
and the middle of the window (where the board is drawn between the HUD's
panels) must show five or more colours each over 0.5% of it, none covering
nearly all of it. The HUD over an empty table is one colour there (97%, and
three such colours); a drawn board shows lit and shaded tiles, wood,
dressing and figures (nine or more such colours on the shipped levels, the
commonest at most two thirds)."""
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat, width, height, colour = 8, b"", 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
            if depth != 8 or colour not in (2, 6):
                sys.exit(f"{path}: expected 8-bit RGB or RGBA")
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + pred) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    path = sys.argv[1]
    width, height, channels, rows = pixels(path)
    counts = {}
    for y in range(height // 4, height * 3 // 5, 4):
        row = rows[y]
        for x in range(width * 2 // 5, width * 3 // 4, 4):
            colour = bytes(row[x * channels:x * channels + 3])
            counts[colour] = counts.get(colour, 0) + 1
    total = sum(counts.values())
    commonest = max(counts.values()) / total
    notable = sum(1 for n in counts.values() if n / total > 0.005)
    summary = f"commonest colour {commonest:.0%}, {notable} colours over 0.5%"
    if commonest > 0.85 or notable < 5:
        sys.exit(f"{path}: the table looks blank ({summary})")
    print(f"{path}: {width}x{height}, {summary}: the table is drawn")


main()
