/// One run of changed items in a section: the items laid out `first ..< oldEnd` are replaced by the items
/// `first ..< newEnd` of the data. Items before `first` are the same in both; from `newEnd` on, the data's item `j`
/// is the item laid out at `j − newEnd + oldEnd`.
///
/// `horizon` is where the next run of changes in the section begins, in the data's numbering (`Int.max` when none
/// does): a write may not join the laid-out items at or after it, since those are about to change too.
public struct ItemEdit: Hashable, Sendable {
    /// The first item the run changes, the same in both numberings.
    public var first: Int
    /// The end of the run's items as laid out: the laid-out items `first ..< oldEnd` are replaced.
    public var oldEnd: Int
    /// The end of the run's items in the data: the data's items `first ..< newEnd` replace the laid-out ones.
    public var newEnd: Int
    /// Where the section's next run of changes begins, in the data's numbering; `Int.max` when none does.
    public var horizon: Int

    /// Creates a run that replaces the laid-out items `first ..< oldEnd` with the data's items `first ..< newEnd`.
    ///
    /// - Parameters:
    ///   - first: The first item the run changes.
    ///   - oldEnd: The end of the run's items as laid out.
    ///   - newEnd: The end of the run's items in the data.
    ///   - horizon: Where the section's next run of changes begins, in the data's numbering; `Int.max` when none does.
    /// - Complexity: O(1).
    public init(first: Int, oldEnd: Int, newEnd: Int, horizon: Int = .max) {
        self.first = first
        self.oldEnd = oldEnd
        self.newEnd = newEnd
        self.horizon = horizon
    }

    /// Item `item` replaced by one of another size.
    ///
    /// - Parameter item: The item resized.
    /// - Returns: The run of that one item, with no next run.
    /// - Complexity: O(1).
    public static func resize(_ item: Int) -> ItemEdit { ItemEdit(first: item, oldEnd: item + 1, newEnd: item + 1) }
    /// An item inserted before item `item`.
    ///
    /// - Parameter item: The number of the inserted item in the data.
    /// - Returns: The run of that one item, with no next run.
    /// - Complexity: O(1).
    public static func insert(_ item: Int) -> ItemEdit { ItemEdit(first: item, oldEnd: item, newEnd: item + 1) }
    /// Item `item` deleted.
    ///
    /// - Parameter item: The number of the deleted item as laid out.
    /// - Returns: The run of that one item, with no next run.
    /// - Complexity: O(1).
    public static func delete(_ item: Int) -> ItemEdit { ItemEdit(first: item, oldEnd: item + 1, newEnd: item) }

    /// The laid-out item the data's item `item` is, for an item at or after `newEnd`.
    ///
    /// - Parameter item: The number of an item in the data, at or after `newEnd`.
    /// - Returns: The item's number as laid out.
    /// - Complexity: O(1).
    @inlinable public func oldItem(ofNew item: Int) -> Int { item - newEnd + oldEnd }

    /// Whether a write may join the laid-out items at the data's item `item`: after the change and before the next.
    ///
    /// - Parameter item: The number of an item in the data.
    /// - Returns: `true` when `item` is at or after `newEnd` and before `horizon`; otherwise, `false`.
    /// - Complexity: O(1).
    @inlinable public func mayJoin(at item: Int) -> Bool { item >= newEnd && item < horizon }

    /// This edit and `next`, the section's next one, as one: for a write that reached `next` before it could join.
    ///
    /// - Parameter next: The section's run after this one, numbered as once this one is in.
    /// - Returns: One run from this one's first item to the end of `next`, with `next`'s horizon.
    /// - Complexity: O(1).
    public func merged(with next: ItemEdit) -> ItemEdit {
        // `next`'s laid-out items are numbered as they will be once this edit is in: its old end, moved back by this
        // edit's change of count, is this one's old end for both.
        ItemEdit(first: first, oldEnd: next.oldEnd - (newEnd - oldEnd), newEnd: next.newEnd, horizon: next.horizon)
    }
}

extension ItemEdit {
    /// Appends to `runs` the runs of changed items of a section, in order, from the items of its laid-out section
    /// it loses (`removed`, deleted or moved away), those it keeps at another size (`resized`), both numbered as
    /// laid out, and those it gains (`added`, inserted or moved in), numbered in the data after the change; each
    /// list ascending, with no item twice. Each run's laid-out items are numbered as they are once the runs before
    /// it are in, so the runs can be written one after another, and each knows where the next begins.
    ///
    /// - Parameters:
    ///   - removed: The laid-out items the section loses, ascending.
    ///   - resized: The laid-out items the section keeps at another size, ascending.
    ///   - added: The items the section gains, numbered in the data after the change, ascending.
    ///   - runs: The list to append the runs to.
    /// - Complexity: O(*c*) for the *c* items named.
    @inlinable
    public static func appendRuns<Removed: Collection<Int>, Resized: Collection<Int>, Added: Collection<Int>>(
        removed: Removed, resized: Resized, added: Added, to runs: inout [ItemEdit]
    ) {
        let firstRun = runs.count
        // What the data's numbering is ahead of the laid-out one, before the next item named.
        var delta = 0
        var (r, z, a) = (removed.startIndex, resized.startIndex, added.startIndex)
        while r != removed.endIndex || z != resized.endIndex || a != added.endIndex {
            // The next item named, at its place in the data's numbering: a removed item at the place it leaves.
            let removal = r != removed.endIndex ? removed[r] + delta : Int.max
            let resize = z != resized.endIndex ? resized[z] + delta : Int.max
            let addition = a != added.endIndex ? added[a] : Int.max
            let position = Swift.min(removal, resize, addition)
            // One named item: its place in the data and the laid-out items it takes (0 or 1) and gives (0 or 1).
            let (takes, gives): (Int, Int)
            if removal == position {
                (takes, gives) = (1, 0)
                removed.formIndex(after: &r)
                delta -= 1
            } else if resize == position {
                (takes, gives) = (1, 1)
                resized.formIndex(after: &z)
            } else {
                (takes, gives) = (0, 1)
                added.formIndex(after: &a)
                delta += 1
            }
            if runs.count > firstRun, position <= runs[runs.count - 1].newEnd {
                // Next to the run before: the run grows.
                runs[runs.count - 1].oldEnd += takes
                runs[runs.count - 1].newEnd += gives
            } else {
                runs.append(ItemEdit(first: position, oldEnd: position + takes, newEnd: position + gives))
            }
        }
        for index in firstRun..<Swift.max(firstRun, runs.count - 1) { runs[index].horizon = runs[index + 1].first }
    }

}
