import Animation

/// Every scene of animdemo, in the order of the keys 1…5 (DESIGN.md § The scenes).
public enum SceneCatalog {
    public static let all: [SceneDescriptor] = [
        SceneDescriptor(name: "demo", summary: "a stand-in: click to move a square") { DemoScene(context: $0) }
    ]

    /// The index of the scene called `name`, if there is one.
    public static func index(of name: String) -> Int? { all.firstIndex { $0.name == name } }
}
