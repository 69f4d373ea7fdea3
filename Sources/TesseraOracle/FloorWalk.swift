/// The count at the heart of an update's floor (`UpdateFloor`): the new layout's elements walked in layout order,
/// each a change point (counted) or matched with its old counterpart, at a shift along the scroll axis.
///
/// Change points cut the walk into segments of matched elements whose old counterparts follow one another. Within a
/// segment, a run of consecutive elements of one shift is what one move of everything after a join places (the
/// engine's O(log *n*) shift); the segment's longest such run is free and its other elements are counted: those
/// between a change and its join, and those before a change that it moves (a flow line's cells that a taller cell
/// centres again). The segment before the first change point has nothing before it to move it: the run that starts
/// the layout at a shift of 0 is free, and what follows it in that segment is counted.
///
/// A run may hold sections whose elements are not laid out, only known to be unchanged (`join(sections:…)`); their
/// elements are counted by `weigh`, and only as far as the count decides anything.
struct FloorWalk {
    /// Consecutive matched elements of one shift.
    private struct Run {
        var shift: Double
        var elements: Int
        /// Sections of the layout before the update whose elements belong to the run, not counted yet.
        var sections: [Range<Int>] = []
    }

    /// The counted elements of the segments closed so far.
    private var counted = 0
    /// The runs of the segment the walk is in.
    private var runs: [Run]
    /// Whether the segment is the first: the layout's start, at a shift of 0, is its first run.
    private var isFirst = true
    /// The elements of a range of sections before the update, or `cap` or more of them when there are that many.
    private let weigh: (Range<Int>, _ cap: Int) -> Int

    /// A walk at the start of a layout.
    ///
    /// - Parameter weigh: Counts the elements of a range of sections before the update, stopping once it reaches
    ///   `cap`; never called when no run holds sections.
    init(weigh: @escaping (Range<Int>, _ cap: Int) -> Int = { _, _ in 0 }) {
        self.weigh = weigh
        runs = [Run(shift: 0, elements: 0)]
    }

    /// A change point: ends the segment, and counts `elements` (1 for an element, 0 for a section's start or a gap
    /// where something was removed).
    ///
    /// - Complexity: O(*r*) for the segment's *r* runs, plus what weighing its unlaid sections takes.
    mutating func change(counting elements: Int) {
        closeSegment()
        counted += elements
    }

    /// Matched elements at `shift`: `elements` laid out, and the elements of `sections` (of the layout before the
    /// update) known to be unchanged. When their old counterparts do not follow those of the elements before them
    /// (`continuing` is `false`), something was removed or moved away between them: a change point, counting
    /// nothing, comes first.
    ///
    /// - Complexity: O(1), or the cost of `change(counting:)` when not continuing.
    mutating func join(elements: Int = 1, sections: Range<Int>? = nil, shift: Double, continuing: Bool) {
        if !continuing { closeSegment() }
        if let last = runs.last, last.shift == shift {
            runs[runs.count - 1].elements += elements
            if let sections { runs[runs.count - 1].sections.append(sections) }
        } else {
            runs.append(Run(shift: shift, elements: elements, sections: sections.map { [$0] } ?? []))
        }
    }

    /// The elements counted once the walk has reached the layout's end.
    ///
    /// - Complexity: That of `change(counting:)`.
    mutating func finish() -> Int {
        closeSegment()
        return counted
    }

    /// Counts the segment's elements outside its free run, and begins the next, which is not the first.
    private mutating func closeSegment() {
        defer {
            runs.removeAll(keepingCapacity: true)
            isFirst = false
        }
        if isFirst {
            for run in runs.dropFirst() { counted += run.elements + weight(of: run.sections, cap: .max) }
            return
        }
        let unlaid = runs.indices.filter { !runs[$0].sections.isEmpty }
        guard unlaid.count == 1, let holder = unlaid.first else {
            let weights = runs.map { $0.elements + weight(of: $0.sections, cap: .max) }
            counted += weights.reduce(0, +) - (weights.max() ?? 0)
            return
        }
        // One run holds unlaid sections (a stretch of unchanged sections after a join): it is the free run as soon as
        // it holds as many elements as any other, so its sections are counted only up to that.
        let others = runs.indices.filter { $0 != holder }.map { runs[$0].elements }
        let largest = others.max() ?? 0
        let known = runs[holder].elements
        let needed = largest - known
        let holding = known + (needed > 0 ? weight(of: runs[holder].sections, cap: needed) : 0)
        counted += others.reduce(0, +) + holding - Swift.max(largest, holding)
    }

    /// The elements of `sections`, or `cap` or more of them.
    private func weight(of sections: [Range<Int>], cap: Int) -> Int {
        var total = 0
        for range in sections where total < cap { total += weigh(range, cap - total) }
        return total
    }
}
