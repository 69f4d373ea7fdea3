import Tessera

// Data changes, measured on a prepared subject: one-item updates for the engine and for the naive dictionary (the
// tutorials all answer a change the same way, with a full prepare); batches, queries after them and the
// self-sizing scroll for the engine alone. What each did is recorded (`UpdateRecord`) for its work floor, found
// outside the timing once the subject is gone.
extension LayoutBench {
    /// The item every one-item update changes: the first of the first section that has items, which shifts
    /// everything after it. Sections of no items may come first (a workload file's); an update skips them as UIKit
    /// would. `nil` only for a layout of no items, which no command measures (`--items 0` and a workload file of no
    /// items are refused).
    static func updatedItem(in sections: SectionList) -> ItemPath? {
        sections.firstIndex { $0.itemSizes.count > 0 }.map { ItemPath(section: $0, item: 0) }
    }
    /// The updates in each `update-batch` sample.
    static let updatesPerBatch = 100
    /// The size every cell is laid out at before it reports its own: UIKit's usual `estimatedItemSize`.
    static let estimatedItemSize = Size(width: 50, height: 50)

    typealias MakeResult = (_ operation: BenchmarkOperation, _ samples: [Double], _ batch: Int) -> BenchmarkResult

    /// Measures every update operation the subject and layout take, and records in `record` what each did.
    func benchmarkUpdates<Algorithm: UpdatableLayout, Subject: BenchmarkSubject>(
        _ subject: inout Subject, of algorithm: Algorithm, record: inout UpdateRecord<Algorithm>,
        fresh make: () throws(LayoutError) -> Subject, runner: BenchmarkRunner, result: MakeResult
    ) throws -> [BenchmarkResult] {
        guard let path = Self.updatedItem(in: subject.sections) else { return [] }
        try subject.prepare(viewport: viewport)
        let size = subject.sections[path.section].itemSizes[path.item]
        // With incremental updates, the same updates are timed keeping a view in the layout's middle too: every
        // update above it moves its first visible element, which it keeps.
        let middle = (algorithm.scrollAxis == .vertical ? subject.contentSize.height : subject.contentSize.width) / 2
        let anchor = subject.updatesIncrementally ? algorithm.scrollAxis.point(middle) : nil
        var results = try oneItemUpdates(&subject, at: path, size: size, runner: runner, anchor: anchor, result: result)
        record.oneItem = (path, size, Self.resized(size))
        guard subject.updatesIncrementally else { return results }
        // Sections may be inserted, deleted and moved, and cells size themselves, in a layout of sized sections;
        // Mosaic and the carousel are one section by nature whose frames follow from its count alone.
        let sizedSections = algorithm.fixedSectionCount == nil
        results += try batches(
            &subject, sectionsMayChange: sizedSections, runner: runner, result: result, sampled: &record.batches)
        if sizedSections {
            for upwards in [false, true] {
                var sizing = try make()
                let measured = try selfSizingScroll(
                    &sizing, of: algorithm, seed: runner.settings.seed, upwards: upwards, measure: TimedFrame())
                if upwards {
                    record.sizingUp = (measured.estimated, measured.frames)
                } else {
                    record.sizing = (measured.estimated, measured.frames)
                }
                results.append(result(upwards ? .selfSizingScrollUp : .selfSizingScroll, measured.samples, 1))
            }
        }
        return results
    }

