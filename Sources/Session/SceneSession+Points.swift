import Animation

/// Points: scenes are laid out as on an iPhone 6, whose screen is 375 × 667 points, whatever
/// the window's size (docs/ARCHITECTURE.md § Points).
///
/// The window's shorter side is 375 points, so one point is min(width, height) / 375 pixels:
/// 1 at 375 × 667, 1.6 at 800 × 600, 2.67 at 1600 × 1000. The session gives the scene's root
/// layer bounds in points and a scale transform to pixels; everything under it, input
/// included, is in points through the layers' own coordinate conversions.
extension SceneSession {
    /// Points on the window's shorter side, as on an iPhone 6 (a 375 × 667-point screen).
    public static let shorterSideInPoints = 375.0

    /// Pixels per point in a window of `size` (pixels).
    public static func pointScale(forWindow size: Size) -> Double {
        min(size.width, size.height) / shorterSideInPoints
    }

    /// The scene's bounds in points for a window of `size`, the shorter side exactly 375
    /// (computed so, not divided by the rounded scale).
    public static func sceneBounds(forWindow size: Size) -> Rect {
        let shorter = min(size.width, size.height)
        guard shorter > 0 else { return Rect(origin: .zero, size: size) }
        return Rect(
            x: 0, y: 0, width: size.width * shorterSideInPoints / shorter,
            height: size.height * shorterSideInPoints / shorter)
    }

    /// Pixels per point in the scene's rect now: the window less its docked panels and step bar,
    /// which the scene is laid out for (`TimeMachine.layOutScene`).
    public var pointScale: Double { Self.pointScale(forWindow: sceneRect.size) }
}
