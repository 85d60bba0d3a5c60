internal import CGIF

/// Owns one giflib encoder (`GifFileType` from `EGifOpen`) that writes a GIF89a into memory.
///
/// The file is written as frames arrive, so a recording keeps only the compressed bytes, never
/// the frames. Every frame carries its own colour table; there is no global one.
final class GifEncoder {
    private let handle: UnsafeMutablePointer<GifFileType>
    private let output: Output
    private var isOpen = true

    /// The bytes giflib has written so far.
    private final class Output {
        var bytes: [UInt8] = []
    }

    /// Starts a GIF89a of `width` × `height` that plays `loopCount` times (0: forever).
    init(width: Int, height: Int, loopCount: Int) throws(RecordingError) {
        let output = Output()
        var error: Int32 = 0
        let write: OutputFunc = { file, bytes, count in
            guard let file, let user = file.pointee.UserData, let bytes, count >= 0 else { return 0 }
            let output = Unmanaged<Output>.fromOpaque(user).takeUnretainedValue()
            output.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(count)))
            return count
        }
        guard let handle = EGifOpen(Unmanaged.passUnretained(output).toOpaque(), write, &error) else {
            throw .encoderFailed(format: .gif, reason: Self.message(error))
        }
        self.handle = handle
        self.output = output
        EGifSetGifVersion(handle, true)
        try check(EGifPutScreenDesc(handle, Int32(width), Int32(height), 8, 0, nil))
        try putLoopExtension(loopCount)
    }

    deinit {
        if isOpen { EGifCloseFile(handle, nil) }
    }

    /// The NETSCAPE2.0 application extension: sub-block 1 holds the loop count, little-endian.
    private func putLoopExtension(_ loopCount: Int) throws(RecordingError) {
        let identifier = Array("NETSCAPE2.0".utf8)
        let loop: [UInt8] = [1, UInt8(loopCount & 0xFF), UInt8((loopCount >> 8) & 0xFF)]
        try check(EGifPutExtensionLeader(handle, APPLICATION_EXT_FUNC_CODE))
        try check(identifier.withUnsafeBytes { EGifPutExtensionBlock(handle, 11, $0.baseAddress) })
        try check(loop.withUnsafeBytes { EGifPutExtensionBlock(handle, 3, $0.baseAddress) })
        try check(EGifPutExtensionTrailer(handle))
    }

    /// Adds one frame: a rectangle of palette indices (row by row) at (`left`, `top`) drawn over
    /// the previous frame (disposal "do not dispose"), shown for `delay` centiseconds.
    /// - Parameters:
    ///   - palette: 0xRRGGBB colours, 1…256 of them; padded to a power of two for the file.
    ///   - transparentIndex: the index that leaves the previous frame's pixel showing, if any.
    func putFrame(
        left: Int, top: Int, width: Int, height: Int, indices: [UInt8], palette: [UInt32],
        transparentIndex: Int?, delay: Int
    ) throws(RecordingError) {
        precondition(indices.count == width * height, "one index per pixel of the rectangle")
        precondition((1...256).contains(palette.count), "a GIF palette holds 1…256 colours")
        var control = GraphicsControlBlock(
            DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(delay),
            TransparentColor: Int32(transparentIndex ?? Int(NO_TRANSPARENT_COLOR)))
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        let length = extensionBytes.withUnsafeMutableBufferPointer {
            EGifGCBToExtension(&control, $0.baseAddress)
        }
        try check(EGifPutExtension(handle, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes))

        var size = 2
        while size < palette.count { size *= 2 }
        let colors = (0..<size).map { index in
            let rgb = index < palette.count ? palette[index] : 0
            return GifColorType(
                Red: UInt8((rgb >> 16) & 0xFF), Green: UInt8((rgb >> 8) & 0xFF), Blue: UInt8(rgb & 0xFF))
        }
        guard let map = GifMakeMapObject(Int32(size), colors) else {
            throw .encoderFailed(format: .gif, reason: "out of memory for a colour table")
        }
        defer { GifFreeMapObject(map) }  // EGifPutImageDesc keeps its own copy
        try check(EGifPutImageDesc(handle, Int32(left), Int32(top), Int32(width), Int32(height), false, map))
        var row = [UInt8](repeating: 0, count: width)
        for y in 0..<height {
            row.withUnsafeMutableBufferPointer { line in
                for x in 0..<width { line[x] = indices[y * width + x] }
            }
            try check(
                row.withUnsafeMutableBufferPointer { EGifPutLine(handle, $0.baseAddress, Int32(width)) })
        }
    }

    /// Writes the trailer and returns the whole file.
    func finish() throws(RecordingError) -> [UInt8] {
        precondition(isOpen, "finish is called once")
        isOpen = false
        var error: Int32 = 0
        guard EGifCloseFile(handle, &error) == GIF_OK else {  // frees the handle either way
            throw .encoderFailed(format: .gif, reason: Self.message(error))
        }
        return output.bytes
    }

    private func check(_ status: Int32) throws(RecordingError) {
        guard status == GIF_OK else {
            throw .encoderFailed(format: .gif, reason: Self.message(handle.pointee.Error))
        }
    }

    /// giflib's message for an error code.
    static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}
