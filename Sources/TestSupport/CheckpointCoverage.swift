import Animation

/// Which stored properties time travel's checkpoints would forget (`CheckpointedObject`).
public enum CheckpointCoverage {
    /// The names of the stored properties `object`'s class itself declares (not its
    /// superclasses'), read by `Mirror`: a property wrapper's or a lazy property's storage
    /// under its property's name.
    public static func storedProperties(of object: AnyObject, as type: AnyClass? = nil) -> Set<String> {
        var mirror: Mirror? = Mirror(reflecting: object)
        if let type {
            while let level = mirror, level.subjectType != type { mirror = level.superclassMirror }
        }
        let labels = mirror?.children.compactMap(\.label) ?? []
        return Set(
            labels.map { label in
                if label.hasPrefix("$__lazy_storage_$_") { return String(label.dropFirst(18)) }
                return label
            })
    }

    /// The names of the fields of `value` (a struct or tuple with labels); none for `()`.
    public static func fields(of value: Any) -> Set<String> {
        Set(Mirror(reflecting: value).children.compactMap(\.label))
    }

    /// What is wrong with `object`'s checkpoint, one line each: a stored property neither in
    /// `checkpoint` nor in `notCheckpointed`, a name in `notCheckpointed` that is no stored
    /// property, or both. Empty when all is well. (The checkpoint may hold more: the state of
    /// the objects it keeps, say.)
    public static func problems(
        of object: AnyObject, as type: AnyClass? = nil, checkpoint: Any, notCheckpointed: Set<String>
    ) -> [String] {
        let name = String(describing: type ?? Swift.type(of: object))
        let stored = storedProperties(of: object, as: type)
        let saved = fields(of: checkpoint)
        var problems: [String] = []
        for property in stored.subtracting(saved).subtracting(notCheckpointed).sorted() {
            problems.append(
                "\(name).\(property) is in neither its checkpoint nor its notCheckpointed list: "
                    + "a checkpoint would forget it")
        }
        for property in notCheckpointed.subtracting(stored).sorted() {
            problems.append("\(name).notCheckpointed names \(property), which it does not store")
        }
        for field in saved.intersection(notCheckpointed).sorted() {
            problems.append("\(name).\(field) is both saved and listed as not saved")
        }
        return problems
    }

    /// `problems(of:...)` for an object of its own `CheckpointedObject` type.
    public static func problems<Object: CheckpointedObject>(of object: Object) -> [String] {
        problems(
            of: object, as: Object.self, checkpoint: object.checkpoint,
            notCheckpointed: Object.notCheckpointed)
    }

    /// Every object of module `module` (its type's name starts `module.`) reachable from
    /// `root` through stored properties (arrays, optionals, dictionaries and tuples too),
    /// `root` included, each once.
    public static func objects(reachableFrom root: AnyObject, inModule module: String) -> [AnyObject] {
        var seen = Set<ObjectIdentifier>()
        var found: [AnyObject] = []
        var pending: [Any] = [root]
        while let value = pending.popLast() {
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .class {
                let object = value as AnyObject
                guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
                if String(reflecting: type(of: object)).hasPrefix(module + ".") { found.append(object) }
                var level: Mirror? = mirror
                while let current = level {
                    pending += current.children.map(\.value)
                    level = current.superclassMirror
                }
            } else {
                pending += mirror.children.map(\.value)
            }
        }
        return found
    }
}
