/// What the host must do after a frame: the keys that reach beyond the session.
public enum HostCommand: Hashable, Sendable {
    /// Save the frame on screen as a PNG (`s`, `F12`).
    case screenshot
    /// Save this moment as a session file (`b`): the state the window hands it.
    case saveSession
    /// Export the recorded history as an animation file beside the screenshots (`l`: Lottie,
    /// docs/LOTTIE.md § The window's key), with the state the window hands it.
    case exportHistory
    /// Start recording what the scene shows, or stop and save the recording (`g`).
    case toggleRecording
    /// End the program (`q`, Escape with no panel open, the window's close button).
    case quit
    /// Print this text on standard output (`p`: the changed knobs as Swift).
    case output(String)
    /// Put this text on the desktop's clipboard, where there is one (`p`).
    case copyToClipboard(String)
}
