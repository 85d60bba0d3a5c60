import Animation
internal import CX11
import Glibc
import Session

/// Reads the X events of one window and turns them into `WindowEvent`s.
final class XEventSource {
    private let window: XWindow
    private let protocolsAtom: Atom
    private let deleteWindowAtom: Atom
    private let shmCompletionType: Int32?

    init(window: XWindow) {
        self.window = window
        protocolsAtom = window.display.atom("WM_PROTOCOLS")
        deleteWindowAtom = window.display.atom("WM_DELETE_WINDOW")
        shmCompletionType = window.display.shmCompletionEventType
    }

    /// Pixels one wheel notch scrolls (buttons 4 up, 5 down; X reports notches, not
    /// distances): our choice, a little under one 44-point table row at 1×.
    static let wheelNotch = 40.0

    /// The socket to poll() for events.
    var fileDescriptor: Int32 { window.display.fileDescriptor }

    /// Sends buffered requests.
    func flush() { window.display.flush() }

    /// Flushes, reads without blocking, and tells whether an event waits.
    var hasPendingEvents: Bool { window.display.hasPendingEvents }

    /// The next queued event, nil for one the host does not use. Call after `hasPendingEvents`.
    func next() -> WindowEvent? {
        var event = window.display.nextEvent()
        let type = event.type
        if let shmCompletionType, type == shmCompletionType { return .presentCompleted }
        switch type {
        case KeyPress:
            // A key animdemo has no name for still arrives, as `.unidentified`: it separates the
            // pointer motion before it from the motion after it (motion is coalesced per frame).
            return .input(.key(Keysym.name(of: event.xkey).flatMap(Key.init(keysymName:)) ?? .unidentified))
        case ButtonPress where event.xbutton.button == UInt32(Button1):
            return .input(.down(Point(x: Double(event.xbutton.x), y: Double(event.xbutton.y))))
        case ButtonPress where [UInt32(Button4), UInt32(Button5)].contains(event.xbutton.button):
            let dy = event.xbutton.button == UInt32(Button4) ? -Self.wheelNotch : Self.wheelNotch
            return .input(
                .scroll(
                    dy: dy, at: Point(x: Double(event.xbutton.x), y: Double(event.xbutton.y)),
                    control: event.xbutton.state & UInt32(ControlMask) != 0,
                    shift: event.xbutton.state & UInt32(ShiftMask) != 0))
        case ButtonPress where [6, 7].contains(event.xbutton.button):
            // The wheel tilted (or a touchpad's sideways swipe): buttons 6 (left) and 7 (right),
            // as Shift and the wheel.
            let dx = event.xbutton.button == 6 ? -Self.wheelNotch : Self.wheelNotch
            return .input(
                .scroll(
                    dy: dx, at: Point(x: Double(event.xbutton.x), y: Double(event.xbutton.y)),
                    control: event.xbutton.state & UInt32(ControlMask) != 0, shift: true))
        case ButtonRelease where event.xbutton.button == UInt32(Button1):
            return .input(.up(Point(x: Double(event.xbutton.x), y: Double(event.xbutton.y))))
        case MotionNotify:
            return .pointerMoved(
                Point(x: Double(event.xmotion.x), y: Double(event.xmotion.y)),
                isButtonHeld: event.xmotion.state & UInt32(Button1Mask) != 0)
        case LeaveNotify where event.xcrossing.mode == NotifyGrab:
            return .pointerLost  // another client grabbed the pointer: our release goes to it
        case FocusOut
        where event.xfocus.mode != NotifyUngrab && event.xfocus.detail != NotifyPointer
            && event.xfocus.detail != NotifyInferior:
            return .pointerLost
        case MapNotify where event.xmap.window == window.id:
            return .mapped(true)
        case UnmapNotify where event.xunmap.window == window.id:
            return .mapped(false)
        case VisibilityNotify where event.xvisibility.window == window.id:
            return .obscured(event.xvisibility.state == VisibilityFullyObscured)
        case Expose where event.xexpose.count == 0:
            return .exposed
        case ConfigureNotify where event.xconfigure.window == window.id:
            return .configured(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height))
        case ClientMessage
        where event.xclient.message_type == protocolsAtom && event.xclient.format == 32
            && UInt(bitPattern: event.xclient.data.l.0) == deleteWindowAtom:
            return .closeRequested
        case DestroyNotify where event.xdestroywindow.window == window.id:
            window.noteDestroyed()
            return .destroyed
        case MappingNotify:
            XRefreshKeyboardMapping(&event.xmapping)
            return nil
        default:
            return nil
        }
    }

    /// The protocol errors since the last call: `.destroyed` if one says our window is gone;
    /// the others are printed on stderr (they are bugs, not the user's doing).
    func takeErrors() -> [WindowEvent] {
        var events: [WindowEvent] = []
        for record in XErrorTrap.take() {
            if record.isMissing(window.id) {
                if !window.isDestroyed {
                    window.noteDestroyed()
                    events.append(.destroyed)
                }
            } else {
                Console.error(record.description)
            }
        }
        return events
    }
}