    /// `update-resize`, `update-insert` and `update-delete` of the item at `path` (of `size`), timed in batches that
    /// leave the data as they found it: resizes alternate between two sizes and end on the first, and each batch of
    /// inserts is followed by as many deletes. The batch sizes are found by running the updates, and an untimed
    /// batch of resizes and one of inserts and deletes go before the samples, so the allocation counts are the
    /// steady state's.
    ///
    /// With `anchor`, the same updates are timed keeping the first visible element of a view at that offset where
    /// it was on screen, the view moving to the offset each returns (`update-resize-anchored` and its peers). A
    /// sample then times a batch of each, in an order that alternates from one sample to the next, so that both see
    /// the same state of the store and the machine, and anchoring's cost is the difference of their medians within
    /// one run: measured one after the other, the plain and the anchored medians at 1M items moved apart by ±500 ns
    /// from run to run, more than anchoring costs.
    private func oneItemUpdates<Subject: BenchmarkSubject>(
        _ subject: inout Subject, at path: ItemPath, size: Size, runner: BenchmarkRunner, anchor: Point?,
        result: MakeResult
    ) throws -> [BenchmarkResult] {
        let other = Self.resized(size)
        // The plain updates are way 0; with an anchor, the anchored ones are way 1.
        let ways = anchor == nil ? 1 : 2
        var offset = anchor ?? .zero
        func apply(_ update: LayoutUpdate, way: Int) throws {
            if way == 0 {
                try subject.apply(update)
            } else {
                offset = try subject.change(.update(update), keeping: .firstVisible, at: offset)
            }
        }
        var resizes = 0
        func resize(way: Int) throws {
            resizes += 1
            try apply(.resizeItem(path, size: resizes.isMultiple(of: 2) ? size : other), way: way)
        }
        func restoreSize() throws { if !resizes.isMultiple(of: 2) { try resize(way: 0) } }
        /// Collects samples of every way, each sample timing them in turn from `way` (sample index) modulo `ways`;
        /// `body` times one way's batch and returns its nanoseconds an update.
        func collect(_ body: (_ way: Int) throws -> Double) throws -> [[Double]] {
            var samples = Array(repeating: [Double](), count: ways)
            for way in samples.indices { samples[way].reserveCapacity(runner.prepareBudget.maxSamples) }
            _ = try runner.prepareBudget.collect { index in
                for step in 0..<ways {
                    let way = (index + step) % ways
                    samples[way].append(try body(way))
                }
                return 0
            }
            return samples
        }

        let resizeBatch = try runner.clock.batchSize(limit: Self.batchLimit) { _ in try resize(way: 0) }
        try restoreSize()
        let even = resizeBatch + resizeBatch % 2
        // What the first anchored update takes once (the anchor's buffer) is not the steady state's.
        for way in 0..<ways {
            for _ in 0..<even { try resize(way: way) }
        }
        var resizeAllocations = (0..<ways).map { _ in AllocationTally(probe: runner.probe) }
        let resizeSamples = try collect { way in
            let nanoseconds = try resizeAllocations[way].count(even) {
                try timed { for _ in 0..<even { try resize(way: way) } }
            }
            return Double(nanoseconds) / Double(even)
        }
        try restoreSize()

        func insert(way: Int) throws { try apply(.insertItem(path, size: size), way: way) }
        func delete(way: Int) throws { try apply(.deleteItem(path), way: way) }
        var inserted = 0
        let batch = try runner.clock.batchSize(limit: Self.batchLimit) { _ in
            try insert(way: 0)
            inserted += 1
        }
        for _ in 0..<inserted { try delete(way: 0) }
        for way in 0..<ways {
            for _ in 0..<batch { try insert(way: way) }
            for _ in 0..<batch { try delete(way: way) }
        }
        var insertAllocations = (0..<ways).map { _ in AllocationTally(probe: runner.probe) }
        var deleteAllocations = insertAllocations
        var deleteSamples = Array(repeating: [Double](), count: ways)
        for way in deleteSamples.indices { deleteSamples[way].reserveCapacity(runner.prepareBudget.maxSamples) }
        let insertSamples = try collect { way in
            let inserting = try insertAllocations[way].count(batch) {
                try timed { for _ in 0..<batch { try insert(way: way) } }
            }
            let deleting = try deleteAllocations[way].count(batch) {
                try timed { for _ in 0..<batch { try delete(way: way) } }
            }
            deleteSamples[way].append(Double(deleting) / Double(batch))
            return Double(inserting) / Double(batch)
        }
        let operations: [[BenchmarkOperation]] = [
            [.updateResize, .updateInsert, .updateDelete],
            [.updateResizeAnchored, .updateInsertAnchored, .updateDeleteAnchored],
        ]
        return (0..<ways).flatMap { way in
            let measured = [
                (result(operations[way][0], resizeSamples[way], even), resizeAllocations[way]),
                (result(operations[way][1], insertSamples[way], batch), insertAllocations[way]),
                (result(operations[way][2], deleteSamples[way], batch), deleteAllocations[way]),
            ]
            return measured.map { measured, allocations in
                var measured = measured
                measured.allocationsPerOperation = allocations.perOperation
                return measured
            }
        }
    }

    /// The size `update-resize` alternates with `size`: 10 points larger each way, or 10 smaller where larger would
    /// pass `Size.maximumLength`, so that a workload at the largest size a layout takes is measured too.
    static func resized(_ size: Size) -> Size {
        func other(_ length: Double) -> Double { length + 10 <= Size.maximumLength ? length + 10 : length - 10 }
        return Size(width: other(size.width), height: other(size.height))
    }

    /// `update-batch`: seeded random batches of every kind of update, each drawn for the data the last one left
    /// (outside the timing) and timed alone. Around them, the trace's frames before its rotation are replayed on
    /// the freshly prepared layout (`query-before-updates`) and on the layout the batches left, not prepared again
    /// (`query-after-updates`). Each batch sampled is appended to `sampled`.
    private func batches<Subject: BenchmarkSubject>(
        _ subject: inout Subject, sectionsMayChange: Bool, runner: BenchmarkRunner, result: MakeResult,
        sampled: inout [[LayoutUpdate]]
    ) throws -> [BenchmarkResult] {
        let firstViewport = Array(trace.frames.prefix { $0.viewport == viewport })
        let before = try replay(on: &subject, budget: runner.queryBudget, clock: runner.clock, frames: firstViewport)
        var random = RandomBatches(seed: runner.settings.seed)
        let samples = try runner.prepareBudget.collect { _ in
            let batch = random.next(
                count: Self.updatesPerBatch, sections: subject.sections, sectionsMayChange: sectionsMayChange
            ) {
                (try? subject.check($0)) != nil
            }
            sampled.append(batch)
            return Double(try timed { try subject.apply(batch) })
        }
        let after = try replay(
            on: &subject, budget: runner.queryBudget, clock: runner.clock, frames: firstViewport, prepared: true)
        return [
            result(.updateBatch, samples, 1), result(.queryBeforeUpdates, before.samples, before.batch),
            result(.queryAfterUpdates, after.samples, after.batch),
        ]
    }

