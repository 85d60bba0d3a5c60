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
        let baker = LottieBaker(
            size: size, fps: fps, name: scene.scene, image: { Self.image(named: $0, in: store) },
            textOutline: { text, transform in
                TextMetrics.outline(
                    of: text.string, in: text.bounds, fontSize: text.fontSize, bold: text.isBold,
                    alignment: text.alignment, deviceTransform: transform)
            })
        let span = frames()
        while host.frame < span.lowerBound { try host.step(panelWork: .none) }
        while host.frame < span.upperBound {
            try host.step(panelWork: .none) { root in
                baker.capture(root, omitting: session.windowOnlyLayers)
            }
        }
        for warning in baker.warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
        try OutputFile.write(Data(baker.document().utf8), to: out)
    }

    /// The PNG file of an image of the store, for embedding.
    static func image(named name: String, in store: ImageStore) -> LottieImage? {
        guard let folder = store.directory, let size = store.size(ofImage: name),
            let data = FileManager.default.contents(atPath: folder.appendingPathComponent("\(name).png").path)
        else { return nil }
        return LottieImage(width: Int(size.width), height: Int(size.height), png: [UInt8](data))
    }
}
