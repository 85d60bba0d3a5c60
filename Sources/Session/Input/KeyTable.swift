import Animation

/// The shell's keys and what they do, as the help panel shows them and README § Keys has them
/// (`animdemo keys --markdown`): made from `SceneSession.shellKeys`, the table that also
/// dispatches them (docs/ARCHITECTURE.md § Keys).
public enum KeyTable {
    public static var shellKeys: [(key: String, action: String)] {
        SceneSession.shellKeys.map { ($0.row.label, $0.row.action) }
    }

    /// Each panel's own keys and gestures, as the help lists them while it is open: one
    /// section a panel of the registry (`PanelKind.all`) that has any, in its order, named by
    /// the panel and the key that opens it (`knobs (k)`), the keys without the panel's prefix.
    public static var panelKeys: [(panel: String, keys: [(key: String, action: String)])] {
        PanelKind.all.compactMap { type in
            let help = type.init(timeline: Timeline()).keyHelp
            guard !help.isEmpty else { return nil }
            let name = type.kind.name
            let title = type.kind.toggle.map { "\(name) (\($0.label))" } ?? name
            return (
                title,
                help.map { line in
                    let key =
                        line.key.hasPrefix("\(name): ")
                        ? String(line.key.dropFirst(name.count + 2)) : line.key
                    return (key, line.action)
                }
            )
        }
    }
}
