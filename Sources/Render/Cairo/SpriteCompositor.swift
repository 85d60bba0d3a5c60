import Animation
internal import CCairo
internal import CSprites
import Foundation

/// Copies sprites (images already scaled into their place, `ScaledImageCache.copy`) onto a
/// frame without Cairo: Cairo would save its state, build a pattern, clip and restore for
/// each, and pixman would look up its fast path and clip again, which costs more than copying
/// a bubble's few hundred pixels (docs/internals/rendering-many-layers.md). The copying
/// is CSprites' (eight pixels at a time with AVX2), with pixman's rounding, so the pixels are
/// the ones Cairo's `paint_with_alpha` gives: OVER with the same 8-bit alpha.
///
/// Copies are queued and done by `flush()`, which the renderer calls before Cairo draws
/// anything else, so the order on the frame is the layers' order. While the renderer walks on,
/// every `batchPixels` of queued copies become a batch, which a worker thread applies. The
/// frame is cut in `bandCount` bands of rows, and each band takes the batches in order: a
/// thread takes a band no other thread has, applies to its rows the batches it has not had
/// yet, and gives it back. `flush()` makes the queue a last batch and takes bands too, until
/// every band has had every batch. So the pixels are the same as one copy after the other; a
/// band's rows stay in the core's cache across the batches it takes; and a flush waits for
/// the worker only to finish the band it has, not a whole batch over the frame (a worker the
/// system pauses for milliseconds then holds up an eighth of the frame, not all of it).
final class SpriteCompositor {
    private let target: CairoSurface
    /// The queued copies as plain values (what the threads read). The sprites they point into
    /// are kept alive by the caller until `finish()` (`ScaledImageCache.endFrame()`).
    private var copies: [csprites_copy] = []
    /// The clip rectangles of the queued copies, four numbers each, and the last clip added
    /// (runs of copies share one).
    private var clips: [Int32] = []
    private var lastClip: [Rect]?
    /// Pixels the queued copies cover (before clipping).
    private var queuedPixels = 0
    /// Whether anything was copied since `finish()`.
    private var hasCopied = false
    /// The worker's runs, waited for before the frame's pixels go.
    private let inFlight = DispatchGroup()
    /// The batches of the frame and the bands' progress through them, shared with the worker.
    private let bands: Bands?
    /// The frame's pixels: rows, stride (pixels), width and height.
    private let frame: (base: UnsafeMutablePointer<UInt32>, stride: Int32, width: Int32, height: Int32)?

    /// From this many queued pixels on (about 50 bubbles), the queue becomes a batch for the
    /// worker while the renderer walks on: the walk and the copying then share the two cores.
    static let batchPixels = 50_000

    /// Runs the worker's turns, one after another (a serial queue), for every compositor.
    private static let worker = DispatchQueue(label: "animdemo.sprites", qos: .userInteractive)

    /// A flush's last batch of fewer pixels than this is copied on the renderer's thread alone
    /// when the worker is idle: waking it costs more.
    static let parallelPixels = 100_000

    /// The bands of rows the frame is cut in: enough that a paused worker holds up little of
    /// the frame, few enough that each takes several bubbles of a batch.
    static let bandCount = 8

    /// A compositor drawing onto `target`, which Cairo may draw on in between.
    init(target: CairoSurface) {
        self.target = target
        target.withHandle { cairo_surface_flush($0) }
        frame = target.rows(from: 0).map {
            ($0.base, $0.stride / 4, Int32(target.width), Int32(target.height))
        }
        bands = frame.map { Bands(height: $0.height, count: Self.bandCount) }
    }

    deinit {
        inFlight.wait()  // the worker must be done with the frame's pixels
    }

    /// Queues a copy of `sprite` with its top-left pixel at (`x`, `y`) over the frame, faded by
    /// `alpha`, within the device rectangles `clip` (whole pixels). The sprite's pixels must
    /// stay alive until `finish()` returns.
    func copy(_ sprite: SpritePixels, x: Int, y: Int, alpha: Double, clip: [Rect]) {
        // Cairo turns alpha into 16 bits (× 65535.99…, truncated); pixman keeps the top 8.
        let alpha8 = alpha >= 1 ? 255 : max(0, Int(alpha * 65535.999_999) >> 8)
        guard alpha8 > 0, !clip.isEmpty else { return }
        if clip != lastClip {
            clips.reserveCapacity(clips.count + 4 * clip.count)
            for rect in clip {
                clips += [Int32(rect.minX), Int32(rect.minY), Int32(rect.maxX), Int32(rect.maxY)]
            }
            lastClip = clip
        }
        copies.append(
            csprites_copy(
                pixels: sprite.base, stride: sprite.stride, width: sprite.width, height: sprite.height,
                x: Int32(x), y: Int32(y), alpha: Int32(alpha8),
                clip_start: Int32(clips.count / 4 - clip.count), clip_count: Int32(clip.count)))
        queuedPixels += sprite.pixelCount
        if queuedPixels >= Self.batchPixels { handOver() }
    }

