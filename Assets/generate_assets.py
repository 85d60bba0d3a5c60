#!/usr/bin/env python3
"""Generate the animdemo image assets: Assets/fish.png, bubble.png, bubble2.png,
note1.png, note2.png, note3.png (the music notes of JRMFloatingAnimation's music demo), and
the floating scene's balloon1.png, blueballoon.png, treasure.png, sax.png, tractor.png and
dustcloud.png (JRMFloatingAnimation's demo screens).

Standard library only (zlib + struct write the PNG).  Every drawing is a
stack of layers painted back to front, designed on a small grid (the fish on
100 x 100, the bubble on 64 x 64) and rendered RES times larger, so that the
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

FISH_W, FISH_H = 100, 100  # design units; the PNG is RES times larger (the 200 x 200 fish view)
RES = 4  # pixels per design unit: 400 x 400


def fish_layers():
    """A yellow fish facing right, filling its square view as the example project's fish does;
    the tail on the left, near where the example starts its bubbles (origin + (5, 80) points of
    the 200-point view: (2.5, 40) here)."""
    ink = (120, 80, 0, 1.0)            # dark amber outline
    fin = (255, 170, 0, 1.0)           # fins: orange-yellow
    fin_tip = (255, 225, 90, 1.0)
    top, belly = (250, 200, 0, 1.0), (255, 245, 150, 1.0)
    white, black = (255, 255, 255, 1.0), (25, 20, 30, 1.0)

    def fin_fill(base, tip):  # fins lighten from base toward tip
        vx, vy = tip[0] - base[0], tip[1] - base[1]
        k = 1.0 / (vx * vx + vy * vy)
        return lambda x, y: mix(fin, fin_tip, ((x - base[0]) * vx + (y - base[1]) * vy) * k)

    # a fan tail behind the body, its notch on the centre line
    tail = polygon(path((28, 42), ((14, 30), (3, 24)), ((8, 38), (6, 50)),
                        ((8, 62), (3, 76)), ((14, 70), (28, 58))))
    dorsal = polygon(path((72, 26), ((62, 8), (38, 12)), ((44, 20), (40, 28))))
    pelvic = polygon(path((66, 72), ((58, 86), (44, 86)), ((50, 78), (52, 72))))
    body = ellipse(58, 50, 38, 28)
    body_fill = lambda x, y: mix(top, belly, (y - 24) / 50)
    gill = stroke(quad((76, 28), (66, 50), (76, 72), 12), 1.5)
    pectoral = polygon(path((68, 56), ((58, 50), (48, 56)), ((46, 65), (53, 69)),
                            ((62, 66), (68, 59))))
    mouth = stroke(quad((90, 56), (93, 59), (96, 57), 6), 1.4)
    shine = ellipse(52, 34, 18, 4)
    shine_fill = lambda x, y: (255, 255, 230, 0.6 * (1 - ((x - 52) / 18) ** 2))
    return [
        layer(tail, fin_fill((28, 50), (4, 50)), 1.5, ink),
        layer(dorsal, fin_fill((56, 26), (46, 10)), 1.5, ink),
        layer(pelvic, fin_fill((60, 74), (48, 85)), 1.5, ink),
        layer(body, body_fill, 1.7, ink),
        layer(shine, shine_fill),
        layer(gill, (220, 150, 0, 1.0)),
        layer(pectoral, fin_fill((68, 58), (48, 64)), 1.3, ink),
        layer(circle(83, 42, 6.5), white, 1.3, ink),
        layer(circle(85, 42.5, 3.6), black),
        layer(circle(83.8, 40.6, 1.3), white),
        layer(mouth, ink),
    ]


# ------------------------------------------------------------------ bubble

BUBBLE_SIZE = 64  # design units; the PNG is BUBBLE_RES times larger
BUBBLE_RES = 2  # 128 x 128


def bubble_layers():
    """A bluish, glossy bubble, as light as the example project's (its bubble.png is 0.38 opaque
    on average where it covers, and about (200, 236, 255) over white): a translucent light-blue
    body, deeper toward the rim, a thin half-opaque blue rim, a white gloss on the upper left
    and a glint on the lower right.  This one: 0.38 and (200, 235, 254)."""
    c, r = BUBBLE_SIZE / 2, BUBBLE_SIZE / 2 - 1.5
    centre, edge, rim = (125, 218, 255), (45, 178, 255), (40, 150, 245)

    def body_fill(x, y):  # light in the middle, deeper blue toward the rim
        t = math.hypot(x - c + 0.2 * r, y - c + 0.2 * r) / (1.2 * r)
        return mix(centre, edge, t ** 1.5) + (0.31,)

    oval = ellipse(0, 0, 0.2 * r, 0.4 * r)

    def highlight_sdf(x, y):  # the oval tilted 45 degrees, upper left
        u, v = x - c + 0.4 * r, y - c + 0.4 * r
        return oval((u + v) * 0.7071, (v - u) * 0.7071)

    return [
        layer(circle(c, c, r), body_fill, 1.5, rim + (0.62,)),  # disc + rim
        layer(highlight_sdf, (255, 255, 255, 0.8)),             # gloss
        layer(circle(c + 0.45 * r, c + 0.48 * r, 0.09 * r), (255, 255, 255, 0.8)),  # glint
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


# ------------------------------------------- JRMFloatingAnimation's demo screens
# Our own drawings of what the library's demo app shows (its images are Freepik's): balloons,
# a treasure chest, a saxophone, a tractor and a dust cloud.

def balloon_layers(body, shade):
    """A balloon on a string: an oval body, a knot, and a string down to the bottom edge
    (square, as the library wants its images)."""
    ink = tuple(v * 0.55 for v in body[:3]) + (1.0,)
    oval = ellipse(32, 24, 17, 21)
    fill = lambda x, y: mix(body, shade, ((x - 22) + (y - 10)) / 50)
    knot = polygon([(32, 44), (28.5, 49), (35.5, 49)])
    string = stroke([(32, 49), (30, 53), (34, 57), (31, 63)], 1.0)
    shine = ellipse(25, 15, 3.5, 6.5)
    return [
        layer(string, (110, 110, 110, 1.0)),
        layer(knot, shade, 1.0, ink),
        layer(oval, fill, 1.4, ink),
        layer(shine, (255, 255, 255, 0.75)),
    ]


def balloon1_layers():
    return balloon_layers((240, 60, 70, 1.0), (175, 25, 45, 1.0))


def blueballoon_layers():
    return balloon_layers((70, 140, 240, 1.0), (30, 80, 190, 1.0))


def treasure_layers():
    """An open treasure chest, 100 x 85 (the demo's 200 x 170-point view): a wooden box with
    gold bands and a lock, its lid open behind, gold heaped inside."""
    ink = (70, 40, 15, 1.0)
    wood, wood_dark = (165, 100, 45, 1.0), (120, 70, 30, 1.0)
    gold, gold_light = (235, 185, 40, 1.0), (255, 230, 120, 1.0)
    lid = polygon(path((14, 40), (20, 12), ((50, 2), (80, 12)), (86, 40)))
    inside = polygon([(14, 40), (86, 40), (84, 46), (16, 46)])
    heap = union(circle(30, 42, 9), circle(44, 38, 10), circle(58, 40, 9), circle(71, 43, 8))
    box = polygon([(10, 44), (90, 44), (88, 82), (12, 82)])
    box_fill = lambda x, y: mix(wood, wood_dark, (y - 44) / 40)
    band_l = polygon([(22, 44), (28, 44), (28, 82), (22, 82)])
    band_r = polygon([(72, 44), (78, 44), (78, 82), (72, 82)])
    rim = polygon([(10, 44), (90, 44), (90, 49), (10, 49)])
    lock = polygon([(45, 48), (55, 48), (55, 60), (50, 64), (45, 60)])
    coin = lambda cx, cy: circle(cx, cy, 2.6)
    return [
        layer(lid, lambda x, y: mix(wood_dark, wood, (y - 4) / 36), 1.4, ink),
        layer(inside, (60, 35, 15, 1.0)),
        layer(heap, lambda x, y: mix(gold_light, gold, (y - 28) / 20), 1.0, (180, 130, 20, 1.0)),
        layer(coin(38, 32), gold_light, 0.8, (180, 130, 20, 1.0)),
        layer(coin(62, 33), gold_light, 0.8, (180, 130, 20, 1.0)),
        layer(box, box_fill, 1.4, ink),
        layer(band_l, gold, 0.8, ink),
        layer(band_r, gold, 0.8, ink),
        layer(rim, gold, 0.8, ink),
        layer(lock, gold_light, 1.0, ink),
        layer(circle(50, 55, 1.6), ink),
    ]


def sax_layers():
    """A saxophone: a mouthpiece and neck at the upper left, the body down the left, a U-bend
    at the bottom and the bell rising on the right, open at the upper right (where the demo's
    notes come out: the view's centre + (55, -20) points, (49.6, 25.6) here)."""
    ink = (90, 60, 10, 1.0)
    brass, brass_light = (225, 170, 40, 1.0), (255, 225, 120, 1.0)
    fill = lambda x, y: mix(brass_light, brass, (x - 10) / 40)
    neck = stroke([(8, 6), (14, 7), (19, 10), (22, 14)], 3.2)
    mouthpiece = stroke([(4, 5), (9, 6)], 2.4)
    tube = stroke([(22, 14)] + quad((22, 14), (21, 40), (23, 50), 10)
                  + quad((23, 50), (30, 62), (40, 56), 10)
                  + quad((40, 56), (46, 48), (46, 36), 10), 8.0)
    bell = polygon([(41, 38), (51, 38), (58, 24), (40, 24)])
    mouth = ellipse(49, 24, 9.2, 2.4)
    keys = [circle(22, 24 + 7 * k, 1.7) for k in range(4)]
    return ([layer(mouthpiece, (40, 40, 40, 1.0)), layer(neck, fill, 1.0, ink),
             layer(tube, fill, 1.2, ink), layer(bell, fill, 1.2, ink),
             layer(mouth, (120, 80, 10, 1.0), 1.0, ink)]
            + [layer(k, brass_light, 0.8, ink) for k in keys])


def tractor_layers():
    """A green tractor driving to the left (the demo's tractor crosses from right to left):
    a small front wheel on the left, a big rear wheel on the right under the cab, and an
    exhaust pipe on the hood, its top at (20, 9) (the demo's puffs start at the view's
    origin + (40, 20) points of 80: (20, 10) here)."""
    ink = (20, 40, 20, 1.0)
    green, green_dark = (70, 165, 60, 1.0), (40, 115, 40, 1.0)
    hood = polygon([(6, 19), (24, 19), (24, 30), (6, 30)])
    cab = polygon([(24, 8), (35, 8), (36, 30), (24, 30)])
    window = polygon([(26.5, 11), (33, 11), (33.5, 19), (26.5, 19)])
    pipe = polygon([(18.5, 9), (21.5, 9), (21.5, 19), (18.5, 19)])
    rear = circle(30, 30, 8.5)
    front = circle(10, 33, 5.5)
    return [
        layer(hood, lambda x, y: mix(green, green_dark, (y - 19) / 11), 1.0, ink),
        layer(cab, lambda x, y: mix(green, green_dark, (y - 8) / 22), 1.0, ink),
        layer(window, (200, 230, 245, 1.0), 0.8, ink),
        layer(pipe, (90, 90, 90, 1.0), 0.8, ink),
        layer(rear, (35, 35, 35, 1.0)),
        layer(circle(30, 30, 3.8), (230, 190, 40, 1.0), 0.8, ink),
        layer(front, (35, 35, 35, 1.0)),
        layer(circle(10, 33, 2.4), (230, 190, 40, 1.0), 0.8, ink),
    ]


def dustcloud_layers():
    """A puff of dust: overlapping round lumps, sandy brown and lighter on top."""
    lumps = union(circle(22, 38, 13), circle(36, 28, 15), circle(46, 40, 12), circle(32, 44, 12))
    fill = lambda x, y: mix((225, 205, 170, 1.0), (175, 145, 105, 1.0), (y - 14) / 42)
    return [layer(lumps, fill, 1.2, (150, 120, 85, 1.0))]


ASSETS = {
    "fish": (FISH_W, FISH_H, RES, fish_layers),
    "bubble": (BUBBLE_SIZE, BUBBLE_SIZE, BUBBLE_RES, bubble_layers),
    "bubble2": (BUBBLE_SIZE, BUBBLE_SIZE, BUBBLE_RES, bubble2_layers),
    "note1": (BUBBLE_SIZE, BUBBLE_SIZE, BUBBLE_RES, note1_layers),
    "note2": (BUBBLE_SIZE, BUBBLE_SIZE, BUBBLE_RES, note2_layers),
    "note3": (BUBBLE_SIZE, BUBBLE_SIZE, BUBBLE_RES, note3_layers),
    "balloon1": (64, 64, 2, balloon1_layers),
    "blueballoon": (64, 64, 2, blueballoon_layers),
    "treasure": (100, 85, 3, treasure_layers),
    "sax": (64, 64, 4, sax_layers),
    "tractor": (40, 40, 4, tractor_layers),
    "dustcloud": (64, 64, 2, dustcloud_layers),
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
