// TEMPORARY: replaced by the timing branch.
public typealias MediaTime = Double
public struct TimingFunction: Hashable, Sendable {
    public let controlPoint1: Point, controlPoint2: Point
    public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        controlPoint1 = Point(x: c1x, y: c1y); controlPoint2 = Point(x: c2x, y: c2y)
    }
    public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
    public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
    public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)
    public func progress(at x: Double) -> Double { x }
}
public struct Spring: Hashable, Sendable {
    public var mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {}
    public init(dampingRatio: Double, duration: Double, initialVelocity: Double = 0) {}
    public func value(at time: Double) -> Double { time }
    public var settlingDuration: Double { 1 }
}
