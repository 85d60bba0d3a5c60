import Animation

/// Puts frames in the window: memory to draw into, then a request that copies it to the screen.
///
/// Pixels are 32-bit native-endian `0x??RRGGBB` words (Cairo's ARGB32; the server ignores the
/// top byte), rows `stride` bytes apart.
protocol FramePresenter: AnyObject {
    /// How frames reach the server, for messages (`MIT-SHM`, `XPutImage`).
    var method: String { get }
    var width: Int { get }
    var height: Int { get }
    /// A frame was sent and the server may still be reading its memory: do not draw yet.
    var isBusy: Bool { get }
    /// Makes the buffer `width` × `height` (its contents are then undefined).
    func resize(width: Int, height: Int) throws(WindowError)
    /// Lends the buffer and its stride (bytes per row) to `body`, valid only during the call.
    func draw(_ body: (UnsafeMutableRawBufferPointer, Int) throws -> Void) rethrows
    /// Sends the parts of the buffer in `rects` (window pixels, integral) to the window.
    func present(_ rects: [Rect])
    /// The server's completion event for the last `present()` arrived (or will not come).
    func noteCompletion()
}
