/// Counts the allocations of each measured operation, and only of it, when a probe can.
struct AllocationTally {
    let probe: (any AllocatorProbe)?
    private var allocations = 0
    private var operations = 0

    init(probe: (any AllocatorProbe)?) {
        self.probe = probe
    }

    /// Runs `body`, which performs `operations` of the measured operations.
    mutating func count<Result>(_ operations: Int, _ body: () throws -> Result) rethrows -> Result {
        let before = probe?.allocationCount()
        let result = try body()
        if let before, let after = probe?.allocationCount() { allocations += after - before }
        self.operations += operations
        return result
    }

    var perOperation: Double? {
        probe?.allocationCount() == nil || operations == 0 ? nil : Double(allocations) / Double(operations)
    }
}
