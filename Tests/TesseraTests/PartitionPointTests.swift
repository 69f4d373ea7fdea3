import Testing

@testable import Tessera

/// The galloping search finds the same partition point as a linear scan from any starting hint.
@Suite struct PartitionPointTests {
    @Test func agreesWithALinearScanFromEveryHint() {
        for count in 0...40 {
            for split in 0...count {
                let values = (0..<count).map { Double($0 < split ? 0 : 1) }
                for hint in -2...(count + 2) {
                    #expect(
                        values.partitionPoint(near: hint) { $0 > 0.5 } == split,
                        "count \(count), split \(split), hint \(hint)")
                }
            }
        }
    }
}
