// A rect query across sections: find the sections it meets, move it into each one's coordinates for that
// section's index, and keep what the index finds by the frames handed out.
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

    /// `query` in `section`'s own coordinates, widened by the section's margin so its index misses nothing; `nil`
    /// when the section's elements cannot meet it.
    @inlinable func local(_ query: AxisRect, in section: Int) -> AxisRect? {
        let placement = placements[section]
        let margin = placement.margin
        let origin = placement.origin
        guard origin + placement.spanMin - margin < query.scrollMax, query.scrollMin < origin + placement.spanMax + margin else {
            return nil
        }
        // At origin 0 the handed-out frames are the relative ones, and the index's own test is exact.
        guard origin != 0 else { return query }
        return AxisRect(
            scrollMin: query.scrollMin - origin - margin, scrollMax: query.scrollMax - origin + margin,
            crossMin: query.crossMin, crossMax: query.crossMax
        )
    }

    /// Turns what `section`'s index appended to `result` from `start` on into layout-order numbers, keeping only
    /// the elements whose handed-out frames meet `query` (the index tested the cross axis exactly already). At
    /// origin 0 the index's own test was exact, and only the numbers change.
    ///
    /// - Complexity: O(*k*) for the *k* elements the index found.
    @inlinable func keepMeeting<Index: SpatialIndex>(
        _ query: AxisRect, in store: AttributeStore, index: Index, section: Int, from start: Int, in result: inout VisibleElements
    ) {
        let first = firstElements[section]
        let origin = placements[section].origin
        guard origin != 0 else {
            if first != 0 {
                result.uncheckedEdit { indices in
                    for position in start..<indices.count { indices[position] &+= first }
                    return indices.count
                }
            }
            return
        }
        index.keepMeeting(query, origin: origin, firstElement: first, in: store, axis: axis, from: start, in: &result)
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
