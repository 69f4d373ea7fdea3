extension LayoutStore {
    /// Makes the store hold `count` sections along `axis`, keeping the buffers of those it already had. Their
    /// placement is left to `place(from: 0)`, once they are written.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    @inlinable mutating func setSectionCount(_ count: Int, axis: ScrollAxis) {
        self.axis = axis
        if sectionStores.count > count {
            sectionStores.removeLast(sectionStores.count - count)
            placements.removeLast(placements.count - count)
        } else {
            for _ in sectionStores.count..<count {
                sectionStores.append(AttributeStore())
                placements.append(SectionPlacement())
            }
        }
    }

    /// Replaces `section`'s elements with what `body` writes, relative to the section's origin, and records the
    /// length `body` returns. The span of the frames is left to `recordSpan(ofSection:_:)`, origins and numbering
    /// to `place(from:)`.
    ///
    /// - Complexity: O(*m*) for the *m* elements written; no allocation when the section's buffers hold them.
    @inlinable mutating func rewriteSection(
        _ section: Int, elementCount: Int, _ body: (inout AttributeStore.Writer) -> Double
    ) {
        let length = sectionStores[section].rewrite(reservingCapacity: elementCount) { writer in
            writer.beginSection()
            return body(&writer)
        }
        assert(sectionStores[section].count == elementCount, "section \(section) wrote \(sectionStores[section].count) elements, not its elementCount \(elementCount)")
        placements[section].length = length
    }

    /// Records the span of `section`'s frames: `known`, when the section's index found it in its build, or else
    /// read from the frames.
    ///
    /// - Complexity: O(1) when known, O(*m*) for the section's *m* elements otherwise.
    @inlinable mutating func recordSpan(ofSection section: Int, _ known: (min: Double, max: Double)?) {
        let span = known ?? sectionStores[section].span(along: axis)
        assert(known.map { $0 == sectionStores[section].span(along: axis) } ?? true, "section \(section): the index's span is not the frames'")
        (placements[section].spanMin, placements[section].spanMax) = span
    }

    /// Recomputes, from `section` on, each section's origin (the one before's origin plus its length, summed in
    /// order so an update lands on the very origins a full prepare computes), the numbering of elements, and the
    /// section search's running edges.
    ///
    /// - Complexity: O(*s*) for *s* sections: scalars only, no element moves.
    @usableFromInline mutating func place(from section: Int) {
        let count = sectionStores.count
        // Entries before `section` stay valid; the tables are resized at their ends, which allocates only when
        // the section count grows past what they held.
        let section = Swift.min(section, runningMaxEnd.count, count)
        Self.resize(&firstElements, to: count + 1)
        Self.resize(&runningMaxEnd, to: count)
        Self.resize(&runningMinStart, to: count)
        var origin = section == 0 ? 0 : placements[section - 1].origin + placements[section - 1].length
        var reach = section == 0 ? -Double.infinity : runningMaxEnd[section - 1]
        for current in section..<count {
            placements[current].origin = origin
            placements[current].margin = placements[current].marginForPlacement
            firstElements[current + 1] = firstElements[current] + sectionStores[current].count
            let placement = placements[current]
            let end = origin + placement.spanMax + placement.margin
            reach = end > reach ? end : reach
            runningMaxEnd[current] = reach
            origin += placement.length
        }
        var nearest = Double.infinity
        for current in (0..<count).reversed() {
            let placement = placements[current]
            let start = placement.origin + placement.spanMin - placement.margin
            nearest = start < nearest ? start : nearest
            runningMinStart[current] = nearest
        }
    }

    /// Trims or pads `table` at its end to `count` entries.
    private static func resize<T: Numeric>(_ table: inout [T], to count: Int) {
        if table.count > count {
            table.removeLast(table.count - count)
        } else if table.count < count {
            table.append(contentsOf: repeatElement(0, count: count - table.count))
        }
    }
}

extension LayoutStore {
    /// Inserts a section holding `store`'s elements at `section`, with the length and span `placement` gives (a
    /// new section's are empty until it is written; a moved one keeps its own); `place(from:)` then places it.
    @usableFromInline mutating func insertSection(_ store: AttributeStore, placement: SectionPlacement = SectionPlacement(), at section: Int) {
        sectionStores.insert(store, at: section)
        placements.insert(placement, at: section)
    }

    /// Removes `section` and returns its elements' store and placement: a moved section keeps its frames, which
    /// are relative, and so its length and span.
    @usableFromInline mutating func removeSection(at section: Int) -> (store: AttributeStore, placement: SectionPlacement) {
        (sectionStores.remove(at: section), placements.remove(at: section))
    }
}
