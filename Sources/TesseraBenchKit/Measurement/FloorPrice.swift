/// What an update's work floor (`UpdateFloors`) costs, priced at the same strategy's warm prepare in the same run:
/// the floor's elements at the prepare's time an element, and 2 µs for each update in it, the fixed cost any update
/// may spend (its path down the store's tree, and one chunk's index built again). An update result's `overFloor`
/// is its time over this; the targets want at most 1.5, a time within 1.5 × the floor and 3 µs an update.
struct FloorPrice {
    /// The fixed cost each update may spend, in nanoseconds.
    static let nanosecondsPerUpdate = 2_000.0

    /// The warm prepare's median time an element.
    let nanosecondsPerElement: Double

    /// The price of a warm prepare of `nanoseconds` over `elements` elements; `nil` for no elements.
    init?(warmPrepare nanoseconds: Double, elements: Int) {
        guard elements > 0, nanoseconds.isFinite, nanoseconds > 0 else { return nil }
        nanosecondsPerElement = nanoseconds / Double(elements)
    }

    /// The floor time of `updates` updates that must write `elements` elements, in nanoseconds.
    func nanoseconds(elements: Double, updates: Int) -> Double {
        elements * nanosecondsPerElement + Self.nanosecondsPerUpdate * Double(Swift.max(updates, 1))
    }

    /// The nearest-rank `percentile` (0…100) of `values`: the smallest value at or above that share of them; 0 for
    /// none.
    static func percentile(_ percentile: Double, of values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((percentile / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }
}
