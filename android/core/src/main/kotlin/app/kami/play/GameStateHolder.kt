package app.kami.play

import app.kami.core.FloodTile
import app.kami.core.Game
import app.kami.core.GameSnapshot
import app.kami.core.KamiException
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update

/**
 * One game's screen state as a [StateFlow], and the player's intents turned into calls on [game].
 * It knows no rules: every board, count and status comes from the core, and a refused intent
 * shows the core's message. Intents may come from any thread; the state always shows the
 * newest revision of the game. The caller owns [game] and closes it.
 */
class GameStateHolder(private val game: Game) {
    private val mutableState = MutableStateFlow(GameUiState(game.snapshot()))

    /** The state to draw. */
    val state: StateFlow<GameUiState> = mutableState.asStateFlow()

    /** Chooses the palette index the next tap paints with. */
    fun selectColour(colour: UInt) = mutableState.update { it.copy(selectedColour = colour, error = null) }

    /**
     * Paints the region under point ([x], [y]) of a [viewportWidth] × [viewportHeight] board view
     * with the selected colour. A tap beside the board or on a hole does nothing.
     */
    fun tapAt(x: Double, y: Double, viewportWidth: Double, viewportHeight: Double) = attempt {
        game.tileAt(viewportWidth, viewportHeight, x, y)?.let { tile ->
            val turn = game.play(tile, state.value.selectedColour)
            show(turn.snapshot, turn.flood)
        }
    }

    /** Takes back the last move. */
    fun undo() = attempt { show(game.undo()) }

    /** Replays the last undone move. */
    fun redo() = attempt { show(game.redo()) }

    /** Back to the level's start. */
    fun restart() = show(game.restart())

    /** The whole game as bytes, for `Game.restore`. */
    fun save(): ByteArray = game.save()

    /** Hides the error message. */
    fun dismissError() = mutableState.update { it.copy(error = null) }

    private inline fun attempt(intent: () -> Unit) {
        try {
            intent()
        } catch (e: KamiException) {
            // toString() is the core's player-facing message; `message` only lists the fields.
            mutableState.update { it.copy(error = e.toString()) }
        }
    }

    /** Shows [snapshot] unless a newer revision is shown already (an intent from another thread won the race). */
    private fun show(snapshot: GameSnapshot, flood: List<FloodTile> = emptyList()) = mutableState.update {
        if (snapshot.revision < it.snapshot.revision) it else it.copy(snapshot = snapshot, lastFlood = flood, error = null)
    }
}
