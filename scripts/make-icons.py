#!/usr/bin/env python3
"""Draws the app icon (a red scanner ring on a dark hull) as RGBA PNGs, with the standard library
only, so the icons can be rebuilt anywhere. Run from the repository root."""
import math, struct, zlib

def png(size):
    rows = []
    c = (size - 1) / 2
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            d = math.hypot(x - c, y - c) / (size / 2)
            if d > 0.98:
                px = (0, 0, 0, 0)
            elif d > 0.9:
                px = (40, 48, 60, 255)
            elif d > 0.62:
                px = (15, 18, 22, 255)
            elif d > 0.48:
                px = (214, 58, 48, 255)
            elif d > 0.2:
                px = (24, 29, 36, 255)
            else:
                px = (108, 182, 255, 255)
            row += bytes(px)
        rows.append(bytes(row))
    raw = b"".join(rows)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")

for name, size in [("32x32.png", 32), ("128x128.png", 128), ("128x128@2x.png", 256), ("icon.png", 512)]:
    with open(f"icons/{name}", "wb") as f:
        f.write(png(size))
