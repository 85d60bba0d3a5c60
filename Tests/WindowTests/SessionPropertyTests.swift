import Foundation
import Render
import TestSupport
import Testing

/// The window equals `render` (docs/COMMAND-LINE.md § Session files): the real program under
/// Xvfb is driven by random sequences of what a person does, then paused and its moment saved
/// with `b`; the pixels the X server shows (xwd) must equal `render --session`'s PNG of that
/// file, except where the window alone draws (`windowOnly` of `--describe`: the status line and
/// the band of the toast).
///
/// One window serves every sequence, so a sequence starts from wherever the last one left the
/// window: the scenes, panels, sizes and histories it meets pile up as a person's would. The
/// seed (2026 unless given) is printed; `ANIMDEMO_PROPERTY_SEED=N` runs others, `ANIMDEMO_PROPERTY_CASES=N` sets
/// the count (200 by default: CI's). A failure leaves the session file, the window's pixels
/// and `render`'s under `.build/property-failures/`.
@Suite("The window equals render --session", .serialized)
struct SessionPropertyTests {
    /// Every pixel outside the window-only areas must be equal within 2/255 a channel: the
    /// window and `render` draw the same layer tree with the same renderer, and a paused window
    /// draws its frame once more, whole, when it is idle (`IncrementalCanvas.isWholeDraw`),
    /// because Cairo rasterizes a path clipped to the damage apart from the same path drawn
    /// whole (up to 16/255; docs/ARCHITECTURE.md § Window and render). Before that whole draw,
    /// this test needed 48 edge pixels within 16/255 besides. Not byte for byte: seed 2026's
    /// sequence 130 (the pull at 375×667, four panels) drew the inspector's playhead 1/255 apart
    /// in 64 pixels after the whole draw (a compositing rounding, not found yet). A stale or
    /// missing pixel differs by far more.
    static let maxChannelDelta = 2
    /// One class is left: seed 2027's sequences 35 and 36 (the elastic scene at 1000×700 with the
    /// debug overlay, knobs and curve editor) differed in 1–2 pixels by up to 3/255 at the
    /// wave's tip beside a control point's debug outline. It is not the damage clip nor the
    /// window's live path: the window opened with the saved session file alone differs from
    /// `render --session` in the same pixels, and with the debug overlay off (the same file,
    /// `debugOverlay` false) it equals it byte for byte. Why the overlay's one stroke of every
    /// layer's box comes out apart there is not found yet. At most `edgePixels` such pixels, each
    /// within `edgeDelta`; a stale playhead or value is hundreds of pixels at over 100/255. Each
    /// use is printed ("edge allowance used": the sequence, the pixels, the largest delta, their
    /// box).
    static let edgePixels = 4
    static let edgeDelta = 4

    @Test("random sequences: the window shows what render --session draws")
    func randomSequences() throws {
        let environment = ProcessInfo.processInfo.environment
        // CI's seed is fixed, so that a run it passes is one a person can repeat; other seeds are
        // for local runs (docs/COMMAND-LINE.md § Session files gives the counts run).
        let seed = environment["ANIMDEMO_PROPERTY_SEED"].flatMap(UInt64.init) ?? 2026
        let cases = environment["ANIMDEMO_PROPERTY_CASES"].flatMap(Int.init) ?? 200
        print(
            "SessionPropertyTests: seed \(seed), \(cases) sequences (ANIMDEMO_PROPERTY_SEED=\(seed) repeats them)"
        )
        var random = SplitMix(seed: seed)
        let driver = try SessionDriver(scene: "checkmark", width: 800, height: 600)
        defer { driver.stop() }
        for number in 1...cases {
            let actions = driver.randomActions(count: Int.random(in: 1...8, using: &random), using: &random)
            try driver.check(
                actions, label: "seed \(seed), sequence \(number) of \(cases)")
        }
    }

