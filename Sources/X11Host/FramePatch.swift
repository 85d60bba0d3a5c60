/// What changed between two frames of a recording: the smallest rectangle holding every pixel
/// that differs, and its new pixels. The window's recording sends its encoder thread patches
/// rather than whole frames, so that frames waiting for the encoder hold what moved, not the
/// whole window (README § Recording: a recording's memory stays bounded).
struct FramePatch: Sendable, Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    /// `width × height` premultiplied ARGB words, row by row.
    var pixels: [UInt32]

    /// The bytes it holds.
    var byteCount: Int { pixels.count * MemoryLayout<UInt32>.size }

    /// The patch that turns `old` into `new`, frames of `width × height` pixels: all of `new`
    /// when there is no `old`, nil when nothing changed.
    static func between(_ old: [UInt32]?, _ new: [UInt32], width: Int, height: Int) -> FramePatch? {
        precondition(new.count == width * height, "a frame of \(new.count) pixels is not \(width)x\(height)")
        guard let old else { return FramePatch(x: 0, y: 0, width: width, height: height, pixels: new) }
        precondition(old.count == new.count, "frames of different sizes")
        var top = height
        var bottom = -1
        var left = width
        var right = -1
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                for row in 0..<height {
                    let start = row * width
                    var first = 0
                    while first < width && old[start + first] == new[start + first] { first += 1 }
                    guard first < width else { continue }
                    var last = width - 1
                    while old[start + last] == new[start + last] { last -= 1 }
                    top = min(top, row)
                    bottom = row
                    left = min(left, first)
                    right = max(right, last)
                }
            }
        }
        guard bottom >= 0 else { return nil }
        let patchWidth = right - left + 1
        var pixels: [UInt32] = []
        pixels.reserveCapacity(patchWidth * (bottom - top + 1))
        for row in top...bottom {
            pixels += new[(row * width + left)...(row * width + right)]
        }
        return FramePatch(x: left, y: top, width: patchWidth, height: bottom - top + 1, pixels: pixels)
    }

    /// Writes the patch into `frame`, a frame `frameWidth` pixels wide.
    func apply(to frame: inout [UInt32], frameWidth: Int) {
        for row in 0..<height {
            let target = (y + row) * frameWidth + x
            frame.replaceSubrange(
                target..<target + width, with: pixels[(row * width)..<(row * width + width)])
        }
    }
}
