/// Items of one length stacked along an axis from `start`, each after a spacing, in whole points: item `k` starts at
/// `start + spacing + k × (spacing + length)`, computed from its index, with no chain from item to item.
///
/// Adding `spacing` and then `length` to a running `Double`, as a layout stacks items, carries two dependent
/// additions from item to item (about 8 cycles). When the lengths are whole and every sum stays under 2⁵², each of
/// those additions is exact, so integer arithmetic gives the very same starts, bit for bit, each independent of
/// the one before.
@usableFromInline struct WholePointStack {
    @usableFromInline let origin: Int
    @usableFromInline let spacing: Int
    @usableFromInline let step: Int
    @usableFromInline let count: Int

    /// `nil` when a length is not a whole number of points (or is -0), or when the stack would run past 2⁵²:
    /// then the caller adds in `Double` as before.
    @inlinable init?(from start: Double, spacing: Double, length: Double, count: Int) {
        let limit = 0x1p52
        guard count >= 0, Self.isWhole(start, below: limit), Self.isWhole(spacing, below: limit),
            Self.isWhole(length, below: limit), start + Double(count) * (spacing + length) < limit
        else { return nil }
        origin = Int(start)
        self.spacing = Int(spacing)
        step = Int(spacing) + Int(length)
        self.count = count
    }

    /// Where item `item` starts.
    @inlinable func start(ofItem item: Int) -> Double {
        Double(origin &+ spacing &+ item &* step)
    }

    /// Where the stack ends: the last item's end, or its start when it has no items.
    @inlinable var end: Double {
        Double(origin &+ count &* step)
    }

    /// Whether `value` is a whole number of points from 0 to below `limit`, and not -0 (an integer gives back 0).
    @inlinable static func isWhole(_ value: Double, below limit: Double) -> Bool {
        value >= 0 && value < limit && value.sign == .plus && Double(Int(value)) == value
    }
}