    @Test(
        "the issue's reproductions",
        arguments: [
            // checkmark, 800×600: the inspector open with no rows yet, paused, then travelled and
            // clicked on its axis: one playhead, where the axis says.
            (
                "checkmark", 800, 600,
                [
                    "key:i", "key:space", "key:Next", "key:Next", "key:space", "key:space",
                    "key:Prior", "click:500:560", "key:Next",
                ]
            ),
            // tictactoe: a win, paused, the axis clicked, Page Down: no second red line left behind.
            (
                "tictactoe", 800, 600,
                [
                    "key:i", "click:300:150", "click:450:150", "click:300:250",
                    "click:450:250", "click:300:70", "key:Next", "key:space", "click:500:560", "key:Next",
                ]
            ),
            // elastic: the knob panel after Right, Left, Left on dampingRatio shows the value the
            // knob has, not the one before.
            (
                "elastic", 800, 600,
                [
                    "key:k", "key:Down", "key:Down", "key:Down", "key:Down", "key:Down",
                    "key:Down", "key:Down", "key:Down", "key:Right", "key:Right", "key:Left", "key:Left",
                ]
            ),
            // tictactoe at 375×667 with the inspector, knobs and code open, a win, paused, the
            // pointer on a row: the footer, the outline and --describe's hover name one row.
            (
                "tictactoe", 375, 667,
                [
                    "key:i", "key:k", "key:e", "click:100:100", "click:250:100",
                    "click:100:60", "click:250:60", "click:100:20", "key:Next", "key:Next", "key:space",
                    "move:120:610",
                ]
            ),
            // checkmark with the inspector and the graph open, a tap, paused, a row's name
            // clicked (selected: the graph shows it), the pointer over the graph, a frame back:
            // the window draws the selection, the graph, its playhead and hover as render
            // --session does (the session file keeps the pointer; the graph reads it as it draws).
            (
                "checkmark", 800, 600,
                [
                    "key:i", "key:y", "click:400:100", "key:space", "click:40:500", "move:300:300",
                    "key:Left",
                ]
            ),
            // checkmark with the inspector and the layer tree open, a tap, paused, b3's line
            // clicked (outlined, its rows selected), Down and Up through the tree, a frame back.
            (
                "checkmark", 800, 600,
                [
                    "key:i", "key:j", "click:300:100", "key:space", "click:600:76", "key:Down", "key:Up",
                    "key:Left",
                ]
            ),
            // Motion trails: the fish swimming with its trail, a bubble, paused (ghosts after
            // the moment too), a frame back, one ghost more: the window's ghosts, made by replicas
            // kept from frame to frame, are render --session's, made afresh.
            (
                "fish", 800, 600,
                ["key:u", "click:400:300", "key:space", "key:Left", "key:parenright"]
            ),
            // The checkmark's strokes with the inspector open, trails on while paused mid-way.
            (
                "checkmark", 375, 667,
                ["key:i", "click:180:200", "key:space", "key:u", "key:braceright", "key:Right"]
            ),
            // Two taps' groups in the inspector, paused, Control+wheel up over the axis (zoomed
            // about the pointer, 6 s → 4.8 s), the rows scrolled to the top (they follow the
            // newest until then), the first group's header clicked (collapsed): the
            // X host passes Control with the wheel, and the session file keeps the zoom and the
            // collapsed group as the window draws them.
            (
                "checkmark", 800, 600,
                ["key:i", "click:400:150", "click:400:150", "key:space", "ctrlwheel:400:422:up"]
                    + Array(repeating: "wheel:100:500:up", count: 8) + ["click:40:445"]
            ),
            // The download scene at step 4, the layer tree's dashed outline round the whole scene
            // (321 × 315 once the code panel opens: its dashes end exactly on the bottom-right
            // corner), repainted under the window's damage clip: Cairo stepped the dashes'
            // phase apart from render's whole draw and drew the corner's join into the step
            // bar's band, 1 pixel (seed 2026, sequence 94, stop 50). The dashed outline is
            // now four open edges (`dashedOutlinePath`).
            (
                "download", 375, 667,
                [
                    "key:bracketleft", "key:bracketright", "key:j", "key:i", "key:h", "key:space",
                    "click:330:554", "size:800:600", "key:e",
                ]
            ),
            // Compared (`|`) with the inspector open: both halves' rows, marked A and B, a tap in
            // A's half (both get it), paused, the pointer on a row (its layer outlined in its
            // half), a frame back: the copy's rows are render --session's.
            (
                "checkmark", 800, 600,
                ["key:i", "key:bar", "click:200:150", "key:space", "move:40:560", "key:Left"]
            ),
            // The inspector's axis panned with `.` twice while it is topmost (a tenth of its 6 s
            // each): the session file keeps the pinned axis as the window draws it.
            ("checkmark", 800, 600, ["key:i", "click:400:150", "key:space", "key:period", "key:period"]),
            // The same axis panned by the wheel: Shift held and button 5 twice (a tenth later
            // each), then the wheel tilted left (button 6, a tenth back): the X host passes
            // Shift with the wheel and the tilt as Shift+wheel.
            (
                "checkmark", 800, 600,
                [
                    "key:i", "click:400:150", "key:space", "shiftwheel:400:500:down",
                    "shiftwheel:400:500:down",
                    "tilt:400:500:left",
                ]
            ),
        ])
    func reproduction(scene: String, width: Int, height: Int, actions: [String]) throws {
        let driver = try SessionDriver(scene: scene, width: width, height: height)
        defer { driver.stop() }
        let described = try driver.check(actions.map(SessionDriver.Action.init), label: "\(scene) \(actions)")
        if actions.contains("key:u") {
            // The trails were on in the saved moment, ghosts drawn on both sides (paused).
            let trails = try #require(described["trails"] as? [String: Any], "no trails: \(described)")
            let times = try #require(trails["times"] as? [Double])
            #expect(trails["on"] as? Bool == true && times.count >= 8, "\(trails)")
        }
        if actions.contains(where: { $0.hasPrefix("ctrlwheel:") }) {
            let axis = try #require(described["inspectorAxis"] as? [Double], "\(described)")
            #expect(abs(axis[1] - axis[0] - 4.8) < 1e-6, "zoomed one notch: \(axis)")
            let groups = try #require(described["inspectorGroups"] as? [[String: Any]])
            #expect(groups.first?["collapsed"] as? Bool == true, "\(groups)")
        }
        if actions.last?.hasPrefix("tilt:") == true {
            let axis = try #require(described["inspectorAxis"] as? [Double], "\(described)")
            #expect(abs(axis[0] - 0.6) < 1e-6 && abs(axis[1] - axis[0] - 6) < 1e-6, "panned +2 −1: \(axis)")
        }
        if actions.last == "key:period" {
            let axis = try #require(described["inspectorAxis"] as? [Double], "\(described)")
            #expect(axis[0] >= 1.2 - 1e-6 && abs(axis[1] - axis[0] - 6) < 1e-6, "panned twice: \(axis)")
        }
        if actions.last?.hasPrefix("move:") == true {
            // What --describe says is hovered is the row under the pointer, the one its footer
            // names (the pictures are equal, so the picture says so too).
            let hover = try #require(described["hover"] as? [String: Any], "nothing hovered: \(described)")
            let rows = try #require(described["inspector"] as? [[String: Any]])
            let groups = described["inspectorGroups"] as? [[String: Any]] ?? []
            let under = (rows + groups).first { line in
                guard let rect = line["rect"] as? [Double], rect.count == 4 else { return false }
                return (rect[1]..<(rect[1] + rect[3])).contains(610)
            }
            #expect(hover["row"] as? String == under?["name"] as? String, "hover \(hover), rows \(rows)")
            // A row outlines its layer; a group's header (what started its rows) none.
            let isHeader = groups.contains { $0["name"] as? String == hover["row"] as? String }
            #expect(isHeader ? hover["outline"] == nil : hover["outline"] != nil)
        }
    }
}

