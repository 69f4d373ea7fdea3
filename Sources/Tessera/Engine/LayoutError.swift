/// Why a layout refused its input. Every bad input gets one of these; none is allowed to crash or hang.
public enum LayoutError: Error, Hashable, Sendable {
    /// A size that is NaN, infinite, negative or longer than `Size.maximumLength`.
    case invalidItemSize(section: Int, item: Int, Size)
    /// A layout parameter (spacing, inset, header height…) that is NaN, infinite or out of its range.
    case invalidParameter(name: String, value: Double)
    /// A parameter outside the range its meaning allows, which `requirement` states.
    case parameterOutOfRange(name: String, value: Double, requirement: String)
    /// A count below zero.
    case negativeCount(name: String, value: Int)
    /// A count outside the range a layout accepts, such as zero columns.
    case countOutOfRange(name: String, value: Int, range: ClosedRange<Int>)
    /// A viewport that is NaN, infinite, negative or longer than `Size.maximumLength`.
    case invalidViewport(Size)
    /// A query rect with a NaN edge.
    case invalidRect(Rect)
    /// Sections whose elements (items, headers and footers) number more than an `Int` holds.
    case elementCountOverflow
    /// A layout whose frames alone would take more bytes than the machine's memory holds, refused before allocating.
    case insufficientMemory(elements: Int, bytes: Int, available: Int)
    /// A batch of updates that does not fit the data (an index out of range, an item both deleted and moved,
    /// counts that do not add up), refused before anything changed; the reason says which update and why.
    case invalidUpdate(String)
    /// An anchor or a content offset a change cannot keep (a content offset that is not finite, an anchor that names
    /// no item), refused before anything changed; the reason says which and why.
    case invalidAnchor(String)
}

extension LayoutError: CustomStringConvertible {
    /// A sentence that says which input was refused and why.
    public var description: String {
        switch self {
        case .invalidItemSize(let section, let item, let size):
            "item \(item) of section \(section) has size \(size.width) × \(size.height); \(Self.lengthRule)"
        case .invalidParameter(let name, let value):
            "\(name) is \(value); \(Self.lengthRule)"
        case .parameterOutOfRange(let name, let value, let requirement):
            "\(name) is \(value); \(requirement)"
        case .negativeCount(let name, let value):
            "\(name) is \(value); counts cannot be negative"
        case .countOutOfRange(let name, let value, let range):
            "\(name) is \(value); it must be from \(range.lowerBound) to \(range.upperBound)"
        case .invalidViewport(let size):
            "the viewport is \(size.width) × \(size.height); \(Self.lengthRule)"
        case .invalidRect(let rect):
            "the rect \(rect.origin.x),\(rect.origin.y),\(rect.size.width),\(rect.size.height) has a NaN edge (Rect.infinite covers everything)"
        case .elementCountOverflow:
            "the sections' items, headers and footers number more than \(Int.max)"
        case .insufficientMemory(let elements, let bytes, let available):
            "\(elements) elements need at least \(bytes) bytes for their frames; this machine has \(available)"
        case .invalidUpdate(let reason):
            "invalid update: \(reason); the layout is as it was"
        case .invalidAnchor(let reason):
            "invalid anchor: \(reason); the layout is as it was"
        }
    }

    @usableFromInline static let lengthRule = "lengths must be finite, not negative and at most \(Size.maximumLength)"
}
