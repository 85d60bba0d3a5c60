// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Orbit",
    platforms: [.macOS(.v13)],
    dependencies: [
        // The animdemo package `animdemo new` was run from: the engine, the
        // scenes' protocol, the whole program (AnimdemoShell) and the scene
        // tester.
        .package(name: "animdemo", path: "/usr/share/animdemo/package")
    ],
    targets: [
        .target(
            name: "OrbitScene",
            dependencies: [
                .product(name: "Animation", package: "animdemo"),
                .product(name: "Scenes", package: "animdemo"),
            ],
            // The scene's own code built in as OrbitSceneSources.files, for the
            // code panel (e).
            plugins: [.plugin(name: "EmbedSceneSources", package: "animdemo")]),
        .executableTarget(
            name: "Orbit",
            dependencies: [
                "OrbitScene",
                .product(name: "AnimdemoShell", package: "animdemo")]),
        .testTarget(
            name: "OrbitTests",
            dependencies: [
                "OrbitScene",
                .product(name: "Animation", package: "animdemo"),
                .product(name: "TestSupport", package: "animdemo"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
