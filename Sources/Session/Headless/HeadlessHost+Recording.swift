import Animation
import Render

extension HeadlessHost {
    /// Runs the scene from where it is through the frames of `schedule`, drawing only those
    /// the recording keeps, and appends each to `recorder` (README § Recording); `progress`
    /// hears the number of frames recorded so far after each.
    ///
    /// The host must not have run past the schedule's first scene frame.
    public func record(
        _ schedule: RecordingSchedule, into recorder: AnimationRecorder, progress: (Int) -> Void = { _ in }
    ) throws {
        precondition(schedule.sceneFPS == fps, "a schedule for \(schedule.sceneFPS) fps on a host at \(fps)")
        for index in 0..<schedule.frameCount {
            let target = schedule.sceneFrame(ofFrame: index)
            precondition(target >= frame, "scene frame \(target) has already run")
            let image = try render(frame: target)
            try recorder.append(image)
            progress(index + 1)
        }
    }

    /// Records `schedule` from the session's history by time travel, paused, as the window's
    /// timeline steps through it (`record --session`): each kept frame is the history's at its
    /// time, with the window's panels as they are; past the history's end the scene goes on
    /// with no input, as playing would have run it.
    public func recordHistory(
        _ schedule: RecordingSchedule, into recorder: AnimationRecorder, progress: (Int) -> Void = { _ in }
    ) throws {
        precondition(schedule.sceneFPS == fps, "a schedule for \(schedule.sceneFPS) fps on a host at \(fps)")
        for index in 0..<schedule.frameCount {
            session.seek(toTime: time(ofFrame: schedule.sceneFrame(ofFrame: index)), at: time(ofFrame: frame))
            var image: RenderedFrame?
            try step { root in
                image = try canvas.render(
                    root, size: session.size, background: .black, omitting: session.windowOnlyLayers)
            }
            guard let image else { preconditionFailure("the frame was not drawn") }
            try recorder.append(image)
            progress(index + 1)
        }
    }
}
