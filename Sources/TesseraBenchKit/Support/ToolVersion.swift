/// The tool's version and the source it was built from (`BuildInfo`, written at build time by the BuildInfo plugin).
package enum ToolVersion {
    package static let version = "0.6.0"

    /// The commit the tool was built from, with "-modified" when its tree had changes not yet committed; `nil`
    /// when it was built outside a git repository.
    package static var commit: String? {
        BuildInfo.commit == "unknown" ? nil : BuildInfo.commit + (BuildInfo.isModified ? "-modified" : "")
    }

    /// Whether the tool is a debug build, in which nothing is specialised or inlined: its times say little of the
    /// code's, and ratios between two ways of running the same code can be far from 1.
    package static var isDebugBuild: Bool {
        #if DEBUG
            true
        #else
            false
        #endif
    }

    /// "0.6.0 (commit 5750f73…)", as `--version` prints it; a debug build says so.
    package static var description: String {
        "\(version) (commit \(commit ?? "unknown: built outside a git repository"))"
            + (isDebugBuild ? ", debug build" : "")
    }
}
