#!/usr/bin/env python3
"""Generate the animdemo image assets: Assets/fish.png, bubble.png, bubble2.png and
note1.png, note2.png, note3.png (the music notes of JRMFloatingAnimation's music demo).

Standard library only (zlib + struct write the PNG).  Every drawing is a
stack of layers painted back to front, designed on a small grid (the fish on
120 x 72, the bubble on 64 x 64) and rendered RES times larger, so that the
scenes can show them 200 points wide on HiDPI windows without blur.  Each
pixel near an edge is sampled 4x4 times and the samples are averaged, which
gives antialiased edges; a pixel far from every edge is sampled once.
Output is deterministic: the same bytes on every run.

    python3 Assets/generate_assets.py              # all of them (the fish takes minutes)
    python3 Assets/generate_assets.py bubble2 note1   # only these
    python3 Assets/generate_assets.py icon            # the program's icon, Packaging/icons/
"""
import math
import os
import struct
import sys
import zlib

SS = 4  # supersampling: SS x SS samples per pixel


# ---------------------------------------------------------------- PNG output

def write_png(path, width, height, pixels):
    """pixels: list of rows, each a list of (r, g, b, a) bytes."""
    raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in pixels)

    def chunk(tag, data):
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9))
    png += chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


# ---------------------------------------------------------- shape geometry
# A shape is a signed distance function: negative inside, positive outside,
# measured in pixels.  Coordinates: (0, 0) is the top-left corner of the
# image, pixel (i, j) covers [i, i+1) x [j, j+1), y grows downward.

def ellipse(cx, cy, rx, ry):
    def sdf(x, y):
        dx, dy = (x - cx) / rx, (y - cy) / ry
        f = dx * dx + dy * dy - 1.0
        g = 2.0 * math.hypot(dx / rx, dy / ry)  # |gradient| for a distance estimate
        return f / g if g > 1e-9 else -min(rx, ry)
    return sdf


def circle(cx, cy, r):
    return lambda x, y: math.hypot(x - cx, y - cy) - r


def quad(p0, p1, p2, n=16):
    """Points along a quadratic Bezier curve (p0 excluded)."""
    pts = []
    for i in range(1, n + 1):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * t * (1 - t), t * t
        pts.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return pts


def path(start, *curves):
    """A closed outline: start point, then (control, end) pairs for quads
    or bare end points for straight lines."""
    pts = [start]
    for seg in curves:
        if isinstance(seg[0], tuple):
            pts += quad(pts[-1], seg[0], seg[1])
        else:
            pts.append(seg)
    return pts


def _segment_dist(x, y, ax, ay, bx, by):
    vx, vy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((x - ax) * vx + (y - ay) * vy) / (vx * vx + vy * vy or 1e-9)))
    return math.hypot(x - ax - t * vx, y - ay - t * vy)


def polygon(pts):
    edges = list(zip(pts, pts[1:] + pts[:1]))

    def sdf(x, y):
        d, inside = 1e9, False
        for (ax, ay), (bx, by) in edges:
            d = min(d, _segment_dist(x, y, ax, ay, bx, by))
            if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                inside = not inside
        return -d if inside else d
    return sdf


def stroke(pts, width):
    """An open polyline drawn with a round pen."""
    segs = list(zip(pts, pts[1:]))
    return lambda x, y: min(_segment_dist(x, y, *a, *b) for a, b in segs) - width / 2


# --------------------------------------------------------------- rendering

def layer(sdf, fill, outline=0.0, outline_color=None):
    """fill is an (r, g, b, a) tuple (a in 0..1) or a function of (x, y)."""
    return (sdf, fill, outline, outline_color)


def _sample(layers, x, y):
    """The premultiplied colour at design point (x, y), back to front."""
    r = g = b = a = 0.0
    for sdf, fill, ow, oc in layers:
        d = sdf(x, y)
        if d >= 0:
            continue
        c = oc if d > -ow else (fill(x, y) if callable(fill) else fill)
        ca = c[3]
        r, g, b = (c[0] * ca + r * (1 - ca), c[1] * ca + g * (1 - ca),
                   c[2] * ca + b * (1 - ca))
        a = ca + a * (1 - ca)
    return r, g, b, a


def _near_edge(layers, x, y, reach):
    """Whether an edge (of a shape or of its outline) lies within `reach` of (x, y)."""
    for sdf, _, ow, _ in layers:
        d = sdf(x, y)
        if abs(d) <= reach or (ow > 0 and abs(d + ow) <= reach):
            return True
    return False


