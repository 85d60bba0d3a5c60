import Foundation
import Render
import Testing

@testable import X11Host

/// The window's recording without a window: which window frame each recording frame shows,
/// the 60 s limit, the patches that carry frames to the encoder thread, and how files are named.
@Suite("Window recording")
struct WindowRecordingTests {
    static let width = 4
    static let height = 3

    /// A frame of one colour that names window frame `frame`.
    static func picture(_ frame: Int) -> [UInt32] {
        [UInt32](
            repeating: 0xFF00_0000 | UInt32(frame * 7 % 256) << 16 | UInt32(frame), count: width * height)
    }

    /// A fresh folder, removed by the caller.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-window-recording-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Records the window frames `drawn` (kept in order, as the loop keeps them) and ends before
    /// `end`; returns the file read back.
    static func record(
        drawn: [Int], endingBefore end: Int, windowFPS: Int = 60, fps: Int = 30, in folder: URL
    ) throws -> DecodedAnimation {
        let recording = try WindowRecording(
            format: .gif, width: width, height: height, startFrame: drawn[0], windowFPS: windowFPS, fps: fps,
            stem: "test", folder: CaptureFolder(directory: folder.path), number: 1)
        for frame in drawn {
            _ = recording.advance(to: frame)
            recording.keep(picture(frame))
        }
        let mailbox = try CaptureMailbox()
        recording.finish(
            before: end, mailbox: mailbox
        ).finish()
        let messages = mailbox.take()
        #expect(messages.last == CaptureMailbox.Message(text: "saved test.gif"), "\(messages)")
        // Until then "saving the GIF … N %", held on screen, N growing to 90 (the file's writing).
        let saving = messages.dropLast()
        let percents = saving.compactMap { message in
            message.holds
                ? Int(message.text.replacingOccurrences(of: "saving the GIF … ", with: "").dropLast(2)) : nil
        }
        #expect(!saving.isEmpty && percents.count == saving.count, "\(messages)")
        #expect(percents == percents.sorted() && percents.last == 90, "\(messages)")
        return try DecodedAnimation(contentsOfFile: folder.appendingPathComponent("test.gif").path)
    }

    /// Which window frame each recording frame shows, by its colour.
    static func shownFrames(_ animation: DecodedAnimation) -> [Int] {
        animation.frames.map { frame in
            (0..<256).first { picture($0) == frame.pixels } ?? -1
        }
    }

