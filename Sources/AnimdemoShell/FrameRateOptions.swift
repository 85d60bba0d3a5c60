import ArgumentParser

/// `--fps`: the frame rate the scene runs at in the window, `render` and `bench` (default 60),
/// and the recording's frame rate in `record` (default 30; docs/COMMAND-LINE.md § Recording).
///
/// One option group for all: ArgumentParser lets the root command (the window) take its
/// options wherever they stand, so a subcommand's own `--fps` would never see its value; the
/// subcommands read this group instead, and each picks its default.
struct FrameRateOptions: ParsableArguments {
    /// The frame rates a scene can run at.
    static let range = 1...240
    /// The scene's frame rate when `--fps` is not given.
    static let sceneDefault = 60

    @Option(
        name: .customLong("fps"), parsing: .unconditional,
        help: ArgumentHelp(
            "Frames per second, 1…240 (default: 60; record: of the recording, default: 30).",
            valueName: "fps"))
    var given: Int?

    /// The scene's frame rate: `--fps`, else 60.
    var fps: Int { given ?? Self.sceneDefault }

    func validate() throws {
        if let given, !Self.range.contains(given) {
            throw ValidationError("--fps \(given) is outside 1…240")
        }
    }
}