    /// One batch of copies: plain values, whose pointers point into sprites the caller keeps
    /// alive until `finish()`.
    private struct Batch: @unchecked Sendable {
        let copies: [csprites_copy]
        let clips: [Int32]
        let frame: (base: UnsafeMutablePointer<UInt32>, stride: Int32, width: Int32, height: Int32)

        /// Does the copies on `rows` of the frame.
        func copy(rows: Range<Int32>) {
            copies.withUnsafeBufferPointer { copies in
                clips.withUnsafeBufferPointer { clips in
                    csprites_composite(
                        copies.baseAddress, copies.count, clips.baseAddress, frame.base, frame.stride,
                        frame.width,
                        rows.lowerBound, rows.upperBound)
                }
            }
        }
    }

    /// The queue as a batch, the queue emptied (its arrays keep their room for the next one).
    private func takeBatch() -> Batch? {
        guard let frame, !copies.isEmpty else { return nil }
        let batch = Batch(copies: copies, clips: clips, frame: frame)
        copies.removeAll(keepingCapacity: true)
        clips.removeAll(keepingCapacity: true)
        lastClip = nil
        queuedPixels = 0
        hasCopied = true
        return batch
    }

    /// Gives the queue to the bands, and the worker a turn if it has none.
    private func handOver() {
        guard let bands, let batch = takeBatch() else { return }
        if bands.add(batch, wakesWorker: true) { startWorker(bands) }
    }

    private func startWorker(_ bands: Bands) {
        Self.worker.async(group: inFlight) { bands.work(untilDone: false, isWorker: true) }
    }

    /// Does the queued copies, and those handed over before: call before the frame's pixels
    /// are touched otherwise. The renderer's thread takes bands beside the worker until every
    /// band has had every batch.
    func flush() {
        guard let bands else { return }
        // A large last batch wakes the worker to share it (when it has no turn running).
        if let batch = takeBatch(), bands.add(batch, wakesWorker: pixels(of: batch) >= Self.parallelPixels) {
            startWorker(bands)
        }
        bands.work(untilDone: true, isWorker: false)
    }

    private func pixels(of batch: Batch) -> Int {
        batch.copies.reduce(0) { $0 + Int($1.width) * Int($1.height) }
    }

    /// Tells Cairo that the frame's pixels changed behind its back (call before Cairo reads it).
    func finish() {
        flush()
        guard hasCopied else { return }
        target.withHandle { cairo_surface_mark_dirty($0) }
        hasCopied = false
    }

    /// A frame's batches and how far each band of rows has got through them, shared by the
    /// renderer's thread and the worker (all under `condition`).
    private final class Bands: @unchecked Sendable {
        private let condition = NSCondition()
        private var batches: [Batch] = []
        /// Per band: its rows, how many of `batches` it has had, and whether a thread has it.
        private let rows: [Range<Int32>]
        private var done: [Int]
        private var isTaken: [Bool]
        /// Whether the worker has a turn queued or running.
        private var isWorkerRunning = false

        init(height: Int32, count: Int) {
            let bands = Int32(max(count, 1))
            rows = (0..<bands).map { band in (height * band / bands)..<(height * (band + 1) / bands) }
            done = Array(repeating: 0, count: rows.count)
            isTaken = Array(repeating: false, count: rows.count)
        }

        /// Adds `batch` after the others; true when the worker is to be given a turn (it
        /// asked for and none running).
        func add(_ batch: Batch, wakesWorker: Bool) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            batches.append(batch)
            guard wakesWorker, !isWorkerRunning else { return false }
            isWorkerRunning = true
            return true
        }

        /// Takes bands no thread has and applies the batches each has not had, until there
        /// are none to take. With `untilDone` (a flush) then waits for the bands other threads
        /// have, taking any that has more to do, until every band has had every batch; the
        /// batches are then dropped for the next flush.
        func work(untilDone: Bool, isWorker: Bool) {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let band = rows.indices.first(where: { !isTaken[$0] && done[$0] < batches.count }) {
                    isTaken[band] = true
                    let end = batches.count
                    let pending = batches[done[band]..<end]
                    condition.unlock()
                    for batch in pending { batch.copy(rows: rows[band]) }
                    condition.lock()
                    done[band] = end
                    isTaken[band] = false
                    condition.broadcast()
                } else if untilDone && isTaken.contains(true) {
                    condition.wait()  // the worker has a band: its batches may be the last
                } else {
                    break
                }
            }
            if isWorker { isWorkerRunning = false }
            if untilDone {
                batches.removeAll(keepingCapacity: true)
                for band in done.indices { done[band] = 0 }
            }
        }
    }
}
