import Tessera

/// What `tune` found, and what it recommends.
public struct TuneResult: Sendable {
    /// A candidate is as fast as the leader unless its interval lies wholly above 1 + this.
    public static let tieThreshold = 0.05

    public var layout: LayoutID
    public var elements: Int
    public var rounds: Int
    /// The leader first, then by median query.
    public var candidates: [TuneCandidate]
    public var recommended: TuneCandidate?

    /// Ranks exact candidates by their median query over the rounds and compares each with the leader round by
    /// round (the rounds are the independent samples). Queries run every frame, so speed comes first; candidates
    /// tied with the leader (their ratio's interval not wholly above 1 + `tieThreshold`) are as fast as this
    /// machine can tell, and among those the one holding fewer bytes, then the faster warm prepare, wins.
    init(layout: LayoutID, elements: Int, rounds: Int, candidates: [TuneCandidate]) {
        self.layout = layout
        self.elements = elements
        self.rounds = rounds
        var candidates = candidates.sorted { ($0.exact ? 0 : 1, $0.queryMedian) < ($1.exact ? 0 : 1, $1.queryMedian) }
        if let leader = candidates.first(where: \.exact) {
            for index in candidates.indices where candidates[index].exact && candidates[index].choice != leader.choice {
                let ratios = zip(candidates[index].roundMedians, leader.roundMedians).map { $0 / Swift.max($1, 1e-3) }
                candidates[index].ratioToLeader = MedianInterval(ratios)
            }
        }
        self.candidates = candidates
        recommended = Self.recommend(candidates)
    }

    /// Whether a candidate cannot be told apart from the leader (the leader included).
    public static func isTied(_ candidate: TuneCandidate, leader: TuneCandidate) -> Bool {
        guard candidate.exact else { return false }
        if candidate.choice == leader.choice { return true }
        guard let interval = candidate.ratioToLeader else { return true }
        return interval.lower <= 1 + tieThreshold
    }

    static func recommend(_ candidates: [TuneCandidate]) -> TuneCandidate? {
        guard let leader = candidates.first(where: \.exact) else { return nil }
        return candidates.filter { isTied($0, leader: leader) }.min { lhs, rhs in
            let (left, right) = (lhs.bytesPerElement ?? .infinity, rhs.bytesPerElement ?? .infinity)
            return left != right ? left < right : lhs.warmPrepareNanoseconds < rhs.warmPrepareNanoseconds
        }
    }

    public func render() -> String {
        let leader = candidates.first(where: \.exact)
        var rows = [
            [
                "index", "parameter", "exact", "query median", "over the leader [95%]", "", "warm prepare",
                "bytes/element",
            ]
        ]
        for candidate in candidates {
            let ratio: String
            let standing: String
            if !candidate.exact {
                (ratio, standing) = ("", "not timed")
            } else if candidate.choice == leader?.choice {
                (ratio, standing) = ("1", "leader")
            } else if let interval = candidate.ratioToLeader {
                ratio = String(format: "%.3f [%.3f, %.3f]", interval.median, interval.lower, interval.upper)
                standing = leader.map { Self.isTied(candidate, leader: $0) } == true ? "tie" : "slower"
            } else {
                (ratio, standing) = ("too few rounds", "tie")
            }
            rows.append([
                candidate.choice.strategy.rawValue, candidate.choice.parameter, candidate.exact ? "yes" : "NO",
                candidate.exact ? TerminalTable.duration(candidate.queryMedian) : "", ratio, standing,
                TerminalTable.duration(candidate.warmPrepareNanoseconds),
                candidate.bytesPerElement.map { TerminalTable.decimal($0) } ?? "",
            ])
        }
        var text =
            "\(layout.rawValue), \(elements.formatted()) elements, \(rounds) interleaved rounds:\n"
            + TerminalTable.align(rows)
        if let recommended {
            text +=
                "\nRecommended: \(recommended.choice) — median query \(TerminalTable.duration(recommended.queryMedian))"
            text += ", warm prepare \(TerminalTable.duration(recommended.warmPrepareNanoseconds))"
            text += recommended.bytesPerElement.map { ", \(TerminalTable.decimal($0)) bytes an element." } ?? "."
            text +=
                "\nCandidates are measured in \(rounds) rounds, each in a random order; each is compared with the leader round by"
            text +=
                " round. A tie (the ratio's interval not wholly above \(1 + Self.tieThreshold)) is as fast as this machine can"
            text += " tell: among the tied, fewer bytes, then a faster warm prepare, win.\n"
        } else {
            text += "\nNo exact candidate: nothing to recommend.\n"
        }
        return text
    }
}
