/// How a random layout groups its items into sections: a few sections of any size (the default), many sections
/// of none to two items (IGListKit's shape: a section for each model object, empty ones among them), or one
/// section of them all.
public enum SectionShape: String, CaseIterable, Sendable, CustomStringConvertible {
    case few, tiny, one

    public var description: String { rawValue }

    /// The sections' item counts for `tiny` and `one`, up to `maxItems` in all; `nil` for `few`, which each random
    /// layout draws in its own way.
    public func counts(_ rng: inout SeededGenerator, maxItems: Int) -> [Int]? {
        switch self {
        case .few: nil
        case .tiny: (0..<rng.int(20...Swift.max(20, maxItems / 2))).map { _ in rng.int(0...2) }
        case .one: [rng.int(1...Swift.max(1, maxItems))]
        }
    }
}