def render(width, height, layers, res=1):
    """width x height design units, res pixels per unit."""
    rows = []
    n = SS * SS
    reach = 0.75 / res  # half a pixel's diagonal, in design units, and some
    for py in range(height * res):
        row = []
        for px in range(width * res):
            cx, cy = (px + 0.5) / res, (py + 0.5) / res
            if _near_edge(layers, cx, cy, reach):
                acc = [0.0, 0.0, 0.0, 0.0]  # premultiplied sum
                for sy in range(SS):
                    for sx in range(SS):
                        s = _sample(layers, (px + (sx + 0.5) / SS) / res, (py + (sy + 0.5) / SS) / res)
                        for i in range(4):
                            acc[i] += s[i]
            else:
                acc = [v * n for v in _sample(layers, cx, cy)]
            alpha = acc[3] / n
            if alpha <= 0:
                row.append((0, 0, 0, 0))
                continue
            row.append(tuple(min(255, round(v / acc[3])) for v in acc[:3]) +
                       (min(255, round(alpha * 255)),))
        rows.append(row)
    return rows


def mix(c0, c1, t):
    t = max(0.0, min(1.0, t))
    return tuple(a + (b - a) * t for a, b in zip(c0, c1))


# -------------------------------------------------------------------- fish

FISH_W, FISH_H = 120, 72  # design units; the PNG is RES times larger
TAIL_TIP = (15, 36)  # notch of the forked tail, on the centre line: bubbles start here
RES = 4  # pixels per design unit: 480 x 288, tail notch at (60, 144)


def fish_layers():
    ink = (110, 45, 15, 1.0)          # dark outline
    fin = (235, 92, 30, 1.0)          # fins: red-orange
    fin_tip = (255, 170, 60, 1.0)
    top, belly = (240, 110, 20, 1.0), (255, 214, 90, 1.0)
    white, black = (255, 255, 255, 1.0), (25, 20, 30, 1.0)

    def fin_fill(base, tip):  # fins lighten from base toward tip
        vx, vy = tip[0] - base[0], tip[1] - base[1]
        k = 1.0 / (vx * vx + vy * vy)
        return lambda x, y: mix(fin, fin_tip, ((x - base[0]) * vx + (y - base[1]) * vy) * k)

    # forked tail fin (behind the body): two lobes with a notch at TAIL_TIP
    tail = polygon(path((32, 30), ((16, 16), (3, 4)), ((6, 24), TAIL_TIP),
                        ((6, 48), (3, 68)), ((16, 56), (32, 42))))
    # dorsal fin on the back, swept toward the tail
    dorsal = polygon(path((80, 16), ((70, 2), (44, 2)), ((48, 10), (42, 18))))
    # small belly fin
    pelvic = polygon(path((72, 56), ((64, 68), (50, 70)), ((56, 62), (58, 56))))
    # oval body: orange back shading to a golden belly
    body = ellipse(66, 36, 45, 25)
    body_fill = lambda x, y: mix(top, belly, (y - 16) / 40)
    # gill line, side (pectoral) fin, eye, mouth
    gill = stroke(quad((84, 16), (74, 36), (84, 56), 12), 1.6)
    pectoral = polygon(path((76, 41), ((66, 35), (55, 40)), ((52, 49), (59, 54)),
                            ((68, 51), (76, 44))))
    mouth = stroke(quad((101, 42), (104, 45), (107, 43), 6), 1.5)
    shine = ellipse(58, 22, 20, 4.5)
    shine_fill = lambda x, y: (255, 240, 200, 0.5 * (1 - ((x - 58) / 20) ** 2))
    return [
        layer(tail, fin_fill((30, 36), (4, 36)), 1.6, ink),        # tail
        layer(dorsal, fin_fill((60, 16), (52, 3)), 1.6, ink),      # dorsal fin
        layer(pelvic, fin_fill((64, 58), (52, 69)), 1.6, ink),     # belly fin
        layer(body, body_fill, 1.8, ink),                          # body
        layer(shine, shine_fill),                          # glossy highlight on the back
        layer(gill, (200, 80, 20, 1.0)),                   # gill line
        layer(pectoral, fin_fill((76, 42), (55, 48)), 1.4, ink),   # side fin
        layer(circle(93, 29, 7.5), white, 1.4, ink),       # eye white
        layer(circle(95, 29.5, 4.2), black),               # pupil
        layer(circle(93.6, 27.4, 1.5), white),              # glint
        layer(mouth, ink),                                 # smile
    ]


