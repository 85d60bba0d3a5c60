import Animation
import Scenes

/// The knob panel (`k`): the running scene's knobs on the right of the window, one row each
/// with its value and a slider, the chosen one's description, and for a curve or spring knob
/// its curve plotted as it changes.
///
/// Up / Down choose a knob, Left / Right move it one step (Page Down / Page Up ten), `0` puts
/// the tutorial's value back, `p` prints the changed knobs as Swift; a click chooses a row and
/// a drag on its slider sets the value.
final class KnobPanel: DockedPanel {
    let layer: Layer
    let timeline: Timeline
    private(set) var isVisible = false
    /// The chosen row.
    private(set) var selected = 0
    /// The panel's box in the window, zero while hidden.
    private(set) var frame = Rect.zero
    static let width = 380.0
    static let rowHeight = 24.0
    static let headerHeight = 24.0
    static let plotHeight = 96.0
    static let fontSize = 11.0

    init(timeline: Timeline) {
        self.timeline = timeline
        layer = Layer(timeline: timeline)
        layer.name = "knobs"
        layer.anchorPoint = .zero
        layer.isHidden = true
        layer.isUserInteractionEnabled = false
    }

    func setVisible(_ visible: Bool) {
        isVisible = visible
        timeline.transaction { transaction in
            transaction.disableActions = true
            layer.isHidden = !visible
        }
        if !visible { frame = .zero }
    }

    func select(_ index: Int, count: Int) {
        selected = min(max(index, 0), max(count - 1, 0))
    }

    // MARK: - Values

    /// `value` moved `steps` steps (negative: down).
    static func stepped(_ value: KnobValue, of knob: Knob, by steps: Int) -> KnobValue {
        switch (knob.kind, value) {
        case (.number(let range, let step), .number(let number)):
            let moved = ((number + Double(steps) * step) / step).rounded() * step
            return .number(min(max(moved, range.lowerBound), range.upperBound))
        case (.choice(let names), .choice(let index)):
            return .choice(min(max(index + steps, 0), names.count - 1))
        case (.curve, .curve(let curve)):
            let curves = Knob.namedCurves
            let index = curves.firstIndex { $0.curve == curve } ?? (steps > 0 ? -1 : curves.count)
            return .curve(curves[min(max(index + steps, 0), curves.count - 1)].curve)
        default:
            return knob.defaultValue
        }
    }

    /// The value under `x` on a row's slider, nil off the slider.
    func value(atX x: Double, of knob: Knob) -> KnobValue? {
        let slider = sliderBox(row: 0)
        guard x >= slider.minX - 4, x <= slider.maxX + 4 else { return nil }
        let fraction = min(max((x - slider.minX) / slider.width, 0), 1)
        switch knob.kind {
        case .number(let range, let step):
            let raw = range.lowerBound + fraction * (range.upperBound - range.lowerBound)
            return .number(min(max((raw / step).rounded() * step, range.lowerBound), range.upperBound))
        case .choice(let names):
            return .choice(min(Int(fraction * Double(names.count)), names.count - 1))
        case .curve:
            let curves = Knob.namedCurves
            return .curve(curves[min(Int(fraction * Double(curves.count)), curves.count - 1)].curve)
        }
    }

    /// The slider's fraction for `value`.
    static func fraction(of value: KnobValue, for knob: Knob) -> Double {
        switch (knob.kind, value) {
        case (.number(let range, _), .number(let number)):
            return (number - range.lowerBound) / max(range.upperBound - range.lowerBound, 1e-12)
        case (.choice(let names), .choice(let index)):
            return (Double(index) + 0.5) / Double(names.count)
        case (.curve, .curve(let curve)):
            let curves = Knob.namedCurves
            guard let index = curves.firstIndex(where: { $0.curve == curve }) else { return 1 }
            return (Double(index) + 0.5) / Double(curves.count)
        default:
            return 0
        }
    }

