import Foundation

/// Where an installed program finds its files, and where a desktop program saves its pictures
/// (README § Install).
enum DesktopLayout {
    /// The images of an installed copy: `PREFIX/share/animdemo` for a program in `PREFIX/bin`
    /// (Scripts/install.sh puts them there), if that folder has the fish; nil otherwise, and
    /// when `$ANIMDEMO_ASSETS` is set or `Assets/` lies beside the program, which come first
    /// (`ImageStore.locateAssets` then finds them, or the package's `Assets/`).
    static func installedAssets(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    ) -> URL? {
        if let override = environment["ANIMDEMO_ASSETS"], !override.isEmpty { return nil }
        let folder = executable.deletingLastPathComponent()
        let manager = FileManager.default
        if manager.fileExists(atPath: folder.appendingPathComponent("Assets").path) { return nil }
        let shared = folder.deletingLastPathComponent().appendingPathComponent("share/animdemo")
        return manager.fileExists(atPath: shared.appendingPathComponent("fish.png").path) ? shared : nil
    }

    /// Where a program started from its desktop entry saves screenshots and recordings: the
    /// program's own folder (`animdemo`, or the name a package gave its program) in the XDG
    /// pictures folder (`xdg-user-dir PICTURES`), else in
    /// `~/Pictures`. `xdg-user-dir` answers the home folder itself when no pictures folder is
    /// set; that counts as none.
    static func picturesFolder(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        program: String = ShellScenes.programName
    ) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        var pictures = home + "/Pictures"
        if let answer = xdgUserDirectory("PICTURES", environment: environment),
            answer.hasPrefix("/"), answer != home, answer != home + "/"
        {
            pictures = answer
        }
        return pictures.hasSuffix("/") ? pictures + program : pictures + "/" + program
    }

    /// `xdg-user-dir NAME`'s answer, nil if the command is missing or fails.
    private static func xdgUserDirectory(_ name: String, environment: [String: String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-user-dir", name]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let answer = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return answer.isEmpty ? nil : answer
    }
}