/// A window driven by scripted or random actions, its moments saved and compared with `render`.
final class SessionDriver {
    let window: RunningWindow
    /// The scenes, from `animdemo --list`: the digit keys switch to them.
    let scenes: [String]
    private let work: URL
    /// The window's size now (the `size:` actions change it): pointer actions are kept inside,
    /// where keys go too (no window manager: the focus follows the pointer).
    private var size: (width: Int, height: Int)
    /// What `render --describe` gave of the last moment checked: where its rows and the curve
    /// editor's handles were, for actions that aim at them.
    private var lastDescribed: [String: Any] = [:]

    /// One thing a person does, as xdotool does it: `key:NAME`, `click:X:Y`, `move:X:Y`,
    /// `drag:X1:Y1:X2:Y2`, `wheel:X:Y:up|down`, `ctrlwheel:X:Y:up|down` (Control held),
    /// `shiftwheel:X:Y:up|down` (Shift held), `tilt:X:Y:left|right` (buttons 6 and 7), `size:W:H`.
    struct Action: CustomStringConvertible {
        var text: String
        init(_ text: String) { self.text = text }
        var description: String { text }
    }

    init(scene: String, width: Int, height: Int) throws {
        window = try RunningWindow(scene: scene, width: width, height: height, arguments: ["--scale", "1"])
        size = (width, height)
        let list = try ProcessRunner.run(try Animdemo.executable(), ["--list"])
        scenes = list.output.split(separator: "\n").compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
        work = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-property-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    func stop() {
        window.stop()
        try? FileManager.default.removeItem(at: work)
    }

    /// Keys that neither quit, nor save, nor record, nor reach the desktop's clipboard (`p`). With
    /// `d` (the debug overlay), seed 2026's sequence 27 once differed in the floating scene's
    /// bold tab: text hinted by what the process had drawn first (fixed: `FontFaces`,
    /// TextHintingTests).
    static let keys = [
        "i", "k", "e", "h", "space", "Left", "Right", "Up", "Down", "Prior", "Next", "Home", "t", "less",
        "greater", "r", "bracketleft", "bracketright", "c", "o", "m", "f", "n", "a", "x", "w", "0", "v", "d",
        "y", "equal", "j",
        // Motion trails: on / off, fewer / more ghosts, closer / farther apart.
        "u", "parenleft", "parenright", "braceleft", "braceright",
        // The curve editor: open, a preset, the scene's own curve.
        "slash", "4",
        // Two settings side by side: the tutorial's knobs beside the current ones, or off.
        "bar",
        // The knob panel's field: Return opens and applies it, these type into it.
        "Return", "period", "minus", "comma", "BackSpace",
    ]
    static let sizes = [(375, 667), (800, 600), (640, 480), (1000, 700), (500, 380), (320, 480)]

    func randomActions(count: Int, using random: inout SplitMix) -> [Action] {
        let (width, height) = size
        func x() -> Int { Int.random(in: 0..<width, using: &random) }
        func y() -> Int { Int.random(in: 0..<height, using: &random) }
        return (0..<count).map { _ in
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<34: return Action("key:\(Self.keys.randomElement(using: &random) ?? "space")")
            case 34..<37:
                // A row's name in the inspector, as the last moment described it: the row the
                // graph and the curve editor show.
                let rows = (lastDescribed["inspector"] as? [[String: Any]] ?? []).compactMap {
                    $0["rect"] as? [Double]
                }
                guard let rect = rows.randomElement(using: &random), rect.count == 4 else {
                    return Action("key:slash")
                }
                return Action("click:\(Int(rect[0]) + 30):\(Int(rect[1] + rect[3] / 2))")
            case 37..<40:
                // A curve editor's handle, as the last moment described it, dragged anywhere.
                let editor = lastDescribed["curveEditor"] as? [String: Any]
                let handles = (editor?["handles"] as? [[Double]] ?? []).filter { $0.count == 2 }
                guard let handle = handles.randomElement(using: &random) else { return Action("key:slash") }
                return Action("drag:\(Int(handle[0].rounded())):\(Int(handle[1].rounded())):\(x()):\(y())")
            case 40..<55: return Action("click:\(x()):\(y())")
            case 55..<65: return Action("move:\(x()):\(y())")
            case 65..<75: return Action("drag:\(x()):\(y()):\(x()):\(y())")
            case 75..<83: return Action("wheel:\(x()):\(y()):\(Bool.random(using: &random) ? "up" : "down")")
            case 83..<91:
                return Action("key:\(Int.random(in: 1...max(scenes.count, 1), using: &random))")
            default:
                let (w, h) = Self.sizes.randomElement(using: &random) ?? (800, 600)
                return Action("size:\(w):\(h)")
            }
        }
    }

