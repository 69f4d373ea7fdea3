import Tessera

// The counted world (`run --measure instructions`): each operation of the timed run, counted under callgrind a
// fixed number of times after one untimed round, so that two runs of one build count the same instructions. A
// count needs one sample where a time needs many, and no batch: the clock is not read.
extension LayoutBench {
    /// The frames of the first viewport each counted query pass covers, at the most.
    static let countedFrames = 64
    /// The random batches `update-batch` counts.
    static let countedBatches = 4

    /// A strategy's counted results, and its answers checked against brute force.
    typealias Counted = (counted: [CountedResult], verification: Verification)

    /// Counts a strategy, or the engine with `choice` when given (its results named by the choice's parameter when
    /// it is not the standard).
    func count<Algorithm: UpdatableLayout>(
        _ strategy: StrategyID, index choice: IndexChoice?, _ algorithm: Algorithm, counter: CallgrindCounter,
        oracle: BruteForceOracle<Algorithm>, settings: RunSettings
    ) throws -> Counted {
        let visitor = SubjectCount(
            bench: self, counter: counter, oracle: oracle, strategy: choice?.strategy ?? strategy, settings: settings)
        guard let choice else { return try strategy.visit(algorithm, visitor) }
        var counted = try choice.visit(algorithm, visitor)
        if choice != IndexChoice.standard(choice.strategy) {
            for index in counted.counted.indices { counted.counted[index].parameters = choice.parameter }
        }
        return counted
    }

    /// Counts one strategy's operations, after checking its answers against brute force as a timed run does.
    func count<Algorithm: UpdatableLayout, Subject: BenchmarkSubject>(
        _ counter: CallgrindCounter, oracle: BruteForceOracle<Algorithm>, strategy: StrategyID, seed: UInt64,
        verifiedFrames: Int, make: () throws(LayoutError) -> Subject
    ) throws -> Counted {
        var subject = try make()
        try subject.prepare(viewport: viewport)
        let verification = try verify(&subject, against: oracle, strategy: strategy, frames: verifiedFrames)
        var counted: [CountedResult] = []
        /// Dumps what was collected since the last dump as `operation`'s cost, over `operations`.
        func dump(_ operation: BenchmarkOperation, operations: Int) throws {
            let name = "\(layout.rawValue) \(strategy.rawValue) \(operation.rawValue)"
            counted.append(
                CountedResult(
                    layout: layout, strategy: strategy, elements: elements, operation: operation,
                    operationsCounted: operations, cost: try counter.dump(name, operations: operations)))
        }
        func record(_ operation: BenchmarkOperation, operations: Int, _ body: () throws -> Void) throws {
            counter.zero()
            try counter.collect(body)
            try dump(operation, operations: operations)
        }

        var fresh = try make()
        try record(.prepareCold, operations: 1) { try fresh.prepare(viewport: viewport) }
        var rotating = RotatingPrepare(viewport: viewport)
        for _ in 0..<2 { try rotating(&subject) }
        try record(.prepareWarm, operations: 2) { for _ in 0..<2 { try rotating(&subject) } }

        guard verification.isExact || strategy.isKnownInexact else { return (counted, verification) }
        let frames = trace.frames.prefix { $0.viewport == viewport }.prefix(Self.countedFrames)
        var found = 0
        func queryPass(_ operation: BenchmarkOperation) throws {
            found &+= try subject.query(frames)
            try record(operation, operations: frames.count) { found &+= try subject.query(frames) }
        }
        try subject.prepare(viewport: viewport)
        try queryPass(.query)

        guard subject.updatesIncrementally || strategy == .naiveDictionary,
            let path = Self.updatedItem(in: subject.sections)
        else { return (counted, verification) }
        let size = subject.sections[path.section].itemSizes[path.item]
        let other = Self.resized(size)
        func resizeAndBack() throws {
            try subject.apply(.resizeItem(path, size: other))
            try subject.apply(.resizeItem(path, size: size))
        }
        try resizeAndBack()
        try record(.updateResize, operations: 2) { try resizeAndBack() }
        try subject.apply(.insertItem(path, size: size))
        try subject.apply(.deleteItem(path))
        try record(.updateInsert, operations: 1) { try subject.apply(.insertItem(path, size: size)) }
        try record(.updateDelete, operations: 1) { try subject.apply(.deleteItem(path)) }
        guard subject.updatesIncrementally else { return (counted, verification) }
        // The same updates keeping the first visible element of a view in the layout's middle.
        let axis = oracle.layout.algorithm.scrollAxis
        var offset = axis.point((axis == .vertical ? subject.contentSize.height : subject.contentSize.width) / 2)
        func anchored(_ update: LayoutUpdate) throws {
            offset = try subject.change(.update(update), keeping: .firstVisible, at: offset)
        }
        func anchoredResizeAndBack() throws {
            try anchored(.resizeItem(path, size: other))
            try anchored(.resizeItem(path, size: size))
        }
        try anchoredResizeAndBack()
        try record(.updateResizeAnchored, operations: 2) { try anchoredResizeAndBack() }
        try anchored(.insertItem(path, size: size))
        try anchored(.deleteItem(path))
        try record(.updateInsertAnchored, operations: 1) { try anchored(.insertItem(path, size: size)) }
        try record(.updateDeleteAnchored, operations: 1) { try anchored(.deleteItem(path)) }

        let sizedSections = oracle.layout.algorithm.fixedSectionCount == nil
        try subject.prepare(viewport: viewport)
        try queryPass(.queryBeforeUpdates)
        var random = RandomBatches(seed: seed)
        counter.zero()
        for _ in 0..<Self.countedBatches {
            let batch = random.next(
                count: Self.updatesPerBatch, sections: subject.sections, sectionsMayChange: sizedSections
            ) {
                (try? subject.check($0)) != nil
            }
            try counter.collect { try subject.apply(batch) }
        }
        try dump(.updateBatch, operations: Self.countedBatches)
        try queryPass(.queryAfterUpdates)

        if sizedSections {
            var sizing = try make()
            counter.zero()
            let scroll = try selfSizingScroll(
                &sizing, of: oracle.layout.algorithm, seed: seed, measure: CountedFrame(counter: counter))
            try dump(.selfSizingScroll, operations: scroll.samples.count)
        }
        blackHole(found)
        return (counted, verification)
    }
}

/// Counts the subjects of a `SubjectVisitor` maker, with their concrete type.
private struct SubjectCount<Algorithm: UpdatableLayout>: SubjectVisitor {
    let bench: LayoutBench
    let counter: CallgrindCounter
    let oracle: BruteForceOracle<Algorithm>
    let strategy: StrategyID
    let settings: RunSettings

    func visit<Subject: BenchmarkSubject>(_ make: @escaping @Sendable () throws(LayoutError) -> Subject) throws
        -> LayoutBench.Counted
    {
        try bench.count(
            counter, oracle: oracle, strategy: strategy, seed: settings.seed, verifiedFrames: settings.verifiedFrames,
            make: make)
    }
}

/// A frame's body counted into the counter's next dump; its sample is 0 (the count is the dump's).
private struct CountedFrame: FrameMeasure {
    let counter: CallgrindCounter

    func callAsFunction(_ body: () throws -> Void) throws -> Double {
        try counter.collect(body)
        return 0
    }
}
