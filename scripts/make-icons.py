#!/usr/bin/env python3
"""Draws the app icon (a red scanner ring on a dark hull) as RGBA PNGs at every size the desktops
ask for, and packs the Windows .ico and macOS .icns from them, with the standard library only, so
the icons can be rebuilt anywhere. Each size is drawn, not scaled, so small ones stay sharp.
Run from the repository root."""
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

drawn = {s: png(s) for s in (16, 24, 32, 48, 64, 128, 256, 512, 1024)}

# The freedesktop hicolor sizes (the .deb installs one per folder), Tauri's usual names, and the
# 512 px icon.png the window uses as its own icon.
files = {f"{s}x{s}.png": drawn[s] for s in (16, 24, 32, 48, 64, 128, 256)}
files["128x128@2x.png"] = drawn[256]
files["icon.png"] = drawn[512]

# Windows: an .ico holding PNG images (allowed since Vista); 256 is written as 0 in the directory.
ico_sizes = (16, 24, 32, 48, 64, 256)
ico = struct.pack("<HHH", 0, 1, len(ico_sizes))
offset = 6 + 16 * len(ico_sizes)
for s in ico_sizes:
    ico += struct.pack("<BBBBHHII", s % 256, s % 256, 0, 0, 1, 32, len(drawn[s]), offset)
    offset += len(drawn[s])
files["icon.ico"] = ico + b"".join(drawn[s] for s in ico_sizes)

# macOS: an .icns of PNG elements (the OSType names the pixel size; ic11-ic14 are the @2x ones).
icns_types = [(b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
              (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512)]
body = b"".join(t + struct.pack(">I", 8 + len(drawn[s])) + drawn[s] for t, s in icns_types)
files["icon.icns"] = b"icns" + struct.pack(">I", 8 + len(body)) + body

for name, data in files.items():
    with open(f"icons/{name}", "wb") as f:
        f.write(data)
