import ArgumentParser
import Foundation
import Tessera
import TesseraBenchKit

/// `--updates`, `--resize-to` and `--anchor`: the changes `dump` and `query` make to the prepared layout before they
/// print it, and what the view keeps through them. With an anchor, each change keeps it from the offset the last
/// left the view at (`--offset` before the first), and the command prints that offset first, so anyone can check it
/// against a fresh layout of the changed data.
struct ChangeOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A file of updates to apply, one step after another, to the prepared layout before printing it: {\"updates\": [{\"op\": \"insertItem\", \"section\": 0, \"item\": 5, \"size\": [w, h]}, {\"batch\": [...]}, ...]}.",
            valueName: "file.json"
        ))
    var updates: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "A viewport to prepare the layout for again after the updates (a rotation).", valueName: "WxH"),
        transform: SizeArgument.init(parsing:))
    var resizeTo: SizeArgument?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "What the changes keep where it was on screen, from --offset: first-visible, last-visible, content-end, or item:SECTION.ITEM[:OFFSET] (the viewport's top OFFSET points into the item); prints the content offset they return first, as {\"contentOffset\": {\"x\": …, \"y\": …}}.",
            valueName: "anchor"),
        transform: AnchorArgument.init(parsing:))
    var anchor: AnchorArgument?

    @Flag(help: "No progress on standard error (shown while updates take more than a few seconds).")
    var quiet = false

    /// The updates file, read (and refused when it holds nothing) before anything is laid out.
    func updatesFile() throws -> UpdatesFile? {
        try updates.map { path in
            try WorkloadOptions.holdingSomething { try UpdatesFile.load(from: URL(fileURLWithPath: path)) }
        }
    }

    /// Makes the changes to `subject`, prepared and with the view at `offset`: the updates, each step alone when an
    /// anchor is kept (a gathered batch would keep another), then the new viewport. Returns where the view is after
    /// them: the offset the anchor asks for, or `offset` itself without one.
    func apply<Subject: BenchmarkSubject>(_ file: UpdatesFile?, to subject: inout Subject, from offset: Point) throws
        -> Point
    {
        var offset = offset
        if let file {
            let progress = StepProgress(total: file.steps.count, of: "steps applied") { line in
                FileHandle.standardError.write(Data("\(line)\n".utf8))
            }
            for (index, step) in file.steps.enumerated() {
                let change: ScreenChange =
                    switch step {
                    case .single(let update): .update(update)
                    case .batch(let batch): .batch(batch)
                    }
                do throws(LayoutError) {
                    if let anchor {
                        offset = try subject.change(change, keeping: anchor.anchor, at: offset)
                    } else if case .update(let update) = change {
                        try subject.apply(update)
                    } else if case .batch(let batch) = change {
                        try subject.apply(batch)
                    }
                } catch {
                    throw WorkloadError.updateRefused(step: index, error)
                }
                if !quiet { progress.update(index + 1) }
            }
        }
        if let resizeTo {
            if let anchor {
                offset = try subject.change(.viewport(resizeTo.size), keeping: anchor.anchor, at: offset)
            } else {
                try subject.prepare(viewport: resizeTo.size)
            }
        }
        return offset
    }

    /// The line that says where the view is, printed first when an anchor is kept.
    static func offsetLine(_ offset: Point) -> String {
        "{\"contentOffset\":{\"x\":\(offset.x),\"y\":\(offset.y)}}"
    }
}

/// `first-visible`, `last-visible`, `content-end`, or `item:SECTION.ITEM[:OFFSET]`.
struct AnchorArgument {
    let anchor: ScrollAnchor

    init(parsing text: String) throws(ArgumentReason) {
        switch text {
        case "first-visible": anchor = .firstVisible
        case "last-visible": anchor = .lastVisible
        case "content-end": anchor = .contentEnd
        default:
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            let path = parts.count > 1 ? parts[1].split(separator: ".", omittingEmptySubsequences: false) : []
            guard parts.count == 2 || parts.count == 3, parts[0] == "item", path.count == 2,
                let section = Int(path[0]), let item = Int(path[1]), section >= 0, item >= 0
            else {
                throw ArgumentReason(
                    "give first-visible, last-visible, content-end or item:SECTION.ITEM[:OFFSET], as item:0.12:-20")
            }
            let inside = parts.count == 3 ? Double(parts[2]) : 0
            guard let inside, inside.isFinite else {
                throw ArgumentReason("the offset into the item '\(parts[2])' is not a finite number")
            }
            anchor = .item(ItemPath(section: section, item: item), offset: inside)
        }
    }
}
