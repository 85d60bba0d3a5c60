import ArgumentParser

/// `--bubbles N`: the fish scene keeps N bubbles in flight (`FishScene.keepBubblesInFlight`),
/// the load of the speed measurements (docs/PERFORMANCE.md), in the window, `render`, `record` and
/// `bench` alike.
struct BubbleLoadOptions: ParsableArguments {
    /// The loads allowed.
    static let range = 0...100_000

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Fish scene: keep this many bubbles in flight, 0…100000.", valueName: "N",
            visibility: ShellScenes.index(of: "fish") == nil ? .hidden : .default))
    var bubbles: Int?

    func validate() throws {
        if let bubbles, !Self.range.contains(bubbles) {
            throw ValidationError("--bubbles \(bubbles) is outside 0…100000")
        }
    }

    /// The load for `SceneSession`: 0 without `--bubbles`; an error with it on any scene but fish.
    func load(scene: String) throws -> Int {
        guard let bubbles else { return 0 }
        guard scene == "fish" else { throw ValidationError("--bubbles works with --scene fish only") }
        return bubbles
    }
}
