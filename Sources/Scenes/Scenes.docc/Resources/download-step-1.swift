// DownloadIndicator.swift
    /// Sets the initial, empty path and the colours, and starts again from 12 o'clock
    /// (`loadIndicator`); also clears the label.
    func loadIndicator() {
        animatingLayer.removeAllAnimations()
        lastUpdate = nil
        paths = []
        lastSourceAngle = Self.startAngle
        downloadedRatio = 0
        animatingLayer.path = initialPath()
        animatingLayer.strokeColor = strokeColor
        animatingLayer.fillColor = fillColor
        animatingLayer.lineWidth = coverWidth
        coverPathLayer.strokeColor = closedIndicatorBackgroundStrokeColor
        coverPathLayer.lineWidth = coverWidth
        displayLabel.string = Self.labelText(forRatio: 0)
        updateDebugTicks()
    }
    // …
    /// The path before any update: an arc of no angle at 12 o'clock (`loadIndicator`).
    private func initialPath() -> BezierPath {
        var initialPath = BezierPath()
        initialPath.addArc(
            withCenter: center, radius: radius, startAngle: Self.startAngle, endAngle: Self.startAngle,
            clockwise: true)
        return initialPath
    }
