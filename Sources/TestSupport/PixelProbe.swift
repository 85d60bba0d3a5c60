import Animation
import Render

extension RenderedFrame {
    /// The box (minX, minY, maxX, maxY, inclusive pixels) of the pixels for which
    /// `matches` holds inside `region` (default: the whole image); nil if none.
    public func boundingBox(in region: Rect? = nil, where matches: (Color) -> Bool) -> Rect? {
        let area = region ?? Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        var box: Rect?
        let x0 = max(Int(area.minX), 0)
        let x1 = min(Int(area.maxX.rounded(.up)), width)
        let y0 = max(Int(area.minY), 0)
        let y1 = min(Int(area.maxY.rounded(.up)), height)
        guard x0 < x1, y0 < y1 else { return nil }
        for y in y0..<y1 {
            for x in x0..<x1 {
                guard let color = color(x: x, y: y), matches(color) else { continue }
                let pixel = Rect(x: Double(x), y: Double(y), width: 1, height: 1)
                box = box.map { $0.union(pixel) } ?? pixel
            }
        }
        return box
    }

    /// How many pixels in `region` satisfy `matches`.
    public func count(in region: Rect? = nil, where matches: (Color) -> Bool) -> Int {
        let area = region ?? Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        var total = 0
        for y in max(Int(area.minY), 0)..<min(Int(area.maxY.rounded(.up)), height) {
            for x in max(Int(area.minX), 0)..<min(Int(area.maxX.rounded(.up)), width) {
                if let color = color(x: x, y: y), matches(color) { total += 1 }
            }
        }
        return total
    }
}

extension RenderedFrame {
    /// Of the 3 × 3 pixels around `point`, the colour nearest `target` (by the largest channel
    /// difference); nil outside the image. Where the centre line of a stroke at least 1.1 px
    /// wide passes `point`, one of them is fully covered, whatever the line's angle and
    /// sub-pixel position, so that a stroke probe does not depend on antialiasing.
    public func nearestColor(around point: Point, to target: Color) -> Color? {
        let x = Int(point.x.rounded(.down))
        let y = Int(point.y.rounded(.down))
        var best: (color: Color, distance: Double)?
        for dy in -1...1 {
            for dx in -1...1 {
                guard let color = color(x: x + dx, y: y + dy) else { continue }
                let distance = max(
                    abs(color.red - target.red), abs(color.green - target.green),
                    abs(color.blue - target.blue),
                    abs(color.alpha - target.alpha))
                if best.map({ distance < $0.distance }) ?? true { best = (color, distance) }
            }
        }
        return best?.color
    }
}
