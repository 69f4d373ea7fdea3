/// One operation counted under callgrind (`run --measure instructions`): what it measured, as a timed result
/// names it, and its cost per operation.
package struct CountedResult: Codable, Hashable, Sendable {
    package var layout: LayoutID
    /// Items a section of the built-in workload, as `BenchmarkResult.itemsPerSection`.
    package var itemsPerSection: Int?
    package var strategy: StrategyID
    /// The index's parameters when they are not the strategy's standard ones.
    package var parameters: String?
    package var elements: Int
    package var operation: BenchmarkOperation
    /// How many operations the count covers; `cost` is their total divided by this.
    package var operationsCounted: Int
    package var cost: CountedCost

    package init(
        layout: LayoutID, strategy: StrategyID, elements: Int, operation: BenchmarkOperation, operationsCounted: Int,
        cost: CountedCost
    ) {
        self.layout = layout
        self.strategy = strategy
        self.elements = elements
        self.operation = operation
        self.operationsCounted = operationsCounted
        self.cost = cost
    }

    /// What the result measured, matched across reports as a timed result is (`BenchmarkResult.Key`).
    package var key: BenchmarkResult.Key {
        BenchmarkResult.Key(
            layout: ShapedLayout(layout, itemsPerSection: itemsPerSection),
            label: strategy.rawValue + (parameters.map { " (\($0))" } ?? ""), elements: elements, operation: operation)
    }
}
