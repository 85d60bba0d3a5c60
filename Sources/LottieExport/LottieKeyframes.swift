import Animation

/// One animatable property over a layer's frames, written as Lottie keyframes: a static value
/// when it never changes, else keys only where the motion does not follow a curve between its
/// neighbours (within `tolerance`): a run from one key to the next follows a straight line, or
/// one of the scene's timing functions (`curves`), then written as that function's Bézier
/// tangents (`o`, `i`), so a player eases between the keys as the engine did. Values that
/// cannot be interpolated (shapes of another vertex count) are held, and so is a value that
/// stays and then jumps where `steps` says a discrete keyframe animation makes the jump (a hold
/// key at the frame the value starts, the next key at the frame of the jump). Every frame's value is
/// exact to the tolerance: what was baked per frame is what a player shows at that frame.
struct KeyframeTrack {
    /// Each frame's numbers; frames of one `structure` interpolate.
    var values: [[Double]]
    var structures: [Int]
    /// How far a frame's number may be from the curve through its keys' numbers.
    var tolerance: Double
    /// The timing functions a run between keys may follow, besides a straight line.
    var curves: [TimingFunction]
    /// For each frame, whether a jump from it to the next is a step (a discrete keyframe
    /// animation's), to be held rather than ramped.
    var steps: [Bool]

    /// A key: its frame (an index into `values`) and the timing function to the next key
    /// (nil: linear).
    struct Key: Equatable {
        var index: Int
        var curve: TimingFunction?
        /// Held until the next key (`h` 1).
        var holds = false
    }

    init(
        values: [[Double]], structures: [Int]? = nil, tolerance: Double, curves: [TimingFunction] = [],
        steps: [Bool] = []
    ) {
        self.values = values
        self.structures = structures ?? Array(repeating: 0, count: values.count)
        self.tolerance = tolerance
        self.curves = curves
        self.steps = steps
    }

    var isStatic: Bool {
        guard let first = values.first else { return true }
        return values.allSatisfy { Self.close($0, first, tolerance / 2) }
    }

    /// The frames (indices into `values`) that become keys.
    var keyIndices: [Int] { keys.map(\.index) }

    /// The keys: from each key, the longest run (up to `longestCurve` frames) that one of
    /// `curves` follows, or the longest straight run if longer.
    var keys: [Key] {
        guard values.count > 1 else { return [Key(index: 0)] }
        var keys = [Key(index: 0)]
        var start = 0
        while start + 1 < values.count {
            if let jump = step(from: start) {
                keys[keys.count - 1].holds = true
                keys.append(Key(index: jump))
                start = jump
                continue
            }
            var end = start + 1
            // Extend the run start…end+1 while every frame inside lies on the line.
            while end + 1 < values.count, structures[start] == structures[end + 1], fits(start, end + 1, nil)
            {
                end += 1
            }
            // A try fails at the first frame off the curve, mostly the first frame tried.
            if !curves.isEmpty, values[start].count <= Self.mostCurveComponents {
                let last = min(values.count - 1, start + Self.longestCurve)
                for candidate in stride(from: end + 1, through: last, by: 1) {
                    if let curve = curves.first(where: { fits(start, candidate, $0) }) {
                        keys[keys.count - 1].curve = curve
                        end = candidate
                    }
                }
            }
            keys.append(Key(index: end))
            start = end
        }
        return keys
    }

    /// The frame of the step after `start`, if the value stays from `start` until a jump that
    /// `steps` marks, and stays on one side of it at least (a value that moves on every frame
    /// is a motion, not steps, whatever else the layer runs).
    private func step(from start: Int) -> Int? {
        let last = stays(from: start)
        guard last + 1 < values.count, last < steps.count, steps[last] else { return nil }
        guard last > start || stays(from: last + 1) > last + 1 else { return nil }
        return last + 1
    }

    /// The last frame from `start` on with `start`'s value.
    private func stays(from start: Int) -> Int {
        var last = start
        while last + 1 < values.count, structures[last + 1] == structures[start],
            Self.close(values[last + 1], values[start], tolerance)
        {
            last += 1
        }
        return last
    }

    /// The longest run fitted to a curve, frames (two seconds at 60 fps), and the most numbers
    /// a value may have for it (a shape of 10 vertices): what keeps the fitting quick.
    static let longestCurve = 120
    static let mostCurveComponents = 64

    /// Whether every frame strictly between `start` and `end` lies on the curve between them
    /// (a straight line when `curve` is nil).
    private func fits(_ start: Int, _ end: Int, _ curve: TimingFunction?) -> Bool {
        let a = values[start]
        let b = values[end]
        guard a.count == b.count, structures[start] == structures[end] else { return false }
        for index in (start + 1)..<end {
            guard structures[index] == structures[start], values[index].count == a.count else { return false }
            let x = Double(index - start) / Double(end - start)
            let t = curve?.progress(at: x) ?? x
            for component in a.indices {
                let expected = a[component] + (b[component] - a[component]) * t
                if abs(values[index][component] - expected) > tolerance { return false }
            }
        }
        return true
    }

    private static func close(_ a: [Double], _ b: [Double], _ tolerance: Double) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// The property's JSON: `{"a":0,"k":value}` or `{"a":1,"k":[keys]}` with keys at
    /// `firstFrame + index`; `json` writes one frame's value (`"s"` of a key).
    func json(firstFrame: Int, value json: (Int) -> LottieJSON) -> LottieJSON {
        if isStatic { return .object([("a", .int(0)), ("k", json(0))]) }
        let keys = keys
        var items: [LottieJSON] = []
        for (position, key) in keys.enumerated() {
            let index = key.index
            var members: [(String, LottieJSON)] = [
                ("t", .int(firstFrame + index)), ("s", Self.wrapped(json(index))),
            ]
            if position + 1 < keys.count {
                let next = keys[position + 1].index
                if key.holds || structures[index] != structures[next]
                    || values[index].count != values[next].count
                {
                    members.append(("h", .int(1)))
                } else {
                    let curve = key.curve ?? .linear
                    members.append(
                        (
                            "o",
                            .object([
                                ("x", .nums([curve.controlPoint1.x])), ("y", .nums([curve.controlPoint1.y])),
                            ])
                        ))
                    members.append(
                        (
                            "i",
                            .object([
                                ("x", .nums([curve.controlPoint2.x])), ("y", .nums([curve.controlPoint2.y])),
                            ])
                        ))
                }
            }
            items.append(.object(members))
        }
        return .object([("a", .int(1)), ("k", .array(items))])
    }

    /// A key's `"s"` is always an array (a shape's is an array of one shape).
    private static func wrapped(_ value: LottieJSON) -> LottieJSON {
        if case .array = value { return value }
        return .array([value])
    }
}
