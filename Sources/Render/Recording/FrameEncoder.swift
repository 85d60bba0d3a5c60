/// One format's encoder behind `AnimationRecorder`: frames go in one at a time, as premultiplied
/// ARGB32 words row by row, already checked to be `width` × `height`.
protocol FrameEncoder: AnyObject {
    /// Encodes the next frame (frame `n` starts at `n / fps` seconds).
    func append(_ pixels: [UInt32]) throws(RecordingError)
    /// Ends the animation and returns the whole file; called once, after at least one frame.
    func finish() throws(RecordingError) -> [UInt8]
}
