import KamiCore

/// What the hint line says, decided from the core's hint and the game's status; the view only
/// looks up the words (the Android app's `HintMessage` makes the same choices).
public enum HintMessage: Equatable, Sendable {
    /// The core is searching.
    case thinking
    /// Paint the outlined region with palette index `colour`; `remaining` moves finish from
    /// there; `par` says whether par is still in reach.
    case play(colour: UInt32, remaining: UInt32, par: ParOutlook)
    /// The game is won in par: nothing left to hint.
    case solvedInPar
    /// The game is won over par; undoing `undos` moves brings par back, where the core proved a
    /// number (else: start again).
    case solvedOverPar(undos: UInt32?)
    /// The game is lost; undoing `undos` moves brings par back, where the core proved a number
    /// (else: start again).
    case outOfMoves(undos: UInt32?)
    /// The core could not give a hint; the message says why.
    case unavailable(String)

    /// The message for `hint` in a game with `status`; `nil` when no hint was asked for.
    public init?(hint: HintState, status: GameStatus) {
        switch hint {
        case .idle: return nil
        case .thinking: self = .thinking
        case .unavailable(let reason): self = .unavailable(reason)
        case .shown(let advice):
            if let next = advice.next {
                self = .play(colour: next.colour, remaining: advice.remaining,
                             par: ParOutlook(par: advice.par, undosToRecover: advice.undosToRecover))
            } else if case .won(let grade) = status {
                self = grade == .perfect ? .solvedInPar : .solvedOverPar(undos: advice.undosToRecover)
            } else {
                self = .outOfMoves(undos: advice.undosToRecover)
            }
        }
    }
}

/// Whether par is still in reach, as far as the hint's search could tell.
public enum ParOutlook: Equatable, Sendable {
    /// A line within par is in hand.
    case inReach
    /// Not known within the hint's time budget: say "not sure", never that par is lost.
    case unsure
    /// Proven out of reach; undoing `undos` moves brings it back, where the core proved a number.
    case lost(undos: UInt32?)

    /// From the core's hint fields `par` and `undosToRecover`.
    public init(par: Reach, undosToRecover: UInt32?) {
        switch par {
        case .yes: self = .inReach
        case .unknown: self = .unsure
        case .no: self = .lost(undos: undosToRecover)
        }
    }
}

extension GameModel {
    /// What the hint line says now.
    public var hintMessage: HintMessage? {
        HintMessage(hint: hint, status: status)
    }
}
