import Animation
import Foundation
import Render

/// The outcome of comparing a frame with a golden image (STYLE.md § Tests).
public struct ImageComparison: CustomStringConvertible {
    public var differingPixels: Int
    public var totalPixels: Int
    public var largestChannelDelta: Int
    /// The box around the differing pixels (x0, y0, x1, y1), nil if none.
    public var differenceBox: (Int, Int, Int, Int)?
    public var differingFraction: Double { Double(differingPixels) / Double(max(totalPixels, 1)) }

    public var description: String {
        let box = differenceBox.map { "(\($0.0), \($0.1))…(\($0.2), \($0.3))" } ?? "none"
        return "\(differingPixels) of \(totalPixels) pixels differ (fraction \(differingFraction)), "
            + "largest channel delta \(largestChannelDelta)/255, box \(box)"
    }
}

/// Compares images and keeps golden files (`Goldens/<scene>-<MMMMMM>.png`).
public enum GoldenImage {
    /// Per-pixel comparison: a pixel differs when a channel (premultiplied ARGB bytes) differs
    /// by more than `maxChannelDelta`.
    public static func compare(_ actual: RenderedFrame, _ expected: RenderedFrame, maxChannelDelta: Int = 2)
        -> ImageComparison?
    {
        guard actual.width == expected.width, actual.height == expected.height else { return nil }
        let a = actual.pixels
        let b = expected.pixels
        var differing = 0
        var largest = 0
        var box: (Int, Int, Int, Int)?
        for index in 0..<a.count where a[index] != b[index] {
            var delta = 0
            for shift in stride(from: 0, through: 24, by: 8) {
                let ca = Int((a[index] >> UInt32(shift)) & 0xFF)
                let cb = Int((b[index] >> UInt32(shift)) & 0xFF)
                delta = max(delta, abs(ca - cb))
            }
            largest = max(largest, delta)
            guard delta > maxChannelDelta else { continue }
            differing += 1
            let x = index % actual.width
            let y = index / actual.width
            if let current = box {
                box = (min(current.0, x), min(current.1, y), max(current.2, x), max(current.3, y))
            } else {
                box = (x, y, x, y)
            }
        }
        return ImageComparison(
            differingPixels: differing, totalPixels: a.count, largestChannelDelta: largest, differenceBox: box
        )
    }

    /// Checks `frame` against `directory/name.png`. With ANIMDEMO_RECORD_GOLDENS=1 it writes
    /// the golden and fails ("recorded — look at it, then commit"). Returns nil when it
    /// matches, else a message naming the evidence (written under .build/golden-failures/).
    public static func mismatch(
        _ frame: RenderedFrame, named name: String, in directory: URL,
        maxChannelDelta: Int = 2, maxDifferingFraction: Double = 0.0005
    ) -> String? {
        let path = directory.appendingPathComponent("\(name).png").path
        if ProcessInfo.processInfo.environment["ANIMDEMO_RECORD_GOLDENS"] == "1" {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            do {
                try frame.writePNG(to: path)
            } catch {
                return "could not record \(path): \(error)"
            }
            return "recorded \(path) — look at it, then commit"
        }
        guard let golden = try? RenderedFrame(contentsOfPNG: path) else {
            return "missing golden \(path); record it with ANIMDEMO_RECORD_GOLDENS=1"
        }
        guard let comparison = compare(frame, golden, maxChannelDelta: maxChannelDelta) else {
            return
                "size \(frame.width)x\(frame.height) differs from the golden's \(golden.width)x\(golden.height)"
        }
        guard comparison.differingFraction > maxDifferingFraction else { return nil }
        let failures = directory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/golden-failures")
        try? FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        let actualPath = failures.appendingPathComponent("\(name)-actual.png").path
        try? frame.writePNG(to: actualPath)
        return "\(name): \(comparison); actual written to \(actualPath)"
    }
}
