import Foundation

/// A point in time or a length of time, in seconds (CFTimeInterval as Core Animation uses it).
///
/// The engine never reads a clock: the host passes every "now" in (docs/ARCHITECTURE.md § Time
/// is an input), computed from an integer frame number as `Double(frame) / Double(fps)`. See
/// docs/SEMANTICS.md § Media timing.
public typealias MediaTime = Double
