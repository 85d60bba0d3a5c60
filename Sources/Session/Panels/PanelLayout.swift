import Animation

/// Where the open panels and the scene go in a window (docs/ARCHITECTURE.md § Panels).
///
/// ```
/// ┌────────────────────────────┬────────┬────────┐
/// │                            │        │        │
/// │   the scene (what is left) │  help  │ knobs  │   side panels, right to left in the
/// │                            │        │        │   order they were opened
/// ├────────────────────────────┴────────┴────────┤
/// │ inspector                                    │   bottom panels, bottom up
/// └──────────────────────────────────────────────┘
/// ```
/// In a portrait window (narrower than tall, or narrower than 600 pixels at scale 1) every
/// panel docks at the bottom. The scene keeps at least a third of the window's height and
/// 40 % of its width: panels share what is left in proportion to what they ask. The scene's
/// rect always starts at the window's origin, so the scene's pointer coordinates are the
/// window's.
struct PanelLayout: Equatable {
    /// The scene's rect in the window, pixels (whole numbers).
    var scene: Rect
    /// Each open panel's rect, in the order given.
    var panels: [Rect]

    /// The edge a panel goes to in a window of `size`.
    static func edge(of panel: PanelEdge, window size: Size, scale: Double) -> PanelEdge {
        size.width < size.height || size.width < 600 * scale ? .bottom : panel
    }

    /// Lays out panels that ask for `wanted` (their edge and extent, in the order they were
    /// opened) in a window of `size`.
    static func layout(window size: Size, wanted: [(edge: PanelEdge, extent: Double)]) -> PanelLayout {
        let width = size.width.rounded(.down)
        let height = size.height.rounded(.down)
        let bottomWanted = wanted.filter { $0.edge == .bottom }.map(\.extent).reduce(0, +)
        let sideWanted = wanted.filter { $0.edge == .side }.map(\.extent).reduce(0, +)
        let bottomShare = bottomWanted > 0 ? min(1, (height * 2 / 3).rounded(.down) / bottomWanted) : 1
        let sideShare = sideWanted > 0 ? min(1, (width * 0.6).rounded(.down) / sideWanted) : 1
        var rects = Array(repeating: Rect.zero, count: wanted.count)
        var bottom = height  // the top of the bottom panels so far
        // The first opened bottom panel sits lowest (the inspector under the knobs).
        for (index, panel) in wanted.enumerated() where panel.edge == .bottom {
            let extent = (panel.extent * bottomShare).rounded(.down)
            bottom -= extent
            rects[index] = Rect(x: 0, y: bottom, width: width, height: extent)
        }
        var right = width
        for (index, panel) in wanted.enumerated() where panel.edge == .side {
            let extent = (panel.extent * sideShare).rounded(.down)
            right -= extent
            rects[index] = Rect(x: right, y: 0, width: extent, height: bottom)
        }
        return PanelLayout(scene: Rect(x: 0, y: 0, width: max(right, 1), height: max(bottom, 1)), panels: rects)
    }
}
