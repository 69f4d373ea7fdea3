/// What callgrind counted for one operation, divided by the operations counted: instructions, memory accesses and
/// the simulated caches' misses, and a cycle estimate from them.
///
/// The counts are exact and repeat run after run on any machine (the caches simulated are fixed, not the host's:
/// `CallgrindCounter.cacheOptions`), which a time is not. What they do not see is said in `estimatedCycles`.
package struct CountedCost: Codable, Hashable, Sendable {
    /// Instructions executed (callgrind's `Ir`).
    package var instructions: Double
    /// Data reads and writes (`Dr`, `Dw`).
    package var dataReads: Double
    package var dataWrites: Double
    /// First-level misses, instruction and data (`I1mr + D1mr + D1mw`).
    package var l1Misses: Double
    /// Last-level misses, instruction and data (`ILmr + DLmr + DLmw`): accesses that went to memory.
    package var lastLevelMisses: Double

    /// An estimate of the cycles the operation takes: each access that hits the first level costs one, one that
    /// hits the last level five, and one that goes to memory 35 (`L1 hits + 5 × LL hits + 35 × RAM`, where the
    /// accesses are instruction fetches, data reads and data writes). The weights are iai's
    /// (github.com/bheisler/iai), after Itamar Turner-Trauring's estimate for CI benchmarks (pythonspeed.com,
    /// 2020); CodSpeed's is of the same form.
    ///
    /// A simulated count does not see what makes real time: several misses in flight at once (memory-level
    /// parallelism), hardware prefetchers (a sequential write misses in the simulation and not on the chip),
    /// branch mispredictions, the clock's frequency and other processes. It weighs a miss at a fixed price, so it
    /// ranks two builds of the same code well and two designs with different memory access patterns poorly.
    package var estimatedCycles: Double {
        let accesses = instructions + dataReads + dataWrites
        let lastLevelHits = l1Misses - lastLevelMisses
        return (accesses - l1Misses) + 5 * lastLevelHits + 35 * lastLevelMisses
    }

    package init(
        instructions: Double, dataReads: Double, dataWrites: Double, l1Misses: Double, lastLevelMisses: Double
    ) {
        self.instructions = instructions
        self.dataReads = dataReads
        self.dataWrites = dataWrites
        self.l1Misses = l1Misses
        self.lastLevelMisses = lastLevelMisses
    }

    /// The cost of one of `operations` operations whose counts together are `events` (callgrind's event names,
    /// as a dump's `events:` line gives them; an event the dump does not list counts zero).
    package init(events: [String: UInt64], operations: Int) {
        let share = 1 / Double(Swift.max(operations, 1))
        func sum(_ names: String...) -> Double { Double(names.reduce(0) { $0 + (events[$1] ?? 0) }) * share }
        self.init(
            instructions: sum("Ir"), dataReads: sum("Dr"), dataWrites: sum("Dw"),
            l1Misses: sum("I1mr", "D1mr", "D1mw"), lastLevelMisses: sum("ILmr", "DLmr", "DLmw"))
    }

    /// What JSON lets through and a cost cannot hold, as a problem of the field at `place`, or `nil`: a count that
    /// is negative, not finite or over `longestCount`, no instructions (an operation counted ran some; a cost of 0
    /// would make every ratio to it 0/0), or more misses than accesses.
    package func inconsistency(at place: String) -> String? {
        for (field, value) in [
            ("instructions", instructions), ("dataReads", dataReads), ("dataWrites", dataWrites),
            ("l1Misses", l1Misses), ("lastLevelMisses", lastLevelMisses),
        ] where !(value >= 0 && value <= Self.longestCount) {
            return "\(place).\(field) is \(value); a count is 0 or more and at most 10^18"
        }
        if instructions == 0 {
            return "\(place).instructions is 0; a counted operation runs at least one instruction"
        }
        if lastLevelMisses > l1Misses || l1Misses > instructions + dataReads + dataWrites {
            return "\(place) has more misses than accesses"
        }
        return nil
    }

    /// The largest count a report may hold: with counts this size, every estimate and ratio is a finite number.
    package static let longestCount = 1e18

    enum CodingKeys: String, CodingKey {
        case instructions, dataReads, dataWrites, l1Misses, lastLevelMisses, estimatedCycles
    }

    /// Written with `estimatedCycles`, so a reader of the JSON sees the figure the gate judges.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(instructions, forKey: .instructions)
        try container.encode(dataReads, forKey: .dataReads)
        try container.encode(dataWrites, forKey: .dataWrites)
        try container.encode(l1Misses, forKey: .l1Misses)
        try container.encode(lastLevelMisses, forKey: .lastLevelMisses)
        try container.encode(estimatedCycles, forKey: .estimatedCycles)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            instructions: try container.decode(Double.self, forKey: .instructions),
            dataReads: try container.decode(Double.self, forKey: .dataReads),
            dataWrites: try container.decode(Double.self, forKey: .dataWrites),
            l1Misses: try container.decode(Double.self, forKey: .l1Misses),
            lastLevelMisses: try container.decode(Double.self, forKey: .lastLevelMisses))
    }
}
