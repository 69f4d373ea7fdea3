import ArgumentParser
import Foundation
import TesseraBenchKit
import TesseraHistory

struct HistoryShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the history's series: each benchmark's figure on each machine over the runs.",
        discussion: """
            Without --benchmark, a line a series: its runs, its first and last value and the change between them. \
            With --benchmark, every point of each matching series: the commit, branch, time, value and its 95% \
            interval. --html writes a chart of each matching series over its commits, with the interval as a band \
            and the change points `history detect` finds marked.

            Exit status: 0 when shown; 2 for a database that is not a history, or no series that matches; 64 for \
            usage.
            """
    )

    @OptionGroup var history: HistoryDatabaseOption

    @OptionGroup var filter: SeriesOptions

    @Option(help: ArgumentHelp("Write a chart of each series as an HTML page to this file.", valueName: "file.html"))
    var html: String?

    func run() throws {
        let outputFiles = try OutputFiles(["--html": html], inputs: [("--database", history.database)])
        let series = try filter.series(of: history)
        print(filter.benchmark == nil ? HistoryTable.overview(series) : HistoryTable.points(series), terminator: "")
        if html != nil {
            let page = HistoryChart.page(series, title: "tessera-bench history of \(history.database)")
            try outputFiles.write(["--html": { Data(page.utf8) }])
            print("Wrote \(html!)")
        }
    }
}
