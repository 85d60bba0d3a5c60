import Foundation
import TestSupport
import Testing

/// Every file in `Goldens/` has a test that compares a frame with it (docs/ARCHITECTURE.md
/// § Tests). Each suite lists its goldens in a `static let goldens` that is also the arguments
/// of its golden test, so a name is in a list exactly when a test uses it; a suite whose list
/// is left out here finds its files reported as unused.
@Suite("Goldens: no file without a test")
struct GoldenGuardTests {
    /// The goldens the suites of this folder compare with.
    static let used: [String] = LayerDrawingTests.goldens

    /// This folder's `Goldens/`.
    static let directory = GoldenImage.directory(besides: #filePath)

    /// The PNGs in `directory` that no test uses: the guard.
    static func unused(in directory: URL) -> [String] {
        GoldenImage.unused(in: directory, used: Set(used))
    }

    @Test("every PNG in Tests/RenderTests/Goldens is compared by a test")
    func noUnusedGolden() {
        let unused = Self.unused(in: Self.directory)
        #expect(unused.isEmpty, "no test uses \(unused.map { "Goldens/\($0).png" }); delete or test them")
    }

    /// The guard of every folder (`GoldenImage.unused`, TestSupport), tested once here.
    @Test("the guard reports a PNG that no test uses, and only that")
    func guardFindsUnused() throws {
        // A folder with a PNG for every listed golden, one PNG more, and a file that is not
        // a PNG (the guard reads names only, so the files can be empty).
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("animdemo-goldens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in Self.used.map({ "\($0).png" }) + ["render-unused.png", "notes.txt"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        #expect(Self.unused(in: folder) == ["render-unused"])
    }
}
