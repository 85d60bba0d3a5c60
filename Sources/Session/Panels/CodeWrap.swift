/// Swift source re-broken to a narrower width (80 columns: what DocC's code pane shows at
/// 1280 px), for the tutorials' code files (`steps --docc`). The scenes are formatted to 110
/// columns; a longer line is broken only where Swift allows a line break, so the code means
/// what it meant: a comment is word-wrapped (a drawing, with runs of spaces, is left alone), a
/// comment after code goes above it, a list is broken at its commas, a call's arguments go on
/// lines of their own one level in, a one-line `{ … }` opens up, a long expression is broken
/// before an operator or after `=`, and a long string literal is cut in two joined by `+`.
public enum CodeWrap {
    /// `text` with every line of more than `width` characters broken.
    public static func wrap(_ text: String, width: Int = 80) -> String {
        var out: [String] = []
        var paragraph: [String] = []
        var inFence = false
        func flush() {
            if paragraph.contains(where: { $0.count > width }) {
                out += reflowed(paragraph, width: width)
            } else {
                out += paragraph
            }
            paragraph = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.drop { $0 == " " }
            let marker = trimmed.prefix { $0 == "/" }
            let words = trimmed.dropFirst(marker.count).drop { $0 == " " }
            if marker.count >= 2, words.hasPrefix("```") { inFence.toggle() }
            let isProse =
                marker.count >= 2 && !inFence && !words.isEmpty && !words.hasPrefix("```")
                && !words.contains("   ")
            if isProse, let first = paragraph.first, commentPrefix(first) == commentPrefix(line),
                !words.hasPrefix("- ")
            {
                paragraph.append(line)
                continue
            }
            flush()
            if isProse {
                paragraph = [line]
            } else {
                out += wrap(line: line, width: width, depth: 0)
            }
        }
        flush()
        return out.joined(separator: "\n")
    }

    /// A comment line's indentation and marker with the space after it (`    /// `).
    private static func commentPrefix(_ line: String) -> String {
        let indent = line.prefix { $0 == " " }
        let marker = line.dropFirst(indent.count).prefix { $0 == "/" }
        return indent + marker + " "
    }

    /// The lines of one comment paragraph, their words filled again into lines of `width`
    /// (a list item's continuation lines keep their extra indentation).
    private static func reflowed(_ lines: [String], width: Int) -> [String] {
        let prefix = commentPrefix(lines[0])
        let first = lines[0].dropFirst(prefix.count)
        let hanging = first.hasPrefix("- ") ? "  " : ""
        let words = lines.flatMap { $0.dropFirst(prefix.count).split(separator: " ").map(String.init) }
        return fill(words, first: prefix, rest: prefix + hanging, width: width) ?? lines
    }

    /// One line, broken into lines of at most `width` where it can be.
    static func wrap(line: String, width: Int, depth: Int) -> [String] {
        guard line.count > width, depth < 8 else { return [line] }
        let indent = String(line.prefix { $0 == " " })
        let body = String(line.dropFirst(indent.count))
        let broken =
            comment(body, indent: indent, width: width)
            ?? trailingComment(body, indent: indent)
            ?? list(body, indent: indent, width: width)
            ?? arguments(body, indent: indent, width: width)
            ?? block(body, indent: indent)
            ?? operators(body, indent: indent, width: width)
            ?? assignment(body, indent: indent)
            ?? string(body, indent: indent, width: width)
        guard let broken, broken.count > 1 else { return [line] }
        return broken.flatMap { wrap(line: $0, width: width, depth: depth + 1) }
    }

    /// A comment's words filled into lines that start as it does (`//`, `///`).
    private static func comment(_ body: String, indent: String, width: Int) -> [String]? {
        guard body.hasPrefix("//"), !body.contains("   ") else { return nil }  // not a drawing
        let marker = String(body.prefix { $0 == "/" }) + " "
        let words = body.dropFirst(marker.count - 1).split(separator: " ")
        return fill(words.map(String.init), first: indent + marker, rest: indent + marker, width: width)
    }

