extension Double {
    /// The value brought within `range`.
    @usableFromInline func clamped(to range: ClosedRange<Double>) -> Double {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
