/// Which revision a pull request's benchmark compares with (`tessera-bench ci-base`, used by `scripts/ci-benchmark`).
public enum BaseRevision {
    /// What the repository says, read by the caller with git.
    public struct Facts: Equatable, Sendable {
        /// The revision asked for (`BASE_REF`), if any.
        public var requested: String?
        /// Whether `origin/main` exists in the clone.
        public var originMainExists: Bool
        /// Whether `origin/main` is the commit checked out.
        public var originMainIsHead: Bool
        /// Whether the working tree has changes to tracked files.
        public var hasChanges: Bool

        public init(requested: String?, originMainExists: Bool, originMainIsHead: Bool, hasChanges: Bool) {
            self.requested = requested
            self.originMainExists = originMainExists
            self.originMainIsHead = originMainIsHead
            self.hasChanges = hasChanges
        }
    }

    public struct Choice: Equatable, Sendable {
        public var revision: String
        /// Why it is not the obvious one, for the summary.
        public var note: String?
    }

    /// The revision asked for; else `origin/main`, unless that is the commit itself with nothing on top (a run on
    /// main after a merge), when the change is the last commit and the base `HEAD~1`; else `HEAD~1`.
    public static func choose(_ facts: Facts) -> Choice {
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
