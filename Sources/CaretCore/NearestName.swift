/// The "did you mean" of every unknown name a user can type: subcommands and flags of `caret`,
/// editor command names, key names and modifiers, Lua methods and fields. One rule everywhere.
public enum NearestName {
    /// The candidate closest to `name`, when it is close enough to be what was meant: the fewest
    /// edits (Damerau–Levenshtein, optimal string alignment, ignoring case) and at most a third
    /// of the longer name's length, and never more than 3 (`runn` → `run`, `toogle_bold` →
    /// `toggle_bold`, `lefft` → `left`; `x` suggests nothing for `run`). Ties go to the
    /// candidate listed first. nil when nothing is close enough, or `name` is a candidate.
    /// - Complexity: O(`candidates.count` × `name.count` × candidate length), each distance
    ///   stopping once it exceeds the threshold.
    public static func suggestion<Names: Sequence>(for name: String, among candidates: Names) -> String? where Names.Element == String {
        let typed = Array(name.lowercased().unicodeScalars.map(\.value))
        guard !typed.isEmpty, typed.count <= 200 else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            if candidate == name { return nil }
            let scalars = Array(candidate.lowercased().unicodeScalars.map(\.value))
            let limit = min(3, max(1, max(typed.count, scalars.count) / 3), (best?.distance ?? 4) - 1)
            guard limit >= 0, let distance = EditDistance.optimalStringAlignment(typed, scalars, limit: limit) else { continue }
            best = (candidate, distance)
            if distance == 0 { break }
        }
        return best?.name
    }

    /// `"; did you mean 'NAME'?"` for the nearest candidate, or `""` when there is none, to
    /// append to an "unknown …" message.
    public static func didYouMean<Names: Sequence>(_ name: String, among candidates: Names, prefix: String = "") -> String where Names.Element == String {
        suggestion(for: name, among: candidates).map { "; did you mean '\(prefix)\($0)'?" } ?? ""
    }
}