    /// Code with a comment after it: the comment on a line of its own, above.
    private static func trailingComment(_ body: String, indent: String) -> [String]? {
        guard let start = commentStart(Array(body)), start > 0 else { return nil }
        let characters = Array(body)
        let code = String(characters[..<start]).trimmingSpaces()
        return [indent + String(characters[start...]), indent + code]
    }

    /// `head { body } tail` on one line: the body on a line of its own, one level in (after
    /// a closure's `… in`), and the closing brace with the tail on the next.
    private static func block(_ body: String, indent: String) -> [String]? {
        let characters = Array(body)
        var depth = 0
        var open: Int?
        var openDepth = 0
        var inString = false
        var index = body.hasPrefix("}") ? 1 : 0
        while index < characters.count {
            let character = characters[index]
            if inString {
                if character == "\\" {
                    index += 2
                    continue
                }
                if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if "([{".contains(character) {
                if character == "{", depth <= 0, open == nil {
                    open = index
                    openDepth = depth
                }
                depth += 1
            } else if ")]}".contains(character) {
                depth -= 1
                if character == "}", depth == openDepth, let open {
                    let head = String(characters[...open]).trimmingSpaces()
                    var inner = String(characters[(open + 1)..<index]).trimmingSpaces()
                    guard !inner.isEmpty else { return nil }
                    var signature = ""
                    if let range = inner.range(of: " in "), split(inner, atTopLevel: " in ").count > 1 {
                        signature = " " + String(inner[..<range.lowerBound]).trimmingSpaces() + " in"
                        inner = String(inner[range.upperBound...]).trimmingSpaces()
                    }
                    return [
                        indent + head + signature, indent + "    " + inner,
                        indent + String(characters[index...]),
                    ]
                }
            }
            index += 1
        }
        return nil
    }

    /// `a = b`: the value on a line of its own, one level in.
    private static func assignment(_ body: String, indent: String) -> [String]? {
        let parts = split(body, atTopLevel: " = ")
        guard parts.count == 2 else { return nil }
        return [indent + parts[0] + " =", indent + "    " + parts[1]]
    }

    /// A string literal too long for a line, cut at a space into two joined by `+`.
    private static func string(_ body: String, indent: String, width: Int) -> [String]? {
        let characters = Array(body)
        guard let quote = characters.firstIndex(of: "\""), indent.count + quote < width - 10 else {
            return nil
        }
        var index = quote + 1
        var cut: Int?
        while index < characters.count, characters[index] != "\"" {
            if characters[index] == "\\" {
                index += 2
                continue
            }
            if characters[index] == " ", indent.count + index < width - 2 { cut = index }
            index += 1
        }
        guard let cut, index < characters.count, cut > quote + 1 else { return nil }
        return [
            indent + String(characters[...cut]) + "\"",
            indent + "    + \"" + String(characters[(cut + 1)...]),
        ]
    }

    /// Where a line's comment starts (`//` outside a string literal), nil if it has none.
    private static func commentStart(_ characters: [Character]) -> Int? {
        var inString = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if inString {
                if character == "\\" {
                    index += 2
                    continue
                }
                if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                return index
            }
            index += 1
        }
        return nil
    }

    /// A line that is itself part of a list (`a, b(c), d,`): broken at its top-level commas,
    /// at the same indentation.
    private static func list(_ body: String, indent: String, width: Int) -> [String]? {
        let items = split(body, atTopLevel: ",")
        guard items.count > 1 else { return nil }
        return fill(items, first: indent, rest: indent, width: width)
    }

