/// The program's version: `animdemo --version` prints it, and `Scripts/build-deb.sh` names the
/// Debian package after it (it asks the built program). The one place it is written.
enum AnimDemoVersion {
    static let current = "1.0.0"
}
