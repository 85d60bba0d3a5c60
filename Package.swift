// swift-tools-version:6.0
import Foundation
import PackageDescription

/// The copy of the sources an install ships (Scripts/install.sh: PREFIX/share/animdemo/package,
/// marked by a file `installed-copy`), which `animdemo new` writes packages against: it builds
/// offline with the copy of swift-argument-parser beside it, and has no tests.
let isInstalledCopy = FileManager.default.fileExists(atPath: Context.packageDirectory + "/installed-copy")

/// Release builds of the frame path skip Swift's run-time exclusivity checks (the compiler
/// still checks what it can statically); they cost a tenth of a frame with 2,000 bubbles, and
/// in the scenes and the time machine about 8 % of a replay (a knob turned while paused at
/// 600 s of the fish, docs/PERFORMANCE.md § Time travel).
let fastFrames: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
]

/// The package's own tests (not in an installed copy).
let tests: [Target] = [
    .testTarget(name: "AnimationTests", dependencies: ["Animation", "TestSupport"]),
    .testTarget(
        name: "RenderTests", dependencies: ["Animation", "Render", "TestSupport", "CCairo", "CSprites"],
        exclude: ["Goldens"]),
    .testTarget(
        name: "ScenesTests",
        dependencies: ["Animation", "Render", "Scenes", "SceneSources", "Session", "TestSupport"],
        exclude: ["Goldens"]),
    .testTarget(
        name: "SessionTests",
        dependencies: ["Animation", "Scenes", "SceneSources", "Session", "TestSupport"]),
    .testTarget(
        name: "CLITests",
        dependencies: ["Scenes", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")]),
    .testTarget(name: "WindowTests", dependencies: ["Session", "TestSupport"]),
    .testTarget(name: "X11HostTests", dependencies: ["Animation", "Render", "Session", "X11Host"]),
    .testTarget(name: "LottieExportTests", dependencies: ["Animation", "LottieExport"]),
    .testTarget(name: "ArchitectureTests"),
]

let package = Package(
    name: "animdemo",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "animdemo", targets: ["animdemo"]),
        // The engine and its Cairo renderer, for other packages on Linux (README § The engine as a library).
        .library(name: "Animation", targets: ["Animation"]),
        .library(name: "Render", targets: ["Render"]),
        // The whole program for a package's own scenes (README § Write your own scene): the
        // shell, the `Scene` protocol and what a scene uses, and the scene tester.
        .library(name: "AnimdemoShell", targets: ["AnimdemoShell"]),
        .library(name: "Scenes", targets: ["Scenes"]),
        .library(name: "TestSupport", targets: ["TestSupport"]),
        // A package's own scenes' sources built in, for the code panel (README § Write your own scene).
        .plugin(name: "EmbedSceneSources", targets: ["EmbedSceneSources"]),
    ],
    dependencies: isInstalledCopy
        ? [.package(path: "../swift-argument-parser")]
        : [
            .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
            .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
            // Property tests over random events scripts (Tests/CLITests).
            .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        ],
    targets: [
        // C libraries
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo pixman-1",
            providers: [.apt(["libcairo2-dev", "libpixman-1-dev"])]),
        .systemLibrary(
            name: "CX11", pkgConfig: "x11 xext",
            providers: [.apt(["libx11-dev", "libxext-dev"])]),
        // giflib: not every libgif-dev has a pkg-config file, so the module map links "gif".
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(
            name: "CWebP", pkgConfig: "libwebp libwebpdemux",
            providers: [.apt(["libwebp-dev"])]),

        // Sprite copies with the processor's vector unit (pixman's arithmetic, eight pixels at a time).
        .target(name: "CSprites", cSettings: [.unsafeFlags(["-O2", "-gdwarf-4"])]),

        // Engine
        .target(name: "Animation", swiftSettings: fastFrames),
        .target(
            name: "Render", dependencies: ["Animation", "CCairo", "CGIF", "CWebP", "CSprites"],
            swiftSettings: fastFrames),

        // The tutorial ports, the app shell around them, the window
        .target(name: "Scenes", dependencies: ["Animation"], swiftSettings: fastFrames),
        // The scenes' own source text, built in (the code panel): the plugin runs the tool on
        // Sources/Scenes/**/*.swift and compiles the string literals it writes.
        .executableTarget(name: "EmbedSources"),
        .plugin(name: "EmbedSceneSources", capability: .buildTool(), dependencies: ["EmbedSources"]),
        .target(name: "SceneSources", plugins: ["EmbedSceneSources"]),
        .target(
            name: "Session", dependencies: ["Animation", "Render", "Scenes", "SceneSources"],
            swiftSettings: fastFrames),
        .target(name: "X11Host", dependencies: ["Animation", "Render", "Session", "CX11"]),

        // `animdemo export`: what a layer tree draws, baked into a Lottie animation
        .target(name: "LottieExport", dependencies: ["Animation"]),

        // The program and its benchmarks
        .target(name: "Benchmarks", dependencies: ["Animation", "Render", "Session"]),
        // The commands, for any list of scenes (`AnimdemoShell.main(scenes:)`)
        .target(
            name: "AnimdemoShell",
            dependencies: [
                "Animation", "Render", "Scenes", "SceneSources", "Session", "X11Host", "Benchmarks",
                "LottieExport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "animdemo", dependencies: ["AnimdemoShell"]),

        // Tests
        .target(name: "TestSupport", dependencies: ["Animation", "Render", "Scenes", "Session"]),
    ] + (isInstalledCopy ? [] : tests),
    swiftLanguageModes: [.v6]
)
