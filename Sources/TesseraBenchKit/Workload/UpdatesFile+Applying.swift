import Tessera

// Applying an updates file to a prepared layout, as `dump --updates` does. One step at a time would cost what each
// step changes, and a step can change a whole section: an item inserted at the head of a run of equal items moves
// every later one to the next place, so a file of s such inserts rewrites the section s times (200,000 of them take
// minutes). Consecutive item steps, single or batches, are therefore gathered into the one batch of their net change
// and applied once; the engine hands out the frames of a fresh prepare of the data after any sequence of updates, so
// the layout ends as applying each step in turn would leave it.
extension UpdatesFile {
    /// How the steps were applied: the counts the tests read to see the work grow with the file, not its square.
    package struct Application: Sendable, Equatable {
        /// Runs of two or more item steps, each applied as one batch of its net change.
        package var gatheredBatches = 0
        /// The steps in those runs.
        package var gatheredSteps = 0
        /// Steps applied as they are: section updates, a run of one item step, a step that does not fit.
        package var appliedAlone = 0
        /// The nodes gathering visited to find each step's item (`ItemSequence`).
        package var visits = 0
    }

    /// Applies the steps in order to `layout`, leaving it as applying each in turn would. Consecutive item steps
    /// (inserts, deletes, resizes, reloads and moves of items, alone or in batches) are checked against the data one
    /// by one and gathered into the batch of their net change; a step that changes sections is applied alone, after
    /// the run before it. A step that does not fit is applied alone too, so the engine refuses it in its own words.
    /// `progress` is told the number of steps done after each.
    ///
    /// - Throws: `WorkloadError.updateRefused` with the number of the first step that does not fit, the steps before
    ///   it applied.
    /// - Complexity: O(*s* log *s*) to gather *s* steps, and what the engine's batches and single updates cost for
    ///   what they change: a run of steps is one batch, which writes each run of changed items once.
    @discardableResult
    package func apply<Algorithm: UpdatableLayout, Index: SpatialIndex>(
        to layout: inout CollectionLayout<Algorithm, Index>, progress: (Int) -> Void = { _ in }
    ) throws(WorkloadError) -> Application {
        var application = Application()
        var gathering = Gathering()
        var first = 0
        func applyAlone(_ index: Int) throws(WorkloadError) {
            application.appliedAlone += 1
            do throws(LayoutError) {
                switch steps[index] {
                case .single(let update): try layout.apply(update)
                case .batch(let batch): try layout.apply(batch)
                }
            } catch {
                throw .updateRefused(step: index, error)
            }
        }
        func flush(_ run: Range<Int>) throws(WorkloadError) {
            defer { gathering = Gathering() }
            application.visits += gathering.visits
            guard run.count > 1 else {
                if let index = run.first { try applyAlone(index) }
                return
            }
            application.gatheredBatches += 1
            application.gatheredSteps += run.count
            let batch = gathering.batch()
            guard !batch.isEmpty else { return }
            do { try layout.apply(batch) } catch {
                // Not expected: each step was checked against the data. A refused batch changes nothing, so the steps
                // are applied one by one, and the engine names the one it refuses.
                for index in run { try applyAlone(index) }
            }
        }
        for (index, step) in steps.enumerated() {
            if gathering.take(step, of: layout.algorithm) {
                progress(index + 1)
                continue
            }
            try flush(first..<index)
            try applyAlone(index)
            first = index + 1
            progress(index + 1)
        }
        try flush(first..<steps.count)
        return application
    }
}

/// A run of item steps as it goes: each section it edits as an `ItemSequence` over the layout's data.
private struct Gathering {
    var sequences: [Int: ItemSequence] = [:]

    var visits: Int { sequences.values.reduce(0) { $0 + $1.visits } }

    /// Takes `step` into the run when it is an item update, or a batch of them, that fits the data as the run has
    /// left it (by the engine's own checks); `false`, with nothing changed, otherwise.
    mutating func take<Algorithm: UpdatableLayout>(_ step: UpdatesFile.Step, of algorithm: Algorithm) -> Bool {
        switch step {
        case .single(let update): take(update, of: algorithm)
        case .batch(let batch): take(batch, of: algorithm)
        }
    }

    /// The items of `section` now.
    func count<Algorithm: UpdatableLayout>(_ section: Int, of algorithm: Algorithm) -> Int {
        sequences[section]?.count ?? algorithm.itemCount(inSection: section)
    }

    mutating func edit<Algorithm: UpdatableLayout, Result>(
        _ section: Int, of algorithm: Algorithm, _ body: (inout ItemSequence) -> Result
    ) -> Result {
        body(&sequences[section, default: ItemSequence(count: algorithm.itemCount(inSection: section))])
    }

    /// The size of the item `what` names: its size in the data as laid out, unless a step gave it another.
    func size<Algorithm: UpdatableLayout>(of what: ItemSequence.Removed, in section: Int, of algorithm: Algorithm)
        -> Size
    {
        switch what {
        case .added(let size): size
        case .laidOut(let item, let resized): resized ?? algorithm.sections[section].itemSizes[item]
        }
    }

