import Animation
import Testing

@testable import Render

/// The sprite cache's hash table (`SpriteTable`) holds what a `Dictionary` holds, through
/// inserts, replacements and removals that shift runs of colliding entries back.
@Suite("Sprite table")
struct SpriteTableTests {
    @Test("50,000 random inserts, replacements, lookups and removals agree with a Dictionary")
    func agreesWithDictionary() throws {
        let images = try (0..<3).map { _ in try CairoSurface(width: 1, height: 1) }
        var random = SeededRandom(seed: 19)
        var table = SpriteTable<Int>()
        var reference: [SpriteKey: Int] = [:]
        // Few distinct keys (sizes on half pixels, places on quarters), so that the same keys
        // come back, runs of collisions form and removals reach into them.
        func randomKey() -> SpriteKey {
            SpriteKey(
                image: ObjectIdentifier(images[Int.random(in: 0..<3, using: &random)]),
                width: Double(Int.random(in: 16...40, using: &random)) / 2,
                height: 12,
                phase: Point(
                    x: Double(Int.random(in: 0...3, using: &random)) / 4,
                    y: Double(Int.random(in: 0...3, using: &random)) / 4))
        }
        var largest = 0
        for step in 0..<50_000 {
            let key = randomKey()
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                table[key] = step
                reference[key] = step
            case 1:
                #expect(table.removeValue(forKey: key) == reference.removeValue(forKey: key))
            default:
                #expect(table[key] == reference[key])
            }
            #expect(table.count == reference.count)
            largest = max(largest, table.count)
        }
        // Everything left is found, and nothing else.
        for (key, value) in reference { #expect(table[key] == value) }
        #expect(largest > 500, "the keys should have filled the table past its first sizes")
    }
}
