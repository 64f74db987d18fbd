/// The capitalisation of a typed word, carried over to the words suggested for it.
enum CaseShape: Equatable {
    /// No leading capital: suggestions keep the lexicon's casing (`paris` → `Paris`).
    case asIs
    /// A leading capital: suggestions get one too (`Teh` → `The`).
    case capitalized
    /// Two or more letters, all capitals: suggestions are upper-cased (`TEH` → `THE`).
    case upper

    /// The shape of `typed`.
    init(of typed: String) {
        var letters = 0
        var uppers = 0
        var firstIsUpper = false
        for scalar in typed.unicodeScalars where scalar.properties.isCased {
            let upper = scalar.properties.isUppercase
            if letters == 0 { firstIsUpper = upper }
            letters += 1
            if upper { uppers += 1 }
        }
        if letters >= 2 && uppers == letters {
            self = .upper
        } else if firstIsUpper {
            self = .capitalized
        } else {
            self = .asIs
        }
    }

    /// `word` in this shape.
    func apply(to word: String) -> String {
        switch self {
        case .asIs:
            return word
        case .upper:
            return word.uppercased()
        case .capitalized:
            guard let first = word.first else { return word }
            return first.uppercased() + word.dropFirst()
        }
    }
}
