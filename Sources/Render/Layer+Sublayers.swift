import Animation

extension Layer {
    /// Calls `body` with each sublayer, back to front, borrowed from the array rather than
    /// retained: a retain is an atomic write to the layer's header, which waits for its cache
    /// line where a plain read would let the next misses overlap (thousands of bubbles a
    /// frame). The first lines of the layer `Prefetch.distance` ahead are asked for
    /// meanwhile: a bubble's work is too long for the processor to reach the next ones' loads
    /// by itself. The renderer's walks (drawing, damage) go through it.
    func forEachSublayer(_ body: (Layer) -> Void) {
        sublayers.withUnsafeBufferPointer { sublayers in
            for index in sublayers.indices {
                if index + Prefetch.distance < sublayers.count {
                    Prefetch.header(of: sublayers[index + Prefetch.distance])
                }
                Unmanaged.passUnretained(sublayers[index])._withUnsafeGuaranteedRef(body)
            }
        }
    }
}
