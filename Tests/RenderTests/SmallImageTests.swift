import Animation
import Foundation
import Testing

@testable import Render

/// Images drawn much smaller than they are (the fish scene's bubbles: a 64-px image at 5–39
/// px) come from copies scaled once per size (`ScaledImageCache`); they must keep the GOOD
/// filter's look wherever they are placed.
@Suite("Small images")
struct SmallImageTests {
    /// A 64×64 checkerboard of 2-px white and transparent squares: any 4×4 block is half
    /// covered, so a box filter shrinking it gives an even 50 % white, and a filter that
    /// samples instead of averaging gives stripes or a moiré.
    static func checkerboard() throws -> CairoSurface {
        let image = try CairoSurface(width: 64, height: 64)
        let context = CairoContext(surface: image)
        var squares: [PathElement] = []
        for row in 0..<32 {
            for column in 0..<32 where (row + column) % 2 == 0 {
                let square = Rect(x: Double(column * 2), y: Double(row * 2), width: 2, height: 2)
                squares += BezierPath(rect: square).elements
            }
        }
        context.fill(BezierPath(elements: squares), color: .white)
        return image
    }

    /// Runs `body` with an image store holding the checkerboard as "checker", in a folder of
    /// its own (test cases run in parallel).
    static func withCheckerImages<R>(_ body: (ImageStore) throws -> R) throws -> R {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("animdemo-checker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try checkerboard().writePNG(to: folder.appendingPathComponent("checker.png").path)
        return try body(ImageStore(directory: folder))
    }

    @Test(
        "a layer draws a large image small, anywhere, without moiré",
        arguments: [
            Rect(x: 10, y: 10, width: 16, height: 16), Rect(x: 10.5, y: 20.25, width: 15.3, height: 15.3),
            Rect(x: 3.7, y: 5.1, width: 6.2, height: 6.2),
        ])
    func drawsSmall(frame: Rect) throws {
        let timeline = Timeline()
        let root = Layer(timeline: timeline)
        root.anchorPoint = .zero
        root.frame = Rect(x: 0, y: 0, width: 48, height: 48)
        let layer = Layer(timeline: timeline)
        layer.contents = ImageAsset(named: "checker")
        layer.frame = frame
        root.addSublayer(layer)
        let rendered = try Self.withCheckerImages { images in
            try FrameRenderer(images: images).render(
                root, size: Size(width: 48, height: 48), background: .black)
        }
        // Pixels wholly inside the layer, one pixel in from its edges (which blend with the
        // black around). A box filter gives an even grey 0.5 (50 % white over black); our
        // path shrinks from the image or a halving of it at least 1.5 times the size, a box
        // 1.5–3 source pixels wide, which covers one or two of the 2-px squares' pixels per
        // row: 2D coverage 0.45…0.55, and the bilinear move into place mixes neighbours
        // within that. So every pixel within 0.05 + 1/255
        // of 0.5 (14/255), and the mean, where the ripples cancel, within 2/255. A sampling
        // filter would give pixels at 0 and 1.
        var sum = 0.0
        var count = 0
        for y in Int(frame.minY.rounded(.up)) + 1..<Int(frame.maxY) - 1 {
            for x in Int(frame.minX.rounded(.up)) + 1..<Int(frame.maxX) - 1 {
                let color = try #require(rendered.color(x: x, y: y))
                #expect(color.isClose(to: Color(white: 0.5), within: 14.0 / 255), "\(color) at (\(x), \(y))")
                sum += color.red
                count += 1
            }
        }
        #expect(count > 0)
        #expect(abs(sum / Double(max(count, 1)) - 0.5) <= 2.0 / 255, "mean \(sum / Double(max(count, 1)))")
    }
}
