import Animation
import ArgumentParser
import Foundation
import Render
import Scenes
import Session

/// `animdemo render`: the scene on a virtual clock, PNGs at chosen times (README § Command line).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Render a scene headless at chosen times, deterministically.")

    @OptionGroup var scene: SceneOptions

    @OptionGroup var frameRate: FrameRateOptions

    @Option(help: "Scripted input: lines or ;-separated items of TIME VERB ARGS.")
    var events: String?

    @Option(name: .customLong("events-file"), help: "Read the events script from a file.")
    var eventsFile: String?

    @Option(name: .customLong("at"), help: "A time in seconds to render (repeatable).")
    var times: [Double] = []

    @Option(help: "Output folder (created if missing).")
    var out: String

    func validate() throws {
        guard !times.isEmpty else { throw ValidationError("give at least one --at SECONDS") }
        for time in times where !(time.isFinite && time >= 0 && time <= 3600) {
            throw ValidationError("--at \(time) is not a time in 0…3600 seconds")
        }
    }

    func run() throws {
        let script = try EventScriptLoader.load(events: events, file: eventsFile, fps: frameRate.fps)
        let size = try scene.parsedSize()
        let outURL = URL(fileURLWithPath: out)
        do {
            try FileManager.default.createDirectory(at: outURL, withIntermediateDirectories: true)
        } catch {
            throw ValidationError("cannot create the output folder \(out): \(error.localizedDescription)")
        }
        let canvas = FrameRenderer(images: try scene.imageStore())
        let session = SceneSession(
            catalog: SceneCatalog.all, index: try scene.sceneIndex(), size: size, seed: scene.seed,
            images: canvas.images, fps: frameRate.fps, knobs: try scene.knobs())
        let host = HeadlessHost(session: session, fps: frameRate.fps, events: script, canvas: canvas)
        try host.render(at: times) { frame, image in
            let milliseconds = Int((Double(frame) * 1000 / Double(frameRate.fps)).rounded())
            let name = String(format: "%@-%06d.png", scene.scene, milliseconds)
            let path = outURL.appendingPathComponent(name).path
            do {
                try image.writePNG(to: path)
            } catch {
                throw ValidationError("\(error)")
            }
        }
    }
}