# ------------------------------------------------------------------ bubble

BUBBLE_SIZE = 64  # design units; the PNG is BUBBLE_RES times larger
BUBBLE_RES = 2  # 128 x 128


def bubble_layers():
    """A white rim, opaque, and a body that is mostly clear: the scene fades bubbles to as
    little as 10 % (the tutorial's alpha 0.1...1), and an opaque white rim is what still
    shows on the sea then."""
    c, r = BUBBLE_SIZE / 2, BUBBLE_SIZE / 2 - 1.5
    inner, rim = (200, 245, 255), (255, 255, 255)

    def body_fill(x, y):  # faint cyan, denser toward the rim
        t = math.hypot(x - c, y - c) / r
        return inner + (0.3 + 0.3 * t ** 4,)

    oval = ellipse(0, 0, 0.16 * r, 0.32 * r)

    def highlight_sdf(x, y):  # the oval tilted 45 degrees, upper left
        u, v = x - c + 0.42 * r, y - c + 0.42 * r
        return oval((u + v) * 0.7071, (v - u) * 0.7071)

    return [
        layer(circle(c, c, r), body_fill, 5.0, rim + (1.0,)),  # disc + rim
        layer(highlight_sdf, (255, 255, 255, 1.0)),             # main highlight
        layer(circle(c + 0.45 * r, c + 0.5 * r, 0.07 * r), (255, 255, 255, 0.9)),  # glint
    ]


def bubble2_layers():
    """The second bubble: a soap bubble with a thinner rim, tinted from pale violet (upper left)
    to pale green (lower right), its highlight on the upper right.  Like the first, its rim is
    opaque white, so it still shows at 10 % opacity."""
    c, r = BUBBLE_SIZE / 2, BUBBLE_SIZE / 2 - 1.5
    violet, green, rim = (235, 205, 255), (205, 255, 225), (255, 255, 255)

    def body_fill(x, y):
        t = math.hypot(x - c, y - c) / r
        k = max(0.0, min(1.0, ((x - c) + (y - c)) / (2.4 * r) + 0.5))
        return mix(violet, green, k) + (0.25 + 0.35 * t ** 3,)

    oval = ellipse(0, 0, 0.12 * r, 0.28 * r)

    def highlight_sdf(x, y):  # the oval tilted -45 degrees, upper right
        u, v = x - c - 0.45 * r, y - c + 0.45 * r
        return oval((u - v) * 0.7071, (u + v) * 0.7071)

    return [
        layer(circle(c, c, r), body_fill, 3.5, rim + (1.0,)),  # disc + rim
        layer(highlight_sdf, (255, 255, 255, 1.0)),             # highlight
        layer(circle(c - 0.5 * r, c + 0.4 * r, 0.06 * r), (255, 255, 255, 0.9)),  # glint
    ]


# ------------------------------------------------------------------- notes

NOTE_INK = (30, 30, 60, 1.0)       # outline: dark, so the notes show on light and dark
NOTE_FILL = (255, 232, 130, 1.0)   # pale gold, bright on the blue sea


def note_head(cx, cy):
    """A note head: an ellipse 9 x 6.5 tilted 25 degrees up to the right."""
    oval = ellipse(0, 0, 9.0, 6.5)
    cos, sin = math.cos(math.radians(25)), math.sin(math.radians(25))
    return lambda x, y: oval((x - cx) * cos - (y - cy) * sin, (x - cx) * sin + (y - cy) * cos)


def union(*sdfs):
    return lambda x, y: min(f(x, y) for f in sdfs)


def stem(x, y0, y1):
    return polygon([(x - 1.8, y0), (x + 1.8, y0), (x + 1.8, y1), (x - 1.8, y1)])


def note1_layers():
    """An eighth note: a head, a stem and a flag."""
    flag = polygon(path((31.5, 8), ((36, 18), (46, 24)), ((50, 32), (44, 42)),
                        ((44, 30), (31.5, 24))))
    shape = union(note_head(24, 48), stem(31.5, 8, 47), flag)
    return [layer(shape, NOTE_FILL, 1.6, NOTE_INK)]


