import ArgumentParser
import Foundation
import TesseraBenchAnalysis
import TesseraBenchKit

struct Summary: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the page to read after a run, from its reports; or write it into a README.",
        discussion: """
            For each layout and shape at its largest count: the engine's cold and warm prepare, its query, a \
            one-item insert and its bytes an element, each beside the tutorials' dictionary cache; its updates over \
            their work floors (the elements each must write, priced at the run's warm prepare), with the floors; \
            then the targets missed, the fastest strategy of each layout, and the machine. The reports hold every \
            result. A report of `run --measure instructions` adds its counts' table, and one of `run --measure \
            time,instructions` the naive dictionary's cost over the engine's, timed and counted, side by side.

            With --readme FILE, the same summary in Markdown replaces what lies between the lines \
            "\(Self.beginMarker)" and "\(Self.endMarker)" in FILE, which must hold both once, in that order; the \
            rest of the file is kept byte for byte. `scripts/bench --readme` does this with its own run.

            Exit status: 0 when printed or written; 2 for a report that cannot be used; 1 when FILE lacks the \
            markers or cannot be written; 64 for a usage error.
            """
    )

    static let beginMarker = "<!-- results: written by `tessera-bench summary --readme`; edits here are replaced -->"
    static let endMarker = "<!-- end of results -->"
    /// A README is a page of text; anything larger is not one.
    static let largestReadme = 4 << 20

    @Argument(
        help: ArgumentHelp(
            "Reports of `tessera-bench run --report`, timed or counted, in the order to show them.",
            valueName: "report.json"))
    var reports: [String]

    @Option(
        help: ArgumentHelp("A Markdown file whose results block to replace with the summary.", valueName: "README.md"))
    var readme: String?

    @Option(help: ArgumentHelp("How the reports were made, for the README block: one line.", valueName: "command"))
    var command = "tessera-bench run"

    func validate() throws {
        guard !reports.isEmpty else { throw ValidationError("name at least one report") }
        // The command is written inside the results block, on one line: a line break would let it write a marker
        // line (and the next run find the markers twice), and so would a marker itself.
        if command.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            || [Self.beginMarker, Self.endMarker].contains(where: command.contains)
        {
            throw ValidationError(
                "--command must be one line, with no control character and neither marker of the results block")
        }
    }

    func run() throws {
        let outputFiles = try OutputFiles(["--readme": readme], inputs: reports.map { ("report", $0) })
        // One report named twice would count its targets and checks twice.
        var named: [String: String] = [:]
        for path in reports {
            var status = stat()
            guard stat(path, &status) == 0 else { continue }  // the reader says why it cannot be read
            if let first = named.updateValue(path, forKey: "\(status.st_dev):\(status.st_ino)") {
                throw ValidationError(
                    "\(first) and \(path) are one report, named twice: its targets and checks would count twice")
            }
        }
        var loaded: [BenchmarkReport] = []
        for path in reports {
            do throws(ReportError) {
                loaded.append(try .load(from: URL(fileURLWithPath: path), counted: true))
            } catch {
                FileHandle.standardError.write(Data("Error: \(error.description)\n".utf8))
                throw ExitCode.unusableInput
            }
        }
        let timed = loaded.filter { !$0.results.isEmpty }
        let summary = RunSummary(timed)
        guard let readme else {
            var pages = timed.isEmpty ? [] : [summary.text()]
            for report in loaded where !(report.counted ?? []).isEmpty {
                pages.append(CountedTable.render(report))
                if !report.results.isEmpty { pages.append(CountedAgreement(report).text()) }
            }
            // The timed summary ends with the machine; counts alone need it as much.
            if timed.isEmpty {
                let counted = RunSummary(loaded)
                pages.append("Measured on \(counted.machine); \(counted.build).\n")
            }
            print(pages.joined(separator: "\n"), terminator: "")
            return
        }
        guard !timed.isEmpty else {
            FileHandle.standardError.write(
                Data("Error: the README's results are times, and these reports hold counts only\n".utf8))
            throw ExitCode.unusableInput
        }
        let text = try Self.replacingResults(in: readme, with: summary.markdown(command: command))
        try outputFiles.write(["--readme": { Data(text.utf8) }])
        let (used, countsOnly) = zip(reports, loaded).reduce(into: ([String](), [String]())) { lists, pair in
            if pair.1.results.isEmpty { lists.1.append(pair.0) } else { lists.0.append(pair.0) }
        }
        print(
            "Wrote the results of \(used.joined(separator: ", ")) into \(readme)"
                + (countsOnly.isEmpty
                    ? "" : "; not \(countsOnly.joined(separator: ", ")), which holds counts only, not times"))
    }

    struct ReadmeError: Error, CustomStringConvertible {
        let description: String
    }

    /// The file at `path` with its results block replaced by `block`.
    static func replacingResults(in path: String, with block: String) throws -> String {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw ReadmeError(description: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        guard status.st_size <= largestReadme else {
            throw ReadmeError(
                description: "\(path) is \(status.st_size) bytes; a README of over \(largestReadme >> 20) MB is not one"
            )
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ReadmeError(description: "cannot read \(path) as UTF-8 text")
        }
        let begins = text.ranges(of: beginMarker)
        let ends = text.ranges(of: endMarker)
        let rule = "\(path) must hold the line \"\(beginMarker)\" once, then \"\(endMarker)\" once"
        guard begins.count == 1, ends.count == 1, let begin = begins.first, let end = ends.first else {
            throw ReadmeError(description: "\(rule); it holds them \(begins.count) and \(ends.count) times")
        }
        guard begin.upperBound <= end.lowerBound else {
            throw ReadmeError(description: "\(rule); it holds each once, but the end before the beginning")
        }
        return String(text[..<begin.upperBound]) + "\n" + block + String(text[end.lowerBound...])
    }
}
