/// The settings a run used, so a report can be reproduced.
package struct RunSettings: Codable, Hashable, Sendable {
    package var layouts: [LayoutID]
    /// The strategies run on every layout; `nil` runs each layout's tutorial designs and the engine's strategies.
    package var strategies: [StrategyID]?
    package var itemCounts: [Int]
    /// The built-in workload's shapes, items a section, each layout it divides into sections measured at each;
    /// `nil` for a workload file, and in reports written before shapes were listed (their workload line names one).
    package var itemsPerSection: [Int]?
    package var viewportWidth: Double
    package var viewportHeight: Double
    package var seed: UInt64
    package var workload: String
    package var traceFrames: Int
    package var verifiedFrames: Int
    /// The strategy the run's targets judge; `nil` for `TargetCheck.defaultStrategy`, and in reports written before
    /// the strategy could be chosen (when the fastest in the run was judged).
    package var targetStrategy: StrategyID?
    /// The trace file replayed, by name and digest; `nil` for the built-in trace.
    package var trace: String?
    /// The frame rate of the trace file replayed, which each query's frame is judged against; `nil` for the built-in
    /// trace (120 Hz), and in reports written before a file's rate was kept (which were judged at 120 Hz).
    package var framesPerSecond: Double?
    /// Engine strategies run at a parameter other than their standard one (`run --index`), each as
    /// `IndexChoice.argument` names it; `nil` when every strategy runs at its standard parameter.
    package var indexes: [String]?

    package init(
        layouts: [LayoutID], strategies: [StrategyID]?, itemCounts: [Int], viewportWidth: Double,
        viewportHeight: Double,
        seed: UInt64, workload: String, traceFrames: Int, verifiedFrames: Int, targetStrategy: StrategyID? = nil,
        trace: String? = nil, framesPerSecond: Double? = nil, itemsPerSection: [Int]? = nil,
        indexes: [IndexChoice]? = nil
    ) {
        self.framesPerSecond = framesPerSecond
        self.itemsPerSection = itemsPerSection
        self.indexes = indexes.map { $0.map(\.argument) }
        self.trace = trace
        self.layouts = layouts
        self.strategies = strategies
        self.itemCounts = itemCounts
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.seed = seed
        self.workload = workload
        self.traceFrames = traceFrames
        self.verifiedFrames = verifiedFrames
        self.targetStrategy = targetStrategy
    }

    package func strategies(for layout: LayoutID) -> [StrategyID] {
        strategies ?? layout.tutorialStrategies + StrategyID.engine
    }

    /// The rate of the trace the queries replayed: a frame is one over it.
    package var queryFramesPerSecond: Double { framesPerSecond ?? ScrollTrace.framesPerSecond }

    /// The index `strategy` runs with when the run gave it a parameter of its own; `nil` for its standard one.
    package func index(for strategy: StrategyID) -> IndexChoice? {
        indexes?.lazy.compactMap(IndexChoice.init(argument:)).first { $0.strategy == strategy }
    }
}
