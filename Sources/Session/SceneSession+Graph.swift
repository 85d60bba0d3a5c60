import Animation

/// The graph panel's choice between a row and a layer (docs/ARCHITECTURE.md § The graph of a
/// layer), and how it replays a layer.
extension SceneSession {
    /// The graph panel (one of `panels`, open or not).
    var graphPanel: GraphPanel {
        guard let panel = panels.lazy.compactMap({ $0 as? GraphPanel }).first else {
            preconditionFailure("PanelKind.all lists GraphPanel")
        }
        return panel
    }

    /// The layer the open graph shows (its name in the tree): the layer tree's selection when no
    /// animation row the inspector has is selected, or when the layer was selected last; nil:
    /// the graph shows the selected row, if any.
    var graphedLayer: String? {
        guard let name = layerTree.selectedName, openPanel(GraphPanel.self) != nil else { return nil }
        let isAnimation = inspector.selectedGraphKey != nil
        return graphPanel.graphsLayer(isAnimation: isAnimation, rowClicks: inspector.rowClicks) ? name : nil
    }

    /// A layer's samples on an axis, replayed from the live history (`LayerGraphReplay`).
    var layerGraphSamples: (LayerGraphReplay, String, MediaTime, MediaTime) -> LayerGraphSamples? {
        { [machine, descriptor] replay, name, start, end in
            replay.samples(of: name, from: start, to: end, machine: machine, descriptor: descriptor)
        }
    }
}

extension SceneSession {
    /// How many frames the graph of a layer replayed so far, for tests that it costs nothing
    /// while idle and a frame a frame while playing.
    public var layerGraphReplayedFrames: Int { graphPanel.layerReplay.replayedFrames }
}
