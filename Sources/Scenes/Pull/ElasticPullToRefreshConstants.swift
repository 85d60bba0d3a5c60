// ElasticPullToRefreshConstants — DGElasticPullToRefreshConstants, the library's four numbers
// (docs/SEMANTICS.md § Elastic (DGElasticPullToRefresh)). The library keeps them as `public
// static var`s an app may change; here they are a value the pull view holds, which the pull
// scene's knobs set, so that two scenes never share a changed constant.

/// The library's constants, points (DGElasticPullToRefreshConstants without the prefix; the
/// names are the library's in Swift's lower camel case).
struct ElasticPullToRefreshConstants: Equatable {
    /// The largest wave, points (`WaveMaxHeight`, 70).
    var waveMaxHeight = 70.0
    /// How far the list must be pulled for a release to load, points (`MinOffsetToPull`, 95).
    var minOffsetToPull = 95.0
    /// How far down the list is held while loading, points (`LoadingContentInset`, 50).
    var loadingContentInset = 50.0
    /// The loading view's side, points (`LoadingViewSize`, 30).
    var loadingViewSize = 30.0

    /// The library's values.
    static let library = ElasticPullToRefreshConstants()
}
