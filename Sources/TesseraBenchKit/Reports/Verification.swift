/// How a strategy's answers compared with brute force on the checked frames of the trace.
public struct Verification: Codable, Hashable, Sendable {
    public var layout: LayoutID
    public var strategy: StrategyID
    public var items: Int
    public var framesChecked: Int
    public var mismatchedFrames: Int
    /// Elements brute force returned that the strategy did not.
    public var missedElements: Int
    /// Elements the strategy returned that brute force did not, or with another frame.
    public var extraElements: Int

    public var isExact: Bool { mismatchedFrames == 0 }
}
