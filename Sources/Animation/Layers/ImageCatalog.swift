/// Pixel sizes of the image assets, from the renderer, so that scenes can lay images out
/// without knowing how they are loaded.
public protocol ImageCatalog {
    /// The natural size of the image `name`, or nil if there is no such asset.
    func size(ofImage name: String) -> Size?
}
