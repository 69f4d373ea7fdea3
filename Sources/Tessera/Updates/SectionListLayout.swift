/// A layout that keeps its data in a `SectionList` and the number of elements it writes beside it (the flow, the
/// waterfall): an edit changes one section's data in place, in O(log *s*) for *s* sections plus the edit of its item
/// sizes, and moves `elementCount` by what the edit changes the section's count by.
public protocol SectionListLayout: UpdatableLayout {
    /// The number of elements a section of `data` writes, as `elementCount(inSection:)` counts a section's.
    ///
    /// - Parameter data: The data of a section.
    /// - Returns: The number of elements a section of `data` writes.
    func elementCount(of data: LayoutSection) -> Int
    /// Changes the sections with `body` and moves `elementCount` by what it returns: the one way the edits below
    /// change the layout's data, so that the two stay in step. Public only so that the edits can be inlined into the
    /// engine's updates; not for use elsewhere.
    ///
    /// - Parameter body: A closure that edits the sections in place and returns how many elements the edit adds (a
    ///   negative number for those it removes).
    mutating func _editSections(_ body: (inout SectionList) -> Int)
}

extension SectionListLayout {
    /// Gives item `item` of `section` the size `size`.
    ///
    /// - Parameters:
    ///   - size: The item's new size, a valid one.
    ///   - item: The number of an item of `section`.
    ///   - section: The number of a section of the data.
    /// - Complexity: O(log *s*) for *s* sections, plus `ItemSizes.set(_:at:)`.
    @inlinable public mutating func setSize(_ size: Size, ofItem item: Int, inSection section: Int) {
        _editSections { sections in
            sections.update(section) { $0.itemSizes.set(size, at: item) }
            return 0
        }
    }

    /// Inserts an item of `size` before item `item` of `section` (its item count appends).
    ///
    /// - Parameters:
    ///   - size: The new item's size, a valid one.
    ///   - item: The number the new item takes in `section`, from 0 to the section's item count.
    ///   - section: The number of a section of the data.
    /// - Complexity: O(log *s*) for *s* sections, plus `ItemSizes.insert(_:at:)`.
    @inlinable public mutating func insertItem(_ size: Size, at item: Int, inSection section: Int) {
        _editSections { sections in
            sections.update(section) { $0.itemSizes.insert(size, at: item) }
            return 1
        }
    }

    /// Removes item `item` of `section`.
    ///
    /// - Parameters:
    ///   - item: The number of an item of `section`.
    ///   - section: The number of a section of the data.
    /// - Complexity: O(log *s*) for *s* sections, plus `ItemSizes.remove(at:)`.
    @inlinable public mutating func removeItem(at item: Int, inSection section: Int) {
        _editSections { sections in
            sections.update(section) { _ = $0.itemSizes.remove(at: item) }
            return -1
        }
    }

    /// Replaces section `section` with one of `data`.
    ///
    /// - Parameters:
    ///   - section: The number of a section of the data.
    ///   - data: The new section, a valid one.
    /// - Complexity: O(log *s*) for *s* sections.
    @inlinable public mutating func replaceSection(at section: Int, with data: LayoutSection) {
        let change = elementCount(of: data) - elementCount(of: sections[section])
        _editSections { sections in
            sections[section] = data
            return change
        }
    }

    /// Inserts a section of `data` before section `section` (the section count appends).
    ///
    /// - Parameters:
    ///   - data: The new section, a valid one.
    ///   - section: The number the new section takes, from 0 to the section count.
    /// - Complexity: What `BlockedArray.insert(_:at:)` costs for the sections.
    @inlinable public mutating func insertSection(_ data: LayoutSection, at section: Int) {
        let added = elementCount(of: data)
        _editSections { sections in
            sections.insert(data, at: section)
            return added
        }
    }

    /// Removes section `section`.
    ///
    /// - Parameter section: The number of a section of the data.
    /// - Complexity: What `BlockedArray.remove(at:)` costs for the sections.
    @inlinable public mutating func removeSection(at section: Int) {
        let removed = elementCount(of: sections[section])
        _editSections { sections in
            sections.remove(at: section)
            return -removed
        }
    }
}
