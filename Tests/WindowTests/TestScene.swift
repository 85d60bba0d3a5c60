import Animation
import Foundation
import Render
import TestSupport

/// The scene the window tests run and what input must do to it: the one place to change when
/// the tutorial scenes replace the stand-in `demo` in the catalog.
///
/// `demo`: a light grey background and a blue 60×60 square, centred, that moves to each click
/// (a tap) in half a second.
enum TestScene {
    static let name = "demo"
    static let title = "animdemo — Demo"
    static let width = 400
    static let height = 300
    /// The square's side, pixels.
    static let squareSide = 60.0
    static let squareColor = Color(red: 0.1, green: 0.45, blue: 0.9)
    /// The square is in its place when its centre is this close (pixels): the animation ends
    /// exactly at the click, and the bounding box of antialiased corners is good to ±1.
    static let placeTolerance = 2.0

    static var center: Point { Point(x: Double(width) / 2, y: Double(height) / 2) }

    /// Whether a pixel (premultiplied ARGB, as `RenderedFrame.pixels` holds it) is the
    /// square's blue: opaque, each channel within 13/255 (0.05) — its inside, not the
    /// antialiased rim.
    static func isSquare(_ argb: UInt32) -> Bool {
        func channel(_ shift: UInt32) -> Int { Int((argb >> shift) & 0xFF) }
        func near(_ value: Int, _ component: Double) -> Bool { abs(Double(value) - component * 255) <= 13 }
        return channel(24) == 255 && near(channel(16), squareColor.red) && near(channel(8), squareColor.green)
            && near(channel(0), squareColor.blue)
    }

    /// The centre of the square's pixels, nil if none is on screen.
    static func squareCenter(in frame: RenderedFrame) -> Point? {
        let pixels = frame.pixels
        var minX = Int.max
        var minY = Int.max
        var maxX = Int.min
        var maxY = Int.min
        for y in 0..<frame.height {
            for x in 0..<frame.width where isSquare(pixels[y * frame.width + x]) {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        return Point(x: Double(minX + maxX + 1) / 2, y: Double(minY + maxY + 1) / 2)
    }

    /// Whether the square is centred at `point`.
    static func isSquare(in frame: RenderedFrame, at point: Point) -> Bool {
        guard let center = squareCenter(in: frame) else { return false }
        return center.distance(to: point) <= placeTolerance
    }

    /// The scene before any input, drawn headless (`animdemo render --at 0`): what the window
    /// shows while nothing has happened (demo stands still until clicked).
    static func restingFrame() throws -> RenderedFrame {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("animdemo-rest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ProcessRunner.run(
            try Animdemo.executable(),
            ["render", "--scene", name, "--size", "\(width)x\(height)", "--at", "0", "--out", folder.path])
        guard result.status == 0 else {
            throw WindowTestError("animdemo render failed: \(result.errorOutput)")
        }
        return try RenderedFrame(contentsOfPNG: folder.appendingPathComponent("\(name)-000000.png").path)
    }

    /// Whether the engine under this build draws the square at all: `animdemo render` of the
    /// first frame, headless. While Render cannot fill paths yet (the paths stub of early
    /// builds), the window cannot show the square either; tests then record a known issue
    /// instead of blaming the window.
    static let engineDrawsTheSquare: Bool = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let executable = try? Animdemo.executable(),
            let result = try? ProcessRunner.run(
                executable,
                [
                    "render", "--scene", name, "--size", "\(width)x\(height)", "--at", "0", "--out",
                    folder.path,
                ]),
            result.status == 0,
            let frame = try? RenderedFrame(
                contentsOfPNG: folder.appendingPathComponent("\(name)-000000.png").path)
        else { return false }
        return squareCenter(in: frame) != nil
    }()
}
