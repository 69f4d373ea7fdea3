import Tessera

/// Where each element of a recorded section stands by its identity: each cell by its item, each supplementary view
/// (a header, a footer, a layout's own) by its kind and how many of that kind come before it.
struct ElementPlaces {
    /// The number in the section of each cell, by item.
    let cells: [Int]
    /// The numbers in the section of each kind's supplementary views, in order.
    private let supplementary: [UInt8: [Int]]

    /// The places of `section`'s elements.
    ///
    /// - Complexity: O(*m*) for the section's *m* elements.
    init(_ section: RecordedSection) {
        var cells: [Int] = []
        cells.reserveCapacity(section.count)
        var supplementary: [UInt8: [Int]] = [:]
        for (element, kind) in section.kinds.enumerated() {
            if kind == .cell {
                cells.append(element)
            } else {
                supplementary[kind.rawValue, default: []].append(element)
            }
        }
        self.cells = cells
        self.supplementary = supplementary
    }

    /// The number of item `item`'s cell, if the section holds one.
    ///
    /// - Complexity: O(1).
    func cell(_ item: Int) -> Int? {
        cells.indices.contains(item) ? cells[item] : nil
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
