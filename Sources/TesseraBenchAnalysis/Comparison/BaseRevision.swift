/// Which revision a pull request's benchmark compares with (`tessera-bench ci-base`, used by `scripts/ci-benchmark`).
package enum BaseRevision {
    /// What the repository says, read by the caller with git.
    package struct Facts: Equatable, Sendable {
        /// The revision asked for (`BASE_REF`), if any.
        package var requested: String?
        /// Whether `origin/main` exists in the clone.
        package var originMainExists: Bool
        /// Whether `origin/main` is the commit checked out.
        package var originMainIsHead: Bool
        /// Whether the working tree has changes to tracked files.
        package var hasChanges: Bool

        package init(requested: String?, originMainExists: Bool, originMainIsHead: Bool, hasChanges: Bool) {
            self.requested = requested
            self.originMainExists = originMainExists
            self.originMainIsHead = originMainIsHead
            self.hasChanges = hasChanges
        }
    }

    package struct Choice: Equatable, Sendable {
        package var revision: String
        /// Why it is not the obvious one, for the summary.
        package var note: String?
    }

    /// The revision asked for; else `origin/main`, unless that is the commit itself with nothing on top (a run on
    /// main after a merge), when the change is the last commit and the base `HEAD~1`; else `HEAD~1`.
    package static func choose(_ facts: Facts) -> Choice {
        if let requested = facts.requested, !requested.isEmpty { return Choice(revision: requested) }
        guard facts.originMainExists else {
            return Choice(revision: "HEAD~1", note: "origin/main is not in this clone, so the base is HEAD~1.")
        }
        if facts.originMainIsHead, !facts.hasChanges {
            return Choice(
                revision: "HEAD~1", note: "origin/main is HEAD itself with no changes on top, so the base is HEAD~1.")
        }
        return Choice(revision: "origin/main")
    }
}
