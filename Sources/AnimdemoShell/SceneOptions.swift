import Animation
import ArgumentParser
import Foundation
import Render
import Scenes
import Session
import X11Host

/// Options every mode shares (the scene's frame rate is `FrameRateOptions`: `record` has its own).
struct SceneOptions: ParsableArguments {
    @Option(
        parsing: .unconditional, help: "The scene: \(ShellScenes.all.map(\.name).joined(separator: ", ")).",
        completion: .list(ShellScenes.all.map(\.name)))
    var scene = ShellScenes.all[0].name

    @Option(parsing: .unconditional, help: "Window or image size, WIDTHxHEIGHT.")
    var size = "800x600"

    @Option(parsing: .unconditional, help: "Seed of the scenes' random numbers, 0…18446744073709551615.")
    var seed: UInt64 = 1

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "HiDPI scale, 1…4: the window or image has this many pixels per pixel of --size, and the "
                + "overlays' text grows with it; the picture stays the same, sharper.",
            discussion: "The window's default is the desktop's: GDK_SCALE, else the X server's Xft.dpi / 96 "
                + "rounded, else 1. render and bench default to 1. Events script coordinates are in "
                + "--size units too.",
            valueName: "N"))
    var scale: String?

    @Option(
        help: ArgumentHelp(
            "The folder of image assets.",
            discussion: "Default: $ANIMDEMO_ASSETS, then Assets/ beside the program, then ../share/animdemo "
                + "from the program's folder (an installed copy), then the package's."))
    var assets: String?

    @Option(
        name: .customLong("set"), parsing: .unconditionalSingleValue,
        help:
            "Turn a knob: NAME=VALUE (repeatable; `\(ShellScenes.programName) knobs --scene NAME` lists them)."
    )
    var settings: [String] = []

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Compare two settings side by side: A with the scene's knobs (--set), B with these turned too.",
            discussion: "Each half is the scene alone at that size with its knobs; the same input goes to "
                + "both, on one clock (docs/COMMAND-LINE.md § Compare).",
            valueName: "NAME=VALUE[,NAME=VALUE…]"))
    var compare: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Open the scene at this step of its tutorial, from 1 (`\(ShellScenes.programName) steps --scene NAME` "
                + "lists them).",
            valueName: "N", visibility: ShellScenes.haveSteps ? .default : .hidden))
    var step: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Open a saved moment: a session file of the window's b key (.animdemo).",
            discussion:
                "The scene, step, size, scale, seed, knobs and the whole recorded input come from the "
                + "file; the window opens paused at its moment, with time travel back from there.",
            valueName: "FILE"))
    var session: String?

    /// `--session`, read and checked; nil without it. `--set` and `--step` would contradict the
    /// file and are refused with it.
    func openedSession() throws -> OpenedSession? {
        guard let session else { return nil }
        if !settings.isEmpty || step != nil {
            throw ValidationError("--session gives the knobs and the step: leave out --set and --step")
        }
        if compare != nil {
            throw ValidationError("--session gives the moment: leave out --compare")
        }
        return try OpenedSession(path: session)
    }

    func validate() throws {
        _ = try sceneIndex()
        _ = try catalog()
        _ = try parsedSize()
        _ = try knobs()
        _ = try compareKnobs()
        if let scale = try parsedScale() { try Self.checkPixels(try parsedSize(), scale: scale) }
    }

    /// Refuses a `--size` × `--scale` wider or taller than `WindowHost.maxPixels` (an X window's
    /// and a Cairo image's limit), or of more bytes than `WindowHost.maxFrameBytes` (what a
    /// frame can take), before anything starts.
    static func checkPixels(_ size: Size, scale: Int) throws {
        let (width, height) = (Int(size.width) * scale, Int(size.height) * scale)
        let given =
            "--size \(Int(size.width))x\(Int(size.height)) at --scale \(scale) is \(width)x\(height) pixels"
        guard max(width, height) <= WindowHost.maxPixels else {
            throw ValidationError("\(given); the most is \(WindowHost.maxPixels) a side")
        }
        guard WindowHost.fits(width: width, height: height) else {
            throw ValidationError(
                "\(given), \((width * height * 4) >> 20) MiB a frame; the most is "
                    + "\(WindowHost.maxFrameBytes >> 20) MiB a frame")
        }
    }

    /// Every image a scene may show (the fish scene's, the bubbles its `images` knob picks, the
    /// floating scene's); all are loaded before anything runs.
    static let imageNames = [
        "fish", "bubble", "bubble2", "note1", "note2", "note3", "balloon1", "blueballoon", "treasure", "sax",
        "tractor",
        "dustcloud",
    ]

    /// The image assets, found by the documented rule (README § Assets), every one loaded: a
    /// folder that is not one, or an image missing, unreadable, broken or too large, is an
    /// error naming it (status 2) before a window opens or a file is written.
    func imageStore() throws -> ImageStore {
        let environment = ProcessInfo.processInfo.environment["ANIMDEMO_ASSETS"].flatMap {
            $0.isEmpty ? nil : $0
        }
        let folder: URL?
        if let assets {
            folder = try Self.assetsFolder(assets, as: "--assets \(assets)")
        } else if let environment {
            folder = try Self.assetsFolder(environment, as: "ANIMDEMO_ASSETS=\(environment)")
        } else {
            folder = DesktopLayout.installedAssets()
        }
        return try Self.images(in: folder)
    }

    /// The images of `folder` (none: the built-in placeholders), every one loaded.
    static func images(in folder: URL?) throws -> ImageStore {
        let store = ImageStore(directory: folder)
        do {
            try store.loadAll(Self.imageNames)
        } catch {
            throw ValidationError(error.description)
        }
        return store
    }

    /// `path` as a folder URL, or an error saying that `given` is not a folder.
    private static func assetsFolder(_ path: String, as given: String) throws -> URL {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("\(given) is not a folder")
        }
        return URL(fileURLWithPath: path)
    }

    /// The `--set` values, checked against the scene's knobs.
    func knobs() throws -> [String: KnobValue] {
        let knobs = ShellScenes.all[try sceneIndex()].knobs
        var values: [String: KnobValue] = [:]
        for setting in settings {
            do {
                let (name, value) = try KnobAssignment.parse(setting, knobs: knobs)
                values[name] = value
            } catch {
                throw ValidationError(error.description)
            }
        }
        return values
    }

    /// `--compare`'s knobs, checked against the scene's as `--set`'s are; nil without it.
    func compareKnobs() throws -> [String: KnobValue]? {
        guard let compare else { return nil }
        let knobs = ShellScenes.all[try sceneIndex()].knobs
        var values: [String: KnobValue] = [:]
        for setting in compare.split(separator: ",", omittingEmptySubsequences: false) {
            do {
                let (name, value) = try KnobAssignment.parse(String(setting), knobs: knobs)
                values[name] = value
            } catch {
                throw ValidationError("--compare: \(error.description)")
            }
        }
        return values
    }

    /// The scenes, the chosen one at its `--step` if one is given: a scene without steps, or a
    /// step it does not have, is an error.
    func catalog() throws -> [SceneDescriptor] {
        var catalog = ShellScenes.all
        guard let step else { return catalog }
        let index = try sceneIndex()
        let count = catalog[index].steps.count
        guard count > 0 else {
            throw ValidationError("the scene \"\(scene)\" has no steps; --step is not for it")
        }
        guard let descriptor = catalog[index].atStep(step) else {
            throw ValidationError("--step \(step) is not a step of \(scene): its steps are 1…\(count)")
        }
        catalog[index] = descriptor
        return catalog
    }

    func sceneIndex() throws -> Int {
        guard let index = ShellScenes.index(of: scene) else {
            let names = ShellScenes.all.map(\.name).joined(separator: ", ")
            throw ValidationError("unknown scene \"\(scene)\"; the scenes are: \(names)")
        }
        return index
    }

    func parsedSize() throws -> Size {
        let parts = size.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (16...8192).contains(width), (16...8192).contains(height)
        else {
            throw ValidationError("--size \"\(size)\" is not WIDTHxHEIGHT with each 16…8192 (e.g. 800x600)")
        }
        return Size(width: Double(width), height: Double(height))
    }

    /// The `--scale` given, nil if none (each mode has its default).
    func parsedScale() throws -> Int? {
        guard let scale else { return nil }
        guard let value = Int(scale), (1...4).contains(value) else {
            throw ValidationError("--scale \"\(scale)\" is not a whole number 1…4 (e.g. --scale 2)")
        }
        return value
    }

    /// `render` and `bench`: the size in pixels (`--size` × `--scale`, default 1) and the scale.
    func headlessSize() throws -> (size: Size, scale: Double) {
        let scale = Double(try parsedScale() ?? 1)
        let size = try parsedSize()
        return (Size(width: size.width * scale, height: size.height * scale), scale)
    }

    /// `script` with its coordinates multiplied by `scale`: scripts are written in `--size` units.
    static func scaled(_ script: EventScript, by scale: Double) -> EventScript {
        guard scale != 1 else { return script }
        func scaled(_ event: InputEvent) -> InputEvent {
            switch event {
            case .down(let point): .down(point * scale)
            case .move(let point): .move(point * scale)
            case .up(let point): .up(point * scale)
            case .scroll(let dy, let point, let control, let shift):
                .scroll(dy: dy * scale, at: point * scale, control: control, shift: shift)
            case .key: event
            }
        }
        return EventScript(
            items: script.items.map { item in
                var item = item
                switch item.action {
                case .event(let event): item.action = .event(scaled(event))
                case .tap(let point): item.action = .tap(point * scale)
                case .drag(let from, let to, let duration):
                    item.action = .drag(from: from * scale, to: to * scale, duration: duration)
                }
                return item
            }, fps: script.fps)
    }
}
