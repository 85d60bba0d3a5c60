import Animation
import ArgumentParser
import Foundation
import Render
import Scenes
import X11Host

/// Options every mode shares (the scene's frame rate is `FrameRateOptions`: `record` has its own).
struct SceneOptions: ParsableArguments {
    @Option(
        parsing: .unconditional, help: "The scene: \(SceneCatalog.all.map(\.name).joined(separator: ", ")).")
    var scene = SceneCatalog.all[0].name

    @Option(parsing: .unconditional, help: "Window or image size, WIDTHxHEIGHT.")
    var size = "800x600"

    @Option(parsing: .unconditional, help: "Seed of the scenes' random numbers, 0…18446744073709551615.")
    var seed: UInt64 = 1

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The folder of image assets.",
            discussion: "Default: $ANIMDEMO_ASSETS, then Assets/ beside the program, then the package's."))
    var assets: String?

    @Option(
        name: .customLong("set"),
        help: "Turn a knob: NAME=VALUE (repeatable; `animdemo knobs --scene NAME` lists them).")
    var settings: [String] = []

    func validate() throws {
        _ = try sceneIndex()
        _ = try parsedSize()
        _ = try knobs()
    }

    /// The image assets, found by the documented rule (`ImageStore.locateAssets`).
    func imageStore() throws -> ImageStore {
        if let assets {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: assets, isDirectory: &isFolder), isFolder.boolValue
            else {
                throw ValidationError("--assets \(assets) is not a folder")
            }
            return ImageStore(directory: URL(fileURLWithPath: assets))
        }
        return ImageStore()
    }

    /// The `--set` values, checked against the scene's knobs.
    func knobs() throws -> [String: KnobValue] {
        let knobs = SceneCatalog.all[try sceneIndex()].knobs
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

    func sceneIndex() throws -> Int {
        guard let index = SceneCatalog.index(of: scene) else {
            let names = SceneCatalog.all.map(\.name).joined(separator: ", ")
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
}