    /// The changed knobs as Swift to paste into the scene.
    static func swift(for changed: [String: KnobValue], knobs: [Knob], scene: String) -> String {
        var lines = ["// \(scene): knobs changed in animdemo; paste over the constants of the scene's file"]
        for knob in knobs {
            guard let value = changed[knob.name] else { continue }
            let code: String
            switch value {
            case .number(let number): code = KnobAssignment.formatNumber(number)
            case .choice: code = "\"\(KnobAssignment.text(of: value, for: knob))\""
            case .curve(let curve):
                if let named = Knob.namedCurves.first(where: { $0.curve == curve }) {
                    code = "TimingFunction.\(named.name)"
                } else {
                    let p = [
                        curve.controlPoint1.x, curve.controlPoint1.y, curve.controlPoint2.x,
                        curve.controlPoint2.y,
                    ]
                    code =
                        "TimingFunction(controlPoints: \(p.map(KnobAssignment.formatNumber).joined(separator: ", ")))"
                }
            }
            let identifier = knob.name.replacingOccurrences(of: ".", with: "_")
            let unit = knob.unit.isEmpty ? "" : " \(knob.unit)"
            lines.append(
                "let \(identifier) = \(code)  // tutorial: \(KnobAssignment.text(of: knob.defaultValue, for: knob))\(unit)"
            )
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - Input

    func contains(_ point: Point) -> Bool { isVisible && frame.contains(point) }

    /// The row under `point`, nil if none.
    func row(at point: Point, count: Int) -> Int? {
        guard contains(point) else { return nil }
        let index = Int((point.y - frame.minY - Self.headerHeight) / Self.rowHeight)
        return (0..<count).contains(index) ? index : nil
    }

    private func sliderBox(row: Int) -> Rect {
        Rect(
            x: frame.minX + Self.width * 0.70,
            y: frame.minY + Self.headerHeight + Double(row) * Self.rowHeight + 9,
            width: Self.width * 0.27, height: 6)
    }

    // MARK: - Drawing

    func update(in bounds: Rect, knobs: KnobSettings) {
        guard isVisible else { return }
        let list = knobs.knobs
        select(selected, count: list.count)
        let height = min(
            Self.headerHeight + Double(list.count) * Self.rowHeight + 34 + Self.plotHeight, bounds.height - 8)
        frame = Rect(x: bounds.maxX - Self.width - 4, y: 4, width: Self.width, height: height)
        timeline.transaction { transaction in
            transaction.disableActions = true
            for sublayer in layer.sublayers { sublayer.removeFromSuperlayer() }
            layer.frame = frame
            layer.backgroundColor = Color(red: 0.08, green: 0.09, blue: 0.12, alpha: 0.92)
            layer.cornerRadius = 6
            addText(
                "knobs · ↑↓ choose · ←→ change · 0 reset · p print",
                in: Rect(x: 8, y: 4, width: Self.width - 16, height: 16),
                bold: true)
            for (index, knob) in list.enumerated() {
                let y = Self.headerHeight + Double(index) * Self.rowHeight
                let value = knobs.value(of: knob.name) ?? knob.defaultValue
                if index == selected {
                    addShape(
                        BezierPath(rect: Rect(x: 2, y: y, width: Self.width - 4, height: Self.rowHeight)),
                        fill: Color(white: 1, alpha: 0.12))
                }
                let changed = value != knob.defaultValue
                addText(
                    knob.name, in: Rect(x: 8, y: y + 4, width: Self.width * 0.48, height: 16), bold: changed)
                let text =
                    KnobAssignment.text(of: value, for: knob) + (knob.unit.isEmpty ? "" : " \(knob.unit)")
                addText(
                    text, in: Rect(x: Self.width * 0.50, y: y + 4, width: Self.width * 0.19, height: 16),
                    bold: changed)
                let box = sliderBox(row: index)
                let slider = Rect(
                    x: box.minX - frame.minX, y: box.minY - frame.minY, width: box.width, height: box.height)
                addShape(BezierPath(roundedRect: slider, cornerRadius: 3), fill: Color(white: 0.35))
                let fraction = min(max(Self.fraction(of: value, for: knob), 0), 1)
                let knobX = slider.minX + fraction * slider.width
                addShape(
                    BezierPath(ovalIn: Rect(x: knobX - 5, y: slider.midY - 5, width: 10, height: 10)),
                    fill: changed ? Color(red: 1, green: 0.75, blue: 0.2) : Color(white: 0.85))
            }
            if list.indices.contains(selected) {
                let knob = list[selected]
                let y = Self.headerHeight + Double(list.count) * Self.rowHeight + 4
                addText(knob.description, in: Rect(x: 8, y: y, width: Self.width - 16, height: 16))
                plot(
                    knob, knobs: knobs,
                    in: Rect(x: 8, y: y + 22, width: Self.width - 16, height: Self.plotHeight - 12))
            }
        }
    }

    /// A curve knob's timing curve, or the spring of a spring block's knobs, over one duration.
    private func plot(_ knob: Knob, knobs: KnobSettings, in box: Rect) {
        guard let plot = knob.plot else { return }
        let samples = 60
        var values: [Double] = []
        switch plot {
        case .timingCurve:
            let curve = knobs.curve(knob.name, fallback: .linear)
            values = (0...samples).map { curve.progress(at: Double($0) / Double(samples)) }
        case .springDampingRatio(let durationKnob), .springDuration(let durationKnob):
            let isRatio = if case .springDampingRatio = plot { true } else { false }
            let ratio = knobs.number(isRatio ? knob.name : durationKnob, fallback: 1)
            let duration = knobs.number(isRatio ? durationKnob : knob.name, fallback: 1)
            let spring = Spring(dampingRatio: ratio, duration: max(duration, 0.01))
            values = (0...samples).map { spring.value(at: Double($0) / Double(samples) * duration) }
        }
        addShape(BezierPath(rect: box), stroke: Color(white: 0.4))
        let low = min(values.min() ?? 0, 0)
        let high = max(values.max() ?? 1, 1)
        var target = BezierPath()  // the value the motion ends on
        let oneY = box.maxY - (1 - low) / (high - low) * box.height
        target.move(to: Point(x: box.minX, y: oneY))
        target.addLine(to: Point(x: box.maxX, y: oneY))
        addShape(target, stroke: Color(white: 0.5), dashes: [3, 3])
        var curve = BezierPath()
        for (index, value) in values.enumerated() {
            let point = Point(
                x: box.minX + Double(index) / Double(samples) * box.width,
                y: box.maxY - (value - low) / (high - low) * box.height)
            if index == 0 { curve.move(to: point) } else { curve.addLine(to: point) }
        }
        addShape(curve, stroke: Color(red: 1, green: 0.75, blue: 0.2), width: 2)
    }
}
