import Animation
internal import CX11

/// Presents with plain `XPutImage`, for servers that cannot share memory with us (a remote
/// display) or when `ANIMDEMO_NO_SHM=1` asks for it: the pixels travel over the connection,
/// and Xlib has copied them by the time the call returns, so the buffer is never busy.
final class PutImagePresenter: FramePresenter {
    let method = "XPutImage"
    private let window: XWindow
    private var buffer: UnsafeMutableRawBufferPointer
    /// Owned here; its `data` points into `buffer`, which this class frees itself.
    private var image: UnsafeMutablePointer<XImage>
    private(set) var width: Int
    private(set) var height: Int
    let isBusy = false

    init(window: XWindow, width: Int, height: Int) throws(WindowError) {
        self.window = window
        let (buffer, image) = try Self.makeImage(window: window, width: width, height: height)
        self.buffer = buffer
        self.image = image
        self.width = width
        self.height = height
    }

    deinit { Self.destroy(image, buffer) }

    func resize(width: Int, height: Int) throws(WindowError) {
        guard width != self.width || height != self.height else { return }
        let (buffer, image) = try Self.makeImage(window: window, width: width, height: height)
        Self.destroy(self.image, self.buffer)
        self.buffer = buffer
        self.image = image
        self.width = width
        self.height = height
    }

    func draw(_ body: (UnsafeMutableRawBufferPointer, Int) throws -> Void) rethrows {
        try body(buffer, Int(image.pointee.bytes_per_line))
    }

    func present(_ rects: [Rect]) {
        for rect in rects {
            let x = Int32(max(rect.minX, 0))
            let y = Int32(max(rect.minY, 0))
            XPutImage(
                window.display.handle, window.id, window.graphicsContext, image, x, y, x, y,
                UInt32(max(min(rect.width, Double(width) - rect.minX), 0)),
                UInt32(max(min(rect.height, Double(height) - rect.minY), 0)))
        }
    }

    func noteCompletion() {}

    private static func makeImage(window: XWindow, width: Int, height: Int) throws(WindowError)
        -> (UnsafeMutableRawBufferPointer, UnsafeMutablePointer<XImage>)
    {
        let stride = width * 4
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: stride * height, alignment: 16)
        guard let base = buffer.baseAddress,
            let image = XCreateImage(
                window.display.handle, window.visual, UInt32(window.depth), ZPixmap, 0,
                base.assumingMemoryBound(to: CChar.self), UInt32(width), UInt32(height), 32, Int32(stride))
        else {
            buffer.deallocate()
            throw .cannotPresent("cannot make a \(width)x\(height) image")
        }
        // Our words are native-endian; Xlib swaps them if the server's order differs.
        image.pointee.byte_order = UInt32(littleEndian: 1) == 1 ? LSBFirst : MSBFirst
        guard image.pointee.bits_per_pixel == 32 else {
            destroy(image, buffer)
            throw .cannotPresent("the server's 24-bit images are not 32 bits per pixel")
        }
        return (buffer, image)
    }

    private static func destroy(
        _ image: UnsafeMutablePointer<XImage>, _ buffer: UnsafeMutableRawBufferPointer
    ) {
        image.pointee.data = nil  // XDestroyImage would free() it, and it is not malloc's
        _ = animdemo_XDestroyImage(image)
        buffer.deallocate()
    }
}
