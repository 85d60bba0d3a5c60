import Foundation
import Render
import TestSupport

/// The pixels the X server shows in a window, read with `xwd` (x11-apps): what the program
/// presented, not what it re-renders for a screenshot.
struct WindowCapture {
    let width: Int
    let height: Int
    /// 0x00RRGGBB per pixel, row by row.
    let pixels: [UInt32]

    /// Captures `window` on `display`.
    static func capture(window: String, environment: [String: String]) throws -> WindowCapture {
        let xwd = try MissingTool.require("xwd", package: "x11-apps")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-\(UUID().uuidString).xwd")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try ProcessRunner.run(
            xwd, ["-id", window, "-silent", "-out", file.path], environment: environment)
        guard result.status == 0 else { throw WindowTestError("xwd failed: \(result.errorOutput)") }
        return try WindowCapture(xwd: try Data(contentsOf: file))
    }

    /// Parses an XWD file (X11/XWDFile.h): a header of big-endian 32-bit fields, the window
    /// name, a colormap, then the image in the server's byte order.
    init(xwd data: Data) throws {
        let bytes = [UInt8](data)
        func field(_ index: Int) -> Int {
            let offset = index * 4
            guard offset + 4 <= bytes.count else { return 0 }
            return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let headerSize = field(0)
        let format = field(2)
        width = field(4)
        height = field(5)
        let byteOrder = field(7)  // 0: LSBFirst
        let bitsPerPixel = field(11)
        let bytesPerLine = field(12)
        let masks = (red: field(14), green: field(15), blue: field(16))
        let colors = field(19)
        let start = headerSize + colors * 12
        guard format == 2, bitsPerPixel == 32, masks.red == 0xFF0000, masks.green == 0xFF00,
            masks.blue == 0xFF,
            start + bytesPerLine * height <= bytes.count
        else {
            throw WindowTestError(
                "unexpected xwd image: format \(format), \(bitsPerPixel) bpp, masks \(masks), "
                    + "\(bytes.count) bytes"
            )
        }
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let offset = start + y * bytesPerLine + x * 4
                let (b0, b1, b2, b3) = (
                    UInt32(bytes[offset]), UInt32(bytes[offset + 1]), UInt32(bytes[offset + 2]),
                    UInt32(bytes[offset + 3])
                )
                let word =
                    byteOrder == 0 ? b0 | b1 << 8 | b2 << 16 | b3 << 24 : b3 | b2 << 8 | b1 << 16 | b0 << 24
                pixels[y * width + x] = word & 0xFF_FFFF
            }
        }
        self.pixels = pixels
    }

    /// Whether the window shows `frame` (every pixel within 2/255 per channel: Cairo draws
    /// the same tree into the same layout either way, so only rounding could differ).
    func shows(_ frame: RenderedFrame) -> Bool { differingPixels(from: frame) == 0 }

    /// How many pixels differ from `frame` (all of them if the sizes differ), for messages.
    func differingPixels(from frame: RenderedFrame) -> Int {
        differingPixels(from: frame, rows: 0..<height) ?? width * height
    }

    /// How many pixels of `rows` differ from `frame` by more than `maxChannelDelta` in a
    /// channel (the frame is opaque, so its premultiplied words are plain RGB); nil if the
    /// sizes differ.
    func differingPixels(from frame: RenderedFrame, rows: Range<Int>, maxChannelDelta: Int = 2) -> Int? {
        guard frame.width == width, frame.height == height else { return nil }
        let expected = frame.pixels
        var count = 0
        for y in rows.clamped(to: 0..<height) {
            for x in 0..<width {
                let a = pixels[y * width + x]
                let b = expected[y * width + x]
                if Self.channelDelta(a, b) > maxChannelDelta { count += 1 }
            }
        }
        return count
    }

    /// The largest difference of the red, green and blue bytes of two words.
    private static func channelDelta(_ a: UInt32, _ b: UInt32) -> Int {
        var largest = 0
        for shift: UInt32 in [16, 8, 0] {
            let difference = abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF))
            largest = max(largest, difference)
        }
        return largest
    }
}
