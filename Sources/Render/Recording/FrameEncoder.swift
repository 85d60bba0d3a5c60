/// One format's encoder behind `AnimationRecorder`: frames go in one at a time, as premultiplied
/// ARGB32 words row by row, already checked to be `width` × `height`, and the file goes to the
/// `RecordingOutput` the encoder was made with (as it is encoded, or all at the end).
protocol FrameEncoder: AnyObject {
    /// Encodes the next frame (frame `n` starts at `n / fps` seconds).
    func append(_ pixels: [UInt32]) throws(RecordingError)
    /// Ends the animation, writing the rest of the file to the output; called once, after at
    /// least one frame.
    func finish() throws(RecordingError)
    /// After the output refused a write: ends the file at the last frame written whole and
    /// returns how many milliseconds it holds; nil when there is no such frame, or the format
    /// writes its file only at the end (GIF).
    func finishAfterWriteError() throws(RecordingError) -> Int?
}
