import Animation

/// Every scene of animdemo, in the order of the keys 1…7 (README § The scenes).
public enum SceneCatalog {
    /// The tutorials' scenes, the default catalogue of `AnimdemoShell.main`.
    public static let all: [SceneDescriptor] = [
        SceneDescriptor(
            name: "checkmark", summary: "click anywhere: check ↔ X, strokes and colour animate",
            hint: "click anywhere: the check turns into an X and back",
            gestures: [("click", "check ↔ X")],
            knobs: CheckmarkScene.tutorialKnobs, steps: CheckmarkScene.steps,
            tutorial: SceneTutorial(
                title: "Checkmark", author: "Oliver Andrews, C4", date: "2016-03-09",
                url: "https://www.c4ios.com/tutorials/checkmark/")
        ) {
            CheckmarkScene(context: $0)
        },
        SceneDescriptor(
            name: "fish",
            summary:
                "the fish swims and bubbles; click it for a bubble that floats up and pops (even swimming: the example's tap is off then)",
            hint: "click the fish: a bubble floats up and pops (it takes clicks even while it swims)",
            gestures: [("click the fish", "a bubble floats up and pops")],
            knobs: FishScene.tutorialKnobs, steps: FishScene.steps,
            tutorial: SceneTutorial(
                title: "iOS Bubble Animation", author: "Caroline Harrison, Jackrabbit Mobile",
                date: "March 2016",
                url: "http://www.jackrabbitmobile.com/design/ios-bubble-animation-tutorial/")
        ) {
            FishScene(context: $0)
        },
        SceneDescriptor(
            name: "tictactoe", summary: "play tic-tac-toe; a win draws the rounded finish line",
            hint: "click a square to play; three in a row draws the finish line",
            gestures: [("click a square", "play X or O")],
            knobs: TicTacToeScene.tutorialKnobs, steps: TicTacToeScene.steps,
            tutorial: SceneTutorial(
                title: "Draw Line With Rounder Corners – WWDC20 Scholarship", author: "Kornel, SmashSwift",
                date: "2020-02-09",
                url: "https://smashswift.com/draw-line-with-rounder-corners-wwdc20-scholarship/")
        ) {
            TicTacToeScene(context: $0)
        },
        SceneDescriptor(
            name: "elastic",
            summary: "drag down: an elastic wave follows; release: it bounces back on a spring",
            hint: "drag down on the wave, then let go",
            gestures: [("drag down", "the wave follows"), ("release", "it bounces back on a spring")],
            knobs: ElasticScene.tutorialKnobs, steps: ElasticScene.steps,
            tutorial: SceneTutorial(
                title: "Elastic view animation using UIBezierPath", author: "Danil Gontovnik, iostuts.io",
                date: "2015-10-17",
                url: "http://iostuts.io/2015/10/17/elastic-bounce-using-uibezierpath-and-pan-gesture/")
        ) {
            ElasticScene(context: $0)
        },
        SceneDescriptor(
            name: "download",
            summary: "a simulated download fills circular indicators; its switch (or o): one update",
            hint: "watch the download; click the switch (or o) for one update",
            gestures: [("click the switch", "One Time Animation")],
            knobs: DownloadScene.tutorialKnobs, steps: DownloadScene.steps,
            tutorial: SceneTutorial(
                title: "Shaping up with CAShapeLayer", author: "Mahesh Shanbhag, Y Media Labs",
                date: "2015-05-14",
                url: "https://ymedialabs.github.io/blog/2015/05/14/shaping-up-with-cashapelayer/")
        ) {
            DownloadScene(context: $0)
        },
        SceneDescriptor(
            name: "pull",
            summary: "DGElasticPullToRefresh: scroll the list; pull it down past 95 pt and let go to refresh",
            hint: "drag the list down past the bar and let go",
            gestures: [("drag, wheel", "scroll the list"), ("pull down past 95 pt, let go", "refresh")],
            knobs: PullScene.tutorialKnobs, steps: PullScene.steps,
            tutorial: SceneTutorial(
                title: "DGElasticPullToRefresh (the library's demo)", author: "Danil Gontovnik",
                date: "release 1.1, 2016-09-20", url: "https://github.com/gontovnik/DGElasticPullToRefresh")
        ) {
            PullScene(context: $0)
        },
        SceneDescriptor(
            name: "floating",
            summary: "JRMFloatingAnimation's demo: balloons, a treasure chest, music notes, dust clouds",
            hint: "click the tabs at the top (or n) for the demo's four screens",
            gestures: [
                ("click a tab", "switch the demo's screen"), ("click a button or switch", "change the float"),
            ],
            knobs: FloatingScene.tutorialKnobs, steps: FloatingScene.steps,
            tutorial: SceneTutorial(
                title: "JRMFloatingAnimation (the library's demo)", author: "Caroline Harrison",
                date: "release 0.1.2", url: "https://github.com/carleihar/JRMFloatingAnimation")
        ) {
            FloatingScene(context: $0)
        },
    ]

    /// The index of the scene called `name`, if there is one.
    public static func index(of name: String) -> Int? { all.firstIndex { $0.name == name } }
}
