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
    from PIL import Image
    from rlottie_python import LottieAnimation
except ImportError as error:
    print(
        f"lottie-check: {error.name} is missing: pip install lottie-specs jsonschema pillow rlottie-python",
        file=sys.stderr,
    )
    sys.exit(3)

DEBIAN_RLOTTIE = "/usr/lib/x86_64-linux-gnu/librlottie.so.0"
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


def ink_mask(pixels, background):
    return [max(abs(p[0] - background[0]), abs(p[1] - background[1]), abs(p[2] - background[2])) > INK_THRESHOLD
            for p in pixels]


def compare(path, pairs, player, out):
    library = DEBIAN_RLOTTIE if player == "debian" else None
    animation = LottieAnimation.from_file(path, rlottie_lib_path=library) if library else LottieAnimation.from_file(path)
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
        ours_pixels = list(ours.getdata())
        theirs_pixels = list(theirs_rgb.getdata())
        counts = {}
        for pixel in ours_pixels:
            counts[pixel] = counts.get(pixel, 0) + 1
        background = max(counts, key=counts.get)
        ours_ink = ink_mask(ours_pixels, background)
        theirs_ink = ink_mask(theirs_pixels, background)
        both = union = 0
        difference = 0
        for index, (a, b) in enumerate(zip(ours_ink, theirs_ink)):
            if a or b:
                union += 1
            if a and b:
                both += 1
                p, q = ours_pixels[index], theirs_pixels[index]
                difference += abs(p[0] - q[0]) + abs(p[1] - q[1]) + abs(p[2] - q[2])
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
