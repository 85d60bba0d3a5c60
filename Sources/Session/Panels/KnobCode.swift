import Animation
import SceneSources
import Scenes

/// The changed knobs as Swift to paste into the scene's file (`p` in the knob panel).
enum KnobCode {
    /// Whether `value` is the knob's tutorial value (`Knob.isTutorialValue`: a number within a
    /// millionth of a step of it counts, so that thirty steps down and thirty back are "not
    /// changed" whatever the floating-point sums left over).
    static func isTutorialValue(_ value: KnobValue, of knob: Knob) -> Bool { knob.isTutorialValue(value) }

    /// The Swift of `changed`, in the knobs' order: each knob as the scene's own declaration
    /// of its tutorial value (`static let bounceDampingRatioDefault = 0.44`), with the file that
    /// holds it; a knob without a declaration as a `let` of its name.
    static func swift(for changed: [String: KnobValue], knobs: [Knob], sceneType: String) -> (
        text: String, file: String
    ) {
        let declared = knobs.filter { changed[$0.name] != nil }
        let files = Set(declared.compactMap { $0.declaration?.file })
        let file =
            files.count == 1
            ? files.first ?? ""
            : files.isEmpty ? "\(sceneType).swift" : files.sorted().joined(separator: ", ")
        var lines = ["// \(file): knobs changed in animdemo; paste over these declarations"]
        for knob in declared {
            guard let value = changed[knob.name] else { continue }
            let unit = knob.unit.isEmpty ? "" : " \(knob.unit)"
            let tutorial = "  // tutorial: \(tutorialText(of: knob))\(unit)"
            if let declaration = knob.swiftDeclaration(for: value) {
                lines.append(declaration + tutorial)
            } else {
                let identifier = knob.name.replacingOccurrences(of: ".", with: "_")
                lines.append("let \(identifier) = \(code(for: value, of: knob))" + tutorial)
            }
        }
        return (lines.joined(separator: "\n"), file)
    }

    /// The tutorial's value as the comment after a changed knob gives it: a number or a curve
    /// as the knob shows it (`0.6`), a choice as the Swift it is in the declaration
    /// (`.tutorial`, `false`), not its bare name, which for `finishLineColor` read
    /// `// tutorial: tutorial`.
    static func tutorialText(of knob: Knob) -> String {
        guard case .choice = knob.defaultValue else {
            return KnobAssignment.text(of: knob.defaultValue, for: knob)
        }
        if let line = knob.swiftDeclaration(for: knob.defaultValue), let equals = line.range(of: " = ") {
            return String(line[equals.upperBound...])
        }
        return code(for: knob.defaultValue, of: knob)
    }

    /// A value as a Swift expression.
    static func code(for value: KnobValue, of knob: Knob) -> String {
        switch value {
        case .number(let number): return KnobAssignment.formatNumber(number)
        case .choice: return "\"\(KnobAssignment.text(of: value, for: knob))\""
        case .curve(let curve):
            if let named = Knob.namedCurves.first(where: { $0.curve == curve }) {
                return "TimingFunction.\(named.name)"
            }
            let points = [
                curve.controlPoint1.x, curve.controlPoint1.y, curve.controlPoint2.x, curve.controlPoint2.y,
            ]
            return
                "TimingFunction(controlPoints: \(points.map(KnobAssignment.formatNumber).joined(separator: ", ")))"
        }
    }
}

/// Every change since the tutorial's values as one block of the scene's Swift, each line with
/// the file and line it goes to (`p`): the changed knobs as their declarations, the curve edits
/// as the timing function set on the animation at its line.
///
/// ```
/// // checkmark: 2 changes since the tutorial's values (animdemo p)
/// private let b3Curve: TimingFunction = .easeOut  // CheckmarkScene.swift:54 (tutorial: .easeInEaseOut)
/// lineAnimation.timingFunction = TimingFunction(controlPoints: 0.3, 0, 0.2, 1)  // FinishLine.swift:133
/// ```
enum ChangeCode {
    /// The block and how many lines of code it has (its first line is a comment), nil with
    /// nothing changed.
    static func swift(knobs: KnobSettings, sceneName: String) -> (text: String, lines: Int)? {
        let changed = knobs.changed
        var lines: [String] = []
        for knob in knobs.knobs {
            guard let value = changed[knob.name] else { continue }
            let unit = knob.unit.isEmpty ? "" : " \(knob.unit)"
            let tutorial = "(tutorial: \(KnobCode.tutorialText(of: knob))\(unit))"
            if let declaration = knob.declaration, let line = knob.swiftDeclaration(for: value) {
                let place =
                    Self.line(of: declaration.declaration + " ", inFile: declaration.file)
                    .map { "\(declaration.file):\($0)" } ?? declaration.file
                lines.append("\(line)  // \(place) \(tutorial)")
            } else {
                let identifier = knob.name.replacingOccurrences(of: ".", with: "_")
                lines.append("let \(identifier) = \(KnobCode.code(for: value, of: knob))  // \(tutorial)")
            }
        }
        let edits = knobs.changedCurveEdits.compactMap { name, curve in
            KnobSettings.callSite(ofCurveEdit: name).map { ($0, curve) }
        }
        for (site, curve) in edits.sorted(by: { ($0.0.fileID, $0.0.line) < ($1.0.fileID, $1.0.line) }) {
            lines.append(
                self.line(for: curve, at: site, own: knobs.ownCurves[KnobSettings.curveEditName(for: site)]))
        }
        let lineEdits = knobs.changedLineEdits.compactMap { name, seconds in
            KnobSettings.lineEdit(named: name).map { ($0.edit, $0.site, seconds, knobs.ownLineValues[name]) }
        }
        for (edit, site, seconds, own) in lineEdits.sorted(by: {
            ($0.1.fileID, $0.1.line, $0.0.rawValue) < ($1.1.fileID, $1.1.line, $1.0.rawValue)
        }) {
            lines.append(self.line(for: edit, seconds: seconds, at: site, own: own))
        }
        guard !lines.isEmpty else { return nil }
        let header =
            "// \(sceneName): \(lines.count) change\(lines.count == 1 ? "" : "s") since the tutorial's values (animdemo p)"
        return (([header] + lines).joined(separator: "\n"), lines.count)
    }

