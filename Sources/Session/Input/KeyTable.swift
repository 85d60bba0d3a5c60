/// The shell's keys and what they do, as the help panel shows them and README § Keys has them
/// (`animdemo keys --markdown`): made from `SceneSession.shellKeys`, the table that also
/// dispatches them (docs/ARCHITECTURE.md § Keys).
public enum KeyTable {
    public static var shellKeys: [(key: String, action: String)] {
        SceneSession.shellKeys.map { ($0.row.label, $0.row.action) }
    }
}