    func perform(_ action: Action) throws {
        var parts = action.text.split(separator: ":").map(String.init)
        let id = window.window
        if parts.first != "key" && parts.first != "size" {
            // Coordinates inside the window as it is now.
            for index in parts.indices.dropFirst() {
                guard let value = Int(parts[index]) else { continue }
                let limit = index % 2 == 1 ? size.width : size.height
                parts[index] = String(min(max(value, 0), limit - 1))
            }
        }
        switch parts.first {
        case "key": try window.key(parts[1])
        case "click": try window.xdotool("mousemove", "--window", id, parts[1], parts[2], "click", "1")
        case "move": try window.xdotool("mousemove", "--window", id, parts[1], parts[2])
        case "drag":
            try window.xdotool("mousemove", "--window", id, parts[1], parts[2], "mousedown", "1")
            try window.xdotool("mousemove", "--window", id, parts[3], parts[4], "mouseup", "1")
        case "wheel":
            try window.xdotool(
                "mousemove", "--window", id, parts[1], parts[2], "click", parts[3] == "up" ? "4" : "5")
        case "ctrlwheel":
            try window.xdotool(
                "mousemove", "--window", id, parts[1], parts[2], "keydown", "ctrl", "click",
                parts[3] == "up" ? "4" : "5", "keyup", "ctrl")
        case "shiftwheel":
            try window.xdotool(
                "mousemove", "--window", id, parts[1], parts[2], "keydown", "shift", "click",
                parts[3] == "up" ? "4" : "5", "keyup", "shift")
        case "tilt":
            try window.xdotool(
                "mousemove", "--window", id, parts[1], parts[2], "click", parts[3] == "left" ? "6" : "7")
        case "size":
            try window.xdotool("windowsize", id, parts[1], parts[2])
            size = (Int(parts[1]) ?? size.width, Int(parts[2]) ?? size.height)
            // The pointer stays over the window, where keys go (no window manager: PointerRoot).
            try window.xdotool("mousemove", "--window", id, "2", "2")
        default: throw WindowTestError("no such action: \(action)")
        }
    }

