import Animation

/// Every scene of animdemo, in the order of the keys 1…7 (README § The scenes).
public enum SceneCatalog {
    public static let all: [SceneDescriptor] = [
        SceneDescriptor(
            name: "checkmark", summary: "click anywhere: check ↔ X, strokes and colour animate",
            knobs: CheckmarkScene.tutorialKnobs
        ) {
            CheckmarkScene(context: $0)
        },
        SceneDescriptor(
            name: "fish",
            summary:
                "the fish swims and bubbles; click it for a bubble that floats up and pops (even swimming: the example's tap is off then)",
            knobs: FishScene.tutorialKnobs
        ) {
            FishScene(context: $0)
        },
        SceneDescriptor(
            name: "tictactoe", summary: "play tic-tac-toe; a win draws the rounded finish line",
            knobs: TicTacToeScene.tutorialKnobs
        ) {
            TicTacToeScene(context: $0)
        },
        SceneDescriptor(
            name: "elastic",
            summary: "drag down: an elastic wave follows; release: it bounces back on a spring",
            knobs: ElasticScene.tutorialKnobs
        ) {
            ElasticScene(context: $0)
        },
        SceneDescriptor(
            name: "download",
            summary: "a simulated download fills circular indicators; its switch (or o): one update",
            knobs: DownloadScene.tutorialKnobs
        ) {
            DownloadScene(context: $0)
        },
        SceneDescriptor(
            name: "pull",
            summary: "DGElasticPullToRefresh: scroll the list; pull it down past 95 pt and let go to refresh",
            knobs: PullScene.tutorialKnobs
        ) {
            PullScene(context: $0)
        },
        SceneDescriptor(
            name: "floating",
            summary: "JRMFloatingAnimation's demo: balloons, a treasure chest, music notes, dust clouds",
            knobs: FloatingScene.tutorialKnobs
        ) {
            FloatingScene(context: $0)
        },
    ]

    /// The index of the scene called `name`, if there is one.
    public static func index(of name: String) -> Int? { all.firstIndex { $0.name == name } }
}