    @Test("each recording frame shows the latest window frame drawn by its time, idle gaps included")
    func sampling() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The table of WindowRecording's comment: frames 0…6, nothing drawn 7…12, then 13…16.
        let animation = try Self.record(drawn: Array(0...6) + Array(13...16), endingBefore: 17, in: folder)
        #expect(Self.shownFrames(animation) == [0, 2, 4, 6, 6, 6, 6, 14, 16])
        // Nine frames at 30 fps: 300 ms, as centiseconds 3, 4, 3, 3, 4, 3, 3, 4, 3.
        #expect(animation.totalMilliseconds == 300)
    }

    @Test("a recording that did not start on frame 0, at a rate that does not divide the window's")
    func offsetAndRate() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Window at 50 fps from frame 100, recording at 20: frame k at 2.5 k window frames.
        let animation = try Self.record(
            drawn: Array(100...110), endingBefore: 111, windowFPS: 50, fps: 20, in: folder)
        // k = 0…4 at window frames 100, 102.5, 105, 107.5, 110: the latest drawn by then.
        #expect(Self.shownFrames(animation) == [100, 102, 105, 107, 110])
    }

    @Test("the window frame on screen at the stop ends the recording, even between recording frames")
    func endsWithThePictureShown() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // At 30 fps recording frame 7 is at window frame 14; 15 is drawn, and the stop comes
        // before 16, the next recording frame's time: 15 is what the window showed last.
        let animation = try Self.record(drawn: Array(0...15), endingBefore: 16, in: folder)
        #expect(Self.shownFrames(animation) == [0, 2, 4, 6, 8, 10, 12, 14, 15])
        // Once drawn on a recording frame's time, it is not added again.
        let other = try Self.folder()
        defer { try? FileManager.default.removeItem(at: other) }
        let again = try Self.record(drawn: Array(0...14), endingBefore: 16, in: other)
        #expect(Self.shownFrames(again) == [0, 2, 4, 6, 8, 10, 12, 14])
    }

    @Test("a recording stopped at once still has one frame")
    func oneFrame() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let animation = try Self.record(drawn: [5], endingBefore: 5, in: folder)
        #expect(Self.shownFrames(animation) == [5])
    }

    @Test("the folder removed while recording: saving says why, naming the folder, and leaves no file")
    func folderRemoved() throws {
        let parent = try Self.folder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("shots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let recording = try WindowRecording(
            format: .webp, width: Self.width, height: Self.height, startFrame: 0, windowFPS: 60, fps: 30,
            stem: "gone", folder: CaptureFolder(directory: folder.path), number: 1)
        for frame in 0...6 {
            _ = recording.advance(to: frame)
            recording.keep(Self.picture(frame))
        }
        // The file being written goes with its folder; the encoder writes on into it, unlinked.
        try FileManager.default.removeItem(at: folder)
        let mailbox = try CaptureMailbox()
        recording.finish(before: 7, mailbox: mailbox).finish()
        let messages = mailbox.take().map(\.text)
        #expect(
            messages.last == "cannot save the recording in \(folder.path): No such file or directory",
            "\(messages)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)
    }

    @Test("the recording reaches its limit at 60 s, with exactly 60 s of frames")
    func limit() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = try WindowRecording(
            format: .gif, width: Self.width, height: Self.height, startFrame: 600, windowFPS: 60, fps: 30,
            stem: "limit", folder: CaptureFolder(directory: folder.path), number: 1)
        #expect(recording.deadline == 70, "host time 10 s + 60 s")
        #expect(!recording.advance(to: 600))
        recording.keep(Self.picture(1))
        // The last frame, 1799, is at 59.967 s: window frame 3598 may still change it, 3599 not.
        #expect(!recording.advance(to: 600 + 3598))
        #expect(recording.frameCount == 1799)
        #expect(recording.advance(to: 600 + 3599), "every frame of the 60 s is known")
        #expect(recording.advance(to: 600 + 5000), "past it, still")
        #expect(recording.frameCount == 1800)
        let mailbox = try CaptureMailbox()
        recording.finish(
            before: 600 + 5000, mailbox: mailbox
        ).finish()
        let animation = try DecodedAnimation(contentsOfFile: folder.appendingPathComponent("limit.gif").path)
        #expect(animation.frames.count == 1800)
        #expect(animation.totalMilliseconds == 60_000)
    }

    @Test("an encoder behind: the frames due repeat the last one sent, nothing more waits, and it goes on")
    func encoderBehind() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Any frame waiting is too many: the first waits, the others repeat it.
        let recording = try WindowRecording(
            format: .gif, width: Self.width, height: Self.height, startFrame: 0, windowFPS: 60, fps: 30,
            stem: "behind", folder: CaptureFolder(directory: folder.path), number: 1, maxPendingBytes: 0)
        // The encoder's thread held up until every frame is drawn: the first frame waits, whole.
        let gate = DispatchSemaphore(value: 0)
        recording.worker.enqueue { gate.wait() }
        var waiting: Set<Int> = []
        for frame in 0...12 {
            _ = recording.advance(to: frame)
            recording.keep(Self.picture(frame))
            if recording.pendingBytes > 0 { waiting.insert(recording.pendingBytes) }
        }
        #expect(waiting.count == 1, "only the first frame's patch waits, never more: \(waiting)")
        let mailbox = try CaptureMailbox()
        let saving = recording.finish(
            before: 13, mailbox: mailbox)
        gate.signal()
        saving.finish()
        let animation = try DecodedAnimation(contentsOfFile: folder.appendingPathComponent("behind.gif").path)
        // Window frames 0…12 at 60 fps: recording frames 0…6, all showing the first one sent.
        #expect(Self.shownFrames(animation) == [0, 0, 0, 0, 0, 0, 0])
        #expect(recording.repeatedFrames == 6)
        #expect(animation.totalMilliseconds == 230, "seven frames at 30 fps, in whole centiseconds")
    }

    @Test(
        "an encoder behind with a tiny memory cap: the frames past it wait in a file, every frame is written, no file is left"
    )
    func encoderBehindSpillsToDisk() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = try WindowRecording(
            format: .gif, width: Self.width, height: Self.height, startFrame: 0, windowFPS: 60, fps: 30,
            stem: "spilled", folder: CaptureFolder(directory: folder.path), number: 1, maxPendingBytes: 0,
            spillDirectories: [folder.path])
        // The encoder's thread held up until every frame is drawn, as in the test above.
        let gate = DispatchSemaphore(value: 0)
        recording.worker.enqueue { gate.wait() }
        var waiting: Set<Int> = []
        for frame in 0...12 {
            _ = recording.advance(to: frame)
            recording.keep(Self.picture(frame))
            waiting.insert(recording.pendingBytes)
        }
        // In memory only the first frame's patch (whole: 4 × 3 pixels and 3 spans), never more.
        #expect(waiting == [0, 12 * 4 + 3 * MemoryLayout<FramePatch.Span>.stride], "\(waiting)")
        let mailbox = try CaptureMailbox()
        let saving = recording.finish(
            before: 13, mailbox: mailbox)
        gate.signal()
        saving.finish()
        // Every frame after the first went through the file (the last one when the recording ended).
        #expect(recording.spilledFrames == 6 && recording.repeatedFrames == 0)
        #expect(recording.spilledBytes > 0)
        let animation = try DecodedAnimation(
            contentsOfFile: folder.appendingPathComponent("spilled.gif").path)
        // Window frames 0…12 at 60 fps: recording frames 0…6, each its own window frame.
        #expect(Self.shownFrames(animation) == [0, 2, 4, 6, 8, 10, 12])
        #expect(animation.totalMilliseconds == 230, "seven frames at 30 fps, in whole centiseconds")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["spilled.gif"])
    }

    @Test("a spill file gives back the patches written to it, and is gone from its folder from the start")
    func spillFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(PatchSpill(in: [folder.appendingPathComponent("missing").path]) == nil)
        let spill = try #require(
            PatchSpill(in: [folder.appendingPathComponent("missing").path, folder.path]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let (width, height) = (5, 4)
        let frames = (0..<3).map { frame in (0..<width * height).map { UInt32($0 * (frame + 1)) } }
        let patches = [
            FramePatch.between(nil, frames[0], width: width, height: height),
            FramePatch.between(frames[0], frames[1], width: width, height: height),
            FramePatch.between(frames[1], frames[2], width: width, height: height),
        ].compactMap { $0 }
        #expect(patches.count == 3)
        let locations = patches.compactMap { spill.write($0) }
        #expect(locations.count == 3)
        // Read back out of order: each where it was written.
        for index in [2, 0, 1] {
            #expect(spill.read(locations[index]) == patches[index], "patch \(index)")
        }
        #expect(spill.byteCount == patches.reduce(0) { $0 + $1.spans.count * 24 + $1.pixels.count * 4 })
    }

    @Test("a patch holds the changed span of each changed row and turns the old frame into the new one")
    func patches() {
        let (width, height) = (7, 5)
        let old = (0..<width * height).map { UInt32($0) }
        var new = old
        new[1 * width + 2] = 99  // (2, 1)
        new[1 * width + 4] = 97  // (4, 1)
        new[3 * width + 5] = 98  // (5, 3)
        #expect(FramePatch.between(old, old, width: width, height: height) == nil)
        let whole = FramePatch.between(nil, new, width: width, height: height)
        #expect(whole?.pixels == new && whole?.spans.count == height)
        guard let patch = FramePatch.between(old, new, width: width, height: height) else {
            Issue.record("no patch for a changed frame")
            return
        }
        // Row 1 from column 2 through 4, row 3 at column 5: four pixels, not the 4 × 3 box.
        #expect(patch.spans == [.init(row: 1, start: 2, end: 5), .init(row: 3, start: 5, end: 6)])
        #expect(patch.pixels == [99, UInt32(1 * width + 3), 97, 98])
        var frame = old
        patch.apply(to: &frame, frameWidth: width)
        #expect(frame == new)
    }

    @Test("a file of a name already taken gets -2, the other stays as it was, no temporary file is left")
    func names() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let captures = CaptureFolder(directory: folder.path)
        var paths: [String] = []
        for content in ["first", "second"] {
            let temporary = captures.temporaryPath(for: "shot", fileExtension: "png", number: paths.count)
            try Data(content.utf8).write(to: URL(fileURLWithPath: temporary))
            paths.append(try captures.publish(temporary, stem: "shot", fileExtension: "png", what: "a test"))
        }
        #expect(
            paths == [
                folder.appendingPathComponent("shot.png").path,
                folder.appendingPathComponent("shot-2.png").path,
            ])
        #expect(try String(contentsOfFile: paths[0], encoding: .utf8) == "first")
        #expect(try String(contentsOfFile: paths[1], encoding: .utf8) == "second")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "shot-2.png", "shot.png",
            ])
    }
}