    /// Runs `actions`, pauses the window, saves its moment with `b`, renders the file and waits
    /// (with a deadline) for the window to show the same pixels. Returns `render --describe`'s JSON.
    @discardableResult
    func check(_ actions: [Action], label: String) throws -> [String: Any] {
        for action in actions { try perform(action) }
        // Paused, so that the moment stays while it is compared. The title may lag the last key
        // (a space that paused may not show yet): a space that unpaused is pressed again.
        var isPaused = pollUntil(timeout: 1) { (try? window.title().contains("paused")) == true ? true : nil }
        for _ in 0..<3 where isPaused == nil {
            try window.key("space")
            isPaused = pollUntil(timeout: 10) {
                (try? window.title().contains("paused")) == true ? true : nil
            }
        }
        guard isPaused != nil else {
            throw WindowTestError("\(label): the window did not pause: \(try window.title())")
        }
        var path = try saveMoment(label: label)
        // The title can also lag a space that unpaused, showing "paused" from before it: the file,
        // written when `b` came, after every key before it, says whether the moment was paused.
        // If not, pause now (no key is pending any more) and save again.
        for _ in 0..<3 where Self.savedPaused(at: path) == false {
            try window.key("space")
            _ = pollUntil(timeout: 10) { (try? window.title().contains("paused")) == true ? true : nil }
            path = try saveMoment(label: label)
        }
        guard Self.savedPaused(at: path) == true else {
            throw WindowTestError("\(label): the saved moment is not paused: \(path)")
        }
        let out = work.appendingPathComponent(UUID().uuidString)
        let render = try ProcessRunner.run(
            try Animdemo.executable(), ["render", "--session", path, "--out", out.path, "--describe"])
        guard render.status == 0 else {
            throw WindowTestError("\(label): render --session failed: \(render.errorOutput)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        guard let png = names.first(where: { $0.hasSuffix(".png") }),
            let json = names.first(where: { $0.hasSuffix(".json") })
        else { throw WindowTestError("\(label): render wrote \(names)") }
        let expected = try RenderedFrame(contentsOfPNG: out.appendingPathComponent(png).path)
        let described =
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent(json)))
            as? [String: Any] ?? [:]
        lastDescribed = described
        let masks = ((described["windowOnly"] as? [[Double]]) ?? []).filter { $0.count == 4 }
        var last: WindowCapture?
        var differing = -1
        var largestDelta = 0
        let shown = pollUntil(timeout: 15, interval: 0.05) { () -> Bool? in
            guard let capture = try? window.capture() else { return nil }
            last = capture
            let (count, largest) = Self.differingPixels(capture, expected, masks: masks)
            differing = count
            largestDelta = largest
            let isEdgeRounding =
                count <= SessionPropertyTests.edgePixels && largest <= SessionPropertyTests.edgeDelta
            return count == 0 || isEdgeRounding ? true : nil
        }
        if shown != nil && differing > 0 {
            // The edge allowance was used: say where, so that each use can be traced.
            var box: (Int, Int, Int, Int)?
            if let last {
                box = Self.differenceBox(last, expected, masks: masks)
            }
            print(
                "SessionPropertyTests: \(label): edge allowance used, \(differing) pixels up to \(largestDelta)/255, box \(box.map { "\($0)" } ?? "?"), "
                    + "actions \(actions)")
        }
        if shown == nil {
            let folder = try keepFailure(session: path, window: last, expected: expected, label: label)
            throw WindowTestError(
                "\(label): the window differs from render --session in \(differing) pixels (outside \(masks)); "
                    + "actions \(actions); session, window.png and render.png in \(folder)")
        }
        return described
    }

