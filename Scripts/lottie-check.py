#!/usr/bin/env python3
"""Checks an `animdemo export` file with other software (docs/LOTTIE.md § How it is checked).

  lottie-check.py validate FILE.json
      Validates against the Lottie format's JSON schema (PyPI lottie-specs, with jsonschema).
  lottie-check.py compare FILE.json FRAME=PNG... [--player bundled|debian] [--out DIR]
      Renders each FRAME of FILE.json with rlottie (PyPI rlottie-python: its own rlottie, or
      with --player debian Debian's librlottie0-1 through the same C API), over black as
      `animdemo render` draws, and compares it with PNG (animdemo's frame at the same moment).
      Prints one line of JSON per frame: ink overlap (IoU) and mean colour difference.
      --out DIR also writes each rlottie frame as DIR/rlottie-FRAME.png.

Ink: the pixels whose colour differs from the frame's background (its most common colour in
animdemo's PNG) by more than 32 of 255 in some channel. Colour difference: the mean absolute
difference per channel, in levels of 255, over the pixels both draw as ink.

Exits 3 with the packages to install when a module is missing; 1 when the file is invalid.
"""
import json
import sys

try:
    import jsonschema
    import lottie_specs
    from PIL import Image, ImageChops, ImageStat
    from rlottie_python import LottieAnimation
except ImportError as error:
    print(
        f"lottie-check: {error.name} is missing: pip install lottie-specs jsonschema pillow rlottie-python",
        file=sys.stderr,
    )
    sys.exit(3)

DEBIAN_RLOTTIE = "/usr/lib/x86_64-linux-gnu/librlottie.so.0-1"
INK_THRESHOLD = 32


def validate(path):
    with open(path) as file:
        document = json.load(file)
    with open(lottie_specs.schema_path()) as file:
        schema = json.load(file)
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    for error in errors[:5]:
        where = "/".join(str(part) for part in error.absolute_path)
        print(f"{path}: {where}: {error.message[:300]}", file=sys.stderr)
    if errors:
        sys.exit(1)
    print(json.dumps({"valid": True, "layers": len(document["layers"])}))


def most_common_colour(image):
    """The colour most pixels of `image` have; of several as common, the first in row order."""
    counts = image.getcolors(maxcolors=image.size[0] * image.size[1])
    top = max(count for count, _ in counts)
    tied = {colour for count, colour in counts if count == top}
    if len(tied) == 1:
        return tied.pop()
    return next(pixel for pixel in image.getdata() if pixel in tied)


def ink_mask(image, background):
    """255 where a pixel's colour differs from `background` by more than INK_THRESHOLD in
    some channel, else 0 (mode L). With Pillow's image operations: a frame's pixels one by one
    in Python cost seconds."""
    difference = ImageChops.difference(image, Image.new("RGB", image.size, background))
    red, green, blue = difference.split()
    largest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return largest.point(lambda level: 255 if level > INK_THRESHOLD else 0)


class DebianRlottie:
    """Debian's librlottie0-1 (rlottie 0.1) through its C API, which predates `lottie_init`
    that rlottie-python calls."""

    def __init__(self, path):
        import ctypes

        self.ctypes = ctypes
        self.lib = ctypes.CDLL(DEBIAN_RLOTTIE)
        self.lib.lottie_animation_from_file.restype = ctypes.c_void_p
        self.lib.lottie_animation_from_file.argtypes = [ctypes.c_char_p]
        self.lib.lottie_animation_render.argtypes = [
            ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t]
        self.lib.lottie_animation_get_size.argtypes = [
            ctypes.c_void_p, ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(ctypes.c_size_t)]
        self.handle = self.lib.lottie_animation_from_file(path.encode())
        if not self.handle:
            raise SystemExit(f"lottie-check: Debian's rlottie cannot load {path}")

    def lottie_animation_get_size(self):
        width, height = self.ctypes.c_size_t(), self.ctypes.c_size_t()
        self.lib.lottie_animation_get_size(self.handle, self.ctypes.byref(width), self.ctypes.byref(height))
        return width.value, height.value

    def render_pillow_frame(self, frame_num, width, height):
        buffer = (self.ctypes.c_uint32 * (width * height))()
        self.lib.lottie_animation_render(self.handle, frame_num, buffer, width, height, width * 4)
        # Premultiplied BGRA, as rlottie-python unpremultiplies too.
        image = Image.frombuffer("RGBA", (width, height), bytes(buffer), "raw", "BGRA", 0, 1)
        return Image.frombytes("RGBa", image.size, image.tobytes()).convert("RGBA")


def compare(path, pairs, player, out):
    animation = DebianRlottie(path) if player == "debian" else LottieAnimation.from_file(path)
    width, height = animation.lottie_animation_get_size()
    for pair in pairs:
        frame_text, png = pair.split("=", 1)
        frame = int(frame_text)
        theirs = animation.render_pillow_frame(frame_num=frame, width=width, height=height)
        over_black = Image.new("RGBA", theirs.size, (0, 0, 0, 255))
        over_black.alpha_composite(theirs)
        ours = Image.open(png).convert("RGB")
        if ours.size != over_black.size:
            ours = ours.resize(over_black.size)
        theirs_rgb = over_black.convert("RGB")
        if out:
            theirs_rgb.save(f"{out}/rlottie-{frame}.png")
        background = most_common_colour(ours)
        ours_ink = ink_mask(ours, background)
        theirs_ink = ink_mask(theirs_rgb, background)
        union = ImageChops.lighter(ours_ink, theirs_ink).histogram()[255]
        both_ink = ImageChops.darker(ours_ink, theirs_ink)
        both = both_ink.histogram()[255]
        # Whole sums of 8-bit differences: exact in a float up to 2^53.
        difference = int(sum(ImageStat.Stat(ImageChops.difference(ours, theirs_rgb), mask=both_ink).sum))
        iou = both / union if union else 1.0
        colour = difference / (3 * both) if both else 0.0
        print(json.dumps({"frame": frame, "iou": round(iou, 4), "colour": round(colour, 2), "ink": union}))


def main(arguments):
    if len(arguments) >= 2 and arguments[0] == "validate":
        validate(arguments[1])
    elif len(arguments) >= 3 and arguments[0] == "compare":
        player, out, pairs = "bundled", None, []
        rest = arguments[2:]
        while rest:
            item = rest.pop(0)
            if item == "--player":
                player = rest.pop(0)
            elif item == "--out":
                out = rest.pop(0)
            else:
                pairs.append(item)
        compare(arguments[1], pairs, player, out)
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv[1:])
