/// Chooses up to 255 colours (0xRRGGBB) for a GIF frame's changed pixels and maps each pixel
/// to one; the strategy and its measurements are in `GifAnimationEncoder`.
///
/// - When the pixels have at most `maxColors` distinct colours, the palette is exactly those
///   colours (sorted, so the same pixels give the same palette) and nothing is lost.
/// - Otherwise median cut over the exact histogram picks the palette, and pixels are mapped to
///   it with Floyd–Steinberg error diffusion, or to the nearest colour when `isDithered` is
///   false (which the banding test uses for comparison).
struct ColorQuantizer {
    /// The most colours a palette gets: 255, leaving one of a GIF's 256 for transparency.
    var maxColors = 255
    /// Whether pixels are dithered when the palette cannot hold every colour.
    var isDithered = true

    /// A palette and one index per pixel; pixels outside the mask get index 0 (the caller
    /// replaces them with its transparent index).
    struct Result {
        var palette: [UInt32]
        var indices: [UInt8]
    }

    /// Quantizes a `width` × `height` block of 0xRRGGBB `colors`, only where `mask` is true.
    func quantize(_ colors: [UInt32], mask: [Bool], width: Int, height: Int) -> Result {
        precondition(colors.count == width * height && mask.count == colors.count, "one colour per pixel")
        // Plain index loops here and below: the same work, without the generic iterators
        // (`zip`, `enumerated`) that an unoptimised debug build runs many times slower.
        var histogram: [UInt32: Int] = [:]
        var i = 0
        while i < colors.count {
            if mask[i] { histogram[colors[i], default: 0] += 1 }
            i += 1
        }
        if histogram.count <= maxColors {
            let palette = histogram.keys.sorted()
            var lookup: [UInt32: UInt8] = [:]
            for index in palette.indices { lookup[palette[index]] = UInt8(index) }
            var indices = [UInt8](repeating: 0, count: colors.count)
            i = 0
            while i < colors.count {
                if mask[i] { indices[i] = lookup[colors[i]] ?? 0 }
                i += 1
            }
            return Result(palette: palette.isEmpty ? [0] : palette, indices: indices)
        }
        let palette = MedianCut.palette(
            histogram.map { MedianCut.Entry(color: $0.key, count: $0.value) }, maxColors: maxColors)
        var mapper = NearestColor(palette: palette)
        let indices =
            isDithered
            ? mapper.diffuse(colors, mask: mask, width: width, height: height)
            : zip(colors, mask).map { color, isIncluded in isIncluded ? mapper.index(of: color) : 0 }
        return Result(palette: palette, indices: indices)
    }
}

// MARK: - Median cut

/// Median cut over an exact colour histogram: the box with the largest squared error is split
/// at the weighted median of its widest channel until there are enough boxes; each box gives
/// one colour, its most common colour when that holds half the box's pixels (so a flat area
/// keeps its exact colour and dithering leaves it clean), else the box's mean.
enum MedianCut {
    struct Entry {
        var color: UInt32
        var count: Int
    }

    private struct Box {
        var range: Range<Int>
        var count: Int
        var error: Double  // sum of squared distances to the mean, all channels
        var widest: Int  // the channel with the largest squared error: 0 red, 1 green, 2 blue
        var mean: (Double, Double, Double)
    }

    static func channel(_ color: UInt32, _ channel: Int) -> Int {
        Int((color >> UInt32(16 - 8 * channel)) & 0xFF)
    }

    static func palette(_ histogram: [Entry], maxColors: Int) -> [UInt32] {
        // Sorting first makes the result independent of the dictionary's order.
        var entries = histogram.sorted { $0.color < $1.color }
        var boxes = [box(entries, 0..<entries.count)]
        while boxes.count < maxColors {
            guard let target = boxes.indices.max(by: { boxes[$0].error < boxes[$1].error }),
                boxes[target].error > 0
            else { break }
            let splitting = boxes[target]
            let axis = splitting.widest
            sortByChannel(&entries, splitting.range, axis: axis)
            var cut = splitting.range.lowerBound
            var seen = 0
            while cut < splitting.range.upperBound - 1 && 2 * (seen + entries[cut].count) <= splitting.count {
                seen += entries[cut].count
                cut += 1
            }
            cut = max(cut, splitting.range.lowerBound + 1)
            boxes[target] = box(entries, splitting.range.lowerBound..<cut)
            boxes.append(box(entries, cut..<splitting.range.upperBound))
        }
        return boxes.map { representative(entries[$0.range], box: $0) }
    }

