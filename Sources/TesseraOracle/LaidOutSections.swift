import Tessera

/// Sections of a layout's data laid out for one viewport, kept from one update's floor for the next
/// (`UpdateFloor.elements(of:before:after:viewport:reusing:)`): the sections the last update wrote, as its data
/// left them, which are what the next update finds before it. A self-sizing scroll that resizes cells of one long
/// section frame after frame so lays the section out once a frame, not twice.
public struct LaidOutSections: Sendable {
    /// The viewport the sections were laid out for; `nil` when none is held.
    public private(set) var viewport: Size?
    /// The sections held, by number.
    public private(set) var sections: [Int: RecordedSection]

    /// Holds no section.
    ///
    /// - Complexity: O(1).
    public init() {
        viewport = nil
        sections = [:]
    }

    /// Holds `sections`, laid out for `viewport`.
    ///
    /// - Complexity: O(1).
    @usableFromInline init(viewport: Size, sections: [Int: RecordedSection]) {
        self.viewport = viewport
        self.sections = sections
    }
}
