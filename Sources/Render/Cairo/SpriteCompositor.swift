import Animation
internal import CCairo
internal import CSprites
import Foundation

/// Copies sprites (images already scaled into their place, `ScaledImageCache.copy`) onto a
/// frame without Cairo: Cairo would save its state, build a pattern, clip and restore for
/// each, and pixman would look up its fast path and clip again, which costs more than copying
/// a bubble's few hundred pixels (docs/ARCHITECTURE.md § Rendering many layers). The copying
/// is CSprites' (eight pixels at a time with AVX2), with pixman's rounding, so the pixels are
/// the ones Cairo's `paint_with_alpha` gives: OVER with the same 8-bit alpha.
///
/// Copies are queued and done by `flush()`, which the renderer calls before Cairo draws
/// anything else, so the order on the frame is the layers' order. While the renderer walks on,
/// every `batchPixels` of queued copies go to a worker thread, which does them in order over
/// the whole frame. `flush()` stops the worker after the batch it is on and takes back the
/// batches it had not started; those and the queue are then split in two bands of rows done at
/// once on two threads: each band applies every copy in order, clipped to its rows. Either way
/// the pixels are the same as one copy after the other.
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
    /// The batches handed to the worker and not yet done.
    private let inFlight = DispatchGroup()
    /// Where a flush tells the worker to stop, and where the worker leaves the batches it was
    /// then not to start.
    private final class Handoff: @unchecked Sendable {
        private let lock = NSLock()
        private var isStopping = false
        private var untouched: [Batch] = []

        /// Whether the worker may copy `batch` (false: it is left for the flush).
        func mayStart(_ batch: Batch) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            if isStopping { untouched.append(batch) }
            return !isStopping
        }

        func stop() {
            lock.lock()
            isStopping = true
            lock.unlock()
        }

        /// The batches left, in order, once the worker has stopped; the worker may start again.
        func takeUntouched() -> [Batch] {
            lock.lock()
            defer {
                untouched = []
                isStopping = false
                lock.unlock()
            }
            return untouched
        }
    }
    private let handoff = Handoff()
    /// The frame's pixels: rows, stride (pixels), width and height.
    private let frame: (base: UnsafeMutablePointer<UInt32>, stride: Int32, width: Int32, height: Int32)?

    /// From this many queued pixels on (about 50 bubbles), the queue goes to the worker while
    /// the renderer walks on: the walk and the copying then share the two cores.
    static let batchPixels = 50_000

    /// Does the handed-over batches, one after another in order (a serial queue), for every
    /// compositor.
    private static let worker = DispatchQueue(label: "animdemo.sprites", qos: .userInteractive)

    /// Below this many pixels a queue is copied on one thread: waking the second costs more.
    static let parallelPixels = 100_000

    /// A compositor drawing onto `target`, which Cairo may draw on in between.
    init(target: CairoSurface) {
        self.target = target
        target.withHandle { cairo_surface_flush($0) }
        frame = target.rows(from: 0).map {
            ($0.base, $0.stride / 4, Int32(target.width), Int32(target.height))
        }
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

    /// One batch of copies as the worker gets it: plain values, whose pointers point into
    /// sprites the caller keeps alive until `finish()`.
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

        var pixels: Int { copies.reduce(0) { $0 + Int($1.width) * Int($1.height) } }
    }

    /// Gives the queue to the worker, which copies it over the whole frame after the batches
    /// before it; the renderer goes on queueing.
    private func handOver() {
        guard let frame, !copies.isEmpty else { return }
        let batch = Batch(copies: copies, clips: clips, frame: frame)
        // Fresh arrays (the batch keeps the old ones) that need not grow for the next batch.
        copies = []
        copies.reserveCapacity(batch.copies.count)
        clips = []
        clips.reserveCapacity(batch.clips.count)
        lastClip = nil
        queuedPixels = 0
        hasCopied = true
        let handoff = handoff
        Self.worker.async(group: inFlight) {
            guard handoff.mayStart(batch) else { return }
            batch.copy(rows: 0..<batch.frame.height)
        }
    }

    /// Does the queued copies, and those handed to the worker: call before the frame's pixels
    /// are touched otherwise. The worker finishes the batch it is on; the batches it had not
    /// started and the queue are done here, on two threads when they are many.
    func flush() {
        handoff.stop()
        inFlight.wait()
        var batches = handoff.takeUntouched()
        if let frame, !copies.isEmpty {
            batches.append(Batch(copies: copies, clips: clips, frame: frame))
            copies.removeAll(keepingCapacity: true)
            clips.removeAll(keepingCapacity: true)
            lastClip = nil
            queuedPixels = 0
            hasCopied = true
        }
        guard let frame = batches.first?.frame else { return }
        let pixels = batches.reduce(0) { $0 + $1.pixels }
        guard pixels >= Self.parallelPixels, frame.height >= 2 else {
            for batch in batches { batch.copy(rows: 0..<frame.height) }
            return
        }
        let split = Self.balancedSplit(of: batches, pixels: pixels, height: Int(frame.height))
        let bands = [0..<split, split..<frame.height]
        let work = BandWork(batches: batches)
        DispatchQueue.concurrentPerform(iterations: 2) { band in
            for batch in work.batches { batch.copy(rows: bands[band]) }
        }
    }

    /// What the two threads of a flush read: the batches, plain values that neither changes,
    /// over the frame's pixels, whose disjoint rows they write.
    private struct BandWork: @unchecked Sendable {
        let batches: [Batch]
    }

    /// Tells Cairo that the frame's pixels changed behind its back (call before Cairo reads it).
    func finish() {
        flush()
        guard hasCopied else { return }
        target.withHandle { cairo_surface_mark_dirty($0) }
        hasCopied = false
    }

    /// The row that splits the pixels of `batches` in two halves (by the rows their sprites
    /// are centred on).
    private static func balancedSplit(of batches: [Batch], pixels: Int, height: Int) -> Int32 {
        var perRow = [Int](repeating: 0, count: height)
        for batch in batches {
            for copy in batch.copies {
                let middle = min(max(Int(copy.y) + Int(copy.height) / 2, 0), height - 1)
                perRow[middle] += Int(copy.width) * Int(copy.height)
            }
        }
        var sum = 0
        for (row, rowPixels) in perRow.enumerated() {
            sum += rowPixels
            if 2 * sum >= pixels { return Int32(min(max(row, 1), height - 1)) }
        }
        return Int32(height / 2)
    }
}