    /// One update, as `CollectionLayout.apply(_: LayoutUpdate)` checks it: a section of the data, an item of it
    /// (or a place for one), a valid size.
    mutating func take<Algorithm: UpdatableLayout>(_ update: LayoutUpdate, of algorithm: Algorithm) -> Bool {
        let sections = algorithm.fixedSectionCount ?? algorithm.sections.count
        func names(_ path: ItemPath, adding: Int = 0) -> Bool {
            path.section >= 0 && path.section < sections && path.item >= 0
                && path.item < count(path.section, of: algorithm) + adding
        }
        switch update {
        case .insertItem(let path, let size):
            guard names(path, adding: 1), size.isValidExtent else { return false }
            edit(path.section, of: algorithm) { $0.insert(size, at: path.item) }
        case .deleteItem(let path):
            guard names(path) else { return false }
            _ = edit(path.section, of: algorithm) { $0.remove(at: path.item) }
        case .resizeItem(let path, let size), .reloadItem(let path, let size):
            guard names(path), size.isValidExtent else { return false }
            edit(path.section, of: algorithm) { $0.resize(at: path.item, to: size) }
        case .moveItem(let from, let to):
            // A batch of one move: its item taken out and put in, `to` naming the place after both.
            guard names(from), names(to, adding: from.section == to.section ? 0 : 1) else { return false }
            let item = edit(from.section, of: algorithm) { $0.remove(at: from.item) }
            let size = size(of: item, in: from.section, of: algorithm)
            edit(to.section, of: algorithm) { $0.insert(size, at: to.item) }
        case .insertSection, .deleteSection, .moveSection, .reloadSection:
            return false
        }
        return true
    }

    /// A batch of item updates, as `BatchPlan` checks it (each item named once before the batch, each place once
    /// after it, valid sizes, places within the counts after it), then taken in UIKit's order: resizes, removals
    /// from the last, insertions from the first, a moved item with the size it had before the batch.
    mutating func take<Algorithm: UpdatableLayout>(_ batch: [LayoutUpdate], of algorithm: Algorithm) -> Bool {
        let sections = algorithm.sections.count
        var claimed = Set<ItemPath>()
        var arrivals = Set<ItemPath>()
        var resizes: [(path: ItemPath, size: Size)] = []
        var removals: [ItemPath] = []
        var insertions: [(path: ItemPath, size: Size?, from: ItemPath?)] = []
        func claim(_ path: ItemPath) -> Bool {
            path.section >= 0 && path.section < sections && path.item >= 0
                && path.item < count(path.section, of: algorithm) && claimed.insert(path).inserted
        }
        for update in batch {
            switch update {
            case .insertItem(let path, let size):
                guard size.isValidExtent, arrivals.insert(path).inserted else { return false }
                insertions.append((path, size, nil))
            case .deleteItem(let path):
                guard claim(path) else { return false }
                removals.append(path)
            case .moveItem(let from, let to):
                guard claim(from), arrivals.insert(to).inserted else { return false }
                removals.append(from)
                insertions.append((to, nil, from))
            case .resizeItem(let path, let size), .reloadItem(let path, let size):
                guard claim(path), size.isValidExtent else { return false }
                resizes.append((path, size))
            case .insertSection, .deleteSection, .moveSection, .reloadSection:
                return false
            }
        }
        guard arrivals.allSatisfy({ $0.section >= 0 && $0.section < sections }) else { return false }
        var after: [Int: Int] = [:]
        for path in removals { after[path.section, default: count(path.section, of: algorithm)] -= 1 }
        for path in arrivals { after[path.section, default: count(path.section, of: algorithm)] += 1 }
        guard arrivals.allSatisfy({ $0.item >= 0 && $0.item < after[$0.section]! }) else { return false }
        // Checked: now taken. The moved items' sizes are read before anything changes.
        var sizes: [ItemPath: Size] = [:]
        for insertion in insertions {
            guard let from = insertion.from else { continue }
            let item = edit(from.section, of: algorithm) { $0.item(at: from.item) }
            sizes[from] = size(of: item, in: from.section, of: algorithm)
        }
        for (path, size) in resizes { edit(path.section, of: algorithm) { $0.resize(at: path.item, to: size) } }
        for path in removals.sorted(by: >) { _ = edit(path.section, of: algorithm) { $0.remove(at: path.item) } }
        for insertion in insertions.sorted(by: { $0.path < $1.path }) {
            let size = insertion.size ?? sizes[insertion.from!]!
            edit(insertion.path.section, of: algorithm) { $0.insert(size, at: insertion.path.item) }
        }
        return true
    }

    /// The run's net change as one batch, section by section.
    func batch() -> [LayoutUpdate] {
        sequences.keys.sorted().flatMap { sequences[$0]!.updates(inSection: $0) }
    }
}
