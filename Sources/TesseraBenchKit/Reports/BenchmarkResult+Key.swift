extension BenchmarkResult {
    /// What a result measured, by which results of two reports are matched.
    package struct Key: Hashable, Sendable, CustomStringConvertible {
        package var layout: ShapedLayout
        /// The strategy with its parameters and allocator, so side-by-side variants match their own kind.
        package var label: String
        package var elements: Int
        package var operation: BenchmarkOperation

        package init(layout: ShapedLayout, label: String, elements: Int, operation: BenchmarkOperation) {
            self.layout = layout
            self.label = label
            self.elements = elements
            self.operation = operation
        }

        package var description: String {
            "\(layout.name) · \(label) · \(elements.formatted()) · \(operation.rawValue)"
        }
    }

    package var key: Key { Key(layout: shapedLayout, label: label, elements: elements, operation: operation) }
}
