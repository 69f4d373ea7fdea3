import Foundation
import TesseraOracle

/// Series of 60 runs at a level of 100 with Gaussian noise, flat or with a step of +10% at a seeded position in
/// 15...45: what `history detect` must find, and Otava must agree on.
struct SyntheticSeries {
    static let count = 60
    static let level = 100.0
    static let step = 0.10

    var values: [Double]
    /// The first index at the new level; `nil` for a flat series.
    var stepIndex: Int?

    /// - Parameter noise: the standard deviation, as a fraction of the level.
    init(seed: UInt64, noise: Double, stepped: Bool) {
        var generator = SeededGenerator(seed: seed)
        let stepIndex = stepped ? Int.random(in: 15...45, using: &generator) : nil
        values = (0..<Self.count).map { index in
            // Box–Muller: one standard normal draw from two uniform ones.
            let u = Double.random(in: Double.ulpOfOne..<1, using: &generator)
            let v = Double.random(in: 0..<1, using: &generator)
            let normal = (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
            let level = Self.level * (stepIndex.map { index >= $0 ? 1 + Self.step : 1 } ?? 1)
            return level * (1 + noise * normal)
        }
        self.stepIndex = stepIndex
    }
}
