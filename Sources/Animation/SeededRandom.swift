/// A seedable random generator (SplitMix64), so that `--seed` makes runs repeatable on every
/// machine and Swift version (the standard library's generator is neither seedable nor
/// stable).
///
/// A class, so that copies of a `SceneContext` draw from one stream.
public final class SeededRandom: RandomNumberGenerator {
    /// The generator's whole state: set back to a value it had, it draws the same numbers
    /// again (time travel's checkpoints).
    public var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