    /// `self-sizing-scroll`: a trace over the layout with every cell at `estimatedItemSize` (made over that layout,
    /// as a user scrolls what is laid out), where the cells a frame shows for the first time report their real sizes. A frame's time is its query, the invalidation of
    /// the new cells' sizes, and the query again at the offset the adjustment moved it to; the rotation's prepare
    /// is not timed. One sample a frame, what `measure` returns for the frame's body: a frame that changes nothing is
    /// a query, timed alone at the clock's grain. Returns the samples, the data the frames began from, and each
    /// frame's resizes (for their floors).
    ///
    /// `upwards` (`self-sizing-scroll-up`): the trace jumps into the layout's middle and scrolls up, and a frame
    /// measures the cells a viewport above the view meets as well as those it shows (a scroll up's prefetch), so each
    /// is resized above the first visible element, which the offset keeps in place.
    func selfSizingScroll<Algorithm: UpdatableLayout, Subject: BenchmarkSubject, Measure: FrameMeasure>(
        _ subject: inout Subject, of algorithm: Algorithm, seed: UInt64, upwards: Bool = false, measure: Measure
    ) throws -> (samples: [Double], estimated: Algorithm, frames: [UpdateFloors<Algorithm>.SizingFrame]) {
        let real = subject.sections
        var firstItem = [0]
        for section in real { firstItem.append(firstItem[firstItem.count - 1] + section.itemSizes.count) }
        let estimated = real.indices.map { section in
            var data = real[section]
            data.itemSizes = .uniform(Self.estimatedItemSize, count: data.itemSizes.count)
            return LayoutUpdate.reloadSection(section, data)
        }
        try subject.apply(estimated)
        var laidOut = CollectionLayout<Algorithm, BruteForceIndex>(algorithm)
        try laidOut.apply(estimated)
        let trace =
            try upwards
            ? ScrollTrace(upwardsOver: &laidOut, viewport: viewport, seed: seed)
            : ScrollTrace(over: &laidOut, viewport: viewport, seed: seed)
        var measured = [Bool](repeating: false, count: firstItem[firstItem.count - 1])
        var paths: [ItemPath] = []
        var sizes: [(path: ItemPath, size: Size)] = []
        var adjustment = Point.zero
        var current: Size?
        var samples: [Double] = []
        samples.reserveCapacity(trace.frames.count)
        var frames: [UpdateFloors<Algorithm>.SizingFrame] = []
        frames.reserveCapacity(trace.frames.count)
        for frame in trace.frames {
            if frame.viewport != current {
                current = frame.viewport
                try subject.prepare(viewport: frame.viewport)
            }
            paths.removeAll(keepingCapacity: true)
            sizes.removeAll(keepingCapacity: true)
            var found = 0
            let sample = try measure {
                let offset = frame.offset.offset(by: adjustment)
                var measuring = frame.visibleRect.offset(by: adjustment)
                if upwards {
                    // The view and a viewport above it.
                    let above = algorithm.scrollAxis.point(
                        algorithm.scrollAxis == .vertical ? frame.viewport.height : frame.viewport.width)
                    measuring = Rect(
                        origin: Point(x: measuring.origin.x - above.x, y: measuring.origin.y - above.y),
                        size: Size(width: measuring.width + above.x, height: measuring.height + above.y))
                }
                try subject.cells(in: measuring, offset: offset, into: &paths)
                for path in paths where !measured[firstItem[path.section] + path.item] {
                    measured[firstItem[path.section] + path.item] = true
                    sizes.append((path, real[path.section].itemSizes[path.item]))
                }
                if !sizes.isEmpty {
                    let moved = try subject.change(.sizes(sizes), keeping: .firstVisible, at: offset)
                    adjustment = adjustment.offset(by: Point(x: moved.x - offset.x, y: moved.y - offset.y))
                    found = try subject.query(Rect(origin: moved, size: frame.viewport), offset: moved)
                }
            }
            blackHole(found)
            samples.append(sample)
            frames.append(.init(viewport: frame.viewport, resizes: sizes.map { .resizeItem($0.path, size: $0.size) }))
        }
        return (samples, laidOut.algorithm, frames)
    }
}

/// How `selfSizingScroll` measures a frame's body: a type, not a closure, so that the timed scroll is compiled
/// with the clock reads inlined around the body, as every other timed loop is.
protocol FrameMeasure {
    /// Runs `body` once and returns its sample.
    func callAsFunction(_ body: () throws -> Void) throws -> Double
}

/// A frame's body timed, in nanoseconds.
struct TimedFrame: FrameMeasure {
    @inline(__always) func callAsFunction(_ body: () throws -> Void) throws -> Double { Double(try timed(body)) }
}
