/// What a text layer draws. `TextLayer`'s properties read and write it.
public struct TextDrawing: Hashable, Sendable {
    public var string = ""
    /// Pixels.
    public var fontSize = 14.0
    public var isBold = false
    public var foregroundColor = Color.black
    public var alignment = TextAlignment.center

    public init() {}
}
