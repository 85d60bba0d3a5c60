import Animation
import Glibc
import Render
import Scenes
import Session

/// What the window needs from the command line.
public struct WindowOptions {
    public var catalog: [SceneDescriptor]
    public var sceneIndex: Int
    public var size: Size
    public var fps: Int
    public var seed: UInt64
    public var screenshotDirectory: String
    public var images: ImageStore
    /// The starting scene's knobs (`--set`).
    public var knobs: [String: KnobValue]
    /// `--scale`: window pixels per pixel of `size`; nil for the desktop's (`DesktopScale`).
    public var scale: Double?
    /// What `g` records: GIF or WebP (`--record-format`).
    public var recordingFormat: AnimationFormat
    /// `--bubbles`: bubbles the fish scene keeps in flight (`SceneContext.bubbleLoad`); 0 for none.
    public var bubbleLoad: Int
    /// `--compare`: a copy of the scene beside it with these knobs turned too; nil for none.
    public var compare: [String: KnobValue]?
    /// The name in the window title, error lines and capture file names (a package's own).
    public var programName = "animdemo"
    /// Run by `--watch`'s supervisor: its requests on stdin, the state to take up.
    public var watch: WatchChild?
    /// `--session FILE`: the moment to open (paused), its path for the message.
    public var session: (state: WatchState, path: String)?
    /// What `l` exports the recorded history with (the program's Lottie export); nil: `l` says
    /// that this window exports none.
    public var historyExporter: HistoryExporter?

    public init(
        catalog: [SceneDescriptor], sceneIndex: Int, size: Size, fps: Int, seed: UInt64,
        screenshotDirectory: String, images: ImageStore, scale: Double? = nil,
        knobs: [String: KnobValue] = [:], recordingFormat: AnimationFormat = .gif,
        bubbleLoad: Int = 0
    ) {
        self.bubbleLoad = bubbleLoad
        self.scale = scale
        self.recordingFormat = recordingFormat
        self.images = images
        self.knobs = knobs
        self.catalog = catalog
        self.sceneIndex = sceneIndex
        self.size = size
        self.fps = fps
        self.seed = seed
        self.screenshotDirectory = screenshotDirectory
    }
}
