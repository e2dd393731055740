package app.kami.play

import app.kami.core.GameStatus
import app.kami.core.Grade
import app.kami.core.Reach

/**
 * What the hint line says, decided from the core's hint and the game's status; the screen only
 * looks up the words (the iOS app's `HintMessage` makes the same choices). Null when there is
 * nothing to say (no hint asked for).
 */
sealed interface HintMessage {
    /** The core is searching. */
    data object Thinking : HintMessage

    /** Paint the outlined region with palette index [colour]; [remaining] moves finish from there; [par] whether par is still in reach. */
    data class Play(val colour: UInt, val remaining: UInt, val par: ParOutlook) : HintMessage

    /** The game is won in par: nothing left to hint. */
    data object SolvedInPar : HintMessage

    /** The game is won over par; undoing [undos] moves brings par back, where the core proved a number (else start again). */
    data class SolvedOverPar(val undos: UInt?) : HintMessage

    /** The game is lost; undoing [undos] moves brings par back, where the core proved a number (else start again). */
    data class OutOfMoves(val undos: UInt?) : HintMessage

    companion object {
        /** The message for [state]'s hint. */
        fun of(state: GameUiState): HintMessage? = when (val hint = state.hint) {
            HintState.Idle -> null
            is HintState.Thinking -> Thinking
            is HintState.Shown -> Play(hint.move.colour, hint.hint.remaining, ParOutlook.of(hint.hint.par, hint.hint.undosToRecover))
            is HintState.Unavailable -> when (val status = state.snapshot.status) {
                is GameStatus.Won -> if (status.grade == Grade.PERFECT) SolvedInPar else SolvedOverPar(hint.hint.undosToRecover)
                // A finished game's hint comes only once the game is over; "playing" cannot meet it.
                else -> OutOfMoves(hint.hint.undosToRecover)
            }
        }
    }
}

/** Whether par is still in reach, as far as the hint's search could tell. */
sealed interface ParOutlook {
    /** A line within par is in hand. */
    data object InReach : ParOutlook

    /** Not known within the hint's time budget: say "not sure", never that par is lost. */
    data object Unsure : ParOutlook

    /** Proven out of reach; undoing [undos] moves brings it back, where the core proved a number. */
    data class Lost(val undos: UInt?) : ParOutlook

    companion object {
        /** From the core's hint fields `par` and `undosToRecover`. */
        fun of(par: Reach, undosToRecover: UInt?): ParOutlook = when (par) {
            Reach.YES -> InReach
            Reach.UNKNOWN -> Unsure
            Reach.NO -> Lost(undosToRecover)
        }
    }
}
