/// The properties written on a presentation copy since it last took every value of its model
/// (the animations' values, and anything else set on the copy): when the model has not
/// changed since, `Layer.presentation()` takes back only these before the animations apply
/// again, instead of copying every property (docs/internals/rendering-many-layers.md).
struct PresentationWrites: OptionSet {
    let rawValue: UInt8

    static let position = Self(rawValue: 1 << 0)
    static let bounds = Self(rawValue: 1 << 1)
    static let anchorPoint = Self(rawValue: 1 << 2)
    static let transform = Self(rawValue: 1 << 3)
    static let opacity = Self(rawValue: 1 << 4)
    /// `Layer.drawing`: background, corners, border, clip, contents.
    static let drawing = Self(rawValue: 1 << 5)
    /// A subclass's own drawing (`ShapeLayer.shapeDrawing`, `TextLayer.textDrawing`).
    static let subclassDrawing = Self(rawValue: 1 << 6)
    /// Anything else (visibility, name, interaction, the tree): the copy takes every value.
    static let other = Self(rawValue: 1 << 7)
}
