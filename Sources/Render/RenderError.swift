/// What can go wrong while drawing or writing images; each names the input and the fix.
public enum RenderError: Error, CustomStringConvertible, Equatable {
    case cannotCreateSurface(width: Int, height: Int)
    case cannotWritePNG(path: String, reason: String)
    case cannotReadPNG(path: String, reason: String)
    case cannotEncodePNG(reason: String)

    public var description: String {
        switch self {
        case .cannotCreateSurface(let width, let height):
            return "cannot create a \(width)x\(height) image (too large, or out of memory)"
        case .cannotWritePNG(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .cannotReadPNG(let path, let reason):
            return "cannot read the PNG \(path): \(reason)"
        case .cannotEncodePNG(let reason):
            return "cannot encode a PNG: \(reason)"
        }
    }
}
