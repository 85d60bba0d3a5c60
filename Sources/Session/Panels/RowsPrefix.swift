/// The rows a cache was made from, to tell whether the rows now only add to them: the log
/// appends rows; dropping the oldest, rolling back and starting again shorten the rows or
/// change what is at the first or the last place the cache saw (it holds those two rows'
/// objects, so their identities are not reused).
struct RowsPrefix {
    private(set) var count = 0
    private var first: AnyObject?
    private var last: AnyObject?

    init(_ rows: [InspectorRow]) {
        count = rows.count
        first = rows.first?.object
        last = rows.last?.object
    }

    /// Whether `rows` begin with the rows this was made from.
    func isPrefix(of rows: [InspectorRow]) -> Bool {
        guard count > 0 else { return true }
        return count <= rows.count && rows[0].object === first && rows[count - 1].object === last
    }
}
