/// The tutorial (or library) a scene ports: what its help line and its DocC tutorial name, with
/// docs/TUTORIALS.md holding the rest (the original code's repository, what was read).
public struct SceneTutorial: Sendable, Equatable {
    /// Its title as published ("iOS Bubble Animation").
    public let title: String
    /// Who wrote it, and where ("Caroline Harrison, Jackrabbit Mobile").
    public let author: String
    /// When it was published ("2016-03-09", "March 2016").
    public let date: String
    /// Its address.
    public let url: String

    public init(title: String, author: String, date: String, url: String) {
        self.title = title
        self.author = author
        self.date = date
        self.url = url
    }

    /// One line for the help: "“iOS Bubble Animation”, Caroline Harrison, Jackrabbit Mobile (March 2016)".
    public var line: String { "“\(title)”, \(author) (\(date))" }
}
