import Animation
internal import CCairo
import Foundation

/// Copies sprites (images already scaled into their place, `ScaledImageCache.copy`) onto a
/// frame with pixman directly: Cairo would save its state, build a pattern, clip and restore
/// for each, which costs more than copying a bubble's few hundred pixels
/// (docs/ARCHITECTURE.md § Rendering many layers). The pixels are the ones Cairo's
/// `paint_with_alpha` gives: OVER with the same 8-bit alpha.
///
/// Copies are queued and done at `flush()`, which the renderer calls before Cairo draws
/// anything else, so the order on the frame is the layers' order. A long queue is split in two
/// bands of rows done at once on two threads: each band applies every copy in order, clipped
/// to its rows, so the pixels are the same as one after the other. Each thread has pixman
/// images of its own over the shared pixels (the destination's band, the sprites, the masks):
/// pixman does not expect an image to be used by two threads at once.
final class SpriteCompositor {
    private struct Copy {
        var sprite: CairoSurface
        var x: Int
        var y: Int
        var alpha8: Int
        var clip: [Rect]
    }

    private let target: CairoSurface
    private var queue: [Copy] = []
    /// Pixels the queued copies cover (before clipping).
    private var queuedPixels = 0
    /// Solid masks by 8-bit alpha, per thread, made as they are needed.
    private var masks: [[OpaquePointer?]] = Array(repeating: Array(repeating: nil, count: 256), count: 2)
    /// Whether anything was copied since `finish()`.
    private var hasCopied = false

    /// Below this many pixels a queue is copied on one thread: waking the second costs more.
    static let parallelPixels = 100_000

    /// A compositor drawing onto `target`, which Cairo may draw on in between.
    init(target: CairoSurface) {
        self.target = target
        target.withHandle { cairo_surface_flush($0) }
    }

    deinit {
        for thread in masks { for mask in thread { if let mask { pixman_image_unref(mask) } } }
    }

    /// Queues a copy of `sprite` with its top-left pixel at (`x`, `y`) over the frame, faded by
    /// `alpha`, within the device rectangles `clip` (whole pixels).
    func copy(_ sprite: CairoSurface, x: Int, y: Int, alpha: Double, clip: [Rect]) {
        // Cairo turns alpha into 16 bits (× 65535.99…, truncated); pixman keeps the top 8.
        let alpha8 = alpha >= 1 ? 255 : max(0, Int(alpha * 65535.999_999) >> 8)
        guard alpha8 > 0 else { return }
        queue.append(Copy(sprite: sprite, x: x, y: y, alpha8: alpha8, clip: clip))
        queuedPixels += sprite.width * sprite.height
    }

    /// Does the queued copies.
    func flush() {
        guard !queue.isEmpty else { return }
        defer {
            queue.removeAll(keepingCapacity: true)
            queuedPixels = 0
        }
        hasCopied = true
        let threads = queuedPixels >= Self.parallelPixels && target.height >= 2 ? 2 : 1
        // The queue as plain values, made here: the threads then touch no reference count (two
        // cores retaining the same sprite in turn would wait on each other) and only read
        // pixman images made for each of them.
        var jobs: [Job] = []
        jobs.reserveCapacity(queue.count)
        var clips: [Int32] = []
        var lastClip: [Rect]?
        for copy in queue {
            guard let source0 = copy.sprite.pixmanImage(thread: 0) else { continue }
            if copy.clip != lastClip {
                for rect in copy.clip {
                    clips += [Int32(rect.minX), Int32(rect.minY), Int32(rect.maxX), Int32(rect.maxY)]
                }
                lastClip = copy.clip
            }
            let opaque = copy.alpha8 == 255
            jobs.append(
                Job(
                    sources: (source0, threads == 2 ? copy.sprite.pixmanImage(thread: 1) : nil),
                    masks: (
                        opaque ? nil : mask(copy.alpha8, thread: 0),
                        opaque || threads == 1 ? nil : mask(copy.alpha8, thread: 1)
                    ),
                    x: copy.x, y: copy.y, width: copy.sprite.width, height: copy.sprite.height,
                    clips: (clips.count - 4 * copy.clip.count)..<clips.count))
        }
        jobs.withUnsafeBufferPointer { jobs in
            clips.withUnsafeBufferPointer { clips in
                guard threads == 2 else {
                    Self.run(jobs, clips: clips, on: target, thread: 0, rows: 0..<target.height)
                    return
                }
                let split = balancedSplit()
                let bands = [0..<split, split..<target.height]
                let work = BandWork(jobs: jobs, clips: clips, target: target)
                DispatchQueue.concurrentPerform(iterations: 2) { thread in
                    Self.run(
                        work.jobs, clips: work.clips, on: work.target, thread: thread, rows: bands[thread])
                }
            }
        }
    }

