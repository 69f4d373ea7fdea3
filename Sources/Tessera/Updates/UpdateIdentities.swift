/// Where an element before a change is after it, by UIKit's index rules, for an anchor (`ScrollAnchor`): the
/// element's identity after the change, or `nil` when the change does not keep it in place: it deletes, moves or
/// reloads it (UIKit reloads as a delete and an insert), or deletes, moves or reloads its section.
@usableFromInline protocol UpdateIdentities {
    /// The identity after the change of the element `id` names before it; `nil` when the change does not keep it in
    /// place.
    func identity(after id: ElementID) -> ElementID?
    /// What the change does to section `section` (its number before the change) as a whole.
    func fate(ofSection section: Int) -> SectionFate
    /// Whether the change keeps every element of section `section` (its number before the change), writes the store
    /// only by splices, and leaves an element the identity it had before the change until a splice replaces it: then
    /// such an element is found after the change by its number, followed through the splices, or by the identity a
    /// splice found when it replaced it (`FollowedElement`), and needs no identity taken before.
    func followsByNumber(section: Int) -> Bool
}

/// What a change does to a section as a whole, for the walk to the nearest element it keeps.
@usableFromInline enum SectionFate {
    /// It keeps the section in place: each element's own fate decides.
    case kept
    /// It deletes, moves or reloads the section: no element of it is kept.
    case removed
}

/// A layout's own kinds (from `ElementKind.firstCustomRawValue` on) are its elements, kept whatever the data does.
extension ElementID {
    @inlinable var isLayoutsOwn: Bool { kind.rawValue >= ElementKind.firstCustomRawValue }
}

extension BatchPlan: UpdateIdentities {
    /// - Complexity: O(*b*) for the batch's *b* item updates, and O(*b*) to find the section.
    @inlinable func identity(after id: ElementID) -> ElementID? {
        if id.isLayoutsOwn { return id }
        guard fate(ofSection: id.section) == .kept, let section = newIndex(ofOld: id.section) else { return nil }
        guard id.kind == .cell else { return ElementID(kind: id.kind, section: section, item: 0) }
        let path = ItemPath(section: id.section, item: id.item)
        if reloadedItems.contains(path) { return nil }
        // Removals are named before the batch, last first; arrivals after it, first first.
        var item = id.item
        for path in removed where path.section == id.section {
            if path.item == id.item { return nil }
            if path.item < id.item { item -= 1 }
        }
        for arrival in added where arrival.path.section == section && arrival.path.item <= item { item += 1 }
        return .cell(section: section, item: item)
    }

    /// - Complexity: O(*b*).
    @inlinable func fate(ofSection section: Int) -> SectionFate {
        movedSections.contains(section) || reloadedSections[section] != nil || newIndex(ofOld: section) == nil
            ? .removed : .kept
    }

    /// A batch's splices see its data half changed: what an element is called between them is not what it was.
    @inlinable func followsByNumber(section: Int) -> Bool { false }
}

/// One item update, as `CollectionLayout.apply(_:keeping:at:)` takes it without a batch.
extension LayoutUpdate: UpdateIdentities {
    /// - Complexity: O(1) for an item's insert, delete, resize or reload; the other updates go through a batch.
    @inlinable func identity(after id: ElementID) -> ElementID? {
        guard id.kind == .cell else { return id }
        switch self {
        case .insertItem(let path, _) where path.section == id.section && path.item <= id.item:
            return .cell(section: id.section, item: id.item + 1)
        case .deleteItem(let path) where path.section == id.section:
            if path.item == id.item { return nil }
            return path.item < id.item ? .cell(section: id.section, item: id.item - 1) : id
        case .reloadItem(let path, _) where path.section == id.section && path.item == id.item:
            return nil
        default:
            return id
        }
    }

    @inlinable func fate(ofSection section: Int) -> SectionFate { .kept }

    /// An item's resize or insert keeps every element, and writes one splice; a delete or a reload keeps every
    /// element of the other sections.
    @inlinable func followsByNumber(section: Int) -> Bool {
        switch self {
        case .resizeItem, .insertItem: true
        case .deleteItem(let path), .reloadItem(let path, _): path.section != section
        case .moveItem, .insertSection, .deleteSection, .moveSection, .reloadSection: false
        }
    }
}

/// A change that keeps every element where it is in layout order (self-sizing, a new viewport).
@usableFromInline struct UnchangedIdentities: UpdateIdentities {
    /// The change writes the whole store again (a prepare for a new viewport), which follows no element.
    @usableFromInline let storeRewritten: Bool

    @inlinable init(storeRewritten: Bool) { self.storeRewritten = storeRewritten }
    @inlinable func identity(after id: ElementID) -> ElementID? { id }
    @inlinable func fate(ofSection section: Int) -> SectionFate { .kept }
    @inlinable func followsByNumber(section: Int) -> Bool { !storeRewritten }
}
