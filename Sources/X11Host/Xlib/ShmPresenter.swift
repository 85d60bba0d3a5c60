import Animation
internal import CX11

/// Presents through MIT-SHM: Cairo draws straight into a segment the server also maps, and
/// `XShmPutImage` asks the server to copy it; the server's `ShmCompletion` event says when the
/// memory may be drawn into again.
final class ShmPresenter: FramePresenter {
    let method = "MIT-SHM"
    private let window: XWindow
    private var segment: ShmSegment
    /// Owned here; its `data` is the segment's memory and its `obdata` the segment's info.
    private var image: UnsafeMutablePointer<XImage>
    private(set) var width: Int
    private(set) var height: Int
    private(set) var isBusy = false

    /// Nil when the server cannot share memory with us (no MIT-SHM, a remote display) or the
    /// image would not be 32 bits per pixel.
    init?(window: XWindow, width: Int, height: Int) {
        guard window.display.shmCompletionEventType != nil,
            let (segment, image) = Self.makeImage(window: window, width: width, height: height, reusing: nil)
        else { return nil }
        self.window = window
        self.segment = segment
        self.image = image
        self.width = width
        self.height = height
    }

    deinit { _ = animdemo_XDestroyImage(image) }  // frees the XImage only, not the segment

    func resize(width: Int, height: Int) throws(WindowError) {
        guard width != self.width || height != self.height else { return }
        guard
            let (segment, image) = Self.makeImage(
                window: window, width: width, height: height, reusing: segment)
        else { throw .cannotPresent("no shared memory for a \(width)x\(height) frame") }
        _ = animdemo_XDestroyImage(self.image)
        self.image = image
        self.segment = segment
        self.width = width
        self.height = height
    }

    func draw(_ body: (UnsafeMutableRawBufferPointer, Int) throws -> Void) rethrows {
        let stride = Int(image.pointee.bytes_per_line)
        try body(UnsafeMutableRawBufferPointer(start: segment.address, count: stride * height), stride)
    }

    /// One XShmPutImage per rectangle; only the last asks for a completion event, which the
    /// server sends after it has copied every one before it (requests run in order).
    func present(_ rects: [Rect]) {
        for (index, rect) in rects.enumerated() {
            let x = Int32(max(rect.minX, 0))
            let y = Int32(max(rect.minY, 0))
            XShmPutImage(
                window.display.handle, window.id, window.graphicsContext, image, x, y, x, y,
                UInt32(max(min(rect.width, Double(width) - rect.minX), 0)),
                UInt32(max(min(rect.height, Double(height) - rect.minY), 0)),
                index == rects.count - 1 ? True : False)
        }
        if !rects.isEmpty { isBusy = true }
    }

    func noteCompletion() { isBusy = false }

    /// An image over `reusing` if the segment is big enough and at most twice the size needed,
    /// else over a new segment (the old one is then freed): after a resize to 32767² and
    /// back, the 4 GiB segment goes, rather than staying until the program ends.
    private static func makeImage(window: XWindow, width: Int, height: Int, reusing old: ShmSegment?)
        -> (ShmSegment, UnsafeMutablePointer<XImage>)?
    {
        let byteCount = width * height * 4
        let segment: ShmSegment
        if let old, old.byteCount >= byteCount, old.byteCount <= 2 * byteCount {
            segment = old
        } else {
            guard let fresh = ShmSegment(display: window.display, byteCount: byteCount) else { return nil }
            segment = fresh
        }
        guard
            let image = XShmCreateImage(
                window.display.handle, window.visual, UInt32(window.depth), ZPixmap, nil, segment.info,
                UInt32(width), UInt32(height))
        else { return nil }
        guard image.pointee.bits_per_pixel == 32,
            Int(image.pointee.bytes_per_line) * height <= segment.byteCount
        else {
            _ = animdemo_XDestroyImage(image)
            return nil
        }
        image.pointee.data = segment.info.pointee.shmaddr
        return (segment, image)
    }
}
