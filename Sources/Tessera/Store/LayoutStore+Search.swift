// A rect query across sections: find the sections it meets, and ask each one's index the query in its coordinates.
extension LayoutStore {
    /// The sections whose elements may meet `query`, found by binary search from `hint` (the first section of the
    /// last query: scrolling is coherent). Sections in the range may still miss it; none outside can meet it.
    ///
    /// - Complexity: O(log *s*) for *s* sections, less near the hint.
    @inlinable func sections(meeting query: AxisRect, near hint: Int) -> Range<Int> {
        let first = runningMaxEnd.partitionPoint(near: hint) { $0 > query.scrollMin }
        let end = runningMinStart.partitionPoint(near: first) { $0 >= query.scrollMax }
        return first..<Swift.max(first, end)
    }

    /// `query` as `section`'s index is asked it: moved into the section's own coordinates and widened by the
    /// section's margin so its search misses nothing, with the section's origin and first element to keep what it
    /// finds by the frames handed out; `nil` when the section's elements cannot meet it.
    @inlinable func sectionQuery(_ query: AxisRect, in section: Int) -> SectionQuery? {
        let placement = placements[section]
        let margin = placement.margin
        let origin = placement.origin
        guard origin + placement.spanMin - margin < query.scrollMax, query.scrollMin < origin + placement.spanMax + margin else {
            return nil
        }
        // At origin 0 the handed-out frames are the relative ones, and the index's own test is exact.
        let local = origin == 0 ? query : AxisRect(
            scrollMin: query.scrollMin - origin - margin, scrollMax: query.scrollMax - origin + margin,
            crossMin: query.crossMin, crossMax: query.crossMax
        )
        return SectionQuery(local: local, rect: query, origin: origin, firstElement: firstElements[section])
    }
}

extension LayoutStore {
    /// The first element in layout order whose handed-out frame reaches past `position` along the scroll axis,
    /// looked for from the section that starts at or before `position`: what shows at the top of a viewport there.
    /// Its section, its position in the section and its near edge; `nil` when no element reaches that far.
    ///
    /// - Complexity: O(log *s*) for *s* sections, plus O(*m*) for the *m* elements of the sections scanned.
    @usableFromInline func anchor(at position: Double) -> (section: Int, position: Int, near: Double)? {
        let after = placements.partitionPoint { $0.origin > position }
        for section in Swift.max(after - 1, 0)..<sectionStores.count {
            for element in 0..<sectionStores[section].count {
                let frame = AxisRect(frame(inSection: section, at: element), along: axis)
                if frame.scrollMax > position { return (section, element, frame.scrollMin) }
            }
        }
        return nil
    }
}