    /// `head(a, b, c)tail` with its longest top-level bracket broken open: the head on the
    /// first line, the items filled one level in, the last one followed by the closing
    /// bracket and the tail.
    private static func arguments(_ body: String, indent: String, width: Int) -> [String]? {
        let characters = Array(body)
        var best: (open: Int, close: Int)?
        for (open, close) in topLevelBrackets(characters) where close - open > 2 {
            if best.map({ close - open > $0.close - $0.open }) ?? true { best = (open, close) }
        }
        guard let best else { return nil }
        let head = String(characters[...best.open])
        let inner = String(characters[(best.open + 1)..<best.close]).trimmingSpaces()
        let tail = String(characters[best.close...])
        guard !inner.isEmpty, !inner.hasPrefix("["), !head.hasSuffix("{") else { return nil }
        var items = split(inner, atTopLevel: ",")
        items[items.count - 1] += tail
        return [indent + head]
            + (fill(items, first: indent + "    ", rest: indent + "    ", width: width) ?? [])
    }

    /// An expression broken before its top-level `+`, `&&`, `||` and `??`, the continuation
    /// one level in.
    private static func operators(_ body: String, indent: String, width: Int) -> [String]? {
        for op in [" ?? ", " || ", " && ", " ? ", " == ", " + ", " - ", " * ", " / "] {
            let parts = split(body, atTopLevel: op)
            guard parts.count > 1 else { continue }
            let items = [parts[0]] + parts.dropFirst().map { op.trimmingSpaces() + " " + $0 }
            return [indent + items[0]] + items.dropFirst().map { indent + "    " + $0 }
        }
        return nil
    }

    /// `items` filled into lines of at most `width`, separated by spaces: the first line
    /// starting with `first`, the others with `rest`; an item longer than a line gets a line
    /// of its own.
    private static func fill(_ items: [String], first: String, rest: String, width: Int) -> [String]? {
        var lines: [String] = []
        var current = first
        var hasItem = false
        for item in items {
            if hasItem, current.count + 1 + item.count > width {
                lines.append(current)
                current = rest + item
            } else {
                current += (hasItem ? " " : "") + item
            }
            hasItem = true
        }
        lines.append(current)
        return lines
    }

    /// `text` split after each top-level `separator` (one not inside brackets, braces or a
    /// string literal), the separator kept with the part before it when it is a comma and
    /// dropped otherwise; parts trimmed.
    static func split(_ text: String, atTopLevel separator: String) -> [String] {
        let characters = Array(text)
        let pattern = Array(separator)
        var parts: [String] = []
        var start = 0
        var depth = 0
        var index = 0
        var inString = false
        while index < characters.count {
            let character = characters[index]
            if inString {
                if character == "\\" {
                    index += 2
                    continue
                }
                if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if "([{".contains(character) {
                depth += 1
            } else if ")]}".contains(character) {
                depth -= 1
            } else if depth <= 0, index + pattern.count <= characters.count,
                Array(characters[index..<(index + pattern.count)]) == pattern
            {
                let end = separator == "," ? index + 1 : index
                parts.append(String(characters[start..<end]).trimmingSpaces())
                index += pattern.count
                start = index
                continue
            } else if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                break
            }
            index += 1
        }
        parts.append(String(characters[start...]).trimmingSpaces())
        return parts.filter { !$0.isEmpty }
    }

    /// The top-level `(…)` and `[…]` pairs of a line, by their characters' offsets; none
    /// when the line's brackets do not pair up (it continues on another line).
    private static func topLevelBrackets(_ characters: [Character]) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        var stack: [Int] = []
        var inString = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if inString {
                if character == "\\" {
                    index += 2
                    continue
                }
                if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if "([{".contains(character) {
                stack.append(index)
            } else if ")]}".contains(character) {
                if let open = stack.popLast(), stack.isEmpty, character != "}" { pairs.append((open, index)) }
            } else if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                break
            }
            index += 1
        }
        return stack.allSatisfy { characters[$0] == "{" } ? pairs : []
    }
}

extension String {
    /// The string without spaces at either end.
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
