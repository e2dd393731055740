package app.kami.play

import app.kami.core.GameSnapshot
import app.kami.core.GameStatus

/** Everything a game screen draws at one moment. */
data class GameUiState(
    /** The game as the core reports it: board, palette, counters, status. */
    val snapshot: GameSnapshot,
    /** The palette index the next tap paints with. */
    val selectedColour: UInt = 0u,
    /** How to animate the last move; null after undo, redo or restart. */
    val ripple: Ripple? = null,
    /** The hint for this snapshot's position. */
    val hint: HintState = HintState.Idle,
    /** Why the last intent was refused, in the core's words; cleared by the next intent that succeeds. */
    val error: String? = null,
    /**
     * The tile TalkBack's board cursor is on (null only on a board of holes): it reads the run of
     * colour there ([cursorReading]) and [GameStateHolder.playAtCursor] plays there. It starts on
     * the first tile, moves with [GameStateHolder.moveCursor], and goes to every tile played.
     */
    val cursor: UInt? = TileRun.runs(snapshot).firstOrNull()?.first,
) {
    /** The run of colour the cursor is on. */
    val cursorRun: TileRun?
        get() = cursor?.let { tile -> TileRun.runs(snapshot).firstOrNull { tile in it } }

    /** What TalkBack says about the cursor's place; null without a cursor. */
    val cursorReading: CursorReading?
        get() = cursorRun?.let { run ->
            val hinted = (hint as? HintState.Shown)?.move?.region?.any { it in run } == true
            val name = snapshot.palette.getOrNull(run.colour.toInt())?.let(ColourName::of)
            CursorReading(run.colour, name, run.row + 1, run.columns.first + 1, run.columns.last + 1, hinted)
        }

    /**
     * Whether to bring up the result (won or out of moves): only when the move on screen finished
     * the game. A finished game opened again, restored, undone into or redone into shows its
     * board without it (the iOS app does the same), and says "out of moves" in the hint line.
     */
    val resultDue: Boolean
        get() = snapshot.status !is GameStatus.Playing && ripple?.revision == snapshot.revision
}
