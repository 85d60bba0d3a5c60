import Animation
import TestSupport
import Testing
import OrbitScene

/// The scene on the virtual clock, driven as a person would: a click, then
/// pixels.
@Test("a click springs the square to the right half")
func clickMovesTheSquare() throws {
    let tester = try SceneTester(scene: "orbit", in: [OrbitScene.descriptor])
    try tester.advance(seconds: 0.5)
    let orange = Color(red255: 255, green255: 149, blue255: 0)
    // 8-bit pixels: a channel is within 1/255 of the colour; 0.02 leaves room
    // for rounding.
    func isOrange(_ color: Color?) -> Bool {
        guard let color else { return false }
        return abs(color.red - orange.red) < 0.02 && abs(
            color.green - orange.green) < 0.02
            && abs(color.blue - orange.blue) < 0.02
    }
    #expect(isOrange(try tester.render().color(at: Point(x: 200, y: 300))))
    #expect(!isOrange(try tester.render().color(at: Point(x: 600, y: 300))))

    tester.tap(Point(x: 400, y: 300))
    try tester.advance(seconds: 3)  // the spring settles in well under 3 s
    #expect(isOrange(try tester.render().color(at: Point(x: 600, y: 300))))
    #expect(!isOrange(try tester.render().color(at: Point(x: 200, y: 300))))
}

/// The knob set as `--set` would, and the square's layer read instead of
/// pixels.
@Test("a second click springs the square back, however it wobbles")
func secondClickBringsItBack() throws {
    let tester = try SceneTester(
        scene: "orbit", in: [OrbitScene.descriptor], knobs: ["damping=4"])
    let square = try #require(tester.layer(named: "square"))
    // Layers are in points; the square rests at 200 and 600 window pixels.
    let left = tester.points(Point(x: 200, y: 300)).x
    let right = tester.points(Point(x: 600, y: 300)).x
    tester.tap(Point(x: 400, y: 300))
    try tester.advance(seconds: 0.1)
    let x = square.presentation().position.x
    #expect(x > left + 1 && x < right - 1)  // mid-swing
    try tester.advance(seconds: 5)  // settled: damping 4 takes about 4 s
    tester.tap(Point(x: 400, y: 300))
    try tester.advance(seconds: 5)
    // Back where it started, within half a point.
    #expect(abs(square.presentation().position.x - left) < 0.5)
}

/// Time travel lands on the frames of a run that was never interrupted, byte
/// for byte, whether the scene restores checkpoints (`CheckpointingScene`) or
/// runs from its start.
@Test("seeks back land on the frames of an uninterrupted run")
func seeksLandExactly() throws {
    try expectCheckpointsReplayExactly(
        scene: "orbit", in: [OrbitScene.descriptor],
        events: "0.5 tap 200 150; 2.1 tap 200 150")
}
