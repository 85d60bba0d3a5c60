/// What changed between two frames of a recording, row by row: for each row with a pixel that
/// differs, the span from its first to its last differing pixel, and the new pixels of those
/// spans. The window's recording sends its encoder thread patches rather than whole frames, so
/// that frames waiting for the encoder hold what moved, not the whole window (README §
/// Recording: a recording's memory stays bounded).
///
/// Rows rather than one rectangle: a fish and the bubbles rising far above it change rows of
/// their own, and the box around both would hold most of the window.
struct FramePatch: Sendable, Equatable {
    /// The changed part of one row: columns `start..<end` of row `row`.
    struct Span: Sendable, Equatable {
        var row: Int
        var start: Int
        var end: Int
    }

    /// The changed rows, top to bottom.
    var spans: [Span]
    /// The spans' new pixels (premultiplied ARGB words), one span after another.
    var pixels: [UInt32]

    /// The bytes it holds.
    var byteCount: Int {
        pixels.count * MemoryLayout<UInt32>.size + spans.count * MemoryLayout<Span>.stride
    }

    /// The patch that turns `old` into `new`, frames of `width × height` pixels: all of `new`
    /// when there is no `old`, nil when nothing changed.
    static func between(_ old: [UInt32]?, _ new: [UInt32], width: Int, height: Int) -> FramePatch? {
        precondition(new.count == width * height, "a frame of \(new.count) pixels is not \(width)x\(height)")
        guard let old else {
            return FramePatch(spans: (0..<height).map { Span(row: $0, start: 0, end: width) }, pixels: new)
        }
        precondition(old.count == new.count, "frames of different sizes")
        var spans: [Span] = []
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                for row in 0..<height {
                    let base = row * width
                    var first = 0
                    while first < width && old[base + first] == new[base + first] { first += 1 }
                    guard first < width else { continue }
                    var last = width - 1
                    while old[base + last] == new[base + last] { last -= 1 }
                    spans.append(Span(row: row, start: first, end: last + 1))
                }
            }
        }
        guard !spans.isEmpty else { return nil }
        var pixels: [UInt32] = []
        pixels.reserveCapacity(spans.reduce(0) { $0 + $1.end - $1.start })
        for span in spans {
            pixels += new[(span.row * width + span.start)..<(span.row * width + span.end)]
        }
        return FramePatch(spans: spans, pixels: pixels)
    }

    /// Writes the patch into `frame`, a frame `frameWidth` pixels wide.
    func apply(to frame: inout [UInt32], frameWidth: Int) {
        var offset = 0
        for span in spans {
            let count = span.end - span.start
            let target = span.row * frameWidth + span.start
            frame.replaceSubrange(target..<target + count, with: pixels[offset..<offset + count])
            offset += count
        }
    }
}
