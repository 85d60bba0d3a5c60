import Animation
import Foundation
import Render
import TestSupport

/// The scene the window tests run and what a tap must do to it: the one place to change to
/// run them on another scene.
///
/// The tests need a scene that stands still until tapped and settles after the tap; they
/// compare the window with `animdemo render` of the same input (the engine's own answer), so
/// only `name`, `title`, `tap` and `showsTheTap` are about the scene itself.
///
/// `checkmark`: a blue check in a circle on navy; a tap anywhere turns it into a pink X (the
/// strokes and the colour settle within 0.75 s of the tap).
enum TestScene {
    static let name = "checkmark"
    static let title = "animdemo — Checkmark"
    static let width = 400
    static let height = 300
    /// Where the tests tap (window pixels).
    static let tap = Point(x: 90, y: 220)
    /// When the headless render has settled after a tap at 0.1 s (seconds).
    static let settledTime = 2.0

    // MARK: - What the engine draws

    /// The scene before any input at `width` × `height` (or another size), drawn headless, at
    /// `scale` pixels per pixel of that size (`--scale`).
    static func restingFrame(width: Int = width, height: Int = height, scale: Int = 1) throws -> RenderedFrame
    {
        try render(width: width, height: height, events: nil, at: 0, scale: scale)
    }

    /// The scene settled after a tap at `tap`, drawn headless.
    static func tappedFrame() throws -> RenderedFrame {
        try render(
            width: width, height: height, events: "0.1 tap \(Int(tap.x)) \(Int(tap.y))", at: settledTime)
    }

    private static func render(width: Int, height: Int, events: String?, at time: Double, scale: Int = 1)
        throws -> RenderedFrame
    {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("animdemo-render-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var arguments = [
            "render", "--scene", name, "--size", "\(width)x\(height)", "--at", "\(time)", "--scale",
            "\(scale)",
        ]
        if let events { arguments += ["--events", events] }
        let result = try ProcessRunner.run(try Animdemo.executable(), arguments + ["--out", folder.path])
        guard result.status == 0 else {
            throw WindowTestError("animdemo render failed: \(result.errorOutput)")
        }
        let milliseconds = String(format: "%06d", Int((time * 1000).rounded()))
        return try RenderedFrame(
            contentsOfPNG: folder.appendingPathComponent("\(name)-\(milliseconds).png").path)
    }

    // MARK: - What a tap means in this scene

    /// C4Pink and C4Blue (docs/SEMANTICS.md § Checkmark (C4)), the X's and the check's colours.
    static let pink = Color(red: 1.0, green: 0.0, blue: 0.475)
    static let blue = Color(red: 0.098, green: 0.271, blue: 1.0)
    /// 8-bit rounding and antialiasing inside a 10 px stroke: 0.05 per channel.
    static let colorTolerance = 0.05

    /// The intent, stated apart from the engine's render: the X's two strokes cross at the
    /// window's centre (the artboard's centre sits there), in pink, and no blue is left.
    static func showsTheTap(_ frame: RenderedFrame) -> Bool {
        let center = Point(x: Double(frame.width) / 2, y: Double(frame.height) / 2)
        guard let crossing = frame.color(at: center), crossing.isClose(to: pink, within: colorTolerance)
        else {
            return false
        }
        return frame.count { $0.isClose(to: blue, within: colorTolerance) } == 0
    }
}

extension RenderedFrame {
    /// Whether two frames have the same size and every channel within 2/255 (the golden
    /// rule of docs/ARCHITECTURE.md § Tests: Cairo draws the same tree either way, so only
    /// rounding could differ).
    func matches(_ other: RenderedFrame) -> Bool {
        guard width == other.width, height == other.height else { return false }
        let a = pixels
        let b = other.pixels
        for index in a.indices where a[index] != b[index] {
            for shift: UInt32 in [24, 16, 8, 0] {
                if abs(Int((a[index] >> shift) & 0xFF) - Int((b[index] >> shift) & 0xFF)) > 2 { return false }
            }
        }
        return true
    }
}
