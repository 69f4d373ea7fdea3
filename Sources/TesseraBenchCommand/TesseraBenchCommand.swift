import Foundation
import TesseraBenchCLI
import TesseraBenchKit

/// `tessera-bench`'s command line on jemalloc, for an executable of one's own: the built-in layouts and yours, with
/// every subcommand and option.
///
/// ```swift
/// // Sources/my-bench/main.swift
/// import TesseraBenchCommand
/// import TesseraBenchKit
///
/// TesseraBenchCommand.main(layouts: [
///     BenchmarkLayout("magazine") { sections in try MagazineLayout(sections: sections) },
/// ])
/// ```
public enum TesseraBenchCommand {
    /// Registers `layouts`, parses the command line and runs it; exits the process. A layout that cannot be
    /// registered (a malformed or taken id) ends it with the reason, before anything runs.
    public static func main(layouts: [BenchmarkLayout] = []) -> Never {
        do {
            try LayoutCatalog.register(layouts)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            exit(64)
        }
        // jemalloc is linked into the executable, so it answers every allocation; its statistics give bytes and
        // counts.
        let jemalloc = JemallocProbe()
        TesseraBench.allocatorProbe = jemalloc.isActive ? jemalloc : nil
        TesseraBench.runCommandLine()
    }
}
