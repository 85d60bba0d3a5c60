/// How hard a recording's encoder works for a smaller file: `animdemo record` keeps the
/// smallest file unless `--fast` asks otherwise; the window's recording (`g`) is fast, so that
/// its encoder keeps up while recording and the file is there when it stops
/// (docs/performance-recording.md).
public enum EncodingEffort: String, Sendable, CaseIterable {
    /// libwebp's defaults (lossless: method 4, effort 75; lossy: method 4). The smallest
    /// files; fish at 800×600: about 60–80 ms a frame on one core.
    case smallestFile
    /// libwebp's fastest (lossless: `WebPConfigLosslessPreset` level 0, method 0 and effort 0;
    /// lossy: method 0 at the same quality). Fish at 800×600: about 7 ms a frame, the file
    /// about 1.7× the size. GIF is encoded the same way at either effort: its per-frame
    /// palettes already keep up (about 10 ms a frame for the fish, `Scripts/bench-recording.sh`).
    case fast
}
