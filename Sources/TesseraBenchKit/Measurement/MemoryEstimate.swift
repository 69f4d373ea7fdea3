import Foundation
import Tessera

/// What a command will hold at its peak, estimated before it allocates, so that a workload too large for the
/// machine is refused (or a strategy skipped) with the estimate instead of failing half-way.
///
/// An estimate is what the process already spends against its budget when it is made (`spent`) plus the heap the
/// work adds, modelled as a
/// base, bytes an element, bytes a section, and 16 bytes for each size the workload lists one by one. The
/// coefficients are jemalloc's peaks fitted by `scripts/calibrate-memory`; every run records its estimates beside
/// the peaks it measured (`MemoryUse`), so a drift shows in the report.
package struct MemoryEstimate: Sendable {
    /// The bytes a command may use.
    package var budget: Double
    /// What the process counted against the budget when the estimate was made (its resident memory, or its address
    /// space under `ulimit -v`): the part of its peak no workload explains.
    package var spent: Double

    package init(budget: Double, spent: Double) {
        self.budget = budget
        self.spent = spent
    }

    /// An estimate against the tightest budget now (`MemoryBudget.tightest()`).
    package init() {
        let tightest = MemoryBudget.tightest()
        self.init(budget: tightest.bytes, spent: tightest.spent)
    }

    /// What a layout's memory grows with.
    package struct Shape: Sendable, Hashable {
        package var elements: Int
        package var sections: Int
        /// Item sizes the workload lists one by one, rather than one size for a whole section.
        package var listedSizes: Int

        package init(elements: Int, sections: Int, listedSizes: Int) {
            self.elements = elements
            self.sections = sections
            self.listedSizes = listedSizes
        }

        /// The shape of `sections`, laid out as `elements` elements: by default their items and a header and a
        /// footer a section, the most a layout makes of them before it is made.
        package init(_ sections: [LayoutSection], elements: Int? = nil) {
            let listed = sections.reduce(0) { total, section in
                if case .list(let sizes) = section.itemSizes { total + sizes.count } else { total }
            }
            let items = sections.reduce(0) { $0 + $1.itemSizes.count }
            self.init(elements: elements ?? items + 2 * sections.count, sections: sections.count, listedSizes: listed)
        }
    }

    /// Heap bytes as a base, bytes an element and bytes a section.
    struct Cost {
        var base: Double
        var element: Double
        var section: Double

        /// Never below 0: a fit's base may be negative (a line fitted from 20,000 elements up), and below its
        /// calibrated counts the line would cross 0 (-0.7 MB for one item), which no heap holds.
        func bytes(_ shape: Shape) -> Double {
            Swift.max(
                0,
                base + element * Double(shape.elements) + section * Double(shape.sections)
                    + 16 * Double(shape.listedSizes))
        }
    }

    /// The heap that measuring `strategy` on `layout` adds at its peak: the workload, the brute-force oracle and
    /// the trace every strategy shares, the strategy's layout, and another being prepared cold. A registered layout
    /// is costed as the dearest built-in one.
    package static func measuringBytes(_ strategy: StrategyID, on layout: LayoutID, _ shape: Shape) -> Double {
        if let cost = measured[layout]?[strategy] { return cost.bytes(shape) }
        return measured.values.compactMap { $0[strategy]?.bytes(shape) }.max() ?? 0
    }

    /// What `results` hold while a run goes on: their samples, 8 bytes each, which a query's may number in the
    /// tens of thousands.
    package static func heldBytes(of results: [BenchmarkResult]) -> Double {
        results.reduce(0) { $0 + 32 + 8 * Double($1.samplesNanoseconds.count) }
    }

    /// The heap the oracle's layouts for layout shift add (`ShiftReference`): every element's recorded frame and
    /// kind (33 bytes), the data it edits (16 bytes a listed size), and while a batch goes through, where each item
    /// comes from, twice (`BatchTokens`, 16 bytes an item each); a section's records, origins and bounds. Rounded
    /// up: 120 bytes an element and 400 a section.
    package static func shiftReferenceBytes(elements: Int, sections: Int) -> Double {
        Cost(base: 0, element: 120, section: 400).bytes(Shape(elements: elements, sections: sections, listedSizes: 0))
    }

    /// The heap one prepared engine layout adds (`dump`, `query`, `trace`, `native`): its store, its index and its
    /// sections; fitted to the resident sizes of `query` at 1M items, 1 to 1,000 items a section, in every layout.
    package static func layoutBytes(_ shape: Shape) -> Double {
        Cost(base: 0, element: 38, section: 560).bytes(shape)
    }

    /// The memory that reading a workload file of `fileBytes` bytes and at most `sizes` sizes adds: its bytes, the
    /// decoder's map of them and the sizes (`WorkloadFile`), while the file is read: 1M sizes in a 13 MB file
    /// added 114 MB resident in a debug build, read and laid out; 150 bytes a size leaves room for the decoder's
    /// arrays a size.
    package static func workloadFileBytes(fileBytes: Int, sizes: Int) -> Double {
        Double(fileBytes) + 150 * Double(sizes)
    }

    /// The heap that reading a trace file of `fileBytes` bytes and at most `frames` frames adds: its bytes, the
    /// decoder's map of them and the frames (`TraceFile`), while the file is read. Fitted to a trace of 2M frames
    /// (59.5 MB), whose reading peaked 388 MB above the process's start: the file and 164 bytes a frame.
    package static func traceFileBytes(fileBytes: Int, frames: Int) -> Double {
        Double(fileBytes) + 170 * Double(frames)
    }

    /// The estimate of a command that adds `bytes` to the heap.
    package func total(adding bytes: Double) -> Double {
        spent + bytes
    }

    package func fits(adding bytes: Double) -> Bool {
        total(adding: bytes) <= budget
    }

    /// Refuses, with the estimate and before anything is allocated, a workload of `items` items whose work would
    /// add `bytes` to the heap and not fit.
    package func check(adding bytes: Double, items: Int) throws(RunError) {
        guard fits(adding: bytes) else {
            throw .workloadTooLarge(items: items, estimatedBytes: total(adding: bytes), budgetBytes: budget)
        }
    }

    /// Refuses an input file (a workload or a trace) that reading would take `bytes` more than fit.
    package func check(file path: String, adding bytes: Double) throws(RunError) {
        guard fits(adding: bytes) else {
            throw .inputFileTooLarge(path: path, estimatedBytes: total(adding: bytes), budgetBytes: budget)
        }
    }

    /// The fewest elements the estimates are fitted at: below them, what every run holds whatever its size (the
    /// trace, the samples, the clock's calibration) outweighs the workload, and an estimate is not judged.
    package static let calibratedFromElements = 20_000

    /// jemalloc's peaks while measuring each strategy on each built-in layout (`scripts/calibrate-memory`, fitted at
    /// 20,000, 100,000 and 300,000 items with 1, 10 and 1,000 items a section; every fit within 17% of its peaks).
    static let measured: [LayoutID: [StrategyID: Cost]] = [
        "carousel": [
            .intervalTree: Cost(base: 1.55e6, element: 228, section: 0),
            .lineSectors: Cost(base: -1.03e6, element: 924, section: 0),
            .linearArray: Cost(base: 0.89e6, element: 697, section: 0),
            .mosaicBinarySearch: Cost(base: 0.90e6, element: 697, section: 0),
            .naiveDictionary: Cost(base: -0.28e6, element: 875, section: 0),
            .pageTable: Cost(base: 1.27e6, element: 214, section: 0),
            .soaBinarySearch: Cost(base: 1.24e6, element: 137, section: 0),
            .unionRects: Cost(base: 1.18e6, element: 137, section: 0),
        ],
        "flow": [
            .intervalTree: Cost(base: 2.02e6, element: 275, section: 383),
            .lineSectors: Cost(base: -0.34e6, element: 768, section: 193),
            .linearArray: Cost(base: 0.37e6, element: 713, section: 169),
            .mosaicBinarySearch: Cost(base: 0.37e6, element: 713, section: 169),
            .naiveDictionary: Cost(base: -0.66e6, element: 892, section: 193),
            .pageTable: Cost(base: 1.53e6, element: 188, section: 441),
            .soaBinarySearch: Cost(base: 1.87e6, element: 185, section: 412),
            .unionRects: Cost(base: 1.58e6, element: 186, section: 414),
        ],
        "mosaic": [
            .intervalTree: Cost(base: 1.75e6, element: 264, section: 0),
            .lineSectors: Cost(base: -0.11e6, element: 864, section: 0),
            .linearArray: Cost(base: 0.88e6, element: 697, section: 0),
            .mosaicBinarySearch: Cost(base: 0.90e6, element: 697, section: 0),
            .naiveDictionary: Cost(base: -0.28e6, element: 875, section: 0),
            .pageTable: Cost(base: 1.02e6, element: 180, section: 0),
            .soaBinarySearch: Cost(base: 1.35e6, element: 147, section: 0),
            .unionRects: Cost(base: 1.30e6, element: 148, section: 0),
        ],
        "sticky-parallax": [
            .intervalTree: Cost(base: 1.29e6, element: 262, section: 496),
            .lineSectors: Cost(base: -0.59e6, element: 913, section: -193),
            .linearArray: Cost(base: 0.35e6, element: 711, section: 199),
            .mosaicBinarySearch: Cost(base: 0.36e6, element: 711, section: 199),
            .naiveDictionary: Cost(base: -0.67e6, element: 890, section: 232),
            .pageTable: Cost(base: 1.13e6, element: 208, section: 484),
            .soaBinarySearch: Cost(base: 1.14e6, element: 168, section: 539),
            .unionRects: Cost(base: 0.92e6, element: 169, section: 538),
        ],
        "waterfall": [
            .intervalTree: Cost(base: 1.80e6, element: 269, section: 442),
            .lineSectors: Cost(base: -0.30e6, element: 909, section: -71),
            .linearArray: Cost(base: 0.79e6, element: 714, section: 138),
            .mosaicBinarySearch: Cost(base: 0.79e6, element: 714, section: 138),
            .naiveDictionary: Cost(base: 0.14e6, element: 874, section: 206),
            .pageTable: Cost(base: 1.40e6, element: 199, section: 506),
            .soaBinarySearch: Cost(base: 1.63e6, element: 179, section: 506),
            .unionRects: Cost(base: 1.37e6, element: 180, section: 505),
        ],
    ]
}
