import KamiCore

/// What the hint button and board show about a hint.
public enum HintState: Equatable, Sendable {
    /// No hint asked for since the game last changed.
    case idle
    /// The core is searching (off the main actor).
    case thinking
    /// Advice for the position on screen (its revision is the snapshot's): the move to make
    /// (`next`, none once the game is over), moves `remaining`, whether par is still reachable
    /// and how many undos bring it back (`undosToRecover`).
    case shown(Hint)
    /// The core could not give a hint; the message says why.
    case unavailable(String)
}
