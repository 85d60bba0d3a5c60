/// One animatable property over a layer's frames, written as Lottie keyframes: a static value
/// when it never changes, else keys only where the motion is not a straight line between its
/// neighbours (within `tolerance`), linear between keys, held where the values cannot be
/// interpolated (shapes of another vertex count). Every frame's value is exact to the
/// tolerance: what was baked per frame is what a player shows at that frame.
struct KeyframeTrack {
    /// Each frame's numbers; frames of one `structure` interpolate.
    var values: [[Double]]
    var structures: [Int]
    /// How far a frame's number may be from the straight line through its keys' numbers.
    var tolerance: Double

    init(values: [[Double]], structures: [Int]? = nil, tolerance: Double) {
        self.values = values
        self.structures = structures ?? Array(repeating: 0, count: values.count)
        self.tolerance = tolerance
    }

    var isStatic: Bool {
        guard let first = values.first else { return true }
        return values.allSatisfy { Self.close($0, first, tolerance / 2) }
    }

    /// The frames (indices into `values`) that become keys.
    var keyIndices: [Int] {
        guard values.count > 1 else { return [0] }
        var keys = [0]
        var start = 0
        var end = 1
        while end < values.count {
            // Extend the run start…end+1 while every frame inside lies on the line.
            if end + 1 < values.count, structures[start] == structures[end + 1], fits(start, end + 1) {
                end += 1
                continue
            }
            keys.append(end)
            start = end
            end += 1
        }
        return keys
    }

    /// Whether every frame strictly between `start` and `end` lies on their straight line.
    private func fits(_ start: Int, _ end: Int) -> Bool {
        let a = values[start]
        let b = values[end]
        guard a.count == b.count else { return false }
        for index in (start + 1)..<end {
            guard structures[index] == structures[start], values[index].count == a.count else { return false }
            let t = Double(index - start) / Double(end - start)
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
        let keys = keyIndices
        var items: [LottieJSON] = []
        for (position, index) in keys.enumerated() {
            var members: [(String, LottieJSON)] = [
                ("t", .int(firstFrame + index)), ("s", Self.wrapped(json(index))),
            ]
            if position + 1 < keys.count {
                let next = keys[position + 1]
                if structures[index] != structures[next] || values[index].count != values[next].count {
                    members.append(("h", .int(1)))
                } else {
                    let dimensions = 1
                    members.append(
                        (
                            "o",
                            .object([
                                ("x", .nums(Array(repeating: 0, count: dimensions))),
                                ("y", .nums(Array(repeating: 0, count: dimensions))),
                            ])
                        ))
                    members.append(
                        (
                            "i",
                            .object([
                                ("x", .nums(Array(repeating: 1, count: dimensions))),
                                ("y", .nums(Array(repeating: 1, count: dimensions))),
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
