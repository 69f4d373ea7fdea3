// What random layouts draw from a seeded generator.

extension SeededGenerator {
    public mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }

    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    public mutating func double(_ range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }

    /// A length in `range` that is, by turns, a whole number, a multiple of 0.25 or an arbitrary Double, so that
    /// both exact and rounded arithmetic are exercised.
    public mutating func length(_ range: ClosedRange<Double>) -> Double {
        let value = double(range)
        switch int(0...2) {
        case 0: return min(range.upperBound, max(range.lowerBound, value.rounded()))
        case 1: return min(range.upperBound, max(range.lowerBound, (value * 4).rounded() / 4))
        default: return value
        }
    }

    /// One of `values`.
    public mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }
}
