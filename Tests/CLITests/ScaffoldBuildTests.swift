import Animation
import Foundation
import Render
import TestSupport
import Testing

/// The scaffold as a new user meets it: `animdemo new Orbit`, `swift build`, `Orbit render`,
/// `swift test`, in a temporary folder. It builds the animdemo libraries again in the scaffold's
/// own `.build` (about 25 s of the machine alone, a minute or two beside other builds); the
/// package's dependencies resolve from SwiftPM's cache, which building animdemo filled, so it
/// runs offline.
@Suite("animdemo new, built")
struct ScaffoldBuildTests {
    /// Runs `arguments` in `folder` to completion; the status and both streams together.
    static func run(_ arguments: [String], in folder: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(
        "slow (~1-2 min): the scaffold builds, its render draws the starter's square, its swift test passes")
    func buildsRendersAndTests() throws {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            "animdemo-scaffold-\(UUID())")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let made = try ProgramRun.animdemo(["new", "Orbit", "--path", folder])
        try #require(made.status == 0, "\(made.stderr)")

        let build = try Self.run(["swift", "build"], in: folder)
        try #require(build.status == 0, "swift build: \(build.output.suffix(2000))")

        let render = try Self.run(
            [".build/debug/Orbit", "render", "--scene", "orbit", "--at", "1", "--out", "o"], in: folder)
        try #require(render.status == 0, "render: \(render.output)")
        let frame = try RenderedFrame(
            contentsOfPNG: (folder as NSString).appendingPathComponent("o/orbit-001000.png"))
        // The starter's square rests a quarter in from the left, in the middle: orange
        // (255, 149, 0) there, the background (30, 34, 56) on the right. 8-bit pixels: within
        // 1/255 a channel; 0.02 leaves room for rounding.
        func close(_ color: Color?, _ red: Int, _ green: Int, _ blue: Int) -> Bool {
            guard let color else { return false }
            return abs(color.red - Double(red) / 255) < 0.02 && abs(color.green - Double(green) / 255) < 0.02
                && abs(color.blue - Double(blue) / 255) < 0.02
        }
        #expect(close(frame.color(at: Point(x: 200, y: 300)), 255, 149, 0))
        #expect(close(frame.color(at: Point(x: 600, y: 300)), 30, 34, 56))

        let test = try Self.run(["swift", "test"], in: folder)
        #expect(test.status == 0, "swift test: \(test.output.suffix(2000))")
        #expect(test.output.contains("a click springs the square to the right half"))
    }
}
