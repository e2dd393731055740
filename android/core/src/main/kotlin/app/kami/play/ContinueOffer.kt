package app.kami.play

import app.kami.core.GameSnapshot
import app.kami.core.GameStatus

/**
 * What level select offers for the player's current game: continue it as it was left, or, for a
 * won game, play it again from the start. The same rule decides what opening it does
 * ([PlaySession.resume]), so the label never promises something else.
 */
data class ContinueOffer(
    /** The level's name. */
    val name: String,
    /** True for a won game, which starts again; false for one continued as it was left (a failed one included, to undo). */
    val playAgain: Boolean,
) {
    companion object {
        /** The offer for a game as [snapshot] shows it. */
        fun of(snapshot: GameSnapshot) = ContinueOffer(snapshot.name, startsAgain(snapshot.status))

        /** Whether a game with [status] starts again when opened: only a won game, whose result is in the progress. */
        fun startsAgain(status: GameStatus): Boolean = status is GameStatus.Won
    }
}
