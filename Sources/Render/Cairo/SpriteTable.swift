import Animation

/// What a scaled image is cached under: the image, the size it is scaled to and its place
/// within a pixel (`ScaledImageCache`).
struct SpriteKey: Hashable {
    var image: ObjectIdentifier
    var width: Double
    var height: Double
    var phase: Point

    /// The five words mixed into one (multiply and shift per word): enough to spread sizes and
    /// places that differ in a few low bits, and far cheaper than SipHash for a lookup made
    /// for every bubble every frame. The keys are the program's own numbers, not outside input.
    var mixed: UInt64 {
        func mix(_ value: UInt64, _ word: UInt64) -> UInt64 {
            let mixed = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
            return mixed ^ (mixed >> 29)
        }
        let identity = UInt64(UInt(bitPattern: image))
        return mix(
            mix(mix(mix(identity, width.bitPattern), height.bitPattern), phase.x.bitPattern),
            phase.y.bitPattern)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(mixed) }
}

/// A hash table from `SpriteKey` to `Value` for the sprite cache's lookups: open addressing
/// with linear probing over a power-of-two array at most half full, each entry its key and
/// value side by side, so that a lookup hashes with `SpriteKey.mixed` and mostly reads one
/// entry (a `Dictionary` hashes with SipHash and keeps keys and values in two arrays, two
/// cache misses). Removal shifts the entries after it back, so there are no tombstones.
struct SpriteTable<Value> {
    private struct Entry {
        var key: SpriteKey
        var value: Value
    }

    private var entries: [Entry?]
    private(set) var count = 0

    /// A table that holds `minimumCapacity` entries before it grows.
    init(minimumCapacity: Int = 8) {
        var size = 16
        while size < 2 * minimumCapacity { size *= 2 }
        entries = Array(repeating: nil, count: size)
    }

    private var mask: Int { entries.count - 1 }

    private func home(of key: SpriteKey) -> Int { Int(truncatingIfNeeded: key.mixed) & mask }

    /// The entry of `key`, or the empty one where it would go.
    private func index(of key: SpriteKey) -> (index: Int, found: Bool) {
        var index = home(of: key)
        while let entry = entries[index] {
            if entry.key == key { return (index, true) }
            index = (index + 1) & mask
        }
        return (index, false)
    }

    subscript(key: SpriteKey) -> Value? {
        get {
            let place = index(of: key)
            return place.found ? entries[place.index]?.value : nil
        }
        set {
            guard let newValue else {
                removeValue(forKey: key)
                return
            }
            let place = index(of: key)
            entries[place.index] = Entry(key: key, value: newValue)
            guard !place.found else { return }
            count += 1
            if 2 * count > entries.count { grow() }
        }
    }

    /// Removes `key`'s entry and returns its value; the entries after it in its run move back
    /// to where a lookup finds them.
    @discardableResult
    mutating func removeValue(forKey key: SpriteKey) -> Value? {
        let place = index(of: key)
        guard place.found, let removed = entries[place.index] else { return nil }
        var hole = place.index
        var next = (hole + 1) & mask
        while let entry = entries[next] {
            // An entry may fill the hole when its home is not in (hole, next], cyclically.
            let home = home(of: entry.key)
            let staysAfterHole = hole < next ? (hole < home && home <= next) : (hole < home || home <= next)
            if !staysAfterHole {
                entries[hole] = entry
                hole = next
            }
            next = (next + 1) & mask
        }
        entries[hole] = nil
        count -= 1
        return removed.value
    }

    private mutating func grow() {
        let old = entries
        entries = Array(repeating: nil, count: 2 * old.count)
        for case let entry? in old { entries[index(of: entry.key).index] = entry }
    }
}
