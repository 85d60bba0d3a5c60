internal import CGIF

/// Reads a whole GIF from memory with giflib (`DGifOpen`, `DGifSlurp`) and composites its frames
/// onto full canvases, following each frame's disposal as browsers do: "restore to background"
/// clears the frame's rectangle to transparent, "restore to previous" puts back what was there.
enum GifDecoder {
    /// The bytes still to read.
    private final class Input {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    static func decode(_ bytes: [UInt8], path: String) throws(RecordingError) -> DecodedAnimation {
        let input = Input(bytes)
        let read: InputFunc = { file, buffer, count in
            guard let file, let user = file.pointee.UserData, let buffer, count > 0 else { return 0 }
            let input = Unmanaged<Input>.fromOpaque(user).takeUnretainedValue()
            let length = min(Int(count), input.bytes.count - input.offset)
            for i in 0..<length { buffer[i] = input.bytes[input.offset + i] }
            input.offset += length
            return Int32(length)
        }
        var error: Int32 = 0
        guard let gif = DGifOpen(Unmanaged.passUnretained(input).toOpaque(), read, &error) else {
            throw .cannotRead(path: path, reason: GifEncoder.message(error))
        }
        defer { withExtendedLifetime(input) { _ = DGifCloseFile(gif, nil) } }
        guard DGifSlurp(gif) == GIF_OK else {
            throw .cannotRead(path: path, reason: GifEncoder.message(gif.pointee.Error))
        }
        let width = Int(gif.pointee.SWidth)
        let height = Int(gif.pointee.SHeight)
        guard width > 0, height > 0, let images = gif.pointee.SavedImages else {
            throw .cannotRead(path: path, reason: "no frames")
        }
        var canvas = [UInt32](repeating: 0, count: width * height)
        var frames: [DecodedAnimation.Frame] = []
        var loopCount: Int?
        for index in 0..<Int(gif.pointee.ImageCount) {
            let image = images[index]
            loopCount =
                loopCount ?? Self.loopCount(image.ExtensionBlocks, count: Int(image.ExtensionBlockCount))
            var control = GraphicsControlBlock(
                DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false, DelayTime: 0,
                TransparentColor: NO_TRANSPARENT_COLOR)
            _ = DGifSavedExtensionToGCB(gif, Int32(index), &control)  // no block: the defaults
            let desc = image.ImageDesc
            guard let map = desc.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors,
                let raster = image.RasterBits
            else {
                throw .cannotRead(path: path, reason: "frame \(index) has no colour table")
            }
            let (left, top, w, h) = (Int(desc.Left), Int(desc.Top), Int(desc.Width), Int(desc.Height))
            let saved = control.DisposalMode == DISPOSE_PREVIOUS ? canvas : []
            for y in 0..<h where top + y < height {
                for x in 0..<w where left + x < width {
                    let colorIndex = Int(raster[y * w + x])
                    guard colorIndex != Int(control.TransparentColor) else { continue }
                    guard colorIndex < Int(map.pointee.ColorCount) else {
                        throw .cannotRead(
                            path: path, reason: "frame \(index) uses a colour outside its table")
                    }
                    let color = colors[colorIndex]
                    canvas[(top + y) * width + left + x] =
                        0xFF00_0000 | UInt32(color.Red) << 16 | UInt32(color.Green) << 8 | UInt32(color.Blue)
                }
            }
            frames.append(
                DecodedAnimation.Frame(pixels: canvas, durationMilliseconds: Int(control.DelayTime) * 10))
            switch control.DisposalMode {
            case DISPOSE_BACKGROUND:
                for y in top..<min(top + h, height) {
                    for x in left..<min(left + w, width) { canvas[y * width + x] = 0 }
                }
            case DISPOSE_PREVIOUS:
                canvas = saved
            default:
                break
            }
        }
        if loopCount == nil {
            loopCount = Self.loopCount(
                gif.pointee.ExtensionBlocks, count: Int(gif.pointee.ExtensionBlockCount))
        }
        return DecodedAnimation(
            format: .gif, width: width, height: height, loopCount: loopCount, frames: frames)
    }

    /// The loop count of a NETSCAPE2.0 application extension among `blocks`: giflib keeps the
    /// extension's identifier as one block and each sub-block as a "continue" block after it.
    private static func loopCount(_ blocks: UnsafeMutablePointer<ExtensionBlock>?, count: Int) -> Int? {
        guard let blocks, count >= 2 else { return nil }
        let identifier = Array("NETSCAPE2.0".utf8)
        for i in 0..<(count - 1) where blocks[i].Function == APPLICATION_EXT_FUNC_CODE {
            guard let bytes = blocks[i].Bytes, Int(blocks[i].ByteCount) == identifier.count,
                (0..<identifier.count).allSatisfy({ bytes[$0] == identifier[$0] })
            else { continue }
            let loop = blocks[i + 1]
            guard loop.Function == CONTINUE_EXT_FUNC_CODE, loop.ByteCount >= 3, let data = loop.Bytes,
                data[0] == 1
            else { continue }
            return Int(data[1]) | Int(data[2]) << 8
        }
        return nil
    }
}
