import Tessera

/// Where each element of a recorded section stands by its identity: each cell by its item, each supplementary view
/// (a header, a footer, a layout's own) by its kind and how many of that kind come before it.
struct ElementPlaces {
    /// The number in the section of each cell, by item; `nil` when the cells follow one another from `firstCell`, as
    /// every layout here writes them.
    private let cells: [Int]?
    private let firstCell: Int
    private let cellCount: Int
    /// The numbers in the section of each kind's supplementary views, in order.
    private let supplementary: [UInt8: [Int]]

    /// The places of `section`'s elements.
    ///
    /// - Complexity: O(*m*) for the section's *m* elements.
    init(_ section: RecordedSection) {
        var supplementary: [UInt8: [Int]] = [:]
        var firstCell = -1
        var cellCount = 0
        var contiguous = true
        for (element, kind) in section.kinds.enumerated() {
            guard kind == .cell else {
                supplementary[kind.rawValue, default: []].append(element)
                continue
            }
            if cellCount == 0 { firstCell = element } else if element != firstCell + cellCount { contiguous = false }
            cellCount += 1
        }
        self.firstCell = firstCell
        self.cellCount = cellCount
        cells = contiguous ? nil : section.kinds.indices.filter { section.kinds[$0] == .cell }
        self.supplementary = supplementary
    }

    /// The number of item `item`'s cell, if the section holds one.
    ///
    /// - Complexity: O(1).
    func cell(_ item: Int) -> Int? {
        guard item >= 0, item < cellCount else { return nil }
        return cells?[item] ?? firstCell + item
    }

    /// The number of the `occurrence`th supplementary view of `kind`, if the section holds one.
    ///
    /// - Complexity: O(1).
    func supplementary(_ kind: ElementKind, _ occurrence: Int) -> Int? {
        guard let places = supplementary[kind.rawValue], places.indices.contains(occurrence) else { return nil }
        return places[occurrence]
    }
}

extension RecordedSection {
    /// The number of the `occurrence`th element of `kind` in the section, if it holds one: found by a scan from the
    /// start, where a layout writes its own elements.
    ///
    /// - Complexity: O(*k*) for the *k* elements up to it; O(*m*) for a section of *m* elements without one.
    func element(ofKind kind: ElementKind, occurrence: Int) -> Int? {
        var left = occurrence
        for element in kinds.indices where kinds[element] == kind {
            if left == 0 { return element }
            left -= 1
        }
        return nil
    }
}
