internal import CX11
import Glibc

/// Owns one System V shared-memory segment, attached by this process and by the X server.
///
/// The segment is marked for removal (`IPC_RMID`) as soon as this process has attached it,
/// before the server is asked to: Linux lets a marked segment be attached by its id while it
/// exists, and frees it when the last side detaches. So it cannot outlive us, even if the
/// process is killed (SIGKILL) while it waits for the server to attach (issue 31: marked only
/// after the server's reply, 2 of 8 kills mid-resize left a segment behind).
final class ShmSegment {
    private let display: XDisplay
    /// Heap-allocated because an `XShmCreateImage` image keeps a pointer to it (`obdata`).
    let info: UnsafeMutablePointer<XShmSegmentInfo>
    let address: UnsafeMutableRawPointer
    let byteCount: Int

    /// A segment of `byteCount` bytes attached on both sides; nil if the server cannot attach
    /// it (a remote display) or the system has no room.
    init?(display: XDisplay, byteCount: Int) {
        let id = shmget(IPC_PRIVATE, byteCount, IPC_CREAT | 0o600)
        guard id >= 0 else { return nil }
        guard let address = shmat(id, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            shmctl(id, IPC_RMID, nil)
            return nil
        }
        // Marked at once: from here the kernel frees it when the last side detaches.
        shmctl(id, IPC_RMID, nil)
        info = .allocate(capacity: 1)
        info.initialize(
            to: XShmSegmentInfo(
                shmseg: 0, shmid: id,  // XShmAttach allocates shmseg
                shmaddr: address.assumingMemoryBound(to: CChar.self), readOnly: False))
        let mark = XErrorTrap.mark
        XShmAttach(display.handle, info)
        display.sync()  // the server has attached (or refused: BadAccess) by now
        guard XErrorTrap.take(since: mark).isEmpty else {
            shmdt(address)
            info.deallocate()
            return nil
        }
        self.display = display
        self.address = address
        self.byteCount = byteCount
    }

    deinit {
        // The server keeps its own mapping until it handles the detach, after any put before it.
        XShmDetach(display.handle, info)
        display.flush()
        shmdt(address)
        info.deallocate()
    }
}
