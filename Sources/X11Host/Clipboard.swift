import Foundation

/// The desktop's clipboard, through `xclip` (which stays to serve the selection after we
/// hand it the text, as X requires an owner): animdemo itself would have to answer every
/// paste while it runs, and lose the text when it quits.
enum Clipboard {
    /// Puts `text` on the CLIPBOARD selection; says so on stderr when `xclip` is missing.
    static func copy(_ text: String) {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard path.split(separator: ":").contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/xclip") })
        else {
            Console.error("cannot copy to the clipboard: install xclip (the text is printed above)")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xclip", "-selection", "clipboard", "-in"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            input.fileHandleForWriting.write(Data(text.utf8))
            try input.fileHandleForWriting.close()
        } catch {
            Console.error("cannot copy to the clipboard (install xclip): \(error)")
        }
    }
}
