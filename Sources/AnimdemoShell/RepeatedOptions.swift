/// Refuses an option or a flag given twice (`--scene fish --scene elastic`, `--json --json`),
/// which ArgumentParser would settle silently by taking the last; only `--at` and `--set` may
/// repeat (README § Command line).
enum RepeatedOptions {
    /// The options that take a value (the next argument, whatever it looks like, or `=VALUE`).
    static let valued: Set<String> = [
        "--scene", "--size", "--fps", "--seed", "--scale", "--assets", "--screenshot-dir", "--events",
        "--events-file", "--at", "--out", "--frames", "--bubbles", "--seconds", "--set", "--scene-fps",
        "--from", "--to", "--loop", "--quality", "--record-format", "--drag-every", "--encode", "--step",
    ]
    /// Those of them that may be given more than once.
    static let repeatable: Set<String> = ["--at", "--set"]

    /// The message for the first option given twice in `arguments`, nil if none is.
    static func problem(in arguments: some Sequence<String>) -> String? {
        var seen: Set<String> = []
        var skipNext = false
        for argument in arguments {
            if skipNext {
                skipNext = false
                continue
            }
            if argument == "--" { break }
            guard argument.hasPrefix("--") else { continue }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard valued.contains(name) else {
                // A flag: the same once or twice, so twice is a slip worth a word.
                if name != "--help", seen.contains(name) {
                    return "\(name) is given more than once; give it once"
                }
                seen.insert(name)
                continue
            }
            skipNext = parts.count == 1
            if repeatable.contains(name) { continue }
            if seen.contains(name) { return "\(name) is given more than once; give it once" }
            seen.insert(name)
        }
        return nil
    }
}