def note2_layers():
    """Two eighth notes joined by a beam."""
    beam = polygon([(18.5, 12), (51.5, 5), (51.5, 13), (18.5, 20)])
    shape = union(note_head(11, 50), note_head(44, 43), stem(18.5, 14, 49), stem(51.5, 7, 42), beam)
    return [layer(shape, NOTE_FILL, 1.6, NOTE_INK)]


def note3_layers():
    """A sixteenth note: a head, a stem and two flags."""
    def flag(y):
        return polygon(path((31.5, y), ((37, y + 8), (46, y + 12)), ((48, y + 18), (44, y + 24)),
                            ((43, y + 16), (31.5, y + 12))))
    shape = union(note_head(24, 50), stem(31.5, 6, 49), flag(6), flag(17))
    return [layer(shape, NOTE_FILL, 1.6, NOTE_INK)]


ASSETS = {
    "fish": (FISH_W, FISH_H, RES, fish_layers),
    "bubble": (BUBBLE_SIZE, BUBBLE_SIZE, BUBBLE_RES, bubble_layers),
    "bubble2": (BUBBLE_SIZE, BUBBLE_SIZE, BUBBLE_RES, bubble2_layers),
    "note1": (BUBBLE_SIZE, BUBBLE_SIZE, BUBBLE_RES, note1_layers),
    "note2": (BUBBLE_SIZE, BUBBLE_SIZE, BUBBLE_RES, note2_layers),
    "note3": (BUBBLE_SIZE, BUBBLE_SIZE, BUBBLE_RES, note3_layers),
}


# -------------------------------------------------------------------- icon

ICON_GRID = 64  # design units
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)  # pixels: the hicolor theme's apps/ sizes


def rounded_square(x0, y0, x1, y1, r):
    def sdf(x, y):
        qx = max(x0 + r - x, 0.0, x - (x1 - r))
        qy = max(y0 + r - y, 0.0, y - (y1 - r))
        inner = min(max(x0 + r - x, x - (x1 - r), y0 + r - y, y - (y1 - r)), 0.0)
        return math.hypot(qx, qy) - r + inner
    return sdf


def icon_layers():
    """The program's icon: the checkmark scene's white check on a tile of sea, deep blue at
    the top to teal at the bottom, and three of the fish scene's bubbles rising on the right."""
    top, bottom = (24, 62, 130), (28, 150, 180)

    def sea(x, y):
        return mix(top, bottom, (y - 4) / 56) + (1.0,)

    rim = (255, 255, 255, 1.0)
    bubble = (200, 245, 255, 0.35)
    return [
        layer(rounded_square(4, 4, 60, 60, 12), sea, 1.5, (14, 40, 90, 1.0)),
        layer(stroke([(15, 35), (26, 46), (42, 24)], 6.5), (255, 255, 255, 1.0)),
        layer(circle(48, 43, 6.5), bubble, 1.6, rim),
        layer(circle(51, 29, 4.5), bubble, 1.4, rim),
        layer(circle(47, 17, 3), bubble, 1.2, rim),
    ]


def write_icons(here):
    """Packaging/icons/hicolor/NxN/apps/animdemo.png for each of ICON_SIZES (Scripts/install.sh
    installs them into the hicolor theme)."""
    for size in ICON_SIZES:
        folder = os.path.join(here, "..", "Packaging", "icons", "hicolor", f"{size}x{size}", "apps")
        os.makedirs(folder, exist_ok=True)
        # The grid is drawn size / 64 pixels a unit: render() takes whole units, so draw the
        # grid scaled to the size and sample it at one pixel a unit.
        scale = ICON_GRID / size
        layers = [(lambda x, y, f=sdf: f(x * scale, y * scale) / scale,
                   (lambda x, y, f=fill: f(x * scale, y * scale)) if callable(fill) else fill,
                   ow / scale, oc)
                  for sdf, fill, ow, oc in icon_layers()]
        write_png(os.path.join(folder, "animdemo.png"), size, size, render(size, size, layers, 1))


def main(names):
    here = os.path.dirname(os.path.abspath(__file__))
    for name in names or list(ASSETS) + ["icon"]:
        if name == "icon":
            write_icons(here)
            continue
        width, height, res, layers = ASSETS[name]
        write_png(os.path.join(here, name + ".png"), width * res, height * res,
                  render(width, height, layers(), res))


if __name__ == "__main__":
    main(sys.argv[1:])
