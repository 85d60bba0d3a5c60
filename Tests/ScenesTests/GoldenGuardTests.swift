import Foundation
import TestSupport
import Testing

/// Every file in `Goldens/` has a test that compares a frame with it (docs/ARCHITECTURE.md
/// § Tests). Each render suite lists its goldens in a `static let goldens` that is also the
/// arguments of its golden test, so a name is in a list exactly when a test uses it; a suite
/// whose list is left out here finds its files reported as unused.
@Suite("Goldens: no file without a test")
struct GoldenGuardTests {
    /// The goldens the suites of this folder compare with.
    static let used: [String] =
        (CheckmarkRenderTests.goldens + FishRenderTests.goldens + FishShapeRenderTests.goldens
        + TicTacToeSceneTests.goldens
        + DownloadSceneTests.goldens + ElasticRenderTests.goldens + PullRenderTests.goldens
        + FloatingSceneTests.goldens).map(\.name)

    /// This folder's `Goldens/`.
    static let directory = GoldenImage.directory(besides: #filePath)

    /// The PNGs in `directory` that no test uses: the guard.
    static func unused(in directory: URL) -> [String] {
        GoldenImage.unused(in: directory, used: Set(used))
    }

    @Test("every PNG in Tests/ScenesTests/Goldens is compared by a test")
    func noUnusedGolden() {
        let unused = Self.unused(in: Self.directory)
        #expect(unused.isEmpty, "no test uses \(unused.map { "Goldens/\($0).png" }); delete or test them")
    }

    @Test("no two goldens share a name (one file would serve two different frames)")
    func uniqueNames() {
        let repeated = Dictionary(grouping: Self.used) { $0 }.filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "listed more than once: \(repeated)")
    }
    // The guard itself (`GoldenImage.unused`) is tested once, in RenderTests/GoldenGuardTests.
}
