/// Converting points between layers, and hit testing on what the screen shows.
extension Layer {
    /// Maps this layer's coordinates to the root's (the window's), with model values, or
    /// with presentation values of this layer and every ancestor.
    public final func transformToRoot(usingPresentation: Bool = false) -> AffineTransform {
        var result = AffineTransform.identity
        var layer: Layer? = self
        while let current = layer, current.superlayer != nil {
            let values = usingPresentation ? current.presentation() : current
            result = result.concatenating(values.transformToSuperlayer)
            layer = current.superlayer
        }
        return result
    }

    /// `point` in this layer's space, given in `layer`'s space (nil: the root's).
    public final func convert(_ point: Point, from layer: Layer?, usingPresentation: Bool = false) -> Point {
        let toRoot = layer?.transformToRoot(usingPresentation: usingPresentation) ?? .identity
        let fromRoot = transformToRoot(usingPresentation: usingPresentation).inverted ?? .identity
        return point.applying(toRoot).applying(fromRoot)
    }

    /// `point`, given in this layer's space, in `layer`'s space (nil: the root's).
    public final func convert(_ point: Point, to layer: Layer?, usingPresentation: Bool = false) -> Point {
        let toRoot = transformToRoot(usingPresentation: usingPresentation)
        let fromRoot = layer?.transformToRoot(usingPresentation: usingPresentation).inverted ?? .identity
        return point.applying(toRoot).applying(fromRoot)
    }

    /// The deepest layer under `point` (in the superlayer's space), judged by presentation
    /// values, so that a moving layer is hit where it is seen. Hidden, nearly transparent
    /// (opacity < 0.01, as UIKit) and non-interactive layers are skipped with their
    /// sublayers; `masksToBounds` cuts the sublayers off at the bounds.
    public final func hitTest(_ point: Point) -> Layer? {
        let shown = presentation()
        guard !shown.isHidden, shown.opacity >= 0.01, isUserInteractionEnabled else { return nil }
        guard let inverse = shown.transformToSuperlayer.inverted else { return nil }
        let local = point.applying(inverse)
        let inside = shown.bounds.contains(local)
        if shown.masksToBounds && !inside { return nil }
        for sublayer in sublayers.reversed() {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }

    /// Every layer of the tree, depth first, this one first.
    public final var allLayers: [Layer] {
        var result: [Layer] = [self]
        for sublayer in sublayers { result += sublayer.allLayers }
        return result
    }
}
