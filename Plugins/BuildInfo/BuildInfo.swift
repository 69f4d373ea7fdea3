import Foundation
import PackagePlugin

/// Records the commit the package is built from, so that `tessera-bench --version` and every report name the
/// tool's own source, not the repository of the directory it happens to run in. A prebuild command runs `git` on
/// each build and rewrites `BuildInfo.swift` only when the commit or its modified state changes, so an unchanged
/// tree recompiles nothing. Without git or a repository (a source archive) the commit is "unknown".
@main
struct BuildInfo: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        let script = """
            mkdir -p "$2"
            commit=$(git -C "$1" rev-parse HEAD 2>/dev/null) || commit=unknown
            modified=false
            if [ "$commit" != unknown ] && [ -n "$(git -C "$1" status --porcelain --untracked-files=no 2>/dev/null)" ]; then modified=true; fi
            text="enum BuildInfo { static let commit = \\"$commit\\"; static let isModified = $modified }"
            [ -f "$2/BuildInfo.swift" ] && [ "$(cat "$2/BuildInfo.swift")" = "$text" ] || printf '%s\\n' "$text" > "$2/BuildInfo.swift"
            """
        return [
            .prebuildCommand(
                displayName: "Recording the commit built from",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", context.package.directoryURL.path, output.path],
                outputFilesDirectory: output
            )
        ]
    }
}
