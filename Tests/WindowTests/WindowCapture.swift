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
            masks.blue == 0xFF, width >= 0, height >= 0, bytesPerLine >= width * 4,
            start + bytesPerLine * height <= bytes.count
        else {
            throw WindowTestError(
                "unexpected xwd image: format \(format), \(bitsPerPixel) bpp, masks \(masks), "
                    + "\(bytes.count) bytes"
            )
        }
        // Whole 32-bit words in the server's byte order (the tests' debug build spent 11 ms a
        // capture putting each word together from four bytes).
        let (columns, rows) = (width, height)
        let isLSBFirst = byteOrder == 0
        self.pixels = bytes.withUnsafeBytes { raw in
            [UInt32](unsafeUninitializedCapacity: columns * rows) { pixels, count in
                for y in 0..<rows {
                    let row = start + y * bytesPerLine
                    for x in 0..<columns {
                        let word = raw.loadUnaligned(fromByteOffset: row + x * 4, as: UInt32.self)
                        let value = isLSBFirst ? UInt32(littleEndian: word) : UInt32(bigEndian: word)
                        pixels[y * columns + x] = value & 0xFF_FFFF
                    }
                }
                count = columns * rows
            }
        }
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
                // Equal colours (most pixels) differ by 0; the frame's alpha byte is not compared.
                guard (a ^ b) & 0xFF_FFFF != 0 else { continue }
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
