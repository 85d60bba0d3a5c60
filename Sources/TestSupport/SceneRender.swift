import Animation
import Foundation
import Render

/// Renders a scene headless, as `animdemo render` does, for scene tests.
public enum SceneRender {
    /// A session and host for `scene` from `catalog`, events given as a script.
    public static func host(
        catalog: [SceneDescriptor], scene: String, size: Size = Size(width: 800, height: 600), fps: Int = 60,
        seed: UInt64 = 1, events: String = ""
    ) throws -> HeadlessHost {
        guard let index = catalog.firstIndex(where: { $0.name == scene }) else {
            throw SceneRenderError.unknownScene(scene)
        }
        let canvas = FrameCanvas()
        let session = SceneSession(
            catalog: catalog, index: index, size: size, seed: seed, images: canvas.images)
        return HeadlessHost(
            session: session, fps: fps, events: try EventScript(parsing: events, fps: fps), canvas: canvas)
    }

    /// The frames at `times` (rounded to the frame grid), keyed by the requested time.
    public static func frames(
        catalog: [SceneDescriptor], scene: String, size: Size = Size(width: 800, height: 600), fps: Int = 60,
        seed: UInt64 = 1, events: String = "", at times: [MediaTime]
    ) throws -> [MediaTime: RenderedFrame] {
        let host = try host(catalog: catalog, scene: scene, size: size, fps: fps, seed: seed, events: events)
        var byFrame: [Int: RenderedFrame] = [:]
        try host.render(at: times) { frame, image in byFrame[frame] = image }
        var result: [MediaTime: RenderedFrame] = [:]
        for time in times {
            result[time] = byFrame[HeadlessHost.nearestFrame(to: time, fps: fps)]
        }
        return result
    }

    /// The folder of golden images beside a test file (`#filePath` of the caller).
    public static func goldens(besides filePath: String) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    }
}

public enum SceneRenderError: Error {
    case unknownScene(String)
}
