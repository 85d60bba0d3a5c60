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
    /// Animates to `downloadedBytes / bytes` of a turn (`updateWithTotalBytes:downloadedBytes:`):
    /// the paths from the last angle to the new one are computed ahead, the model path is set to
    /// the last of them, and a keyframe animation runs through them all, easeOut.
    func update(totalBytes bytes: Double, downloadedBytes: Double) {
        guard bytes > 0 else { return }
        let ratio = downloadedBytes / bytes
        let destinationAngle = destinationAngle(forRatio: ratio)
        paths = keyframePaths(
            duration: animationDuration, lastUpdatedAngle: lastSourceAngle, newAngle: destinationAngle,
            radius: radius, type: type)
        animatingLayer.path = paths[paths.count - 1]
        lastUpdate = (lastSourceAngle, destinationAngle, layer.timeline.currentTime)
        lastSourceAngle = destinationAngle
        downloadedRatio = ratio
        if animatesUpdates { addPathAnimation(beginTime: 0) }  // 0: now, as Core Animation
        displayLabel.string = Self.labelText(forRatio: ratio)
        updateDebugTicks()
    }
    /// The keyframe animation through `paths` (`pathAnimation`), from `beginTime` (0: now).
    private func addPathAnimation(beginTime: MediaTime) {
        let pathAnimation = KeyframeAnimation(keyPath: .path)
        pathAnimation.values = paths
        pathAnimation.duration = animationDuration
        pathAnimation.timingFunction = .easeOut
        pathAnimation.isRemovedOnCompletion = true
        pathAnimation.beginTime = beginTime
        animatingLayer.add(pathAnimation, forKey: "path")
    }
    /// `ceil(duration · 60) + 1` paths from −90° to end angles evenly spaced from
    /// `lastUpdatedAngle` to `newAngle`, both included (`keyframePathsWithDuration:…`).
    func keyframePaths(
        duration: Double, lastUpdatedAngle: Double, newAngle: Double, radius: Double, type: IndicatorType
    ) -> [BezierPath] {
        let frameCount = max(1, Int((duration * Self.keyframePathsPerSecond).rounded(.up)))
        return (0...frameCount).map { frame in
            let endAngle =
                lastUpdatedAngle + (newAngle - lastUpdatedAngle) * Double(frame) / Double(frameCount)
            return path(startAngle: Self.startAngle, endAngle: endAngle, radius: radius, type: type)
        }
    }
    /// The arc (closed) or the pie (filled, mixed) from `startAngle` to `endAngle`
    /// (`pathWithStartAngle:endAngle:radius:type:`), always of the same elements: closed a move
    /// and `arcPieceCount` cubics; a pie a move to the centre, a line, the cubics and a close.
    func path(startAngle: Double, endAngle: Double, radius: Double, type: IndicatorType) -> BezierPath {
        let clockwise = startAngle < endAngle
        var path = BezierPath()
        if type == .closed {
            path.addArc(
                withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                clockwise: clockwise, pieces: Self.arcPieceCount)
        } else {
            path.move(to: center)
            path.addArc(
                withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                clockwise: clockwise, pieces: Self.arcPieceCount)
            path.close()
        }
        return path
    }
    /// `ratio` of a turn past 12 o'clock, radians (`destinationAngleForRatio:`).
    func destinationAngle(forRatio ratio: Double) -> Double {
        degreeToRadian(360 * ratio - 90)
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

// DownloadScene.swift
        if stage >= .demo {
            settingSwitch.layer.addGestureRecognizer(
                TapGestureRecognizer { [weak self] _ in self?.toggleSettingSwitch() })
        }
    // …
    /// A click on the switch or `o`: flips it (animated, as a UISwitch) and acts on it; nothing
    /// while a multi-step download runs (the demo turns the switch's interaction off then).
    func toggleSettingSwitch() {
        guard isSwitchInteractionEnabled else { return }
        settingSwitch.setOn(!settingSwitch.isOn, animated: true)
        settingChanged()
    }
    // …
    /// Starts the simulated download from 0 (`startAnimation`): the indicators go back to
    /// empty; with the switch on the four updates are due 1, 2, 3 and 4 s from now, with it
    /// off one update to 100 % runs at once (`updateViewOneTime`).
    func startAnimation() {
        for timer in updateTimers { timer.invalidate() }
        updateTimers = []
        timeline.transaction { transaction in
            transaction.disableActions = true
            for indicator in indicators {
                indicator.loadIndicator()
                indicator.animationDuration = knobs[Knobs.animationDuration]
                indicator.animatesUpdates = stage >= .animation
            }
        }
        guard stage >= .paths else { return }  // the first step: the empty arcs only
        guard settingSwitch.isOn else {
            updateViewOneTime()
            return
        }
        downloadedBytes = 0
        isSwitchInteractionEnabled = false
        let interval = knobs[Knobs.updateInterval]
        let lastIndex = Self.downloadSteps.count - 1
        updateTimers = Self.downloadSteps.enumerated().map { index, step in
            timeline.delay(Self.firstUpdateDelay + Double(index) * interval) { [weak self] in
                self?.updateView(step)
                if index == lastIndex { self?.isSwitchInteractionEnabled = true }
            }
        }
    }
