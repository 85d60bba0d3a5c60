/// What a layer does when a property changes (CAAction, reduced to what the tutorials use).
public enum LayerAction: Hashable, Sendable {
    /// The default: an implicit animation with the transaction's duration and timing.
    case `default`
    /// No implicit animation for this property (NSNull in Core Animation).
    case none
}