    /// Sorts `entries[range]` by the channel `axis`, then by colour (a total order: the colours
    /// of a histogram differ), as a radix sort of the 32-bit key channel << 24 | colour: the
    /// order a comparison sort gives, in plain loops that stay fast in a debug build.
    static func sortByChannel(_ entries: inout [Entry], _ range: Range<Int>, axis: Int) {
        let count = range.count
        guard count > 1 else { return }
        var keys = [UInt32](repeating: 0, count: count)
        var order = [Int](repeating: 0, count: count)
        var i = 0
        while i < count {
            let color = entries[range.lowerBound + i].color & 0xFF_FFFF
            keys[i] = UInt32(channel(color, axis)) << 24 | color
            order[i] = i
            i += 1
        }
        var swapped = order
        var buckets = [Int](repeating: 0, count: 257)
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            for bucket in 0..<257 { buckets[bucket] = 0 }
            i = 0
            while i < count {
                buckets[Int((keys[order[i]] >> shift) & 0xFF) + 1] += 1
                i += 1
            }
            for bucket in 1..<257 { buckets[bucket] += buckets[bucket - 1] }
            i = 0
            while i < count {
                let byte = Int((keys[order[i]] >> shift) & 0xFF)
                swapped[buckets[byte]] = order[i]
                buckets[byte] += 1
                i += 1
            }
            swap(&order, &swapped)
        }
        let sorted = order.map { entries[range.lowerBound + $0] }
        i = 0
        while i < count {
            entries[range.lowerBound + i] = sorted[i]
            i += 1
        }
    }

    private static func box(_ entries: [Entry], _ range: Range<Int>) -> Box {
        var count = 0
        var sum = (0.0, 0.0, 0.0)
        var squares = (0.0, 0.0, 0.0)
        for entry in entries[range] {
            let weight = Double(entry.count)
            let (r, g, b) = (
                Double(channel(entry.color, 0)), Double(channel(entry.color, 1)),
                Double(channel(entry.color, 2))
            )
            count += entry.count
            sum = (sum.0 + weight * r, sum.1 + weight * g, sum.2 + weight * b)
            squares = (squares.0 + weight * r * r, squares.1 + weight * g * g, squares.2 + weight * b * b)
        }
        let n = Double(count)
        let errors = [
            squares.0 - sum.0 * sum.0 / n, squares.1 - sum.1 * sum.1 / n, squares.2 - sum.2 * sum.2 / n,
        ]
        let widest = errors.indices.max { errors[$0] < errors[$1] } ?? 0
        return Box(
            range: range, count: count, error: range.count > 1 ? errors.reduce(0, +) : 0, widest: widest,
            mean: (sum.0 / n, sum.1 / n, sum.2 / n))
    }

    private static func representative(_ entries: ArraySlice<Entry>, box: Box) -> UInt32 {
        if let common = entries.max(by: { ($0.count, $1.color) < ($1.count, $0.color) }),
            2 * common.count >= box.count
        {
            return common.color
        }
        func byte(_ value: Double) -> UInt32 { UInt32(min(max(value.rounded(), 0), 255)) }
        return byte(box.mean.0) << 16 | byte(box.mean.1) << 8 | byte(box.mean.2)
    }
}

// MARK: - Mapping

/// Finds the nearest palette colour (squared RGB distance), exactly for palette colours and
/// through a lazily filled 6-bit-per-channel table for the rest (the table's cell is at most
/// 2 levels from the pixel per channel; dithering diffuses that difference too).
struct NearestColor {
    /// The most error (in sixteenths of a level) a pixel takes from its neighbours: 8 levels.
    /// Where the palette has no colour near a rare one, unlimited error piles up along a row
    /// and then lands on one pixel as a far colour (49 levels off in the measurements of
    /// `GifAnimationEncoder`); limited to 8 levels, the worst pixel is 20 off and the 4×4
    /// block means are as close as before.
    static let maxCarriedError = 8 * 16

    let palette: [UInt32]
    private var exact: [UInt32: UInt8] = [:]
    private var cells: [UInt16]  // index + 1; 0 not yet computed

