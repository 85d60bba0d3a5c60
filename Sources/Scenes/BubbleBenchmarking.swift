/// A scene that can be loaded with bubbles for `animdemo bench --bubbles N` (the fish scene).
public protocol BubbleBenchmarking: AnyObject {
    /// Blows bubbles until `count` are in flight.
    func keepBubblesInFlight(_ count: Int)
}
