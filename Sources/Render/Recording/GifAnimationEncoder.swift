/// Encodes frames as an animated GIF as they arrive.
///
/// - Each frame stores only the rectangle that holds every pixel that changed since the
///   previous frame; inside it, unchanged pixels get a transparent index and the previous
///   frame shows through (disposal "do not dispose"). A frame identical to its predecessor is
///   a single transparent pixel, so the frame count and timing stay those of the recording.
/// - GIF has no partial transparency: frames are stored as drawn over black (the premultiplied
///   colour channels as they are).
/// - Delays are centiseconds from `FrameTiming`: their sum is the recording's length, rounded.
///   (Browsers show a delay of 0 or 1 centisecond as 10, so above 50 fps some frames play
///   slower there; the file still holds the exact sum.)
/// - Palette: each frame has its own colour table, made from the pixels it stores
///   (`ColorQuantizer`): exactly those colours when there are at most 255, else 255 chosen by
///   median cut and Floyd–Steinberg dithering.
///
/// The palette strategy, measured: frames encoded, decoded and compared with their sources, in
/// levels of 255 per channel: mean error / worst pixel / mean error of 4×4 block averages (what
/// banding shows as; dithering noise averages out), and the file size. Scenes at 400×300, 30 fps;
/// the gradient is 256×128 (32,769 colours) with a disc moving across it.
///
///                      per frame,            per frame,          giflib's            one table,
///                      dithered (chosen)     plain               quantizer           dithered
///     gradient (10)    3.53/20/0.67  32 KB   2.91/13/2.19 22 KB  6.76/55/6.45 13 KB  3.86/19/0.67 29 KB
///     grey ramp (1)    0.00/1/0.00    6 KB   0.00/1/0.00         3.50/7/3.50         0.00/1/0.00
///     fish (60)        0.00/13/0.00  89 KB   0.00/12/0.00        3.01/11/3.01        0.00/37/0.00
///     checkmark (36)   0/0/0 exact   87 KB   0/0/0               0.80/7/0.80         0.02/14/0.01
///     download (60)    0.00/3/0.00   25 KB   0.00/3/0.00         6.91/7/6.91         0.01/25/0.00
///     elastic (42)     0/0/0 exact   26 KB   0/0/0               5.70/7/5.70         0/0/0 38 KB
///
///   (fish and download: 0–2 s; checkmark: a tap; elastic: a drag and release.)
///
/// - giflib's `GifQuantizeBuffer` counts colours at 5 bits a channel, so even a 256-level grey
///   ramp comes out in 32 steps of 8 levels: it bands everywhere.
/// - One table for the whole recording (here even built from every frame, which a file written
///   as frames arrive cannot have) starves rare colours (worst pixel 37 levels off in the fish,
///   25 in the download) and is bigger where frames are simple (elastic).
/// - Per frame, most scene frames need at most 255 colours and are stored exactly. Dithering
///   acts only where they do not; on the gradient it takes the block error from 2.19 to 0.67
///   levels (no visible steps) for 0.6 more per pixel and 45 % more bytes.
final class GifAnimationEncoder: FrameEncoder {
    private let width: Int
    private let height: Int
    private let fps: Int
    private let file: GifEncoder
    /// Where the file goes, whole, at the end.
    private let output: any RecordingOutput
    private let quantizer = ColorQuantizer()
    /// The previous frame's colours (0xRRGGBB), empty before the first frame.
    private var previous: [UInt32] = []
    private var frame = 0

    init(output: any RecordingOutput, width: Int, height: Int, fps: Int, loopCount: Int)
        throws(RecordingError)
    {
        self.output = output
        self.width = width
        self.height = height
        self.fps = fps
        file = try GifEncoder(width: width, height: height, loopCount: loopCount)
    }

    func append(_ pixels: [UInt32]) throws(RecordingError) {
        let colors = pixels.map { $0 & 0x00FF_FFFF }  // premultiplied: drawn over black
        let delay = FrameTiming.length(
            of: frame, fps: fps, unitsPerSecond: FrameTiming.centisecondsPerSecond)
        defer {
            previous = colors
            frame += 1
        }
        guard !previous.isEmpty else {
            let result = quantizer.quantize(
                colors, mask: [Bool](repeating: true, count: colors.count), width: width, height: height)
            try file.putFrame(
                left: 0, top: 0, width: width, height: height, indices: result.indices,
                palette: result.palette, transparentIndex: nil, delay: delay)
            return
        }
        guard let changed = changedRectangle(from: previous, to: colors) else {
            // Nothing changed: one transparent pixel keeps the frame and its delay.
            try file.putFrame(
                left: 0, top: 0, width: 1, height: 1, indices: [0], palette: [0], transparentIndex: 0,
                delay: delay)
            return
        }
        var block: [UInt32] = []
        var mask: [Bool] = []
        block.reserveCapacity(changed.width * changed.height)
        mask.reserveCapacity(changed.width * changed.height)
        for y in changed.top..<(changed.top + changed.height) {
            for x in changed.left..<(changed.left + changed.width) {
                block.append(colors[y * width + x])
                mask.append(colors[y * width + x] != previous[y * width + x])
            }
        }
        var result = quantizer.quantize(block, mask: mask, width: changed.width, height: changed.height)
        var transparentIndex: Int?
        if mask.contains(false) {
            let index = result.palette.count
            result.palette.append(0)
            for i in mask.indices where !mask[i] { result.indices[i] = UInt8(index) }
            transparentIndex = index
        }
        try file.putFrame(
            left: changed.left, top: changed.top, width: changed.width, height: changed.height,
            indices: result.indices, palette: result.palette, transparentIndex: transparentIndex, delay: delay
        )
    }

    func finish() throws(RecordingError) {
        try output.write(try file.finish())
    }

    func finishAfterWriteError() -> Int? { nil }

    /// The smallest rectangle holding every pixel that differs, or nil when none does.
    private func changedRectangle(from old: [UInt32], to new: [UInt32])
        -> (left: Int, top: Int, width: Int, height: Int)?
    {
        var (minX, minY, maxX, maxY) = (width, height, -1, -1)
        for y in 0..<height {
            let row = y * width
            var x = 0
            while x < width && old[row + x] == new[row + x] { x += 1 }
            guard x < width else { continue }
            var last = width - 1
            while old[row + last] == new[row + last] { last -= 1 }
            (minX, maxX) = (min(minX, x), max(maxX, last))
            (minY, maxY) = (min(minY, y), y)
        }
        guard maxX >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }
}