    init(palette: [UInt32]) {
        precondition(!palette.isEmpty && palette.count <= 256, "1…256 colours")
        self.palette = palette
        for (index, color) in palette.enumerated() where exact[color] == nil { exact[color] = UInt8(index) }
        cells = [UInt16](repeating: 0, count: 1 << 18)
    }

    mutating func index(of color: UInt32) -> UInt8 {
        if let index = exact[color] { return index }
        return index(
            red: MedianCut.channel(color, 0), green: MedianCut.channel(color, 1),
            blue: MedianCut.channel(color, 2))
    }

    /// The nearest colour to (red, green, blue), each 0…255, through the 6-bit table.
    mutating func index(red: Int, green: Int, blue: Int) -> UInt8 {
        let cell = (red >> 2) << 12 | (green >> 2) << 6 | (blue >> 2)
        let cached = cells[cell]
        if cached != 0 { return UInt8(cached - 1) }
        let (r, g, b) = ((red & ~3) + 2, (green & ~3) + 2, (blue & ~3) + 2)  // the cell's centre
        // A plain loop over the buffer: the same search, without the generic iterators that an
        // unoptimised (debug) build runs a hundred times slower (a 3-s GIF took minutes).
        let best = palette.withUnsafeBufferPointer { colors in
            var best = 0
            var bestDistance = Int.max
            var index = 0
            while index < colors.count {
                let color = colors[index]
                let dr = Int((color >> 16) & 0xFF) - r
                let dg = Int((color >> 8) & 0xFF) - g
                let db = Int(color & 0xFF) - b
                let distance = dr * dr + dg * dg + db * db
                if distance < bestDistance { (best, bestDistance) = (index, distance) }
                index += 1
            }
            return best
        }
        cells[cell] = UInt16(best + 1)
        return UInt8(best)
    }

    /// Floyd–Steinberg error diffusion, left to right, top to bottom: each pixel takes the
    /// colour nearest its value plus the error carried to it, and passes its own error on
    /// (7/16 right, 3/16 below left, 5/16 below, 1/16 below right). Pixels outside the mask
    /// neither take nor pass error: they are not drawn.
    mutating func diffuse(_ colors: [UInt32], mask: [Bool], width: Int, height: Int) -> [UInt8] {
        var indices = [UInt8](repeating: 0, count: colors.count)
        // Carried errors in sixteenths of a level, this row and the next, with a pixel of
        // margin on each side; three channels per pixel.
        var current = [Int](repeating: 0, count: 3 * (width + 2))
        var next = current
        for y in 0..<height {
            for x in 0..<width where mask[y * width + x] {
                let color = colors[y * width + x]
                let slot = 3 * (x + 1)
                let red = Self.carry(MedianCut.channel(color, 0), current[slot])
                let green = Self.carry(MedianCut.channel(color, 1), current[slot + 1])
                let blue = Self.carry(MedianCut.channel(color, 2), current[slot + 2])
                let (r, g, b) = (Self.level(red), Self.level(green), Self.level(blue))
                let index = exact[UInt32(r << 16 | g << 8 | b)] ?? self.index(red: r, green: g, blue: b)
                indices[y * width + x] = index
                let chosen = palette[Int(index)]
                spread(red - 16 * MedianCut.channel(chosen, 0), at: slot, current: &current, next: &next)
                spread(
                    green - 16 * MedianCut.channel(chosen, 1), at: slot + 1, current: &current, next: &next)
                spread(blue - 16 * MedianCut.channel(chosen, 2), at: slot + 2, current: &current, next: &next)
            }
            swap(&current, &next)
            next.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        return indices
    }

    /// Passes one channel's error (in sixteenths) on to the pixel at `slot`'s neighbours.
    private func spread(_ error: Int, at slot: Int, current: inout [Int], next: inout [Int]) {
        current[slot + 3] += error * 7 / 16
        next[slot - 3] += error * 3 / 16
        next[slot] += error * 5 / 16
        next[slot + 3] += error / 16
    }

    /// A channel plus its carried error, in sixteenths of a level. The carried error is
    /// limited to `maxCarriedError`, and the sum to -1…256 levels.
    private static func carry(_ value: Int, _ error: Int) -> Int {
        let limited = min(max(error, -maxCarriedError), maxCarriedError)
        return min(max(16 * value + limited, -16), 256 * 16)
    }

    /// The nearest whole level 0…255 to a value in sixteenths.
    private static func level(_ sixteenths: Int) -> Int {
        min(max((sixteenths + 8) >> 4, 0), 255)
    }
}
