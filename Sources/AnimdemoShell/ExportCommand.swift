import Animation
import ArgumentParser
import Foundation
import LottieExport
import Render
import Scenes
import Session

/// `animdemo export`: the scene on a virtual clock, baked frame by frame into a Lottie
/// animation (docs/LOTTIE.md), deterministically: the same arguments, the same bytes.
///
/// Wiring only: `HeadlessHost` runs the frames, `LottieBaker` takes each drawn tree. The file
/// is written under a hidden name and renamed into place when whole, so a failure or an
/// interruption leaves nothing.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a scene as a Lottie animation (Bodymovin JSON), baked per frame, deterministically."
    )

    /// The longest span, seconds (as `record`'s).
    static let maxSpan: MediaTime = 60

    @OptionGroup var scene: SceneOptions

    /// `--fps`: the frame rate the scene runs at and the animation's `fr` (default 60).
    @OptionGroup var frameRate: FrameRateOptions

    @OptionGroup var bubbleLoad: BubbleLoadOptions

    @Option(parsing: .unconditional, help: "Scripted input: lines or ;-separated items of TIME VERB ARGS.")
    var events: String?

    @Option(
        name: .customLong("events-file"), parsing: .unconditional, help: "Read the events script from a file."
    )
    var eventsFile: String?

    @Option(parsing: .unconditional, help: "The first exported moment, seconds.")
    var from: Double

    @Option(
        parsing: .unconditional,
        help: "The end of the export (not included), seconds; at most 60 s after --from.")
    var to: Double

    @Option(parsing: .unconditional, help: "The file to write, FILE.json (its folder must exist).")
    var out: String

    func validate() throws {
        if scene.session != nil, events != nil || eventsFile != nil {
            throw ValidationError("--session gives the input: leave out --events and --events-file")
        }
        guard from.isFinite, from >= 0, from <= RenderCommand.maxTime else {
            throw ValidationError("--from \(from) is not a time in 0…3600 seconds")
        }
        guard to.isFinite, to <= RenderCommand.maxTime + Self.maxSpan else {
            throw ValidationError("--to \(to) is not a time in seconds after --from")
        }
        guard to > from else { throw ValidationError("--to \(to) is not after --from \(from)") }
        guard to - from <= Self.maxSpan else {
            throw ValidationError("--from \(from) --to \(to) spans more than \(Int(Self.maxSpan)) seconds")
        }
        guard frames().count > 0 else {
            throw ValidationError("--from \(from) --to \(to) holds no frame at --fps \(frameRate.fps)")
        }
        if scene.scale != nil {
            throw ValidationError("--scale is not for export: a Lottie animation is in points (--size)")
        }
        guard out.hasSuffix(".json") else { throw ValidationError("--out \(out) is not a FILE.json") }
        _ = try bubbleLoad.load(scene: scene.scene)
    }

    /// The scene frames exported: from the one nearest `--from` up to the one nearest `--to`.
    private func frames() -> Range<Int> {
        let fps = frameRate.fps
        let first = HeadlessHost.nearestFrame(to: from, fps: fps)
        let end = HeadlessHost.nearestFrame(to: to, fps: fps)
        return first..<max(first, end)
    }

    func run() throws {
        Interruption.install()
        TestReport.line("ready")
        if let opened = try scene.openedSession() {
            try export(opened)
            return
        }
        let fps = frameRate.fps
        let size = try scene.parsedSize()
        let script = try EventScriptLoader.load(events: events, file: eventsFile, fps: fps)
        try OutputFile.checkFolder(of: out)
        let store = try scene.imageStore()
        let canvas = FrameRenderer(images: store)
        let session = SceneSession(
            catalog: try scene.catalog(), index: try scene.sceneIndex(), size: size, seed: scene.seed,
            images: canvas.images, fps: fps, bubbleLoad: try bubbleLoad.load(scene: scene.scene),
            knobs: try scene.knobs())
        let host = HeadlessHost(session: session, fps: fps, events: script, canvas: canvas)
        let baker = Self.baker(size: size, fps: fps, name: scene.scene, store: store)
        let span = frames()
        while host.frame < span.lowerBound { try host.step(panelWork: .none) }
        while host.frame < span.upperBound {
            try host.step(panelWork: .none) { root in
                baker.capture(root, omitting: session.windowOnlyLayers)
            }
        }
        try Self.write(baker, to: out)
    }

    /// `--session`: the file's recorded history from `--from` to `--to` (scene time, frames at
    /// the session's rate), each frame shown as time travel shows it.
    private func export(_ opened: OpenedSession) throws {
        let fps = opened.fps
        let first = HeadlessHost.nearestFrame(to: from, fps: fps)
        let end = HeadlessHost.nearestFrame(to: to, fps: fps)
        let recorded = opened.state.history.history()?.frames.last?.time ?? 0
        guard Double(end - 1) / Double(fps) <= recorded + 1e-9, end > first else {
            let last = String(format: "%.3f", recorded)
            throw ExitWithMessage(
                message: "--from \(from) --to \(to) is not within the session's history (0…\(last) s)",
                status: 2)
        }
        try OutputFile.checkFolder(of: out)
        let baker = try Self.bake(opened, frames: first..<end, store: try scene.imageStore())
        try Self.write(baker, to: out)
    }

    /// The session's history at `frames` (at the session's rate), each frame seeked to as time
    /// travel shows it, baked; `progress` hears the fraction done after each frame. For
    /// `--session` and the window's `l` key (`HistoryExport`).
    static func bake(
        _ opened: OpenedSession, frames: Range<Int>, store: ImageStore, progress: (Double) -> Void = { _ in }
    ) throws -> LottieBaker {
        let fps = opened.fps
        let canvas = FrameRenderer(images: store)
        let session = SceneSession(
            catalog: opened.catalog, index: opened.index, size: opened.pixelSize, seed: opened.seed,
            images: canvas.images, fps: fps, bubbleLoad: opened.bubbleLoad, scale: opened.scale,
            showsHints: false)
        guard session.resume(from: opened.state, at: 0) != nil else {
            throw ExitWithMessage(
                message: "cannot open the session file \(opened.path): its history does not replay", status: 2
            )
        }
        let host = HeadlessHost(session: session, fps: fps, canvas: canvas)
        let size = Size(
            width: opened.pixelSize.width / opened.scale, height: opened.pixelSize.height / opened.scale)
        let baker = Self.baker(size: size, fps: fps, name: opened.state.scene, store: store)
        for index in frames {
            session.seek(toTime: Double(index) / Double(fps), at: host.time(ofFrame: host.frame))
            try host.step(panelWork: .none) { root in
                baker.capture(root, omitting: session.windowOnlyLayers)
            }
            progress(Double(index - frames.lowerBound + 1) / Double(frames.count))
        }
        return baker
    }

    static func baker(size: Size, fps: Int, name: String, store: ImageStore) -> LottieBaker {
        LottieBaker(
            size: size, fps: fps, name: name, image: { Self.image(named: $0, in: store) },
            textOutline: { text, transform in
                TextMetrics.outline(
                    of: text.string, in: text.bounds, fontSize: text.fontSize, bold: text.isBold,
                    alignment: text.alignment, deviceTransform: transform)
            })
    }

    /// The warnings on standard error, then the file, whole or not at all.
    static func write(_ baker: LottieBaker, to path: String) throws {
        for warning in baker.warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
        try OutputFile.write(Data(baker.document().utf8), to: path)
    }

    /// The PNG file of an image of the store, for embedding.
    static func image(named name: String, in store: ImageStore) -> LottieImage? {
        guard let folder = store.directory, let size = store.size(ofImage: name),
            let data = FileManager.default.contents(atPath: folder.appendingPathComponent("\(name).png").path)
        else { return nil }
        return LottieImage(width: Int(size.width), height: Int(size.height), png: [UInt8](data))
    }
}