    /// The Swift that gives the animation added at `site` the timing function `curve`: the
    /// animation's `timingFunction` when the line adds a named one (`layer.add(fade, …)`), else
    /// the block's `curve:` argument.
    static func line(for curve: TimingFunction, at site: CallSite, own: TimingFunction?) -> String {
        let points = [
            curve.controlPoint1.x, curve.controlPoint1.y, curve.controlPoint2.x, curve.controlPoint2.y,
        ]
        let expression =
            "TimingFunction(controlPoints: \(points.map(KnobAssignment.formatNumber).joined(separator: ", ")))"
        let tutorial =
            own.map { " (tutorial: \(KnobCode.code(for: .curve($0), of: Knob("", curve: $0, ""))))" } ?? ""
        let text = SceneSources.lines(ofFile: site.fileName).flatMap { lines in
            lines.indices.contains(site.line - 1) ? String(lines[site.line - 1]) : nil
        }
        if let text, let added = addedAnimation(in: text) {
            return "\(added).timingFunction = \(expression)  // \(site)\(tutorial)"
        }
        return "curve: \(expression)  // \(site): the block's curve\(tutorial)"
    }

    /// The Swift that gives the animation added at `site` the duration or delay `seconds`: the
    /// animation's `duration` or `beginTime` when the line adds a named one, else the block's
    /// argument.
    static func line(for edit: KnobSettings.LineEdit, seconds: Double, at site: CallSite, own: Double?)
        -> String
    {
        let value = KnobAssignment.formatNumber(seconds)
        let tutorial = own.map { " (tutorial: \(KnobAssignment.formatNumber($0)) s)" } ?? ""
        let text = SceneSources.lines(ofFile: site.fileName).flatMap { lines in
            lines.indices.contains(site.line - 1) ? String(lines[site.line - 1]) : nil
        }
        if let text, let added = addedAnimation(in: text) {
            switch edit {
            case .duration: return "\(added).duration = \(value)  // \(site)\(tutorial)"
            case .delay: return "\(added).beginTime = timeline.currentTime + \(value)  // \(site)\(tutorial)"
            }
        }
        return "\(edit.rawValue): \(value)  // \(site): the block's \(edit.rawValue)\(tutorial)"
    }

    /// The animation a line adds to a layer (`b1.add(strokeEnd, forKey: …)` gives `strokeEnd`).
    static func addedAnimation(in line: String) -> String? {
        guard let call = line.range(of: ".add(") else { return nil }
        let argument = line[call.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return argument.isEmpty || argument.first?.isNumber == true ? nil : String(argument)
    }

    /// The first line (1-based) of the scene file `file` that has `text` after its indentation.
    static func line(of text: String, inFile file: String) -> Int? {
        guard let lines = SceneSources.lines(ofFile: file) else { return nil }
        return lines.firstIndex { $0.drop { $0 == " " }.hasPrefix(text) }.map { $0 + 1 }
    }
}

extension ChangeCode {
    /// `p` (the shell's key, and the knob panel's): every change since the tutorial's values,
    /// printed and copied as the scene's Swift; the toast says how many lines.
    static func copyRequests(knobs: KnobSettings, sceneName: String) -> [SessionRequest] {
        guard let code = swift(knobs: knobs, sceneName: sceneName) else {
            return [.message("nothing changed since the tutorial's values: nothing to copy")]
        }
        return [
            .command(.output(code.text)), .command(.copyToClipboard(code.text)),
            .message(
                "copied \(code.lines) line\(code.lines == 1 ? "" : "s") of Swift: every change, with its file:line"
            ),
        ]
    }
}
