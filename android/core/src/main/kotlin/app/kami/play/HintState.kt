package app.kami.play

import app.kami.core.Hint
import app.kami.core.HintMove

/** Where the hint for the position on screen stands. */
sealed interface HintState {
    /** No hint asked for since the last change to the game. */
    data object Idle : HintState

    /**
     * The core is searching. [request] tells this search from any earlier one for the same
     * position (one cancelled a moment ago may still be finishing).
     */
    data class Thinking(val request: Long) : HintState

    /** The core's advice for the position shown: the move to play, and whether par is still in reach. */
    data class Shown(val hint: Hint, val move: HintMove) : HintState

    /**
     * No move to suggest: the game is over. [hint] still says how many undos bring par back in
     * reach (`undosToRecover`).
     */
    data class Unavailable(val hint: Hint) : HintState
}