    /// One queued copy as plain values: per thread its source and mask images.
    private struct Job {
        var sources: (OpaquePointer, OpaquePointer?)
        var masks: (OpaquePointer?, OpaquePointer?)
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        /// Its clip rectangles in the flat list of clips, four numbers each.
        var clips: Range<Int>
    }

    /// What the two threads of a flush read: the jobs and clips (plain values, alive until
    /// both are done) and the frame's surface, whose disjoint rows they write.
    private struct BandWork: @unchecked Sendable {
        let jobs: UnsafeBufferPointer<Job>
        let clips: UnsafeBufferPointer<Int32>
        let target: CairoSurface
    }

    /// Tells Cairo that the frame's pixels changed behind its back (call before Cairo reads it).
    func finish() {
        flush()
        guard hasCopied else { return }
        target.withHandle { cairo_surface_mark_dirty($0) }
        hasCopied = false
    }

    /// The row that splits the queued pixels in two halves (by the rows their sprites start).
    private func balancedSplit() -> Int {
        var perRow = [Int](repeating: 0, count: target.height)
        for copy in queue {
            let middle = min(max(copy.y + copy.sprite.height / 2, 0), target.height - 1)
            perRow[middle] += copy.sprite.width * copy.sprite.height
        }
        var sum = 0
        for (row, pixels) in perRow.enumerated() {
            sum += pixels
            if 2 * sum >= queuedPixels { return min(max(row, 1), target.height - 1) }
        }
        return target.height / 2
    }

    /// Applies `jobs` to `rows` of `target` with `thread`'s pixman images.
    private static func run(
        _ jobs: UnsafeBufferPointer<Job>, clips: UnsafeBufferPointer<Int32>, on target: CairoSurface,
        thread: Int,
        rows: Range<Int>
    ) {
        guard !rows.isEmpty, let band = target.rows(from: rows.lowerBound),
            let destination = pixman_image_create_bits(
                PIXMAN_a8r8g8b8, Int32(target.width), Int32(rows.count), band.base, band.stride)
        else { return }
        defer { pixman_image_unref(destination) }
        let top = rows.lowerBound
        for job in jobs {
            guard let source = thread == 0 ? job.sources.0 : job.sources.1 else { continue }
            let mask = thread == 0 ? job.masks.0 : job.masks.1
            let minY = max(job.y, top)
            let maxY = min(job.y + job.height, rows.upperBound)
            guard minY < maxY else { continue }
            for start in stride(from: job.clips.lowerBound, to: job.clips.upperBound, by: 4) {
                let left = max(job.x, Int(clips[start]))
                let upper = max(minY, Int(clips[start + 1]))
                let right = min(job.x + job.width, Int(clips[start + 2]))
                let lower = min(maxY, Int(clips[start + 3]))
                guard left < right, upper < lower else { continue }
                pixman_image_composite32(
                    PIXMAN_OP_OVER, source, mask, destination, Int32(left - job.x), Int32(upper - job.y), 0,
                    0,
                    Int32(left), Int32(upper - top), Int32(right - left), Int32(lower - upper))
            }
        }
    }

    private func mask(_ alpha8: Int, thread: Int) -> OpaquePointer? {
        if let mask = masks[thread][alpha8] { return mask }
        // 8-bit alpha widened back to 16 bits the way pixman narrows it: the same 8 bits.
        var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(alpha8 << 8 | alpha8))
        let mask = pixman_image_create_solid_fill(&color)
        masks[thread][alpha8] = mask
        return mask
    }
}
