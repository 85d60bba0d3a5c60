extension BezierPath {
    /// The part of the path between fractions `start` and `end` of its length: what a shape
    /// layer strokes for `strokeStart` and `strokeEnd` (docs/SEMANTICS.md § Shape layers and trimming).
    ///
    /// - Both are clamped to 0…1 (NaN counts as 0); `start` ≥ `end` gives an empty path (not
    ///   a dot), and so does any trim of a path of length zero other than the whole.
    /// - `start` ≤ 0 and `end` ≥ 1 give `self`, curves and closes intact.
    /// - Lengths run across all subpaths and count closing segments, as `length`.
    /// - A subpath inside the range is kept as it is, so a closed one stays closed (joined, no
    ///   caps). A subpath the range cuts becomes an open path: a move to the cut point, then
    ///   the covered pieces, its close turned into a line; no close.
    /// - A cut curve is split exactly (de Casteljau) at the parameter of the cut's arc length,
    ///   found to 1e-10 of the segment's length, so pieces keep their kind and the cut point is
    ///   the true point. Zero-length segments inside a cut subpath are left out.
    ///
    /// Cost: one arc length per segment (none when this path's `measure` is given, as a
    /// shape layer keeps it while only its stroke range animates), plus a root search at each
    /// of the two cuts.
    public func trimmed(from start: Double, to end: Double, measure: TrimMeasure? = nil) -> BezierPath {
        let start = start.isNaN ? 0 : min(max(start, 0), 1)
        let end = end.isNaN ? 0 : min(max(end, 0), 1)
        guard start < end else { return BezierPath() }
        if start <= 0 && end >= 1 { return self }
        let measure = measure ?? trimMeasure()
        let segmentLengths = measure.segmentLengths
        let subpathEnds = measure.subpathEnds
        let total = measure.total
        guard total > 0 else { return BezierPath() }

        // Pass 2: keep, cut or drop each subpath.
        let from = start * total
        let to = end * total
        var output: [PathElement] = []
        var position = 0.0
        var segmentIndex = 0
        var subpathIndex = -1
        var current = Point.zero
        var subpathStart = Point.zero
        var isSubpathKept = false  // wholly inside the range: copied as it is
        var hasCutStarted = false  // the move of a cut subpath is in the output
        walk: for element in elements {
            if case .move(let p) = element {
                subpathIndex += 1
                let subpathEnd = subpathEnds[subpathIndex]
                guard position < to else { break walk }  // this and later subpaths lie beyond
                isSubpathKept =
                    subpathEnd > position
                    ? position >= from && subpathEnd <= to
                    : position > from  // zero length: kept only strictly inside
                if isSubpathKept { output.append(element) }
                hasCutStarted = false
                current = p
                subpathStart = p
                continue
            }
            let segment = PathSegment(
                start: current, element: element == .close ? .line(to: subpathStart) : element)
            let segmentLength = segmentLengths[segmentIndex]
            segmentIndex += 1
            let segmentStart = position
            let segmentEnd = position + segmentLength
            position = segmentEnd
            current = segment.end
            if isSubpathKept {
                output.append(element)
                continue
            }
            let low = max(segmentStart, from)
            let high = min(segmentEnd, to)
            guard high > low else {
                if segmentStart >= to { break walk }
                continue
            }
            let t0 =
                low > segmentStart
                ? segment.parameter(atLength: low - segmentStart, totalLength: segmentLength) : 0
            let t1 =
                high < segmentEnd
                ? segment.parameter(atLength: high - segmentStart, totalLength: segmentLength) : 1
            let piece = segment.subsegment(from: min(t0, t1), to: t1)  // t0 > t1 only by rounding
            if !hasCutStarted {
                output.append(.move(to: piece.start))
                hasCutStarted = true
            }
            output.append(piece.element)
        }
        return BezierPath(normalizedElements: output)
    }

    /// Pass 1 of trimming: each segment's length, and where each subpath ends along the path
    /// (summed in the same order as the cut walks, so the ends compare exactly).
    public func trimMeasure() -> TrimMeasure {
        var segmentLengths: [Double] = []
        segmentLengths.reserveCapacity(elements.count)
        var subpathEnds: [Double] = []
        var total = 0.0
        var segments = SegmentIterator(elements: elements)
        for element in elements {
            if case .move = element {
                subpathEnds.append(total)
                continue
            }
            guard let segment = segments.next() else { break }
            let segmentLength = segment.length
            segmentLengths.append(segmentLength)
            total += segmentLength
            subpathEnds[subpathEnds.count - 1] = total
        }
        return TrimMeasure(segmentLengths: segmentLengths, subpathEnds: subpathEnds, total: total)
    }
}

/// The lengths `trimmed(from:to:measure:)` needs, computed once per path.
public struct TrimMeasure: Sendable, Hashable {
    public let segmentLengths: [Double]
    public let subpathEnds: [Double]
    public let total: Double
}