    /// The `saved PATH.animdemo` lines printed so far.
    /// Presses `b` and waits (with a deadline) for the `saved PATH` line of the session file.
    private func saveMoment(label: String) throws -> String {
        let before = sessionPaths.count
        try window.key("b")
        guard let path = pollUntil(timeout: 20, { sessionPaths.count > before ? sessionPaths.last : nil })
        else {
            throw WindowTestError(
                "\(label): no session saved within 20 s of b; stderr: \(window.program.errorOutput.suffix(500))"
            )
        }
        return path
    }

    /// The saved session file's `isPaused`, or nil if it cannot be read.
    static func savedPaused(at path: String) -> Bool? {
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object["isPaused"] as? Bool
    }

    private var sessionPaths: [String] {
        window.savedPaths.filter { $0.hasSuffix(".animdemo") }
    }

    /// Pixels that differ by more than `SessionPropertyTests.maxChannelDelta` outside `masks`
    /// (`[x, y, width, height]`, rounded out to whole pixels), and the largest difference; all
    /// of them if the sizes differ.
    static func differingPixels(_ capture: WindowCapture, _ frame: RenderedFrame, masks: [[Double]]) -> (
        count: Int, largest: Int
    ) {
        guard capture.width == frame.width, capture.height == frame.height else {
            return (capture.width * capture.height, 255)
        }
        let boxes = masks.map { box in
            (
                Int(box[0].rounded(.down)), Int(box[1].rounded(.down)), Int((box[0] + box[2]).rounded(.up)),
                Int((box[1] + box[3]).rounded(.up))
            )
        }
        let expected = frame.pixels
        var count = 0
        var largest = 0
        for y in 0..<capture.height {
            for x in 0..<capture.width {
                let index = y * capture.width + x
                let a = capture.pixels[index]
                let b = expected[index] & 0xFF_FFFF
                guard a != b else { continue }
                if boxes.contains(where: { x >= $0.0 && x < $0.2 && y >= $0.1 && y < $0.3 }) { continue }
                let delta = channelDelta(a, b)
                if delta > SessionPropertyTests.maxChannelDelta {
                    count += 1
                    largest = max(largest, delta)
                }
            }
        }
        return (count, largest)
    }

    /// The box (min x, min y, max x, max y) of the pixels `differingPixels` counts.
    static func differenceBox(_ capture: WindowCapture, _ frame: RenderedFrame, masks: [[Double]]) -> (
        Int, Int, Int, Int
    )? {
        guard capture.width == frame.width, capture.height == frame.height else { return nil }
        var box: (Int, Int, Int, Int)?
        for y in 0..<capture.height {
            for x in 0..<capture.width {
                let index = y * capture.width + x
                let a = capture.pixels[index]
                let b = frame.pixels[index] & 0xFF_FFFF
                guard a != b, channelDelta(a, b) > SessionPropertyTests.maxChannelDelta else { continue }
                let inMask = masks.contains { m in
                    Double(x) >= m[0].rounded(.down) && Double(x) < (m[0] + m[2]).rounded(.up)
                        && Double(y) >= m[1].rounded(.down) && Double(y) < (m[1] + m[3]).rounded(.up)
                }
                if inMask { continue }
                box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
            }
        }
        return box
    }

    /// The largest difference of the red, green and blue bytes of two words.
    private static func channelDelta(_ a: UInt32, _ b: UInt32) -> Int {
        var largest = 0
        for shift: UInt32 in [16, 8, 0] {
            let first = Int((a >> shift) & 0xFF)
            let second = Int((b >> shift) & 0xFF)
            largest = max(largest, abs(first - second))
        }
        return largest
    }

    /// Copies the session file and both pictures under `.build/property-failures/`.
    private func keepFailure(
        session: String, window capture: WindowCapture?, expected: RenderedFrame, label: String
    )
        throws -> String
    {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = packageRoot.appendingPathComponent(
            ".build/property-failures/\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? FileManager.default.copyItem(
            at: URL(fileURLWithPath: session), to: folder.appendingPathComponent("moment.animdemo"))
        try expected.writePNG(to: folder.appendingPathComponent("render.png").path)
        if let capture {
            try RenderedFrame(
                width: capture.width, height: capture.height, pixels: capture.pixels.map { $0 | 0xFF00_0000 }
            )
            .writePNG(to: folder.appendingPathComponent("window.png").path)
        }
        try label.write(to: folder.appendingPathComponent("label.txt"), atomically: true, encoding: .utf8)
        return folder.path
    }
}
