import KamiCore

/// What the editor's footer says about the drawing, from the core's live analysis: the facts the
/// app puts in words ("12 areas, 4 colours · par 11–13, still thinking · a picture, not a puzzle").
/// The Android app makes the same choices (`AnalysisReport.kt`).
public struct AnalysisReport: Equatable, Sendable {
    /// The par as far as it is known.
    public enum Par: Equatable, Sendable {
        /// Proven to be the fewest moves.
        case proven(UInt32)
        /// Not proven: at least `lo`, at most `hi` (the best answer found so far). `thinking`
        /// while the analysis goes on; false once it gave up without a proof.
        case bounds(lo: UInt32, hi: UInt32, thinking: Bool)
        /// Nothing to solve: the board is one colour.
        case none
    }

    /// One thing the player should know about the drawing.
    public enum Verdict: Equatable, Sendable {
        /// The board is one colour: nothing to play.
        case oneColour
        /// Par 1 or 2: too easy to be a puzzle.
        case trivial
        /// Most first moves (`keeping` of `firstMoves`) keep par in reach.
        case picture(keeping: UInt32, firstMoves: UInt32)
        /// Palette colour `colour` is used nowhere.
        case unusedColour(UInt32)
    }

    /// Connected same-colour areas.
    public let regions: UInt32
    /// Palette colours some tile uses.
    public let colours: UInt32
    /// The par.
    public let par: Par
    /// Difficulty from 1 to 10, rounded, once the par is proven.
    public let difficulty: Int?
    /// What the player should know, most important first.
    public let verdicts: [Verdict]

    /// The report of `analysis`.
    public init(_ analysis: EditorAnalysis) {
        regions = analysis.regions
        colours = analysis.coloursUsed
        let oneColour = analysis.verdicts.contains(.oneColour)
        switch analysis.par {
        case .proven(let par): self.par = oneColour ? .none : .proven(par)
        case .bounds(let lo, let hi) where lo >= hi: self.par = .proven(hi)
        case .bounds(let lo, let hi): self.par = .bounds(lo: lo, hi: hi, thinking: !analysis.done)
        }
        difficulty = analysis.difficulty.map { Int($0.rounded()) }
        verdicts = analysis.verdicts.map {
            switch $0 {
            case .oneColour: .oneColour
            case .trivial: .trivial
            case .picture(let keeping, let firstMoves): .picture(keeping: keeping, firstMoves: firstMoves)
            case .unusedColour(let colour): .unusedColour(colour)
            }
        }
    }

    /// Whether the par is proven.
    public var parProven: Bool {
        if case .proven = par { true } else { false }
    }
}
